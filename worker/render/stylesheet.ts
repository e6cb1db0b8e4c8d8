/**
 * The theme's shared stylesheet: what every page of every tenant styles itself with (the shell,
 * every island's CSS, the personal commerce pages' layout), one file linked from `<head>` and
 * named by its content's hash, so a shopper downloads it once a deploy and never again on the
 * next page view (issue 26: it was 33.7 KB of every product page's HTML, inline). What differs
 * per tenant (colours, fonts, button shape, the money symbols: theme.ts, head.tsx) stays in the
 * page's small inline style block: the shared file holds no tenant's data, so one URL serves all.
 *
 * The storefront serves it itself (`/_theme/<hash>.css`, before tenant resolution, worker/app.ts)
 * from this very string: the name and the bytes come from one build and cannot disagree.
 */
import { COMMERCE_PAGE_CSS } from './commerce-views'
import { allIslandCss } from './islands'
import { SHELL_CSS } from './shell-css'

/** The shared CSS, in the order the inline block had it: shell, islands, commerce pages. */
export const SHARED_CSS = SHELL_CSS + allIslandCss() + COMMERCE_PAGE_CSS

/** FNV-1a over the text from `basis`, as 8 hex digits. */
function fnv1a(text: string, basis: number): string {
  let hash = basis
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** The file's name carries 64 bits of its content (two FNV-1a runs): a deploy that changes a rule is a new URL. */
const HASH = fnv1a(SHARED_CSS, 0x811c9dc5) + fnv1a(SHARED_CSS, 0x050c5d1f)

export const SHARED_STYLESHEET_PREFIX = '/_theme/'
export const SHARED_STYLESHEET_URL = `${SHARED_STYLESHEET_PREFIX}shell-${HASH}.css`

/** A year, immutable: the name changes with the content. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * A name of an earlier deploy (a page cached before it, an old tab): the current rules, which the
 * page's markup of the same shell still reads, but only briefly cached under that name.
 */
const STALE = 'public, max-age=300'

/** `GET /_theme/<file>`: the shared stylesheet; any other file there is not found. */
export function sharedStylesheetResponse(path: string): Response {
  const file = path.slice(SHARED_STYLESHEET_PREFIX.length)
  if (!/^shell-[0-9a-f]{16}\.css$/.test(file))
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  return new Response(SHARED_CSS, {
    headers: {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': path === SHARED_STYLESHEET_URL ? IMMUTABLE : STALE,
      'x-content-type-options': 'nosniff',
    },
  })
}

/** The `Link` header that lets the stylesheet's request start with the page's headers (and an edge's 103 Early Hints). */
export const SHARED_STYLESHEET_LINK = `<${SHARED_STYLESHEET_URL}>; rel=preload; as=style`
