import { env, exports } from 'cloudflare:workers'
import { newCrumb } from './visitor'

export { newCrumb }

/** A JSON call to the worker's API as a page's script sends it: the crumb cookie and header. */
export function apiCall(
  host: string,
  path: string,
  init: {
    method?: string
    body?: unknown
    rawBody?: string
    crumb?: string | null
    headers?: Record<string, string>
  } = {},
): Promise<Response> {
  const crumb = init.crumb === undefined ? newCrumb() : init.crumb
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(crumb === null ? {} : { cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb }),
    ...init.headers,
  }
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body))
  return exports.default.fetch(
    new Request(`http://${host}${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    }),
  )
}

/** A plain HTML form post from the tenant's own page (no script): form-encoded, same origin. */
export function formPost(
  host: string,
  path: string,
  fields: [string, string][],
  headers: Record<string, string> = { Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' },
  crumb: string | null = newCrumb(),
): Promise<Response> {
  const body = new URLSearchParams(fields)
  return exports.default.fetch(
    new Request(`http://${host}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(crumb === null ? {} : { cookie: `crumb=${crumb}` }),
        ...headers,
      },
      body,
    }),
  )
}

/** A key from `POST /api/form/FormSubmissionKey`, for the same visitor. */
export async function submissionKey(host: string, crumb: string): Promise<string> {
  const response = await apiCall(host, '/api/form/FormSubmissionKey', { body: {}, crumb })
  const json = (await response.json()) as { data: { key: string } }
  return json.data.key
}

/** A token the local captcha provider accepts once (the local widget makes these). */
export function localCaptchaToken(): string {
  return `local-pass.${crypto.randomUUID().replaceAll('-', '')}`
}

/** Rows of a D1 query. */
export async function rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> {
  const { results } = await env.DB.prepare(sql)
    .bind(...params)
    .all<T>()
  return results
}
