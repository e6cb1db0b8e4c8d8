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
  /** Analytics beacons per client address and site, every endpoint together (analytics/limits.ts). */
  BEACON_ADDRESS_LIMITER: RateLimit
  /** Analytics beacons per site, every address together (analytics/limits.ts). */
  BEACON_SITE_LIMITER: RateLimit
  /** Per client address and endpoint, above every per-visitor limit (300 a minute). */
  ADDRESS_LIMITER: RateLimit
  /** Per client address where a person acts a few times a minute at most: likes (30 a minute). */
  ADDRESS_STRICT_LIMITER: RateLimit
  /** Signs site-user sessions, XSRF tokens and unlock cookies (worker/auth/secret.ts). */
  SESSION_SECRET: string
  ASSETS: Fetcher
  /** "true" only in local development: plain `localhost` lists the demo tenants. */
  DEMO_INDEX?: string
  ENVIRONMENT: string
  /** Restock notifications on their way to the email provider (worker/queues/notifications.ts). */
  NOTIFICATIONS_QUEUE: Queue<NotificationMessage>
  /** Signs form submission keys (worker/form-keys.ts); a secret in production. */
  FORM_KEY_SECRET?: string
  /** `local` (default) or `recaptcha` (worker/providers/captcha.ts). */
  CAPTCHA_PROVIDER?: string
  /** A secret (`wrangler secret put`), for `recaptcha`. */
  RECAPTCHA_SECRET_KEY?: string
  /** `local` (default) or `google` (worker/providers/places.ts). */
  PLACES_PROVIDER?: string
  /** A secret (`wrangler secret put`), for `google`; never sent to the browser. */
  GOOGLE_MAPS_API_KEY?: string
  /** `local` (default) or `resend` (worker/providers/email.ts). */
  EMAIL_PROVIDER?: string
  EMAIL_API_KEY?: string
  EMAIL_FROM?: string
  /** `test` (the local test provider, README "Payments") or `stripe`. */
  PAYMENT_PROVIDER?: string
  /** The real provider's secret key (a wrangler secret, never in wrangler.toml). */
  STRIPE_SECRET_KEY?: string
  /** Checks Stripe's webhook signatures (`whsec_…`, a wrangler secret in production). */
  STRIPE_WEBHOOK_SECRET?: string
  /** Signs subscription and gift-card checkout tokens (a wrangler secret in production). */
  CART_TOKEN_SECRET?: string
}

/** One restock notification as it travels through the queue. */
export interface NotificationMessage {
  kind: 'restock'
  siteId: string
  signUpId: number
  productId: string
  variantId: string
  email: string
  /** What the email names: the product's title and its page. */
  productTitle: string
  productUrl: string
}

/** One analytics event as it travels through the queue. */
export interface AnalyticsMessage {
  siteId: string
  event: string
  data: Record<string, unknown>
  /** Epoch milliseconds at which the visitor's browser fired the event. */
  occurredAt: number
}
