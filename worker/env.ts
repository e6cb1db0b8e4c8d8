import type { CartObject } from './durable/cart'
import type { InventoryObject } from './durable/inventory'

/** The bindings declared in wrangler.toml, as the worker sees them. */
export interface Env {
  CATALOG: KVNamespace
  CART: DurableObjectNamespace<CartObject>
  INVENTORY: DurableObjectNamespace<InventoryObject>
  DB: D1Database
  ANALYTICS_QUEUE: Queue<AnalyticsMessage>
  RATE_LIMITER: RateLimit
  /** Sign-in and page passwords, per visitor and per account or page (10 a minute). */
  SIGN_IN_LIMITER: RateLimit
  /** Analytics beacons per visitor and endpoint (generous: a page sends a handful). */
  BEACON_LIMITER: RateLimit
  /** Signs site-user sessions, XSRF tokens and unlock cookies (worker/auth/secret.ts). */
  SESSION_SECRET: string
  ASSETS: Fetcher
  /** "true" only in local development: plain `localhost` lists the demo tenants. */
  DEMO_INDEX?: string
  ENVIRONMENT: string
  /** `test` (the local test provider, README "Payments") or `stripe`. */
  PAYMENT_PROVIDER?: string
  /** The real provider's secret key (a wrangler secret, never in wrangler.toml). */
  STRIPE_SECRET_KEY?: string
  /** Signs subscription and gift-card checkout tokens (a wrangler secret in production). */
  CART_TOKEN_SECRET?: string
}

/** One analytics event as it travels through the queue. */
export interface AnalyticsMessage {
  siteId: string
  event: string
  data: Record<string, unknown>
  /** Epoch milliseconds at which the visitor's browser fired the event. */
  occurredAt: number
}
