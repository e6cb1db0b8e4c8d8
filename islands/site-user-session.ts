/**
 * The browser's side of site-user sessions (storefront.md sections 4, 6 and 7): sign-in keeps
 * the answer's `xsrfToken` in session storage for the session, and session-protected calls
 * send it as `X-XSRF-Token` (with the crumb as `X-CSRF-Token`). A call refused for its crumb
 * (`crumbFail`: the refusal sets a fresh crumb cookie) is retried once. Any island that makes a
 * session-protected call (the restock owner tools) uses `sessionFetch`.
 */

import { COOKIE } from '../shared/index'
import { newIdempotencyKey, outcomeUnknown } from './api-client'
import { cookieValue } from './browser-cookies'
import { CRUMB_HEADER, XSRF_HEADER } from './constants'

export const SESSION_URL = '/api/site-users/account/session'
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

async function call(
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers(init.headers)
  headers.set(CRUMB_HEADER, cookieValue(COOKIE.visitor) ?? '')
  const token = storedXsrfToken()
  if (token !== null) headers.set(XSRF_HEADER, token)
  const response = await fetch(url, { ...init, headers, credentials: 'same-origin' })
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  return { status: response.status, body }
}

/** A session-protected call with the crumb and XSRF headers, retried once on a crumb failure. */
export async function sessionFetch(url: string, init: RequestInit = {}): Promise<SessionAnswer> {
  let answer = await call(url, init)
  if (answer.status === 403 && answer.body.crumbFail === true) answer = await call(url, init)
  if (answer.status >= 200 && answer.status < 300) return { ok: true, body: answer.body }
  const message = typeof answer.body.message === 'string' ? answer.body.message : null
  return { ok: false, status: answer.status, message, body: answer.body }
}

/**
 * Signs in; keeps the XSRF token on success. The sign-in carries an `Idempotency-Key` of its
 * own and is sent once more with it when no answer comes or the server fails (issue 19): the
 * worker answers the session the first copy started rather than starting another.
 */
export async function signIn(email: string, password: string, rememberMe: boolean): Promise<SessionAnswer> {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newIdempotencyKey() },
    body: JSON.stringify({ email, password, rememberMe }),
  }
  let answer = await sessionFetch(SESSION_URL, init).catch(() => null)
  if (answer === null || (!answer.ok && outcomeUnknown(answer.status)))
    answer = await sessionFetch(SESSION_URL, init)
  if (answer.ok) keepXsrfToken(typeof answer.body.xsrfToken === 'string' ? answer.body.xsrfToken : null)
  return answer
}

/** Signs out; `cloneCart` keeps a copy of the cart for the signed-out visitor. */
export async function signOut(cloneCart: boolean): Promise<SessionAnswer> {
  const answer = await sessionFetch(`${SESSION_URL}?cloneCart=${cloneCart}`, { method: 'DELETE' })
  if (answer.ok) keepXsrfToken(null)
  return answer
}
