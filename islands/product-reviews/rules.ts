/**
 * Review presentation rules (storefront.md sections 3, 5 and 9), DOM-free: used by the worker
 * for a product page's first page and summary, and by the browser for the pages 'See More
 * Reviews' loads, so both print a review alike.
 */
import { BoundedCache, dateFormat, fillText, REVIEWS_TEXT } from '../../shared/index'

/** A review as the reviews API and the page data carry it (worker/db/product-reviews.ts). */
export interface RawReview {
  id: string
  productId: string
  starRating: string
  text: string
  reviewDate: number
  sourceType: string | null
  importedProductName: string | null
  importedProductImageUrls: readonly string[]
  importedImageUrls: readonly string[]
  firstName: string | null
  lastName: string | null
  loginName: string | null
  userName: string | null
}

/** A review as the reviews view prints it: plain JSON (island props). */
export type ReviewData = {
  id: string
  productId: string
  /** 0 to 5 in half stars. */
  rating: number
  text: string
  dateText: string
  reviewer: string
  /** The outside marketplace a review was imported from ('Etsy'), else null. */
  source: string | null
  importedProductName: string | null
  /** The imported product's image and the reviewer's photo (the first of each list). */
  productImage: string | null
  photo: string | null
}

/** sourceType of reviews imported from the outside marketplace. */
export const IMPORTED_SOURCE = 'ETSY'
export const STARS = 5
/** Over this many, the store heading is '1000+ Store Reviews' (section 9). */
export const STORE_COUNT_CAP = 999

/** A rating to the nearest half star, within 0 to 5 ('4.4' is 4.5, junk is 0). */
export function halfStars(rating: number | string): number {
  const value = typeof rating === 'number' ? rating : Number.parseFloat(rating)
  if (!Number.isFinite(value)) return 0
  return Math.min(STARS, Math.max(0, Math.round(value * 2) / 2))
}

/** Full, half and empty stars of a rating: 3.5 is 3 full, 1 half, 1 empty. */
export function starParts(rating: number): { full: number; half: number; empty: number } {
  const rounded = halfStars(rating)
  const full = Math.floor(rounded)
  const half = rounded - full === 0.5 ? 1 : 0
  return { full, half, empty: STARS - full - half }
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/**
 * The reviewer as shown (section 3): the first name plus the first letter of the last name
 * ('Jane D.'); else the login name; else the user name; else 'Anonymous'.
 */
export function reviewerName(
  review: Pick<RawReview, 'firstName' | 'lastName' | 'loginName' | 'userName'>,
): string {
  const first = present(review.firstName)
  const last = present(review.lastName)
  if (first !== null && last !== null) return `${first} ${[...last][0]}.`
  if (first !== null) return first
  return present(review.loginName) ?? present(review.userName) ?? REVIEWS_TEXT.anonymous
}

/** 'N Review(s)' for the product. */
export function productCountText(count: number): string {
  return fillText(REVIEWS_TEXT.productCount, { count })
}

/** 'N Store Review(s)', or '1000+ Store Reviews' over 999. */
export function storeCountText(count: number): string {
  return count > STORE_COUNT_CAP
    ? REVIEWS_TEXT.storeCountOverCap
    : fillText(REVIEWS_TEXT.storeCount, { count })
}

/** The average rating to one decimal, '4.3'. */
export function averageText(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1)
}

/** An image URL a review may show: https, http or a path on the site; anything else is dropped. */
function imageUrl(url: string | undefined): string | null {
  if (url === undefined) return null
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : null
}

const REVIEW_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' }

/**
 * Dates already written, by locale, zone and instant: a product page prints the same reviews'
 * dates on every render, and formatting is the costly part once the format is made. Bounded.
 */
const dateTexts = new BoundedCache<string>(2000)

/**
 * The review's date in the site's language and time zone ('March 3, 2026'). A zone without
 * zone data falls back to the browser's own in the browser (storefront.md section 8) and to UTC
 * on the server.
 */
export function reviewDateText(epochMs: number, locale: string, timeZone: string): string {
  const key = `${locale}\n${timeZone}\n${epochMs}`
  return dateTexts.get(key) ?? dateTexts.set(key, writeReviewDate(epochMs, locale, timeZone))
}

function writeReviewDate(epochMs: number, locale: string, timeZone: string): string {
  const format = (zone: string | undefined) => dateFormat(REVIEW_DATE, locale, zone).format(epochMs)
  try {
    return format(timeZone)
  } catch {
    try {
      return format(typeof (globalThis as { document?: unknown }).document === 'object' ? undefined : 'UTC')
    } catch {
      return new Date(epochMs).toISOString().slice(0, 10)
    }
  }
}

/** A stored review as the view prints it. */
export function reviewData(review: RawReview, locale: string, timeZone: string): ReviewData {
  return {
    id: review.id,
    productId: review.productId,
    rating: halfStars(review.starRating),
    text: review.text,
    dateText: reviewDateText(review.reviewDate, locale, timeZone),
    reviewer: reviewerName(review),
    source: review.sourceType === IMPORTED_SOURCE ? REVIEWS_TEXT.sourceEtsy : null,
    importedProductName: present(review.importedProductName),
    productImage: imageUrl(review.importedProductImageUrls[0]),
    photo: imageUrl(review.importedImageUrls[0]),
  }
}
