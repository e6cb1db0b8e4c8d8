/**
 * The theme's shared stylesheet: what every page of every tenant styles itself with (the shell,
 * every island's CSS, the personal commerce pages' layout, shared-css.ts), one file linked from
 * `<head>` and named by its content's hash, so a shopper downloads it once a deploy and never
 * again on the next page view (issue 26). What differs per tenant (colours, fonts, button shape,
 * the money symbols: theme.ts, head.tsx) stays in the page's small inline style block: the shared
 * file holds no tenant's data, so one URL serves all.
 *
 * The build writes it as a static asset (`public/_theme/shell-<hash>.css`, scripts/build-islands.ts)
 * and its name in `dist/theme-manifest.json`, which is all the worker imports of it: the asset
 * router answers the current name before the worker runs, with a year of immutable caching
 * (public/_headers). The worker answers only other names there (worker/app.ts).
 */
import theme from '../../dist/theme-manifest.json'

export const SHARED_STYLESHEET_PREFIX = '/_theme/'
export const SHARED_STYLESHEET_URL: string = theme.stylesheet
/** This build of the islands' modules and the stylesheet (scripts/build-islands.ts): the page cache's keys carry it. */
export const ASSETS_BUILD: string = theme.build

/** A year, immutable: the name changes with the content (public/_headers says the same for the asset). */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * A name of an earlier deploy (a page cached before it, an old tab): the current rules, which the
 * page's markup of the same shell still reads, but only briefly cached under that name.
 */
const STALE = 'public, max-age=300'

/**
 * `GET /_theme/<file>` that the asset router did not answer: an earlier deploy's stylesheet gets
 * today's file (read from the assets) under a short cache; any other file there is not found.
 */
export async function sharedStylesheetResponse(request: Request, assets: Fetcher): Promise<Response> {
  const path = new URL(request.url).pathname
  const file = path.slice(SHARED_STYLESHEET_PREFIX.length)
  if (!/^shell-[0-9a-f]{16}\.css$/.test(file))
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  const current = await assets.fetch(new URL(SHARED_STYLESHEET_URL, request.url))
  if (!current.ok) return current
  return new Response(current.body, {
    headers: {
      'content-type': 'text/css; charset=utf-8',
      // The current name reaches the worker only where no asset router runs first (tests' SELF).
      'cache-control': path === SHARED_STYLESHEET_URL ? IMMUTABLE : STALE,
      'x-content-type-options': 'nosniff',
    },
  })
}

/** The `Link` header that lets the stylesheet's request start with the page's headers (and an edge's 103 Early Hints). */
export const SHARED_STYLESHEET_LINK = `<${SHARED_STYLESHEET_URL}>; rel=preload; as=style`
