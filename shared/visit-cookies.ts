/**
 * Visit counting and analytics rules the worker and the browser's tracking script both apply
 * (platform.md sections 3, 4, 5 and 9; storefront.md sections 2 and 6): the visitor-record and
 * visit-timestamp cookie formats and transitions, when analytics is suppressed, and the
 * tracking limits. Plain functions over plain data, safe to bundle for the browser.
 */
import { WebsiteRole } from './enumerations'

/** The visitor record (`ss_cvr`): five pipe-separated parts. */
interface VisitorRecord {
  /** Random visitor id. */
  id: string
  /** Epoch milliseconds of the first visit, the previous visit and the current one. */
  firstVisit: number
  previousVisit: number
  currentVisit: number
  /** Visits so far, this one included. */
  count: number
}

/** platform.md section 9: two years (2 x 365 days) and 30 minutes, both path-wide; seconds. */
export const VISITOR_RECORD_MAX_AGE = 2 * 365 * 24 * 60 * 60
export const VISIT_TIMESTAMP_MAX_AGE = 30 * 60
/** platform.md section 9: the analytics cookie lives 390 days, path `/`. */
export const ANALYTICS_COOKIE_MAX_AGE = 390 * 24 * 60 * 60

const POSITIVE_INTEGER = /^[1-9]\d{0,15}$/
const VISITOR_ID = /^[A-Za-z0-9_-]{1,64}$/

function positiveInteger(text: string | undefined): number | null {
  if (text === undefined || !POSITIVE_INTEGER.test(text)) return null
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : null
}

/**
 * platform.md section 5: "an id followed by four positive integers separated by pipes". Anything
 * else (a missing part, a zero, a sign, spaces, a sixth part) is not a visitor record.
 */
export function parseVisitorRecord(value: string | undefined | null): VisitorRecord | null {
  if (!value) return null
  const parts = value.split('|')
  if (parts.length !== 5 || !VISITOR_ID.test(parts[0] ?? '')) return null
  const [firstVisit, previousVisit, currentVisit, count] = parts.slice(1).map(positiveInteger)
  if (firstVisit == null || previousVisit == null || currentVisit == null || count == null) return null
  return { id: parts[0] as string, firstVisit, previousVisit, currentVisit, count }
}

export function formatVisitorRecord(record: VisitorRecord): string {
  return [record.id, record.firstVisit, record.previousVisit, record.currentVisit, record.count].join('|')
}

/** platform.md section 5: the visit timestamp "must be a positive integer". */
export function parseVisitTimestamp(value: string | undefined | null): number | null {
  return positiveInteger(value ?? undefined)
}

/** What one page view does to the visitor's record. */
type VisitTransition = 'new-visitor' | 'new-visit' | 'same-visit'

/**
 * platform.md section 4: with a valid record and an expired timestamp the count goes up by one
 * and a new timestamp is set; with no valid record a new one is made with count 1. A timestamp
 * that is missing, malformed, or older than 30 minutes (a client that kept it past its
 * Max-Age) counts as expired. The timestamp is renewed on every page view, so a visit lasts
 * until the visitor has been away for 30 minutes.
 */
export function nextVisit(
  recordCookie: string | undefined | null,
  timestampCookie: string | undefined | null,
  now: number,
  newId: () => string,
): { record: VisitorRecord; transition: VisitTransition } {
  const record = parseVisitorRecord(recordCookie)
  if (record === null) {
    return {
      record: { id: newId(), firstVisit: now, previousVisit: now, currentVisit: now, count: 1 },
      transition: 'new-visitor',
    }
  }
  const timestamp = parseVisitTimestamp(timestampCookie)
  const expired = timestamp === null || now - timestamp >= VISIT_TIMESTAMP_MAX_AGE * 1000
  if (!expired) return { record, transition: 'same-visit' }
  return {
    record: { ...record, previousVisit: record.currentVisit, currentVisit: now, count: record.count + 1 },
    transition: 'new-visit',
  }
}

/** Paths containing `/config/` are the site-editing area (storefront.md section 2). */
function isConfigPath(path: string): boolean {
  return `${path}/`.includes('/config/')
}

/**
 * storefront.md section 6, platform.md section 5: analytics is suppressed for signed-in accounts
 * unless their only website role is viewer outside the config area. `roles` is null for a
 * visitor who is not signed in. A site user with no website role at all is a member or a
 * customer, not one of the site's accounts: they are counted like any visitor.
 */
export function accountSuppressesAnalytics(roles: readonly number[] | null, path: string): boolean {
  if (roles === null || roles.length === 0) return false
  const viewerOnly = roles.every((role) => role === WebsiteRole.VIEWER)
  return !viewerOnly || isConfigPath(path)
}

/** Page kinds where analytics is skipped altogether (storefront.md section 2, platform.md section 4). */
const UNTRACKED_PAGE_KINDS: readonly string[] = [
  'not-found',
  'lock-screen',
  'member-denied',
  // Ours: the double opt-in page, whose URL carries the confirmation token (issue 18).
  'subscription-confirm',
]

/** Paths excluded from page-view tracking (storefront.md section 2). */
export const PAGE_VIEW_EXCLUDED_PATHS: readonly string[] = ['/search']

/** Whether a page loads the tracking script at all: not on the pages analytics skips, not when the site disabled tracking. */
export function pageIsTracked(pageKind: string, trackingDisabled: boolean): boolean {
  return !trackingDisabled && !UNTRACKED_PAGE_KINDS.includes(pageKind)
}

/** Whether a page view of `path` is recorded (the tracking script and the worker both check). */
export function pageViewIsTracked(pageKind: string, path: string, trackingDisabled: boolean): boolean {
  return pageIsTracked(pageKind, trackingDisabled) && !PAGE_VIEW_EXCLUDED_PATHS.includes(path)
}

/** platform.md section 4: staging hosts give staging, local or dev hosts give dev, otherwise prod. */
export function sourceEnvironment(hostname: string): 'dev' | 'staging' | 'prod' {
  const host = hostname.toLowerCase()
  if (/(^|[.-])staging([.-]|$)/.test(host)) return 'staging'
  if (host === 'localhost' || host.endsWith('.localhost') || /^127\.|^\[?::1\]?$/.test(host)) return 'dev'
  if (/(^|[.-])dev([.-]|$)/.test(host) || host.endsWith('.local') || host.endsWith('.test')) return 'dev'
  return 'prod'
}

/**
 * The environment commerce events are reported under (storefront.md section 7, platform.md
 * section 7): "staging environment on internal hosts, otherwise production". Internal hosts
 * are the ones `sourceEnvironment` does not call prod: staging, local and development hosts.
 */
export function commerceEnvironment(hostname: string): 'staging' | 'production' {
  return sourceEnvironment(hostname) === 'prod' ? 'production' : 'staging'
}

/** Tracking limits and fixed values (platform.md section 9, storefront.md section 7). */
export const TRACKING = {
  /** Analytics posts give up after 2.5 seconds; their failures are ignored. */
  timeoutMs: 2500,
  /** A tracking event succeeded with one of these statuses. */
  successStatuses: [200, 202] as readonly number[],
  clientName: 'storefront-tracking',
  clientVersion: '3.8.0',
  /** User-timing marks are kept only with this prefix (platform.md section 5). */
  userTimingPrefix: 'sf:',
  errorReporting: { maxBatches: 20, maxEntries: 10, debounceMs: 1000, stackLimit: 5000 },
  /**
   * The site's buttons the census beacons report (`button-render`, `button-click`): button
   * blocks and links styled as buttons. A page reports at most `maxRendered` renders, so a
   * page of buttons never spends a visitor's beacon budget.
   */
  buttons: {
    selector: 'a.button, a.sqs-block-button-element, a[class*="sqs-button-element"]',
    maxRendered: 10,
  },
  performance: {
    collectorVersion: '4.0.7',
    /**
     * The two timing windows of the collector, 30 s each: the page-speed window (time to
     * interactive is looked for only within the first 30 s of the page) and the user-timing
     * window (marks set later than 30 s into the page are not kept).
     */
    timingWindowMs: 30_000,
    userTimingWindowMs: 30_000,
    /** Time to interactive: the first quiet window (no long task) this long after the first paint. */
    quietWindowMs: 5_000,
    /** web-vitals measurements are sent at the latest after this long. */
    measurementTimeoutMs: 60_000,
    /** Feature flags read from the settings call. */
    flags: ['rum', 'track-page-speed', 'track-user-timing'] as const,
  },
} as const

export type PerformanceFlag = (typeof TRACKING.performance.flags)[number]

/**
 * The four commerce events (storefront.md section 7, platform.md section 7), then the other
 * shopper events that section says fire "for item viewed, item added, checkout confirmed"
 * (their names are ours: the spec shows no transport). All carry the shopper tracking fields.
 */
export const COMMERCE_EVENTS = [
  'CommerceShopping_VisitPDP',
  'CommerceShopping_AddToCart',
  'CommerceShopping_ViewCart',
  'CommerceShopping_RemoveFromCart',
  'CommerceShopping_ItemViewed',
  'CommerceShopping_ItemAdded',
  'CommerceShopping_CheckoutConfirmed',
] as const
export type CommerceEventName = (typeof COMMERCE_EVENTS)[number]

/** Where commerce events come from (storefront.md section 7). */
export const COMMERCE_EVENT_ORIGIN = {
  source: 'web',
  owner_team: 'commerce merchandising',
  product_area: 'commerce shopping',
} as const

/** The Performance event's fixed fields (platform.md section 7). */
export const PERFORMANCE_EVENT_ORIGIN = {
  action: 'load',
  actor: 'user',
  owner_team: 'web_performance',
  source: 'web',
  object_type: 'website',
} as const

/**
 * The Performance payload (platform.md section 3, all optional numbers), plus
 * `interaction_to_next_paint_ms`: INP replaced first input delay in web-vitals, so it goes in
 * an added field (a deviation from the spec's payload, listed in docs/spec-deviations.md).
 */
export const PERFORMANCE_FIELDS = [
  'cumulative_layout_shift',
  'decoded_body_size_bytes',
  'dom_content_loaded_event_end_ms',
  'dom_content_loaded_event_start_ms',
  'domain_lookup_ms',
  'encoded_body_size_bytes',
  'first_contentful_paint_ms',
  'first_input_delay_ms',
  'largest_contentful_paint_ms',
  'load_event_end_ms',
  'load_event_start_ms',
  'response_start_ms',
  'tcp_connection_ms',
  'time_to_interactive_ms',
  'tls_negotiation_ms',
  'interaction_to_next_paint_ms',
] as const
export type PerformanceField = (typeof PERFORMANCE_FIELDS)[number]

/** Product type names as commerce events carry them (`item_type`, `product_types_list`). */
export const PRODUCT_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'PHYSICAL',
  2: 'DIGITAL',
  3: 'SERVICE',
  4: 'GIFT_CARD',
  5: 'PAYWALL',
}
