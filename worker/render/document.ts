/**
 * Streams a storefront page in document order: doctype, `<head>` (title, meta, JSON-LD, CSS)
 * and the site header leave as soon as the page's own record is read; the main region follows
 * when its slow parts (item lists, template rendering) are done; then the footer and, only when
 * the page holds islands, the island runtime.
 *
 * Why not React's Suspense streaming: content that resolves after the shell is placed by inline
 * scripts, so a page without islands would ship JavaScript and its main content would depend on
 * it. Here React renders the parts (head tags, islands, React pages) and the order does the rest.
 */
import { CART_PILL, ISLAND_ELEMENT, QUICK_VIEW_ATTR } from '../../islands/index'
import { ENGINE_TEXT, escapeHtml, escapeHtmlAttribute, localizedText } from '../../shared/index'
import type { Tenant } from '../env'
import { HTML_HEADERS, INLINE_STYLE_HASHES, type PageOutcome, recordPageOutcome } from '../http/headers'
import { SettledCache } from '../runtime/isolate-cache'
import { logError } from '../runtime/log'
import { type HeadData, pageStyles, renderHead } from './head'
import { cartPillScript, islandScripts, quickViewScript } from './islands'
import { SHARED_STYLESHEET_LINK } from './stylesheet'

/** Header and footer HTML (from the tenant's header and footer templates). */
export interface PageFrame {
  header: string
  footer: string
}

export interface StreamPageOptions {
  tenant: Tenant
  head: HeadData
  status?: number
  /** CSS of the page's own beyond the shared stylesheet (stylesheet.ts), inline in `<head>`. */
  css?: Promise<string>
  frame: Promise<PageFrame>
  /** The main region's HTML; this is where the slow parts are. */
  main: Promise<string>
  /** Extra response headers (e.g. cache-control). */
  headers?: Record<string, string>
  /** Markup at the very end of `<body>`, after any island scripts: the tracking script's tag (tracking.ts). */
  tail?: string
}

const FAILED_MAIN = `<section class="status-page"><h1>${escapeHtml(ENGINE_TEXT.pageFailedTitle)}</h1><p>${escapeHtml(ENGINE_TEXT.pageFailedMessage)}</p></section>`

/** SHA-256 of a text as CSP writes it (`'sha256-<base64>'`). */
async function cspHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}

/**
 * Each tenant's style blocks and their hashes, per content version and island CSS (settled
 * values, isolate-cache.ts): the block is some 30 KB, built and hashed once rather than per view.
 */
const styleBlocks = new SettledCache<{ styles: string; hash: string }>(1000)

async function styleBlock(tenant: Tenant, islandCss: string): Promise<{ styles: string; hash: string }> {
  const key = `${tenant.siteId}\u0000${tenant.version}\u0000${islandCss}`
  const known = styleBlocks.get(key)
  if (known !== undefined) return known
  const styles = pageStyles(tenant, islandCss)
  return styleBlocks.set(key, { styles, hash: await cspHash(styles) })
}

export async function streamPage({
  tenant,
  head,
  status = 200,
  css = Promise.resolve(''),
  frame,
  main,
  headers = {},
  tail = '',
}: StreamPageOptions): Promise<Response> {
  const lang = escapeHtmlAttribute(tenant.site.website.language)
  // Both are under way already; a failure of either is shown in the page and logged, since the
  // status has left with the head.
  const outcome: PageOutcome = { failed: false }
  const failed = (part: string) => (error: unknown) => {
    outcome.failed = true
    logError('page-render-failed', { siteId: tenant.siteId, path: head.path, part, message: String(error) })
    return null
  }
  // The style block is known before the first byte: its hash goes into the response's CSP.
  const { styles, hash: styleHash } = await styleBlock(tenant, (await css.catch(failed('css'))) ?? '')
  const frameResult = frame.catch(failed('frame')).then((known) => known ?? { header: '', footer: '' })
  const mainResult = main.catch(failed('main'))
  const opening = `<!DOCTYPE html><html lang="${lang}"><head>${renderHead(tenant, head)}<style>${styles}</style></head><body>`
  const header = (siteFrame: PageFrame) =>
    `<header class="site-header">${siteFrame.header}</header><main id="content">`
  const closing = (siteFrame: PageFrame, main: string | null) => {
    // Any part that failed (the frame too) shows the page-failed screen, never half a page.
    const html = main === null || outcome.failed ? FAILED_MAIN : main
    // An island in the header or footer (a newsletter form the theme places there) needs the
    // runtime too; the pill cart in the frame brings its own small script (no React). Each part
    // is searched on its own: the main region is one long string made of many pieces, which V8
    // copies into one on its first search (issue 26: joining it to the frame first copied it
    // twice more).
    const inPage = (needle: string) =>
      html.includes(needle) || siteFrame.header.includes(needle) || siteFrame.footer.includes(needle)
    // A product grid's Quick View buttons bring their own small script (the dialog loads on a click).
    const scripts =
      (inPage(`<${ISLAND_ELEMENT} `) ? islandScripts() : '') +
      (inPage(CART_PILL.attr) ? cartPillScript() : '') +
      (html.includes(`${QUICK_VIEW_ATTR}=`)
        ? quickViewScript(localizedText(tenant.site.localizedStrings).quickView)
        : '')
    return `${html}</main><footer class="site-footer">${siteFrame.footer}</footer>${scripts}${tail}</body></html>`
  }

  // A page made from what the isolate holds is ready before the event loop's next turn (its parts
  // settle in microtasks; an answer from storage comes as a task of its own): it goes out whole,
  // with its length (issue 26: a stream's chunks cost a rendered product page's last byte 0.3 ms
  // idle, 7% of it).
  // Otherwise the head leaves first while storage answers: a pull-less stream fed in document
  // order; a visitor who leaves cancels it and the rest of the page is simply not written.
  const ready = await Promise.race([
    Promise.all([frameResult, mainResult]),
    new Promise<undefined>((resolve) => setTimeout(resolve)),
  ])
  let cancelled = false
  const response = new Response(
    ready
      ? opening + header(ready[0]) + closing(...ready)
      : new ReadableStream<Uint8Array>({
          async start(controller) {
            const encoder = new TextEncoder()
            const write = (text: string) => {
              if (!cancelled) controller.enqueue(encoder.encode(text))
            }
            write(opening)
            const siteFrame = await frameResult
            write(header(siteFrame))
            write(closing(siteFrame, await mainResult))
            if (!cancelled) controller.close()
          },
          cancel() {
            cancelled = true
          },
        }),
    {
      status,
      headers: {
        ...HTML_HEADERS,
        link: SHARED_STYLESHEET_LINK,
        ...headers,
        [INLINE_STYLE_HASHES]: styleHash,
      },
    },
  )
  recordPageOutcome(response, outcome)
  return response
}
