/**
 * The editor's one fetch client: JSON both ways, the session cookie (same-origin), and on every
 * write the `X-XSRF-Token` of the session answer and the `X-CSRF-Token` of the `crumb` cookie.
 * A rejected fetch becomes EDITOR_TEXT.networkError; a 401 sends the app to the sign-in screen.
 * Answers are typed by the contract (shared/editing/api.ts).
 */
import {
  type ChangesAnswer,
  type CollectionsAnswer,
  type CreateBody,
  EDITOR_TEXT,
  type ErrorAnswer,
  type ItemsAnswer,
  type LinkTargetsAnswer,
  type PublishAnswer,
  type PublishBody,
  type RecordAnswer,
  type RecordKey,
  type RevisionsAnswer,
  type SaveDraftBody,
  type SessionAnswer,
  type StatusBody,
  type TermsAnswer,
  type TermsBody,
  type TermsChangeAnswer,
  type TermType,
  type TimeZonesAnswer,
} from '../shared/index'

/** A refused or failed call: `status` 0 is a network error. */
export class ApiError extends Error {
  readonly status: number
  readonly body: ErrorAnswer & Record<string, unknown>
  constructor(status: number, body: ErrorAnswer & Record<string, unknown>) {
    super(body.message)
    this.status = status
    this.body = body
  }
}

let xsrfToken = ''
let onUnauthorized: () => void = () => {}

export function setXsrfToken(token: string): void {
  xsrfToken = token
}

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler
}

/** The `crumb` cookie's value (the storefront's CSRF token), read fresh on each write. */
export function crumb(): string {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === 'crumb') return decodeURIComponent(rest.join('='))
  }
  return ''
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The headers every write carries: the crumb and the session's XSRF token (the upload client's XHRs use them too). */
export function writeHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-CSRF-Token': crumb() }
  if (xsrfToken !== '') headers['X-XSRF-Token'] = xsrfToken
  return headers
}

async function call(method: Method, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (method !== 'GET') Object.assign(headers, writeHeaders())
  try {
    return await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, { message: EDITOR_TEXT.networkError })
  }
}

async function answerOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const json: unknown = await response.json()
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function refusal(status: number, json: Record<string, unknown>): ApiError {
  const message =
    typeof json.message === 'string' && json.message !== ''
      ? json.message
      : status === 404
        ? EDITOR_TEXT.unableToLocateContent
        : EDITOR_TEXT.somethingWentWrong
  return new ApiError(status, {
    ...json,
    message,
    field: typeof json.field === 'string' ? json.field : undefined,
  })
}

/** One admin API call; throws ApiError for anything but a 2xx answer. */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await call(method, path, body)
  const json = await answerOf(response)
  if (response.status === 401) onUnauthorized()
  if (!response.ok) throw refusal(response.status, json)
  return json as T
}

export const recordPath = (key: RecordKey): string => `/config/api/records/${encodeURIComponent(key)}`

/** A template draft's key (`template:<name>`, shared/editing/templates.ts): its name, else null. */
const templateOf = (key: RecordKey): string | null =>
  key.startsWith('template:') ? key.slice('template:'.length) : null

/**
 * The screen that edits a record: the Navigation screen for the site record, the template editor
 * for a template draft, else the record editor.
 */
export const recordRoute = (key: RecordKey): string => {
  const template = templateOf(key)
  if (template !== null) return `/templates/${encodeURIComponent(template)}`
  return key === 'site' ? '/navigation' : `/records/${encodeURIComponent(key)}`
}

/**
 * Review Changes' link for a change: a site draft opens the screen of the first section it
 * changes (its title names them: Navigation, Design, Settings, Store settings), anything else
 * recordRoute.
 */
export const changeRoute = (change: { key: RecordKey; title: string }): string => {
  if (change.key !== 'site' || change.title.includes(EDITOR_TEXT.navigationTitle))
    return recordRoute(change.key)
  if (
    change.title.includes(EDITOR_TEXT.settingsTitle) ||
    change.title.includes(EDITOR_TEXT.storeSettingsTitle)
  )
    return '/settings'
  return change.title.includes(EDITOR_TEXT.designTitle) ? '/design' : recordRoute(change.key)
}

export const api = {
  session: () => request<SessionAnswer>('GET', '/config/api/session'),
  collections: () => request<CollectionsAnswer>('GET', '/config/api/collections'),
  createCollection: (body: CreateBody) => request<RecordAnswer>('POST', '/config/api/collections', body),
  items: (slug: string) =>
    request<ItemsAnswer>('GET', `/config/api/collections/${encodeURIComponent(slug)}/items`),
  createItem: (collectionKey: RecordKey, body: CreateBody) =>
    request<RecordAnswer>('POST', `${recordPath(collectionKey)}/items`, body),
  duplicate: (key: RecordKey) => request<RecordAnswer>('POST', `${recordPath(key)}/duplicate`, {}),
  remove: (key: RecordKey) => request<unknown>('DELETE', recordPath(key)),
  record: (key: RecordKey) => request<RecordAnswer>('GET', recordPath(key)),
  save: (key: RecordKey, body: SaveDraftBody) => request<RecordAnswer>('PUT', recordPath(key), body),
  status: (key: RecordKey, body: StatusBody) =>
    request<RecordAnswer>('POST', `${recordPath(key)}/status`, body),
  changes: () => request<ChangesAnswer>('GET', '/config/api/changes'),
  discard: (key: RecordKey) => {
    const template = templateOf(key)
    return template === null
      ? request<unknown>('DELETE', `/config/api/drafts/${encodeURIComponent(key)}`)
      : request<unknown>('DELETE', `/config/api/templates/${encodeURIComponent(template)}/draft`)
  },
  publish: (body: PublishBody) => request<PublishAnswer>('POST', '/config/api/publish', body),
  terms: (type: TermType) => request<TermsAnswer>('GET', `/config/api/terms?type=${type}`),
  changeTerms: (body: TermsBody) => request<TermsChangeAnswer>('POST', '/config/api/terms', body),
  revisions: () => request<RevisionsAnswer>('GET', '/config/api/revisions'),
  rollback: (version: string) =>
    request<unknown>('POST', `/config/api/revisions/${encodeURIComponent(version)}/rollback`, {}),
  linkTargets: () => request<LinkTargetsAnswer>('GET', '/config/api/link-targets'),
  timeZones: () => request<TimeZonesAnswer>('GET', '/config/api/time-zones'),
}

const ACCOUNT_SESSION = '/api/site-users/account/session'

/**
 * Signs in through the storefront's account API. A 403 that says the crumb failed (`crumbFail`)
 * is tried once more with the cookie read again (the first answer sets a fresh one).
 */
export async function signIn(email: string, password: string, rememberMe: boolean): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const response = await call('POST', ACCOUNT_SESSION, { email, password, rememberMe })
    if (response.ok) return
    const json = await answerOf(response)
    if (response.status === 403 && json.crumbFail === true && attempt === 0) continue
    throw refusal(response.status, json)
  }
}

export async function signOut(): Promise<void> {
  const response = await call('DELETE', ACCOUNT_SESSION)
  if (!response.ok && response.status !== 401) throw refusal(response.status, await answerOf(response))
}

/** The message to show for any thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : EDITOR_TEXT.somethingWentWrong
}
