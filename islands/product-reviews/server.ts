/**
 * The reviews island's props and the summary's data from a product page's template data: the
 * page route reads the first page and the summary from D1 (`productReviews`, worker/db/
 * product-reviews.ts) and the review dates are written here in the site's language and time
 * zone, so the browser's first render prints exactly the server's text.
 */
import { asString, child, MISSING, type Scope } from '../../templates/index'
import { type RawReview, reviewData } from './rules'
import type { ProductReviewsProps } from './view'

/** The page data's reviews (`productReviews`), as the page route puts them. */
export interface PageReviews {
  reviews: RawReview[]
  nextPage: number | null
  summary: {
    product: { count: number; average: number | null }
    store: { count: number; average: number | null }
  }
}

/** The product page's reviews, or null when the page has none to show (not a product, a failed read). */
export function pageReviewsOf(item: unknown, scope: Scope): PageReviews | null {
  const data = scope.resolveOuter(['productReviews'])
  if (data === MISSING || data === null || typeof data !== 'object') return null
  const reviews = data as PageReviews
  const productId = asString(child(item, 'id'))
  // A store without a single review shows no reviews section at all.
  return Array.isArray(reviews.reviews) && productId !== '' && reviews.summary.store.count > 0
    ? reviews
    : null
}

export function productReviewsProps(item: unknown, scope: Scope): ProductReviewsProps | null {
  const page = pageReviewsOf(item, scope)
  if (page === null) return null
  const website = scope.resolveOuter(['website'])
  const locale = asString(child(website, 'language')) || 'en-US'
  const timeZone = asString(child(website, 'timeZone')) || 'UTC'
  return {
    productId: asString(child(item, 'id')),
    locale,
    timeZone,
    reviews: page.reviews.map((review) => reviewData(review, locale, timeZone)),
    nextPage: page.nextPage,
  }
}
