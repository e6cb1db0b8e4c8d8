// A visitor's side of the worker tests: cookies, crumbs, signing in, test tenants, and waiting
// for the analytics queue's consumer to store what a beacon handed it.
import { env } from 'cloudflare:workers'
import { visit } from './helpers'

/** The response's Set-Cookie headers. */
export function setCookies(response: Response): string[] {
  return response.headers.getAll('Set-Cookie')
}

/** The Set-Cookie header for `name`, or undefined. */
export function setCookie(response: Response, name: string): string | undefined {
  return setCookies(response).find((cookie) => cookie.startsWith(`${name}=`))
}

/** The value a Set-Cookie header gives `name`, or undefined. */
export function cookieValue(response: Response, name: string): string | undefined {
  const header = setCookie(response, name)
  return header?.slice(name.length + 1).split(';')[0]
}

/**
 * A fresh crumb the worker minted (tests/setup/worker-state.ts keeps a pool signed with the
 * worker's own secret): each test visitor has their own (rate limits are per crumb).
 */
export function newCrumb(): string {
  const crumb = crumbPool.pop()
  if (crumb === undefined)
    throw new Error('The test crumb pool is empty: mint more in tests/setup/worker-state.ts')
  return crumb
}

/** Signed crumbs for the tests of one file (filled before its tests run). */
export const crumbPool: string[] = []

/** A JSON call from a page's script: the crumb cookie and header, plus any other cookies and headers. */
export function callApi(
  host: string,
  path: string,
  options: {
    method?: string
    body?: unknown
    crumb?: string
    cookies?: string[]
    headers?: Record<string, string>
  } = {},
): Promise<Response> {
  const crumb = options.crumb ?? newCrumb()
  const headers: Record<string, string> = {
    cookie: [`crumb=${crumb}`, ...(options.cookies ?? [])].join('; '),
    'X-CSRF-Token': crumb,
    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  }
  return visit(host, path, {
    method: options.method ?? 'POST',
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  })
}

export interface SignedIn {
  response: Response
  /** `ss_site_user=<token>`, for the next requests' cookie header. */
  cookie: string
  xsrfToken: string
}

/** Signs in through the session API. */
export async function signIn(
  host: string,
  email: string,
  password: string,
  rememberMe = false,
): Promise<SignedIn> {
  const response = await callApi(host, '/api/site-users/account/session', {
    body: { email, password, rememberMe },
  })
  const body = (await response.clone().json()) as { xsrfToken?: string }
  return {
    response,
    cookie: `ss_site_user=${cookieValue(response, 'ss_site_user') ?? ''}`,
    xsrfToken: body.xsrfToken ?? '',
  }
}

/** The demo site users' passwords, as the README lists them. */
export const DEMO_PASSWORDS: Record<string, string> = {
  'admin@aurora.example': 'aurora-admin-2026',
  'manager@aurora.example': 'aurora-manager-2026',
  'viewer@aurora.example': 'aurora-viewer-2026',
  'shopper@aurora.example': 'aurora-shopper-2026',
  'manager@kissa.example': 'kissa-manager-2026',
  'viewer@kissa.example': 'kissa-viewer-2026',
  'admin@journal.example': 'journal-admin-2026',
  'member@journal.example': 'journal-member-2026',
  'editor@journal.example': 'journal-editor-2026',
  'viewer@journal.example': 'journal-viewer-2026',
  'campaigns@journal.example': 'journal-campaigns-2026',
  'moderator@journal.example': 'journal-moderator-2026',
  'commenter@journal.example': 'journal-commenter-2026',
}

/**
 * A copy of a demo tenant under another site id and host, with changes to its website
 * settings (a restrictive cookie policy, tracking disabled). Storage is per test file.
 */
export async function copyTenant(
  fromSiteId: string,
  toSiteId: string,
  host: string,
  website: Record<string, unknown>,
): Promise<void> {
  const { keys } = await env.CATALOG.list({ prefix: `site:${fromSiteId}:` })
  await Promise.all(
    keys.map(async ({ name }) => {
      const value = (await env.CATALOG.get(name, 'text')) ?? ''
      await env.CATALOG.put(`site:${toSiteId}:${name.slice(`site:${fromSiteId}:`.length)}`, value)
    }),
  )
  const site = JSON.parse((await env.CATALOG.get(`site:${fromSiteId}`, 'text')) ?? '{}')
  site.id = toSiteId
  site.website = { ...site.website, ...website }
  await env.CATALOG.put(`site:${toSiteId}`, JSON.stringify(site))
  await env.CATALOG.put(`host:${host}`, toSiteId)
}

/** Stored analytics events whose data contains `marker`, once the queue's consumer has stored them. */
export async function storedEvents(
  marker: string,
  expected: number,
  timeoutMs = 15_000,
): Promise<{ event: string; site_id: string; data: Record<string, unknown> }[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { results } = await env.DB.prepare(
      'SELECT event, site_id, data FROM analytics_events WHERE instr(data, ?) > 0 ORDER BY id',
    )
      .bind(marker)
      .all<{ event: string; site_id: string; data: string }>()
    if (results.length >= expected || Date.now() > deadline) {
      return results.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }))
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A marker unique to one test, put in a beacon's data to find its stored row. */
export function marker(): string {
  return `m${crypto.randomUUID().slice(0, 8)}`
}

/**
 * Runs `run` inside one rate-limit window, deterministically: the local limiter counts in fixed
 * windows aligned to the period (miniflare), so when less than `needMs` is left of the current
 * window the run waits for the next one to begin. A run that still crosses a window took longer
 * than `needMs` and fails loudly (a slow test, not a flaky one). Callers give their test a
 * timeout of `needMs` plus the period.
 */
export async function inOneRateWindow<T>(
  run: (attempt: number) => Promise<T>,
  periodSeconds = 60,
  needMs = 20_000,
): Promise<T> {
  const periodMs = periodSeconds * 1000
  const left = periodMs - (Date.now() % periodMs)
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50))
  const window = Math.floor(Date.now() / periodMs)
  const result = await run(0)
  if (Math.floor(Date.now() / periodMs) !== window)
    throw new Error(`The run took more than ${needMs} ms and crossed a rate-limit window: give it more room`)
  return result
}

/** The timeout of a test that runs in one rate-limit window (its own time and a wait for a window). */
export const RATE_WINDOW_TIMEOUT = 90_000
