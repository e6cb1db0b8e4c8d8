/** Shopper text of product reviews (storefront.md sections 2, 3 and 9). */
export const REVIEWS_TEXT = {
  seeMore: 'See More Reviews',
  /** 'N Review(s)' for the product, 'N Store Review(s)' for the store. */
  productCount: '{count} Review(s)',
  storeCount: '{count} Store Review(s)',
  /** The store heading when more than 999 reviews were counted. */
  storeCountOverCap: '1000+ Store Reviews',
  anonymous: 'Anonymous',
  heading: 'Reviews',
  loading: 'Loading reviews…',
  /** Stars read aloud; `{rating}` is the rating out of 5. */
  starsLabel: '{rating} out of 5 stars',
  /** The summary's average, read aloud. */
  averageLabel: 'Average rating {average} out of 5',
  /** An imported review's source (sourceType ETSY). */
  sourceEtsy: 'Etsy',
  sourceLabel: 'Review from {source}',
  importedProduct: 'Purchased: {product}',
  imageAlt: 'Photo from the review by {name}',
  openImage: 'View the photo from the review by {name} larger',
  closeImage: 'Close',
  noReviews: 'No reviews yet.',
} as const
