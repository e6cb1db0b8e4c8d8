/**
 * Where every beacon ends (storefront.md sections 6 and 7, platform.md sections 4 and 5): the
 * suppression rules, then the analytics queue. An event is acknowledged (202, `accepted`)
 * only once the queue holds it; the consumer stores it in D1 (queues/analytics.ts). A
 * suppressed event is answered 204 and never queued:
 *
 * - the site has tracking disabled;
 * - the visitor is signed in with website roles other than viewer only (or is a viewer in the
 *   site-editing area, `/config/`): their cookie is HttpOnly, so this is decided here, from
 *   the beacon's own cookies;
 * - a page view of a path excluded from page-view tracking (`/search`).
 *
 * Not-found, lock-screen and member-screen pages load no tracking script at all
 * (render/tracking.ts). JavaScript error reports are not analytics: they are always recorded.
 *
 * Every event's data is scrubbed of secrets (order ids, tokens, gift-card codes: scrub.ts) on
 * its way into the queue, whichever endpoint it came from.
 */
import type { Context } from 'hono'
import { accountSuppressesAnalytics, PAGE_VIEW_EXCLUDED_PATHS } from '../../shared/index'
import { siteUserClaims } from '../auth/site-user'
import type { AnalyticsMessage, AppEnv } from '../env'
import { scrubEventData } from './scrub'

/** One event for the queue. */
export interface BeaconEvent {
  event: string
  data: Record<string, unknown>
  /** When the browser fired it (epoch ms); the time of arrival when it did not say. */
  occurredAt?: number
}

export interface GateOptions {
  /** The page the events belong to, for the `/config/` and `/search` rules. */
  pagePath: string
  /** A page view: `/search` is excluded. */
  pageView?: boolean
  /** Error reports: recorded whatever the rules say. */
  always?: boolean
}

/** Why this request's analytics must not be recorded, or null when it may be. */
export async function suppressionOf(c: Context<AppEnv>, options: GateOptions): Promise<string | null> {
  if (options.always) return null
  if (c.get('tenant').site.website.trackingDisabled) return 'tracking-disabled'
  if (options.pageView && PAGE_VIEW_EXCLUDED_PATHS.includes(options.pagePath)) return 'excluded-path'
  const claims = await siteUserClaims(c)
  if (accountSuppressesAnalytics(claims?.roles ?? null, options.pagePath)) return 'signed-in-account'
  return null
}

/** The page a beacon came from when its data does not say: the Referer's path, else the home page. */
export function refererPath(referer: string | undefined): string {
  try {
    return referer ? new URL(referer).pathname : '/'
  } catch {
    return '/'
  }
}

/** The largest clock skew from a browser we take as it is; beyond it the arrival time is used. */
const MAX_SKEW_MS = 24 * 60 * 60 * 1000

/** Hands `events` to the queue, scrubbed: 202 `{accepted}` once it holds them, 204 when they are suppressed. */
export async function acceptEvents(
  c: Context<AppEnv>,
  events: readonly BeaconEvent[],
  options: GateOptions,
): Promise<Response> {
  const suppressed = await suppressionOf(c, options)
  if (suppressed !== null) return c.body(null, 204, { 'X-Analytics-Suppressed': suppressed })
  const now = Date.now()
  const messages = events.map(({ event, data, occurredAt }) => ({
    body: {
      // The consumer stores one event per id, however often the queue delivers it (issue 19).
      id: crypto.randomUUID(),
      siteId: c.get('tenant').siteId,
      event,
      data: scrubEventData(data),
      occurredAt: occurredAt !== undefined && Math.abs(occurredAt - now) < MAX_SKEW_MS ? occurredAt : now,
    } satisfies AnalyticsMessage,
  }))
  await c.env.ANALYTICS_QUEUE.sendBatch(messages)
  return c.json({ accepted: messages.length }, 202)
}
