/**
 * What every beacon endpoint checks before it reads a byte of the body (issue 18):
 *
 * 1. a crumb this server minted, from the request's cookie (`c.get('knownVisitor')`,
 *    middleware/crumb.ts): without one, a 403 `{crumbFail: true, message}` as `requireCrumb`
 *    answers, and nothing is queued. `navigator.sendBeacon` and the script's same-origin posts
 *    send the page's cookies, and every page sets the crumb, so the tracking script has it;
 * 2. the volume limits of limits.ts, per client address and site, per visitor and endpoint, then
 *    per site: a 429 'Please try again in a few seconds.' past any of them.
 *
 * The body's size is checked as it is read (beacon-body.ts).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { COMMERCE_TEXT } from '../../shared/index'
import type { AppEnv } from '../env'
import { crumbRefusal } from '../middleware/crumb'
import { addressSubject, visitorSubject, withinRateLimit } from '../middleware/rate-limit'

/** The part of a limit key that names every beacon endpoint together. */
export const ALL_BEACONS = 'beacons'

/**
 * Counts this beacon of `endpoint`: its address's budget on this site first, then the
 * visitor's, then the site's, so a beacon refused for its address or visitor never spends the
 * site's budget.
 */
export async function withinBeaconLimits(c: Context<AppEnv>, endpoint: string): Promise<boolean> {
  return (
    (await withinRateLimit(c, ALL_BEACONS, 'BEACON_ADDRESS_LIMITER', addressSubject(c))) &&
    (await withinRateLimit(c, endpoint, 'BEACON_LIMITER', visitorSubject(c))) &&
    (await withinRateLimit(c, ALL_BEACONS, 'BEACON_SITE_LIMITER', 'site'))
  )
}

/** The checks above, for the beacon endpoint `endpoint` (`census:RecordHit`, ...). */
export function beaconGuard(endpoint: string): MiddlewareHandler<AppEnv> {
  return async function beaconGuard(c, next) {
    if (!c.get('knownVisitor')) return crumbRefusal(c)
    if (!(await withinBeaconLimits(c, endpoint))) {
      return c.json({ message: COMMERCE_TEXT.tryAgainShortly }, 429, { 'Retry-After': '10' })
    }
    await next()
  }
}
