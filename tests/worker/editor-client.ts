// The site editor's admin API as its app calls it: a site user signed in through the storefront's
// session API, then calls to the editor Worker's app (worker/editor/app.ts) with the session
// cookie, the crumb and the XSRF token, over the same real bindings.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { editorApp } from '../../worker/editor/app'
import type { EditorEnv } from '../../worker/editor/env'
import { DEMO_PASSWORDS, newCrumb, signIn } from './visitor'

export interface Editor {
  host: string
  /** A call to the editor Worker; writes carry the crumb, the XSRF token and a same-origin Origin. */
  call(
    path: string,
    // A Uint8Array body is sent as it is (a file's bytes); anything else as JSON. `bindings`
    // replace the real ones (tests/worker/faults.ts: storage that fails on purpose).
    init?: { method?: string; body?: unknown; headers?: Record<string, string>; bindings?: EditorEnv },
  ): Promise<Response>
  /** The session cookie (for the storefront's own pages). */
  cookie: string
  /** The session's XSRF token (for the storefront's own owner calls, as the restock send). */
  xsrfToken?: string
}

/** A request to the editor Worker, as a browser on `host` would send it. */
export async function editorFetch(
  host: string,
  path: string,
  init: RequestInit = {},
  bindings: EditorEnv = env as unknown as EditorEnv,
): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await editorApp.fetch(new Request(`http://${host}${path}`, init), bindings, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

function caller(host: string, cookies: string[], xsrf: string, crumb: string): Editor['call'] {
  return (path, init = {}) => {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST')
    return editorFetch(
      host,
      path,
      {
        method,
        headers: {
          cookie: [`crumb=${crumb}`, ...cookies].join('; '),
          'X-CSRF-Token': crumb,
          'X-XSRF-Token': xsrf,
          origin: `http://${host}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined
          ? {}
          : {
              body:
                typeof init.body === 'string' || init.body instanceof Uint8Array
                  ? init.body
                  : JSON.stringify(init.body),
            }),
      },
      init.bindings,
    )
  }
}

/** A demo site user signed in on `host` (README's demo users), ready to call the editor. */
export async function signInEditor(host: string, email: string): Promise<Editor> {
  const password = DEMO_PASSWORDS[email]
  if (password === undefined) throw new Error(`No demo password for ${email}`)
  const signed = await signIn(host, email, password)
  if (signed.response.status !== 200) throw new Error(`Sign-in of ${email} failed: ${signed.response.status}`)
  return {
    host,
    cookie: signed.cookie,
    xsrfToken: signed.xsrfToken,
    call: caller(host, [signed.cookie], signed.xsrfToken, newCrumb()),
  }
}

/** A visitor with no session calling the editor (a crumb, no cookie). */
export function anonymousEditor(host: string): Editor {
  return { host, cookie: '', call: caller(host, [], '', newCrumb()) }
}

export function recordPath(key: string, suffix = ''): string {
  return `/config/api/records/${encodeURIComponent(key)}${suffix}`
}
