/**
 * The islands' calls to the worker's JSON API (storefront.md section 7). State-changing calls
 * send the visitor's crumb as `X-CSRF-Token` (platform.md section 7, worker/middleware/crumb.ts).
 * A call never throws: a network failure answers status 0 with no body, so each island maps
 * every outcome to the spec's sentences in one place.
 */
import { COOKIE } from '../templates/shared'

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
