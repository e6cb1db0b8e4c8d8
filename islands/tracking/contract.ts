/**
 * What the worker tells the tracking script about a page: a JSON block in the page
 * (`<script type="application/json" id="sf-tracking-context">`), the same for every visitor of
 * the page, so the page stays cacheable. Everything personal (the visitor record, the
 * signed-in site user, the cart) the worker reads from the beacon's own cookies instead.
 */

/** The id of the JSON block. */
export const TRACKING_CONTEXT_ID = 'sf-tracking-context'

/** A product page's product, for the commerce events (storefront.md section 3). */
export interface TrackedProduct {
  itemId: string
  title: string
  /** `PHYSICAL`, `DIGITAL`, `SERVICE`, `GIFT_CARD` (templates/tracking.ts `PRODUCT_TYPE_NAMES`). */
  productType: string
  /** The first variant's price in major units (analytics sums are cents divided by 100). */
  price: number | null
  currency: string | null
}

export interface TrackingContext {
  websiteId: string
  /** `product`, `page`, `blog-item`, `cart`, `search`, ... (the page template's name). */
  pageKind: string
  /** The page's record: the item, else the collection. */
  pageId: string | null
  /** The site's language (`en-US`). */
  locale: string
  /** The site's cookie policy is restrictive: keep no ids in storage or cookies. */
  restrictiveCookies: boolean
  /** The pixel hook's queue name (`dataLayer`), or null when the hook is off. */
  pixelQueue: string | null
  product: TrackedProduct | null
}
