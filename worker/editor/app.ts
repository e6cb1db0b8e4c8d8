/**
 * The editor Worker's Hono app, on every site's `/config*`: the tenant from the host (the
 * storefront's own middleware), the crumb, then the admin API, previews, and the app's HTML.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { EDITOR_TEXT } from '../../shared/index'
import { BrokenRecordError } from '../catalogue/reader'
import type { AppEnv } from '../env'
import { brokenSiteResponse, plainHtmlResponse } from '../http/plain-pages'
import { visitorCrumb } from '../middleware/crumb'
import { resolveTenant } from '../middleware/tenant'
import { logError } from '../runtime/log'
import { editorOf } from './access'
import { adminApi } from './admin-api'
import { assetResponse } from './assets'
import type { EditorAppEnv } from './env'
import { PREVIEW_PREFIX, previewResponse } from './preview'
import { EDITOR_HEADERS, shellResponse } from './shell'
import { zapierApi } from './zapier-api'

export const editorApp = new Hono<EditorAppEnv>()

/** The storefront's middleware, typed for this app (its bindings are a superset). */
function shared(middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<EditorAppEnv> {
  return middleware as unknown as MiddlewareHandler<EditorAppEnv>
}

editorApp.onError(function reportError(error, c) {
  const where = { method: c.req.method, host: new URL(c.req.url).hostname, path: c.req.path }
  if (error instanceof BrokenRecordError)
    logError('editor-broken-record', { ...where, key: error.key, issues: error.issues })
  else logError('editor-error', { ...where, message: String(error), stack: (error as Error).stack })
  if (c.req.path.startsWith('/config/api/'))
    return c.json({ message: EDITOR_TEXT.somethingWentWrong }, 500, { 'Cache-Control': 'private, no-store' })
  return brokenSiteResponse()
})

// The app's bundle is the same on every host, and sets no cookie (it is cached for a year).
editorApp.get('/config/assets/*', (c) => assetResponse(c.req.raw))
editorApp.use(shared(resolveTenant({ exact: true })))
// Zapier's calls carry an API key and no cookie: no crumb is minted for them.
editorApp.route('/config/zapier/v1', zapierApi as unknown as Hono<EditorAppEnv>)
editorApp.all('/config/zapier/*', (c) => c.json({ message: EDITOR_TEXT.unableToLocateContent }, 404))
editorApp.use(shared(visitorCrumb()))
editorApp.route('/config/api', adminApi)
editorApp.all('/config/api/*', (c) =>
  c.json({ message: EDITOR_TEXT.unableToLocateContent }, 404, { 'Cache-Control': 'private, no-store' }),
)

editorApp.on(['GET', 'HEAD', 'POST'], [PREVIEW_PREFIX, `${PREVIEW_PREFIX}/*`], async (c) => {
  const editor = await editorOf(c)
  if (editor === null || !editor.capabilities.read) {
    const response = plainHtmlResponse(
      editor === null ? 401 : 403,
      EDITOR_TEXT.preview,
      editor === null ? EDITOR_TEXT.signInRequired : EDITOR_TEXT.notAllowed,
    )
    for (const [name, value] of Object.entries(EDITOR_HEADERS)) response.headers.set(name, value)
    return response
  }
  return previewResponse(c.req.raw, c.env, c.executionCtx as ExecutionContext, c.get('tenant').siteId)
})

editorApp.get('/config', (c) => c.redirect('/config/', 301))
editorApp.get('/config/*', (c) => shellResponse(c.get('tenant').site.website.siteTitle))
