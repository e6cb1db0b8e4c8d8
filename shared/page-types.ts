/**
 * The platform's page types (platform.md and storefront.md section 9), the numbers tracking
 * sends for the commerce pages: the full-page cart is SHOW_CART 200, checkout CHECKOUT 201, the
 * order confirmation ORDER_CONFIRMED 202. The spec lists these six "among others" and shows no
 * more, so the table holds exactly them. One table for every sender (the page view, the
 * version 2 events): import it from here.
 */

export const PAGE_TYPE = {
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  COMMERCE_CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  REVIEWS_REQUEST: 209,
} as const

export type PageTypeName = keyof typeof PAGE_TYPE
export type PageType = (typeof PAGE_TYPE)[PageTypeName]

/**
 * The page type of a page the worker renders, by its tracking page kind (worker/render/
 * tracking.ts: `cart`, `checkout`, `order-confirmation`), or null for a page without one (a
 * product, a collection, a content page).
 */
const PAGE_TYPE_OF_KIND: ReadonlyMap<string, PageType> = new Map([
  ['cart', PAGE_TYPE.SHOW_CART],
  ['checkout', PAGE_TYPE.CHECKOUT],
  ['order-confirmation', PAGE_TYPE.ORDER_CONFIRMED],
])

export function pageTypeOfKind(pageKind: string): PageType | null {
  return PAGE_TYPE_OF_KIND.get(pageKind) ?? null
}
