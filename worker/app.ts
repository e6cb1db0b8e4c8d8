/**
 * The Hono app: demo index, tenant resolution, then the tenant's routes. Two Workers serve it
 * (docs/architecture.md, "Two Workers for the storefront"): the page Worker (worker/index.ts)
 * forwards `/api*` and `/_operator*` to the API Worker (worker/api-worker/), which mounts them,
 * so the page Worker's bundle holds no API route (docs/budgets.md).
 */
import type { Context, Next } from 'hono'
import { trimTrailingSlash } from 'hono/trailing-slash'
import { CART_TEXT } from '../shared/index'
import { forgetHeldCopies } from './catalogue/item-extras'
import { BrokenRecordError } from './catalogue/reader'
import type { AppEnv, Env } from './env'
import { InputError } from './http/body'
import { Hono } from './http/hono'
import { brokenSiteResponse } from './http/plain-pages'
import { cartHint, cartHintDue } from './middleware/cart-hint'
import { knownCrumb, visitorCrumb } from './middleware/crumb'
import {
  FORGOTTEN_PAGE_HEADER,
  forgetPageKey,
  heldPage,
  pageCache,
  privateWhenSettingCookies,
} from './middleware/page-cache'
import { secureHeaders } from './middleware/secure-headers'
import { forgetContentVersions, resolveTenant } from './middleware/tenant'
import { visitCookies, visitCookiesDue } from './middleware/visit-cookies'
import { SHARED_STYLESHEET_PREFIX, sharedStylesheetResponse } from './render/stylesheet'
import { accountOrderRoutes } from './routes/account-orders'
import { cartFormRoutes } from './routes/cart-forms'
import { commercePageRoutes, refusalPage } from './routes/commerce-pages'
import { demoIndex } from './routes/demo-index'
import { serveFile } from './routes/files'
import { installmentModalRoutes } from './routes/installment-modal'
import { pageRoutes } from './routes/pages'
import { sitemapRoutes } from './routes/sitemap'
import { subscriptionRoutes } from './routes/subscriptions'
import { logError } from './runtime/log'

/**
 * Where the app's API calls are answered: mounted (the API Worker: `api` under `/api`, the
 * operator's calls at `/_operator`), or `'forward'` (the page Worker: sent as they came over the
 * `API` service binding, before any middleware here, which the API Worker's app runs itself).
 */
export type ApiPart = { api: Hono<AppEnv>; operator: Hono<AppEnv> } | 'forward'

/**
 * The API Worker's answer, the request untouched; without the binding, the API's own JSON 404.
 * A page the call changed (a like's count) is forgotten here too, with the item copies this
 * isolate holds: its copy of the page would otherwise be served for up to half a minute
 * (middleware/page-cache.ts), and a render within two seconds would show the old count
 * (catalogue/item-extras.ts).
 */
async function toApi(c: Context<AppEnv>) {
  if (!c.env.API) return c.json({ message: 'There is no such API call.' }, 404)
  const response = await c.env.API.fetch(c.req.raw)
  const forgotten = response.headers.get(FORGOTTEN_PAGE_HEADER)
  if (forgotten === null) return response
  forgetHeldCopies()
  await forgetPageKey(forgotten)
  const answer = new Response(response.body, response)
  answer.headers.delete(FORGOTTEN_PAGE_HEADER)
  return answer
}

// The site editor is its own Worker (worker/editor/): production routes `/config*` to it; a
// local run reaches it over the `EDITOR` service binding. Without either, `/config` is not found.
// A change sent through here (a publish, a review hidden) forgets the isolate's content versions
// once the editor answered, so the next view here shows it (middleware/tenant.ts).
async function toEditor(c: Context<AppEnv>, next: Next) {
  if (!c.env.EDITOR) return next()
  const response = await c.env.EDITOR.fetch(c.req.raw)
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') forgetContentVersions()
  return response
}

/** The app with its API part mounted or forwarded (above). */
export function createApp(apiPart: ApiPart): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.onError(function reportError(error, c) {
    const where = { method: c.req.method, host: new URL(c.req.url).hostname, path: c.req.path }
    // A body a page's form post cannot be read from (too large, not a form): the visitor's 4xx.
    if (error instanceof InputError) {
      if (c.get('tenant') === undefined) return c.text(error.message, error.status)
      return refusalPage(c, error.status, CART_TEXT.requestRefused, error.message, c.req.path)
    }
    if (error instanceof BrokenRecordError) {
      logError('broken-record', { ...where, key: error.key, issues: error.issues })
    } else {
      logError('unhandled-error', { ...where, message: String(error), stack: (error as Error).stack })
    }
    return brokenSiteResponse()
  })

  // Liveness for operators and load balancers: answers before any tenant or storage is touched.
  app.get('/_health', (c) => c.text('ok', 200, { 'cache-control': 'no-store' }))

  if (apiPart === 'forward') for (const path of ['/api', '/api/*', '/_operator/*']) app.all(path, toApi)

  // The theme's shared stylesheet (render/stylesheet.ts) is a static asset the asset router answers
  // before the worker runs; an earlier deploy's name reaches here, before any tenant or storage.
  app.get(`${SHARED_STYLESHEET_PREFIX}:file`, (c) => sharedStylesheetResponse(c.req.raw, c.env.ASSETS))

  // The site editor's Worker (toEditor above).
  app.use('/config/*', toEditor)
  app.use('/config', toEditor)
  // A site's files (routes/files.ts): before the page's headers and cookies, which they have none of.
  app.get('/s/:id/:name', resolveTenant(), serveFile())
  app.use(secureHeaders())
  app.use(privateWhenSettingCookies())
  // The operator's calls (dead letters), on any host and before any tenant: a bearer token opens them.
  if (apiPart !== 'forward') app.route('/', apiPart.operator)
  app.use(demoIndex())
  app.use(resolveTenant())
  // A returning visitor's view of a page this isolate holds (issue 26: a hit should cost a cache
  // lookup and the visitor's cookies): when no middleware between here and the page cache would
  // set a cookie (the crumb is one this isolate checked, the cart hint and the visit cookies have
  // nothing to do) or answer it (the routes below never reach the page cache for a path they
  // answer, and the held copy is a 200, which the trailing-slash redirect leaves alone), the page
  // cache's answer is given here, as it would have come back through them unchanged.
  app.use(async function heldPageAnswer(c, next) {
    const held = heldPage(c, () => knownCrumb(c) && !cartHintDue(c) && !visitCookiesDue(c))
    if (held === null) return next()
    return held
  })
  // The installment provider's page (routes/installment-modal.ts): the same for every visitor, so
  // before any cookie is set (a response that sets one is never shared).
  app.route('/', installmentModalRoutes)
  app.use(visitorCrumb())
  app.use(cartHint())
  if (apiPart !== 'forward') app.route('/api', apiPart.api)
  // Pages only (the API answered above): visit cookies go onto the page after it is produced.
  app.use(visitCookies())
  app.use(trimTrailingSlash())
  // The double opt-in link: personal, never from the page cache (its query carries the token).
  app.route('/', subscriptionRoutes)
  app.use(pageCache({ refetch: async (request, env, ctx) => app.fetch(request, env, ctx) }))
  app.route('/', sitemapRoutes)
  app.route('/', cartFormRoutes)
  app.route('/', commercePageRoutes)
  app.route('/', accountOrderRoutes)
  app.route('/', pageRoutes)
  return app
}

/**
 * A Worker's `fetch` for an app. HEAD is answered by the GET code path with the body cancelled
 * (RFC 9110 §9.3.2: the same headers, no content). Cancelling stops a streamed page at once, so
 * nothing keeps rendering for a body nobody reads. The GET is built from the URL, headers and
 * `cf` alone: a HEAD may carry a body (it has no meaning), and a GET made from such a request
 * would throw (a 500).
 */
export function serve(app: Hono<AppEnv>) {
  return async function fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (request.method !== 'HEAD') return app.fetch(request, env, ctx)
    const get = new Request(request.url, { method: 'GET', headers: request.headers, cf: request.cf })
    const response = await app.fetch(get, env, ctx)
    await response.body?.cancel()
    return new Response(null, response)
  }
}
