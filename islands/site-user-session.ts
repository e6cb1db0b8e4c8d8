/**
 * The browser's side of site-user sessions (storefront.md sections 4, 6 and 7): sign-in keeps
 * the answer's `xsrfToken` in session storage for the session, and session-protected calls
 * send it as `X-XSRF-Token` (with the crumb as `X-CSRF-Token`). A call refused for its crumb
 * (`crumbFail`: the refusal sets a fresh crumb cookie) is retried once. Any island that makes a
 * session-protected call (the restock owner tools) uses `sessionRequest`.
 */

import { API, type ApiBody, type ApiRoute } from '../shared/index'
import { XSRF_HEADER } from './constants'
import { newIdempotencyKey, outcomeUnknown, type RequestOptions, request } from './http'

const XSRF_KEY = 'ss_xsrf_token'

/** The answer of a session call: ok, or the status and the server's message. */
export type SessionAnswer =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; status: number; message: string | null; body: Record<string, unknown> }

function storedXsrfToken(): string | null {
  try {
    return sessionStorage.getItem(XSRF_KEY)
  } catch {
    return null
  }
}

function keepXsrfToken(token: string | null): void {
  try {
    if (token === null) sessionStorage.removeItem(XSRF_KEY)
    else sessionStorage.setItem(XSRF_KEY, token)
  } catch {
    // Without storage, session calls fall back to the plain forms.
  }
}

/**
 * A session-protected call (islands/http.ts `request`, with the XSRF header besides the crumb),
 * retried once on a crumb failure.
 */
export async function sessionRequest<R extends ApiRoute>(
  route: R,
  body: ApiBody<R>,
  options: RequestOptions<R> = {},
): Promise<SessionAnswer> {
  const send = () => {
    const token = storedXsrfToken()
    const headers = token === null ? options.headers : { ...options.headers, [XSRF_HEADER]: token }
    return request(route, body, { ...options, headers })
  }
  let answer = await send()
  if (answer.status === 403 && answer.body?.crumbFail === true) answer = await send()
  const answered = answer.body ?? {}
  if (answer.status >= 200 && answer.status < 300) return { ok: true, body: answered }
  const message = typeof answered.message === 'string' ? answered.message : null
  return { ok: false, status: answer.status, message, body: answered }
}

/**
 * Signs in; keeps the XSRF token on success. The sign-in carries an `Idempotency-Key` of its
 * own and is sent once more with it when no answer comes or the server fails (issue 19): the
 * worker answers the session the first copy started rather than starting another.
 */
export async function signIn(email: string, password: string, rememberMe: boolean): Promise<SessionAnswer> {
  const options = { headers: { 'Idempotency-Key': newIdempotencyKey() } }
  const send = () => sessionRequest(API.signIn, { email, password, rememberMe }, options)
  let answer = await send()
  if (!answer.ok && outcomeUnknown(answer.status)) answer = await send()
  if (answer.ok) keepXsrfToken(typeof answer.body.xsrfToken === 'string' ? answer.body.xsrfToken : null)
  return answer
}

/** Signs out; `cloneCart` keeps a copy of the cart for the signed-out visitor. */
export async function signOut(cloneCart: boolean): Promise<SessionAnswer> {
  const answer = await sessionRequest(API.signOut, undefined, {
    query: { cloneCart: cloneCart ? 'true' : 'false' },
  })
  if (answer.ok) keepXsrfToken(null)
  return answer
}
