/**
 * The tracking script's tag at the end of a page's body (storefront.md sections 2 and 7,
 * platform.md sections 4 and 7), with the page's tracking context. Pages analytics skips (not
 * found, the lock screen, the member screen) and sites with tracking disabled get no script at
 * all. Nothing here depends on the visitor, so the page stays the same for everyone.
 */
import manifest from '../../dist/islands-manifest.json'
import { type PageCommerceFields, TRACKING_ATTR, type TrackingContext } from '../../islands/index'
import {
  escapeHtmlAttribute,
  jsonAttribute,
  moneyFromMinorUnits,
  PAGE_TYPE,
  PRODUCT_TYPE_NAMES,
  pageIsTracked,
  pageTypeOfKind,
} from '../../shared/index'
import type { Item } from '../catalogue/records'
import type { OrderRow } from '../db/orders'
import type { Tenant } from '../env'

/** What a page route knows about the page for tracking. */
export interface TrackedPage {
  /** The page template's name (or `cart`): `product`, `page`, `not-found`, ... */
  kind: string
  /** The page's record: the item, else the collection. */
  pageId?: string
  /** A product page's item. */
  product?: Item
  /**
   * The order confirmed page's order (a personal page, never cached): its total, currency, item
   * count and product types for CommerceShopping_CheckoutConfirmed. Never its id or the shopper.
   */
  order?: OrderRow
}

/** The order confirmed page's fields: page type 202 and what was bought, in major units. */
function orderFields(order: OrderRow): PageCommerceFields {
  const types = [...new Set(order.lines.map((line) => PRODUCT_TYPE_NAMES[line.productType] ?? 'UNKNOWN'))]
  return {
    page_type: PAGE_TYPE.ORDER_CONFIRMED,
    item_price: Number(moneyFromMinorUnits(order.grandTotalCents, order.currency).amount),
    currency_code: order.currency,
    num_items_in_cart: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    product_types_list: types,
  }
}

/** The commerce event fields a page answers by itself (islands/tracking/contract.ts). */
function commerceFields(tenant: Tenant, page: TrackedPage): PageCommerceFields {
  const fields: PageCommerceFields = {
    website_id: tenant.site.website.id,
    product_page: page.kind === 'product',
  }
  if (page.pageId !== undefined) fields.page_id = page.pageId
  if (page.order !== undefined) Object.assign(fields, orderFields(page.order))
  const content = page.product?.structuredContent
  if (page.product === undefined || content === undefined) return fields
  const type = PRODUCT_TYPE_NAMES[content.productType] ?? 'UNKNOWN'
  const money = content.variants[0]?.priceMoney
  Object.assign(fields, {
    pdp_layout: 'default',
    product: page.product.title,
    item_id: page.product.id,
    item_title: page.product.title,
    item_type: type,
    product_types_list: [type],
  })
  // A decimal amount in major units (records.ts moneySchema): analytics sums are cents / 100.
  if (money !== undefined)
    Object.assign(fields, { item_price: Number(money.value), currency_code: money.currency })
  return fields
}

/** The page's tracking context, or null when the page loads no tracking script. */
export function trackingContext(tenant: Tenant, page: TrackedPage): TrackingContext | null {
  const { website } = tenant.site
  if (!pageIsTracked(page.kind, website.trackingDisabled)) return null
  return {
    websiteId: website.id,
    pageKind: page.kind,
    pageId: page.pageId ?? null,
    pageType: pageTypeOfKind(page.kind),
    restrictiveCookies: website.cookiePolicy === 'restrictive',
    pixelQueue: website.pixelHook?.enabled ? website.pixelHook.queue : null,
    commerce: commerceFields(tenant, page),
  }
}

/**
 * The tracking script's tag, or '' for a page without tracking: an external module (nothing
 * runs inline: the Content-Security-Policy allows only the site's own scripts) carrying the
 * page's context in `data-tracking`. The module waits for the browser to be idle before it
 * loads the rest of the script (islands/tracking/index.ts).
 */
export function trackingTag(tenant: Tenant, page: TrackedPage): string {
  const context = trackingContext(tenant, page)
  if (context === null) return ''
  return `<script type="module" src="${escapeHtmlAttribute(manifest.tracking)}" ${TRACKING_ATTR}=${jsonAttribute(JSON.stringify(context))}></script>`
}
