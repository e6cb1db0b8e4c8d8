/**
 * The tracking script's tags at the end of a page's body (storefront.md sections 2 and 7,
 * platform.md sections 4 and 7): the page's tracking context as JSON and a one-line module that
 * imports the tracking script when the browser is idle. Pages analytics skips (not found, the
 * lock screen, the member screen) and sites with tracking disabled get neither: no script at
 * all. Nothing here depends on the visitor, so the page stays the same for everyone.
 */
import manifest from '../../dist/islands-manifest.json'
import { jsonForHtml } from '../../islands/props'
import { TRACKING_CONTEXT_ID, type TrackingContext } from '../../islands/tracking/contract'
import { PRODUCT_TYPE_NAMES, pageIsTracked } from '../../templates/shared'
import type { Tenant } from '../context'
import type { Item } from '../records'
import type { PageTail } from './document'

/** What a page route knows about the page for tracking. */
export interface TrackedPage {
  /** The page template's name (or `cart`): `product`, `page`, `not-found`, ... */
  kind: string
  /** The page's record: the item, else the collection. */
  pageId?: string
  /** A product page's item. */
  product?: Item
}

function trackedProduct(item: Item): TrackingContext['product'] {
  const content = item.structuredContent
  if (content === undefined) return null
  const money = content.variants[0]?.priceMoney
  return {
    itemId: item.id,
    title: item.title,
    productType: PRODUCT_TYPE_NAMES[content.productType] ?? 'UNKNOWN',
    // A decimal amount in major units (records.ts moneySchema).
    price: money === undefined ? null : Number(money.value),
    currency: money?.currency ?? null,
  }
}

/** The page's tracking context, or null when the page loads no tracking script. */
export function trackingContext(tenant: Tenant, page: TrackedPage): TrackingContext | null {
  const { website } = tenant.site
  if (!pageIsTracked(page.kind, website.trackingDisabled)) return null
  return {
    websiteId: website.id,
    pageKind: page.kind,
    pageId: page.pageId ?? null,
    locale: website.language,
    restrictiveCookies: website.cookiePolicy === 'restrictive',
    pixelQueue: website.pixelHook?.enabled ? website.pixelHook.queue : null,
    product: page.product ? trackedProduct(page.product) : null,
  }
}

/**
 * The loader: imports the tracking script when the browser is idle (or after 3 s at the
 * latest), never before the page is usable. The same text on every page, allowed by its hash
 * in the Content-Security-Policy.
 */
export const TRACKING_LOADER = `const load=()=>import(${jsonForHtml(manifest.tracking)});'requestIdleCallback' in window?requestIdleCallback(load,{timeout:3000}):setTimeout(load,200)`

/** The tags and their inline script, or nothing for a page without tracking. */
export function trackingTags(tenant: Tenant, page: TrackedPage): PageTail | undefined {
  const context = trackingContext(tenant, page)
  if (context === null) return undefined
  return {
    html:
      `<script type="application/json" id="${TRACKING_CONTEXT_ID}">${jsonForHtml(context)}</script>` +
      `<script type="module">${TRACKING_LOADER}</script>`,
    inlineScripts: [TRACKING_LOADER],
  }
}
