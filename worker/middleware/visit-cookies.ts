/**
 * Visit cookies at the edge (platform.md sections 4, 5 and 9): the visitor record `ss_cvr`
 * (`id|first visit|previous visit|current visit|count`, two years) and the visit timestamp
 * `ss_cvt` (30 minutes), both path-wide and readable by the tracking script, which sends the
 * record with its beacons. The rules are `nextVisit` in shared/visit-cookies.ts:
 *
 * - no valid record (missing or malformed): a new one, count 1;
 * - a valid record and an expired (missing, malformed or stale) timestamp: a new visit, count
 *   up by one, the previous visit is the last current one;
 * - a valid record and a live timestamp: the same visit, only the timestamp is renewed.
 *
 * A site whose cookie policy is restrictive gets none of them: the five visitor cookies
 * (`VISITOR_COOKIES`) the browser sends are cleared, and nothing is set. `crumb`, the cart
 * cookies and the site-user cookie are not visitor cookies and are never touched here.
 *
 * The cookies go onto the response after the page is produced, from this request's own
 * cookies: the page body never depends on them, so a cached page (the full-page cache sits
 * inside this middleware) never carries another visitor's cookies.
 */
import type { Context, MiddlewareHandler } from 'hono'
import {
  COOKIE,
  formatVisitorRecord,
  nextVisit,
  parseVisitTimestamp,
  VISIT_TIMESTAMP_MAX_AGE,
  VISITOR_RECORD_MAX_AGE,
} from '../../shared/index'
import { randomId } from '../crypto/encoding'
import type { AppEnv } from '../env'
import { clearCookie, readCookie, writePlainCookie } from '../http/cookies'

/** How old the visit timestamp may get before a page view renews it. */
export const VISIT_TIMESTAMP_RENEW_MS = 60_000

/**
 * The five visitor cookies a restrictive cookie policy clears and stops setting (storefront.md
 * section 9). `crumb`, the cart cookies and the site-user cookie are never among them.
 */
export const VISITOR_COOKIES = [
  COOKIE.census,
  COOKIE.visitTimestamp,
  COOKIE.analyticsId,
  COOKIE.sessionId,
  COOKIE.marketingId,
] as const

/** A page a visitor's browser shows: an HTML answer to a GET that did not fail on our side. */
function isPageView(method: string, response: Response): boolean {
  return (
    method === 'GET' &&
    response.status < 500 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  )
}

/**
 * What a page view does to the visit cookies: clear the visitor cookies the browser sent (a
 * restrictive cookie policy), set a new record and the timestamp (a new visitor or visit), renew
 * the timestamp (older than `VISIT_TIMESTAMP_RENEW_MS`), or nothing.
 */
type VisitCookieWork =
  | { kind: 'clear'; names: string[] }
  | { kind: 'write'; record: string | null; stamp: boolean }
  | { kind: 'none' }

function visitCookieWork(c: Context<AppEnv>, now: number): VisitCookieWork {
  if (c.get('tenant').site.website.cookiePolicy === 'restrictive') {
    const names = VISITOR_COOKIES.filter((name) => readCookie(c, name) !== undefined)
    return names.length > 0 ? { kind: 'clear', names } : { kind: 'none' }
  }
  const { record, transition } = nextVisit(
    readCookie(c, COOKIE.census),
    readCookie(c, COOKIE.visitTimestamp),
    now,
    randomId,
  )
  // Renewed at most once a minute: a repeat view within the minute sets no cookie, so it stays
  // shareable (page-cache.ts, privateWhenSettingCookies). A visit then ends 29 to 30 minutes
  // after its last page view instead of exactly 30.
  const stamped = parseVisitTimestamp(readCookie(c, COOKIE.visitTimestamp))
  const stamp = transition !== 'same-visit' || stamped === null || now - stamped >= VISIT_TIMESTAMP_RENEW_MS
  const written = transition === 'same-visit' ? null : formatVisitorRecord(record)
  return written === null && !stamp ? { kind: 'none' } : { kind: 'write', record: written, stamp }
}

/** Whether a page view now would set or clear any visit cookie (the held-page answer, app.ts). */
export function visitCookiesDue(c: Context<AppEnv>): boolean {
  return visitCookieWork(c, Date.now()).kind !== 'none'
}

/** Sets, renews or (under a restrictive cookie policy) clears the visit cookies on page views. */
export function visitCookies(): MiddlewareHandler<AppEnv> {
  return async function visitCookies(c, next) {
    await next()
    if (!isPageView(c.req.method, c.res)) return
    const now = Date.now()
    const work = visitCookieWork(c, now)
    if (work.kind === 'clear') for (const name of work.names) clearCookie(c, name)
    if (work.kind !== 'write') return
    if (work.record !== null) writePlainCookie(c, COOKIE.census, work.record, VISITOR_RECORD_MAX_AGE)
    if (work.stamp) writePlainCookie(c, COOKIE.visitTimestamp, String(now), VISIT_TIMESTAMP_MAX_AGE)
  }
}
