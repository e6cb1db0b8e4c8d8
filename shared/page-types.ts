/**
 * Page types (platform.md section 9, storefront.md section 9): the numbers tracking reports a
 * commerce page under. The spec names six "among others" and shows no more, so only those are
 * here. (The installments branch adds the same table; the lead keeps one.)
 */
export const PAGE_TYPES = {
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  COMMERCE_CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  REVIEWS_REQUEST: 209,
} as const

export type PageType = (typeof PAGE_TYPES)[keyof typeof PAGE_TYPES]
