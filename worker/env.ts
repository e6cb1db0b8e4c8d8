/** The bindings declared in wrangler.toml, as the worker sees them. */
export interface Env {
  CATALOG: KVNamespace
  CART: DurableObjectNamespace
  INVENTORY: DurableObjectNamespace
  DB: D1Database
  ANALYTICS_QUEUE: Queue<AnalyticsMessage>
  RATE_LIMITER: RateLimit
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
  /**
   * Only the worker tests set this (vitest.config.mts), never wrangler.toml: the key of the
   * signed test token that stands in for a site-user session (worker/middleware/store-owner.ts).
   */
  TEST_SITE_USER_SECRET?: string
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
