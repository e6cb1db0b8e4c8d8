/**
 * The islands' one client of the worker's JSON API (storefront.md section 7): `request(API.x,
 * body, { params, query, headers })` with the method, path and types of the table's entry
 * (shared/api-routes.ts), so no island writes an API path. Every call sends the visitor's crumb
 * as `X-CSRF-Token` (platform.md section 7, worker/middleware/crumb.ts). A call never throws: a
 * network failure answers status 0 with no body. A refusal carries the sentence the shopper
 * reads (storefront.md section 8): a crumb failure is 'Your session has expired…' (or 'Please
 * enable cookies…' with cookies off), a 429 'Please try again in a few seconds.', anything else
 * the server's message.
 */
import {
  type ApiAnswerOf,
  type ApiBody,
  type ApiMethod,
  type ApiParamNames,
  type ApiQuery,
  type ApiRoute,
  COMMERCE_TEXT,
  COOKIE,
} from '../shared/index'
import { CRUMB_HEADER } from './constants'
import { cookieValue } from './cookies'

/** A call's outcome: its answer when it succeeded, else the sentence for the refusal. */
export type ApiAnswer<A = Record<string, unknown>> =
  | { ok: true; status: number; data: A; body: Record<string, unknown> }
  | { ok: false; status: number; message: string; body: Record<string, unknown> | null }

type PathOf<R> = R extends ApiRoute<ApiMethod, infer P> ? P : string

export interface RequestOptions<R> {
  /** The path's `:params`. */
  params?: Readonly<Record<ApiParamNames<PathOf<R>>, string>>
  /** The query string. */
  query?: ApiQuery<R>
  /** Headers besides the crumb (`Idempotency-Key`, `X-XSRF-Token`). */
  headers?: Readonly<Record<string, string>>
}

/** The visitor's crumb (sent as `X-CSRF-Token`), or '' when cookies are off. */
export function crumbFromCookie(): string {
  return cookieValue(COOKIE.visitor) ?? ''
}

/** The URL of an entry, its params filled in and its query appended. */
export function apiUrl<R extends ApiRoute>(route: R, options: RequestOptions<R> = {}): string {
  const params = (options.params ?? {}) as Record<string, string>
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  )
  const entries = Object.entries((options.query ?? {}) as Record<string, string | undefined>).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  )
  const query = new URLSearchParams(entries).toString()
  return query ? `${path}?${query}` : path
}

/** The sentence for a refused call. */
export function refusalMessage(
  status: number,
  body: { crumbFail?: unknown; message?: unknown } | null,
): string {
  if (body?.crumbFail)
    return navigator.cookieEnabled ? COMMERCE_TEXT.sessionExpired : COMMERCE_TEXT.enableCookies
  if (status === 429) return COMMERCE_TEXT.tryAgainShortly
  return typeof body?.message === 'string' ? body.message : COMMERCE_TEXT.tryAgainShortly
}

/** Calls an entry of the API with the crumb; `body` is sent as JSON unless undefined. Never throws. */
export async function request<R extends ApiRoute>(
  route: R,
  body: ApiBody<R>,
  options: RequestOptions<R> = {},
): Promise<ApiAnswer<ApiAnswerOf<R>>> {
  try {
    const response = await fetch(apiUrl(route, options), {
      method: route.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        [CRUMB_HEADER]: crumbFromCookie(),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json: unknown = await response.json().catch(() => null)
    const record =
      typeof json === 'object' && json !== null && !Array.isArray(json)
        ? (json as Record<string, unknown>)
        : null
    if (response.ok && record !== null)
      return { ok: true, status: response.status, data: record as ApiAnswerOf<R>, body: record }
    return {
      ok: false,
      status: response.status,
      message: refusalMessage(response.status, record),
      body: record,
    }
  } catch {
    return { ok: false, status: 0, message: COMMERCE_TEXT.tryAgainShortly, body: null }
  }
}

/** A string field of an answer's body (`message`, `data.message`), or null. */
export function messageOf(answer: { body: Record<string, unknown> | null }): string | null {
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
