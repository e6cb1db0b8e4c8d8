/**
 * D1 access to product reviews (worker/migrations/0003_forms.sql), newest first. Reviews are
 * seeded from the demo fixtures (kv-fixtures/reviews/, `demo` below); some are imported
 * from an outside marketplace (sourceType ETSY) with images. A review the merchant hid
 * (`hidden_at`, the site editor's Reviews) is left out of every list, count and average.
 */
import type { DemoTable } from './demo'
import { keysetPage, type Page, type PageRequest } from './keyset'

/** A review as the reviews API answers it (storefront.md section 3, "Review"). */
export interface ProductReview {
  id: string
  productId: string
  /** A number as text, '4.5'. */
  starRating: string
  text: string
  /** Epoch milliseconds. */
  reviewDate: number
  sourceType: string | null
  importedProductName: string | null
  importedProductImageUrls: string[]
  importedImageUrls: string[]
  firstName: string | null
  lastName: string | null
  loginName: string | null
  userName: string | null
}

interface ReviewRecord {
  id: string
  product_id: string
  star_rating: string
  text: string
  review_date: number
  source_type: string | null
  imported_product_name: string | null
  imported_product_image_urls: string | null
  imported_image_urls: string | null
  first_name: string | null
  last_name: string | null
  login_name: string | null
  user_name: string | null
}

function urls(json: string | null): string[] {
  if (json === null) return []
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string') : []
}

function reviewOf(row: ReviewRecord): ProductReview {
  return {
    id: row.id,
    productId: row.product_id,
    starRating: row.star_rating,
    text: row.text,
    reviewDate: row.review_date,
    sourceType: row.source_type,
    importedProductName: row.imported_product_name,
    importedProductImageUrls: urls(row.imported_product_image_urls),
    importedImageUrls: urls(row.imported_image_urls),
    firstName: row.first_name,
    lastName: row.last_name,
    loginName: row.login_name,
    userName: row.user_name,
  }
}

/**
 * One page of a site's reviews (of one product when `productId` is given), newest first, and
 * whether another page follows.
 */
export async function listProductReviews(
  db: D1Database,
  siteId: string,
  query: { productId?: string; page: number; size: number },
): Promise<{ reviews: ProductReview[]; hasMore: boolean }> {
  const product = query.productId === undefined ? '' : 'AND product_id = ?'
  const params = query.productId === undefined ? [] : [query.productId]
  const { results } = await db
    .prepare(
      `SELECT * FROM product_reviews WHERE site_id = ? ${product} AND hidden_at IS NULL
       ORDER BY review_date DESC, id LIMIT ? OFFSET ?`,
    )
    .bind(siteId, ...params, query.size + 1, query.page * query.size)
    .all<ReviewRecord>()
  return { reviews: results.slice(0, query.size).map(reviewOf), hasMore: results.length > query.size }
}

/** A review to store (the fixtures' shape; `etsyImageUrls` is read as `importedProductImageUrls`). */
export interface ReviewSeed {
  id: string
  productId: string
  starRating: string
  text: string
  reviewDate: number
  sourceType?: string
  importedProductName?: string
  importedProductImageUrls?: string[]
  etsyImageUrls?: string[]
  importedImageUrls?: string[]
  firstName?: string
  lastName?: string
  loginName?: string
  userName?: string
}

/** The insert-or-replace of one review (seeding is idempotent: a review keeps its id). */
export function upsertReview(db: D1Database, siteId: string, review: ReviewSeed): D1PreparedStatement {
  const productImages = review.importedProductImageUrls ?? review.etsyImageUrls
  return db
    .prepare(
      `INSERT OR REPLACE INTO product_reviews (id, site_id, product_id, star_rating, text, review_date, source_type,
         imported_product_name, imported_product_image_urls, imported_image_urls, first_name, last_name, login_name, user_name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      review.id,
      siteId,
      review.productId,
      review.starRating,
      review.text,
      review.reviewDate,
      review.sourceType ?? null,
      review.importedProductName ?? null,
      productImages ? JSON.stringify(productImages) : null,
      review.importedImageUrls ? JSON.stringify(review.importedImageUrls) : null,
      review.firstName ?? null,
      review.lastName ?? null,
      review.loginName ?? null,
      review.userName ?? null,
    )
}

const DAY_MS = 86_400_000

/** A review as a fixture file writes it: `reviewDate` an ISO date, `copies` how many it stands for. */
type FixtureReview = Omit<ReviewSeed, 'reviewDate'> & { reviewDate: string; copies?: number }

/**
 * The demo tenants' product reviews: `reviews/<siteId>.json` below a fixtures folder, a JSON
 * array of reviews in the API's shape (`ReviewSeed`) with `reviewDate` as an ISO date
 * (`2026-04-18`, noon UTC). A review with `"copies": N` stands for N reviews with ids
 * `<id>-0001`… and dates a day apart (a store with more than 999 reviews without a thousand
 * lines of fixture). Seeding makes the fixture sites' reviews exactly these (others removed).
 */
export const demo: DemoTable<{ siteId: string; review: ReviewSeed }> = {
  files: /^reviews\/[^/]+\.json$/,
  rows({ path, data }) {
    const siteId = path.slice('reviews/'.length, -'.json'.length)
    return (data as FixtureReview[]).flatMap(({ copies, ...review }) => {
      const date = Date.parse(`${review.reviewDate}T12:00:00Z`)
      if (Number.isNaN(date)) throw new Error(`${path}: ${review.id} has no reviewDate like 2026-04-18`)
      return Array.from({ length: copies ?? 1 }, (_, n) => ({
        siteId,
        review: {
          ...review,
          id: copies === undefined ? review.id : `${review.id}-${String(n + 1).padStart(4, '0')}`,
          reviewDate: date - n * DAY_MS,
        },
      }))
    })
  },
  statements: (db, rows) => [
    ...[...new Set(rows.map((row) => row.siteId))].map((siteId) =>
      db.prepare('DELETE FROM product_reviews WHERE site_id = ?').bind(siteId),
    ),
    ...rows.map(({ siteId, review }) => upsertReview(db, siteId, review)),
  ],
}

/** storefront.md section 9: reviews come 10 to a page; the summary counts up to 1000. */
export const REVIEWS_PAGE_SIZE = 10
export const REVIEWS_SUMMARY_SIZE = 1000

/** A count and average over up to 1000 of the newest reviews. */
export interface ReviewTally {
  count: number
  /** The average star rating, or null without reviews. */
  average: number | null
}

export interface ProductPageReviews {
  /** The product's own first page, filled in with other products' reviews when it has fewer than 10. */
  reviews: ProductReview[]
  /** The next page of the product's own reviews, or null. */
  nextPage: number | null
  summary: { product: ReviewTally; store: ReviewTally }
}

const TALLY = `SELECT COUNT(*) AS count, AVG(CAST(star_rating AS REAL)) AS average FROM (
  SELECT star_rating FROM product_reviews WHERE site_id = ? %PRODUCT% AND hidden_at IS NULL ORDER BY review_date DESC, id LIMIT ${REVIEWS_SUMMARY_SIZE})`

/** The newest reviews of one product or of the whole store, and its tally: what a page's copy keeps. */
export interface ReviewDigest {
  /** Newest first: a product's first page and one more (whether a next page exists), the store's 20 newest. */
  reviews: ProductReview[]
  tally: ReviewTally
}

/**
 * The store's newest reviews a product page may need to fill its first page: twice a page, since
 * a product with fewer than a page of its own (the only case that fills) owns at most a page less
 * one of them.
 */
export const STORE_DIGEST_SIZE = 2 * REVIEWS_PAGE_SIZE

/**
 * A product's digest (`productId`) or the store's (none), read in one round trip: the newest
 * reviews (a page and one more of the product's, `STORE_DIGEST_SIZE` of the store's) and the
 * tally over up to 1000.
 */
export async function reviewDigest(
  db: D1Database,
  siteId: string,
  productId?: string,
): Promise<ReviewDigest> {
  const product = productId === undefined ? '' : 'AND product_id = ?'
  const params = productId === undefined ? [siteId] : [siteId, productId]
  const size = productId === undefined ? STORE_DIGEST_SIZE : REVIEWS_PAGE_SIZE + 1
  const [rows, tally] = await db.batch([
    db
      .prepare(
        `SELECT * FROM product_reviews WHERE site_id = ? ${product} AND hidden_at IS NULL ORDER BY review_date DESC, id LIMIT ?`,
      )
      .bind(...params, size),
    db.prepare(TALLY.replace('%PRODUCT%', product)).bind(...params),
  ])
  const row = tally?.results[0] as { count: number; average: number | null } | undefined
  return {
    reviews: ((rows?.results ?? []) as ReviewRecord[]).map(reviewOf),
    tally: { count: row?.count ?? 0, average: row?.average ?? null },
  }
}

/**
 * What a product page shows of reviews (storefront.md section 4), from the product's digest and
 * the store's: the first page of the product's own reviews (10), other products' reviews filling
 * it to 10 when it has fewer, and the summary over up to 1000 reviews of the product and of the
 * store.
 */
export function productPageReviews(
  productId: string,
  own: ReviewDigest,
  store: ReviewDigest,
): ProductPageReviews {
  const size = REVIEWS_PAGE_SIZE
  const page = own.reviews.slice(0, size)
  const others = store.reviews.filter((review) => review.productId !== productId)
  return {
    reviews: page.length < size ? [...page, ...others.slice(0, size - page.length)] : page,
    nextPage: own.reviews.length > size ? 1 : null,
    summary: { product: own.tally, store: store.tally },
  }
}

// ---- the merchant's view (the site editor's Reviews) ----

/** A review with whether the merchant hid it. */
export interface ModeratedReview extends ProductReview {
  hiddenAt: number | null
  hiddenBy: string | null
}

type RawModerated = ReviewRecord & { hidden_at: number | null; hidden_by: string | null }

/** One page of a site's reviews, hidden ones too, newest first. */
export async function moderatedReviewPage(
  db: D1Database,
  siteId: string,
  page: PageRequest,
): Promise<Page<ModeratedReview>> {
  const raw = await keysetPage<RawModerated>(
    db,
    { from: 'FROM product_reviews WHERE site_id = ?', params: [siteId], at: 'review_date', id: 'id' },
    page,
    (row) => ({ at: row.review_date, id: row.id }),
  )
  return {
    ...raw,
    rows: raw.rows.map((row) => ({ ...reviewOf(row), hiddenAt: row.hidden_at, hiddenBy: row.hidden_by })),
  }
}

/** Hides or shows a review; false when there is no such review or it already was so. */
export async function setReviewHidden(
  db: D1Database,
  siteId: string,
  id: string,
  hidden: boolean,
  by: string,
  now: number,
): Promise<boolean> {
  const result = hidden
    ? await db
        .prepare(
          'UPDATE product_reviews SET hidden_at = ?, hidden_by = ? WHERE site_id = ? AND id = ? AND hidden_at IS NULL',
        )
        .bind(now, by, siteId, id)
        .run()
    : await db
        .prepare(
          'UPDATE product_reviews SET hidden_at = NULL, hidden_by = NULL WHERE site_id = ? AND id = ? AND hidden_at IS NOT NULL',
        )
        .bind(siteId, id)
        .run()
  return result.meta.changes === 1
}

/** The product a review is of, or null when the site has no such review. */
export async function reviewedProduct(db: D1Database, siteId: string, id: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT product_id FROM product_reviews WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<{ product_id: string }>()
  return row?.product_id ?? null
}
