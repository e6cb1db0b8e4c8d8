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

/** Counts this call against the visitor's limit for `endpoint`; true once they are over it. */
export async function overRateLimit(c: Context<AppEnv>, endpoint: string): Promise<boolean> {
  const key = rateLimitKey(c.var.tenant.siteId, endpoint, c.var.crumb ?? null)
  const { success } = await c.env.RATE_LIMITER.limit({ key })
  return !success
}

/** 429 with a JSON message once the visitor has called `endpoint` too often. */
export function rateLimit(endpoint: string): MiddlewareHandler<AppEnv> {
  return async function rateLimit(c, next) {
    if (await overRateLimit(c, endpoint)) {
      return c.json({ message: COMMERCE_TEXT.tryAgainShortly }, 429, { 'Retry-After': '10' })
    }
    await next()
  }
}
