/**
 * Rate limits (wrangler.toml `[[ratelimits]]`, the Workers rate limiting binding), in two tiers,
 * both per tenant (one tenant's traffic never spends another's budget):
 *
 * - **per visitor and endpoint**: the visitor is their crumb, but only a crumb that came in
 *   the request's cookie and that this server signed (middleware/crumb.ts). A request with no
 *   valid crumb is counted under its client address instead, so dropping the cookie never
 *   starts a fresh bucket.
 * - **per client address and endpoint**, above every per-visitor limit (`ADDRESS_LIMITER`,
 *   five times the visitor's): an office or a mobile carrier's shared address holds many
 *   visitors, each within their own limit, and together still far below this one; a script
 *   that mints a crumb per call meets it. IPv6 counts by /64 (client-address.ts).
 *
 * Analytics beacons have tiers of their own, per address and site, per visitor and per site
 * (analytics/guard.ts, analytics/limits.ts).
 *
 * What a visitor behind a busy shared address can still do: everything, until the address as a
 * whole passes 300 calls of one endpoint a minute (30 for likes); then that endpoint answers
 * 429 'Please try again in a few seconds.' for the rest of the minute, and other endpoints
 * and every page still work.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { COMMERCE_TEXT } from '../../shared/index'
import type { AppEnv } from '../env'
import { clientAddressOf } from './client-address'

/** The limiter's key for this request and endpoint. */
export function rateLimitKey(siteId: string, endpoint: string, subject: string): string {
  return `${siteId}:${endpoint}:${subject}`
}

/** The rate-limiting bindings of wrangler.toml. */
export type RateLimiterName =
  | 'RATE_LIMITER'
  | 'SIGN_IN_LIMITER'
  | 'BEACON_LIMITER'
  | 'ADDRESS_LIMITER'
  | 'ADDRESS_STRICT_LIMITER'
  | 'BEACON_ADDRESS_LIMITER'
  | 'BEACON_SITE_LIMITER'

export interface RateLimitOptions {
  /** Which binding counts visitors (its limit and period are in wrangler.toml); RATE_LIMITER unless told. */
  limiter?: RateLimiterName
  /** Which binding counts client addresses; ADDRESS_LIMITER unless told. */
  addressLimiter?: RateLimiterName
  /** The 429's message; the spec's 'Please try again in a few seconds.' unless told. */
  message?: string
}

/** The request's client address as a limit subject (`a:<address>`; `a:unknown` without one). */
export function addressSubject(c: Context<AppEnv>): string {
  return `a:${clientAddressOf(c.req.raw) ?? 'unknown'}`
}

/** Who this request is for per-visitor limits: its signed crumb from the cookie, else its address. */
export function visitorSubject(c: Context<AppEnv>): string {
  return c.get('knownVisitor') ? `v:${c.get('crumb')}` : addressSubject(c)
}

/**
 * Counts one call of `endpoint` by `subject` (the visitor unless told: an account's email, a
 * page's id) and says whether it is within the limit.
 */
export async function withinRateLimit(
  c: Context<AppEnv>,
  endpoint: string,
  limiter: RateLimiterName = 'RATE_LIMITER',
  subject: string = visitorSubject(c),
): Promise<boolean> {
  const binding: RateLimit | undefined = c.env[limiter]
  if (binding === undefined) {
    // `wrangler dev` (4.86) leaves the `[[ratelimits]]` of every Worker of a session but the
    // first unbound: in `npm start` the API Worker runs second, so local runs count nothing
    // there. Production and the worker tests bind them; a production Worker without one is
    // misconfigured, and answers 500 rather than taking calls without a limit.
    if (c.env.ENVIRONMENT === 'production') throw new Error(`The rate limit binding ${limiter} is missing`)
    return true
  }
  const { success } = await binding.limit({
    key: rateLimitKey(c.get('tenant').siteId, endpoint, subject),
  })
  return success
}

/** Counts this call against the client address's and the visitor's limits for `endpoint`. */
export async function withinLimits(c: Context<AppEnv>, endpoint: string, options: RateLimitOptions = {}) {
  const address = await withinRateLimit(
    c,
    endpoint,
    options.addressLimiter ?? 'ADDRESS_LIMITER',
    addressSubject(c),
  )
  return address && (await withinRateLimit(c, endpoint, options.limiter ?? 'RATE_LIMITER'))
}

/** 429 with a JSON message once the visitor or their address has called `endpoint` too often. */
export function rateLimit(endpoint: string, options: RateLimitOptions = {}): MiddlewareHandler<AppEnv> {
  const message = options.message ?? COMMERCE_TEXT.tryAgainShortly
  return async function rateLimit(c, next) {
    if (!(await withinLimits(c, endpoint, options))) return c.json({ message }, 429, { 'Retry-After': '10' })
    await next()
  }
}
