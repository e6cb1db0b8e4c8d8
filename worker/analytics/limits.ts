/**
 * Every limit a beacon meets, in one place (docs/analytics.md repeats them).
 *
 * Sizes, checked before a body is read (beacon-body.ts): a declared `Content-Length` over the
 * limit is a 413 at once, and a body without one is read only up to the limit. The tracking
 * script's beacons are a few KB; the schemas' field limits keep its largest (a commerce event
 * with long URLs) well under 64 KiB.
 *
 * Volume, counted in this order (guard.ts), each key carrying the site id so one tenant's flood
 * never spends another tenant's budget:
 *
 * 1. per client address and site, every beacon endpoint together: `BEACON_ADDRESS_LIMITER`,
 *    600 a minute. A page sends about five beacons, so that is some 120 page views a minute
 *    from one address (IPv6 by /64) to one site: an office or a carrier's shared address
 *    browsing one store stays under it, and past it only analytics is lost (the script ignores
 *    the 429), never a page.
 * 2. per visitor (their signed crumb) and endpoint: `BEACON_LIMITER`, 1,000 a minute.
 * 3. per site, every address together: `BEACON_SITE_LIMITER`, 60,000 a minute (1,000 beacons a
 *    second, about 12,000 page views a minute: room for a store's sale-day peak; the figure is
 *    every site's, raised in wrangler.toml if one outgrows it). It bounds what one tenant can
 *    put into the queue and the D1 table every tenant shares, and it is counted last, so only
 *    beacons within their address's limit spend it: draining it takes more than 100 addresses
 *    at their full limit.
 *
 * The figures of the three limiters live in wrangler.toml (a binding's limit is its config).
 */
import { TRACKING } from '../../shared/index'

export const BEACON_LIMITS = {
  /** The largest beacon body, in bytes: form fields, a JSON event or a JSON batch. */
  maxBodyBytes: 65_536,
  /** Entries in one batch of error reports (`RecordJavascriptErrors`): the reporter's queue. */
  maxErrorReports: TRACKING.errorReporting.maxEntries,
  /** Records in one batch of the performance collector (`/api/1/performance/records`). */
  maxPerformanceRecords: 50,
} as const

/** The 413 of a body over `maxBodyBytes`. */
export const TOO_LARGE_MESSAGE = `The beacon is too large: at most ${BEACON_LIMITS.maxBodyBytes} bytes.`

/** The 413 of a batch of more than `max` entries. */
export function tooManyEntriesMessage(max: number, noun: string): string {
  return `The batch is too large: at most ${max} ${noun}.`
}
