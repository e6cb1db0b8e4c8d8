/** Shopper text of product reviews (storefront.md sections 2, 3 and 9). */
export const REVIEWS_TEXT = {
  seeMore: 'See More Reviews',
  /** 'N Review(s)' for the product, 'N Store Review(s)' for the store. */
  productCount: '{count} Review(s)',
  storeCount: '{count} Store Review(s)',
  /** The store heading when more than 999 reviews were counted. */
  storeCountOverCap: '1000+ Store Reviews',
  anonymous: 'Anonymous',
} as const

export type ReviewsTextName = keyof typeof REVIEWS_TEXT
