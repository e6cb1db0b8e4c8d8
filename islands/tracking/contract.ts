/**
 * What the worker tells the tracking script about a page: JSON in the `data-tracking` attribute
 * of the tracking script's own tag, the same for every visitor of the page, so the page stays
 * cacheable. Everything personal (the visitor record, the signed-in site user, the cart) the
 * worker reads from the beacon's own cookies instead.
 */

/** The attribute of the tracking script's tag that holds the page's context. */
export const TRACKING_ATTR = 'data-tracking'

/**
 * The commerce event fields the page itself answers (storefront.md section 3): the site, the
 * page, and on a product page its product (`item_id`, `item_title`, `item_type`,
 * `product_types_list`, `item_price`, `currency_code`, `pdp_layout`, `product`).
 */
export type PageCommerceFields = Record<string, string | number | boolean | string[]>

export interface TrackingContext {
  websiteId: string
  /** `product`, `page`, `blog-item`, `cart`, `search`, ... (the page template's name). */
  pageKind: string
  /** The page's record: the item, else the collection. */
  pageId: string | null
  /** The page's type where the spec names one (cart 200, checkout 201, order confirmed 202; shared/page-types.ts). */
  pageType: number | null
  /** The site's cookie policy is restrictive: keep no ids in storage or cookies. */
  restrictiveCookies: boolean
  /** The pixel hook's queue name (`dataLayer`), or null when the hook is off. */
  pixelQueue: string | null
  commerce: PageCommerceFields
}
