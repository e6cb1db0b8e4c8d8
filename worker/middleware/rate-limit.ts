/**
 * Rate limits per visitor and endpoint (wrangler.toml `[[ratelimits]]`, the Workers rate
 * limiting binding). The key is the tenant, the endpoint and the visitor's crumb, never the IP
 * address: shoppers behind one network are not each other's limit, and one tenant's traffic
 * never spends another's budget. A visitor without a crumb shares one bucket per endpoint.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { COMMERCE_TEXT } from '../../templates/shared'
import type { AppEnv } from '../context'

/** The limiter's key for this request and endpoint. */
export function rateLimitKey(siteId: string, endpoint: string, crumb: string | null): string {
  return `${siteId}:${endpoint}:${crumb ?? 'no-crumb'}`
}

/** The rate-limiting bindings of wrangler.toml. */
export type RateLimiterName = 'RATE_LIMITER' | 'SIGN_IN_LIMITER' | 'BEACON_LIMITER'

export interface RateLimitOptions {
  /** Which binding counts (its limit and period are in wrangler.toml); RATE_LIMITER unless told. */
  limiter?: RateLimiterName
  /** The 429's message; the spec's 'Please try again in a few seconds.' unless told. */
  message?: string
}

/**
 * Counts one call of `endpoint` by `subject` (the visitor's crumb unless told: an account's
 * email, a page's id) and says whether it is within the limit.
 */
export async function withinRateLimit(
  c: Context<AppEnv>,
  endpoint: string,
  limiter: RateLimiterName = 'RATE_LIMITER',
  subject: string | null = c.var.crumb ?? null,
): Promise<boolean> {
  const { success } = await c.env[limiter].limit({
    key: rateLimitKey(c.var.tenant.siteId, endpoint, subject),
  })
  return success
}

/** Counts this call against the visitor's limit for `endpoint`; true once they are over it. */
export async function overRateLimit(c: Context<AppEnv>, endpoint: string): Promise<boolean> {
  return !(await withinRateLimit(c, endpoint))
}

/** 429 with a JSON message once the visitor has called `endpoint` too often. */
export function rateLimit(endpoint: string, options: RateLimitOptions = {}): MiddlewareHandler<AppEnv> {
  const limiter = options.limiter ?? 'RATE_LIMITER'
  const message = options.message ?? COMMERCE_TEXT.tryAgainShortly
  return async function rateLimit(c, next) {
    if (!(await withinRateLimit(c, endpoint, limiter)))
      return c.json({ message }, 429, { 'Retry-After': '10' })
    await next()
  }
}
