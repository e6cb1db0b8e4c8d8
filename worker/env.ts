import type { SiteUserSession } from './auth/site-user'
import type { SessionClaims } from './auth/tokens'
import type { Catalog } from './catalogue/reader'
import type { Site } from './catalogue/records'
import type { CartObject } from './durable/cart'
import type { InventoryObject } from './durable/inventory'
import type { PageActionResult } from './routes/page-posts'

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
  /** Signs site-user sessions, XSRF tokens and unlock cookies (worker/crypto/secrets.ts). */
  SESSION_SECRET: string
  ASSETS: Fetcher
  /**
   * The sites' files (issue 22): the editor uploads them, the storefront serves them at
   * `/s/<id>/<name>` (worker/routes/files.ts). Keys by site and file id (worker/editor/files-store.ts).
   */
  FILES: R2Bucket
  /**
   * Where a file's srcset widths come from: `stored` (default: the widths the editor made in the
   * browser, checked by the job) or `cloudflare` (Cloudflare Images resizes the original on
   * request through `IMAGES`; docs/deployment.md).
   */
  IMAGE_WIDTHS?: 'stored' | 'cloudflare'
  /** Cloudflare Images (production, with `IMAGE_WIDTHS = "cloudflare"`). */
  IMAGES?: ImagesBinding
  /**
   * The site editor's Worker (worker/editor/), reached for `/config*` where no route sends those
   * paths to it directly (local runs): production routes them to it, so this is unset there.
   */
  EDITOR?: Fetcher
  /**
   * The storefront's API Worker (worker/api-worker/): the page Worker forwards `/api*` and
   * `/_operator*` to it (app.ts). Unset in the API Worker itself, which answers them.
   */
  API?: Fetcher
  /**
   * Seconds an isolate trusts a tenant's content version before reading it again (5 when unset;
   * middleware/tenant.ts). The worker tests set 0: they publish by writing KV directly.
   */
  CONTENT_VERSION_SECONDS?: string
  /** "true" only in local development: plain `localhost` lists the demo tenants. */
  DEMO_INDEX?: string
  ENVIRONMENT: string
  /** Restock notifications and confirmation emails on their way to the email provider (worker/queues/notifications.ts). */
  NOTIFICATIONS_QUEUE: Queue<NotificationMessage>
  /**
   * Connections (issue 23): form submissions, restock sign-ups, paid orders and mailing-list
   * subscribers, for the editor's Worker to deliver (worker/queues/connection-events.ts).
   */
  CONNECTIONS_QUEUE: Queue<ConnectionMessage>
  /** Order confirmation emails the first send could not deliver, retried (worker/commerce/order-email.ts). */
  ORDER_EMAILS_QUEUE: Queue<OrderEmailMessage>
  /** Signs form submission keys (worker/auth/form-keys.ts); a secret in production. */
  FORM_KEY_SECRET?: string
  /** `local` (default) or `recaptcha` (worker/providers/captcha.ts). */
  CAPTCHA_PROVIDER?: string
  /** A secret (`wrangler secret put`), for `recaptcha`. */
  RECAPTCHA_SECRET_KEY?: string
  /** `local` (default) or `afterpay`: the installment dialog's terms page (worker/providers/installment-terms.ts). */
  INSTALLMENTS_PROVIDER?: string
  /** `local` (default) or `google` (worker/providers/places.ts). */
  PLACES_PROVIDER?: string
  /** A secret (`wrangler secret put`), for `google`; never sent to the browser. */
  GOOGLE_MAPS_API_KEY?: string
  /** `local` (default) or `resend` (worker/providers/email.ts). */
  EMAIL_PROVIDER?: string
  EMAIL_API_KEY?: string
  EMAIL_FROM?: string
  /**
   * The mailing-list connector's services (the editor's Worker; worker/providers/mailing-lists.ts):
   * `local` (default: lists in D1) alone, or `mailchimp` beside it, with its key in `MAILCHIMP_API_KEY`.
   */
  MAILING_LIST_PROVIDER?: string
  MAILCHIMP_API_KEY?: string
  /**
   * Opens the operator's calls (worker/api/operator.ts: replaying dead letters); unset, they
   * do not exist. A secret in production (`wrangler secret put OPERATOR_TOKEN --env production`).
   */
  OPERATOR_TOKEN?: string
  /** `test` (the local test provider, docs/cart-and-checkout.md, "Payments") or `stripe`. */
  PAYMENT_PROVIDER?: string
  /** The real provider's secret key (a wrangler secret, never in wrangler.toml). */
  STRIPE_SECRET_KEY?: string
  /** Checks Stripe's webhook signatures (`whsec_…`, a wrangler secret in production). */
  STRIPE_WEBHOOK_SECRET?: string
  /** Signs subscription and gift-card checkout tokens (a wrangler secret in production). */
  CART_TOKEN_SECRET?: string
}

/**
 * A restock notification as it travels through the queue: the owner's send claimed the sign-up
 * (worker/api/restock.ts); the consumer emails it and marks it sent.
 */
export interface RestockNotificationMessage {
  kind: 'restock'
  /**
   * `restock:<siteId>:<signUpId>:<round>`: the email's idempotency key. Absent on messages
   * queued before sign-ups had states (the consumer then keys on the queue message id).
   */
  id?: string
  siteId: string
  signUpId: number
  /** The sign-up's notification round the send claimed; absent on messages from before. */
  round?: number
  productId: string
  variantId: string
  email: string
  /** What the email names: the product's title and its page. */
  productTitle: string
  productUrl: string
}

/**
 * A double opt-in confirmation email (worker/actions/subscriptions.ts): written when the shopper
 * signs up, sent by the notifications consumer while its token is still the subscription's.
 */
export interface ConfirmationMessage {
  kind: 'confirmation'
  /** Random: the email's idempotency key. */
  id: string
  siteId: string
  subscription: 'restock' | 'newsletter'
  email: string
  /** SHA-256 (hex) of the token in the email's link. */
  tokenHash: string
  subject: string
  body: string
}

export type NotificationMessage = RestockNotificationMessage | ConfirmationMessage

/**
 * An order's confirmation email to retry (issue 25): queued when the send after checkout failed;
 * the consumer reads the order and sends it unless it went out meanwhile.
 */
export interface OrderEmailMessage {
  kind: 'order-confirmation'
  /** `order-confirmation:<siteId>:<orderId>`: the email's idempotency key. */
  id: string
  siteId: string
  orderId: string
}

/** What the storefront tells the site's connections: Zapier's events, and `subscriber` for the mailing list. */
export type ConnectionEvent = 'form_submission' | 'order' | 'restock_signup' | 'subscriber'

/**
 * The connections queue's messages: an `event` the storefront queued (`subscriber` data is the
 * address, or the confirmed token's hash), and one `delivery` of an event to one Zapier hook,
 * which the editor's consumer fans out (worker/editor/connections-queue.ts).
 */
export type ConnectionMessage =
  | {
      kind: 'event'
      siteId: string
      event: ConnectionEvent
      data: Record<string, unknown>
      occurredAt: number
    }
  | { kind: 'delivery'; id: string; siteId: string; hookId: string; payload: Record<string, unknown> }

/** One analytics event as it travels through the queue. */
export interface AnalyticsMessage {
  /**
   * Random, given when the beacon is accepted: the consumer stores one event per id, however
   * often it is delivered or replayed. Absent on messages from before (the queue message id then).
   */
  id?: string
  siteId: string
  event: string
  data: Record<string, unknown>
  /** Epoch milliseconds at which the visitor's browser fired the event. */
  occurredAt: number
}

/** The tenant a request belongs to, resolved once by `resolveTenant`. */
export interface Tenant {
  siteId: string
  site: Site
  /** Content version from `site:<id>:version`. */
  version: string
  hostname: string
  /**
   * Scheme, host and port of the tenant's canonical URLs: `https://` and its primary domain when
   * the site record names one, else what the visitor used (without a trailing dot).
   */
  origin: string
}

/** Hono's environment for this app: plain types, no generated route typing. */
export interface AppEnv {
  Bindings: Env
  Variables: {
    tenant: Tenant
    /** The request's reader of its tenant's records. */
    catalog: Catalog
    /** The visitor's crumb (middleware/crumb.ts): from the cookie, or new on this response. */
    crumb: string
    /** Whether the crumb came with the request (a valid cookie) rather than minted for this response. */
    knownVisitor: boolean
    /** What a plain HTML form post to this page did (routes/page-posts.ts); unset on GET. */
    pageAction?: PageActionResult
    /** The site-user cookie's verified token, once read (middleware/site-user.ts). */
    siteUserToken: SessionClaims | 'expired' | 'invalid' | null
    /** The signed-in site user below `requireSiteUser()` / `requireSiteUserRole()`. */
    siteUser: SiteUserSession
  }
}
