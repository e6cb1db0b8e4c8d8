/**
 * Who may call the admin API. Every call: a live site-user session of this site (else 401) whose
 * roles open the editor (else 403) and the capability the call needs (else 403). Every write also:
 * the session's XSRF token in `X-XSRF-Token`, the crumb in `X-CSRF-Token`, and a same-origin
 * request (`Origin` or `Sec-Fetch-Site`). The capability table is shared/editing/roles.ts.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { type Capabilities, capabilitiesOf, EDITOR_TEXT } from '../../shared/index'
import { liveSiteUser, xsrfRefusal } from '../auth/site-user'
import type { Site } from '../catalogue/records'
import { crumbRefusal, isSameOriginPost, sendsCrumb } from '../middleware/crumb'
import type { EditorAppEnv } from './env'

const SAFE_METHODS = new Set(['GET', 'HEAD'])

/** Whether the site lets editors (role 4) publish: `website.editorsCanPublish`. */
export function editorsCanPublish(site: Site): boolean {
  return (site.website as { editorsCanPublish?: unknown }).editorsCanPublish === true
}

/** The signed-in site user's capabilities, or null without a live session. */
export async function editorOf(c: Context<EditorAppEnv>) {
  const session = await liveSiteUser(c as never)
  if (session === null) return null
  return {
    ...session,
    capabilities: capabilitiesOf(session.user.roles, editorsCanPublish(c.get('tenant').site)),
  }
}

/** Every admin call: the checks above; `c.get('editor')` below it. */
export function editorSession(): MiddlewareHandler<EditorAppEnv> {
  return async function editorSession(c, next) {
    const editor = await editorOf(c)
    if (editor === null) return c.json({ message: EDITOR_TEXT.signInRequired }, 401)
    if (!editor.capabilities.read) return c.json({ message: EDITOR_TEXT.notAllowed }, 403)
    if (!SAFE_METHODS.has(c.req.method)) {
      if (!isSameOriginPost(c.req.raw)) return c.json({ message: EDITOR_TEXT.sameOriginOnly }, 403)
      if (!sendsCrumb(c as never)) return crumbRefusal(c as never)
      const refused = await xsrfRefusal(c as never, editor.sessionId)
      if (refused !== null) return refused
    }
    c.set('editor', editor)
    await next()
  }
}

/** 403 unless the signed-in editor has the capability. */
export function refusedUnless(c: Context<EditorAppEnv>, allowed: boolean): Response | null {
  return allowed ? null : c.json({ message: EDITOR_TEXT.notAllowed }, 403)
}

export type { Capabilities }
