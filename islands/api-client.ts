/**
 * The islands' calls to the worker's JSON API (storefront.md section 7). State-changing calls
 * send the visitor's crumb as `X-CSRF-Token` (platform.md section 7, worker/middleware/crumb.ts).
 * A call never throws: a network failure answers status 0 with no body, so each island maps
 * every outcome to the spec's sentences in one place.
 */
import { COOKIE } from '../shared/index'

export interface ApiAnswer {
  /** The HTTP status; 0 when the request never got an answer. */
  status: number
  /** The JSON body, or null when there was none. */
  body: Record<string, unknown> | null
}

/** The crumb from the visitor's cookie, or '' when cookies are off. */
export function crumbFromCookie(): string {
  const prefix = `${COOKIE.visitor}=`
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(prefix))
  return cookie === undefined ? '' : decodeURIComponent(cookie.slice(prefix.length))
}

async function call(path: string, init: RequestInit): Promise<ApiAnswer> {
  try {
    const response = await fetch(path, { credentials: 'same-origin', ...init })
    const body: unknown = await response.json().catch(() => null)
    const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null
    return { status: response.status, body: record as Record<string, unknown> | null }
  } catch {
    return { status: 0, body: null }
  }
}

/** POSTs JSON with the crumb. */
export function postJson(path: string, body: unknown): Promise<ApiAnswer> {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CSRF-Token': crumbFromCookie() },
    body: JSON.stringify(body ?? {}),
  })
}

/** GETs JSON with the crumb (calls to paid third parties need it); `params` become the query string. */
export function getJson(path: string, params: Readonly<Record<string, string>>): Promise<ApiAnswer> {
  const query = new URLSearchParams(params).toString()
  return call(query ? `${path}?${query}` : path, {
    method: 'GET',
    headers: { 'X-CSRF-Token': crumbFromCookie() },
  })
}

/** A string field of an answer's body (`message`, `data.message`), or null. */
export function messageOf(answer: ApiAnswer): string | null {
  const body = answer.body
  if (body === null) return null
  if (typeof body.message === 'string' && body.message !== '') return body.message
  const data = body.data as Record<string, unknown> | undefined
  return typeof data?.message === 'string' && data.message !== '' ? data.message : null
}

/**
 * A new `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header): 128 random bits as hex.
 * `crypto.getRandomValues`, unlike `randomUUID`, works on a page served over plain HTTP too.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}

/**
 * Whether a failed call may have done its work all the same: no answer came (status 0), or the
 * server failed (5xx) after it may have stored. A retry of such a call sends its key again.
 */
export function outcomeUnknown(status: number): boolean {
  return status === 0 || status >= 500
}

/**
 * Whether a retry after a failure with this status sends the same key: the outcome is unknown,
 * or the call was turned away before doing anything (429, a refused crumb) and may itself be
 * the retry of a copy whose answer was lost. Any other answer ends the key's life.
 */
export function retryKeepsKey(status: number): boolean {
  return outcomeUnknown(status) || status === 429 || status === 403
}
