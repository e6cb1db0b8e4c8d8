/**
 * Product reviews (storefront.md sections 2, 4 and 9): the list (stars with half stars, the
 * text, the date, the source, images that open in a lightbox, the reviewer) with 'See More
 * Reviews' while more remain, and the summary after the product title (the product's average
 * and 'N Review(s)', the store's 'N Store Review(s)' or '1000+ Store Reviews').
 *
 * The review text is the reviewer's: React escapes it (angle brackets, quotes and the rest) as
 * text, never markup. A lightbox is a native modal `<dialog>` its image button opens through
 * invoker commands, so it opens and closes on Escape and its close button without script.
 */
import type { Ref } from 'react'
import { fillText, REVIEWS_TEXT } from '../../shared/index'
import {
  averageText,
  halfStars,
  productCountText,
  type ReviewData,
  STARS,
  starParts,
  storeCountText,
} from './rules'

/** The island's props: plain JSON, built by server.ts from the page's reviews. */
export type ProductReviewsProps = {
  productId: string
  locale: string
  timeZone: string
  reviews: ReviewData[]
  nextPage: number | null
}

/**
 * What the marker carries of each review of the first page instead of the review (island.tsx
 * `markerProps`): only what its HTML does not say as plain text; client.tsx reads the rest back
 * from the HTML, so the first page is written once (issue 26).
 */
export type ReviewExtras = { rating: number; source?: string; importedProductName?: string }

/** A review's extras (nothing for a null field: most reviews carry only their rating). */
export function reviewExtras(review: ReviewData): ReviewExtras {
  return {
    rating: review.rating,
    ...(review.source === null ? {} : { source: review.source }),
    ...(review.importedProductName === null ? {} : { importedProductName: review.importedProductName }),
  }
}

/** The id of a review image's lightbox (`kind` is 'product' or 'photo'). */
export function lightboxId(reviewId: string, kind: string): string {
  return `review-${reviewId}-${kind}`
}

export interface ProductReviewsState {
  reviews: ReviewData[]
  nextPage: number | null
  loading: boolean
}

export interface ProductReviewsHandlers {
  onSeeMore?: () => void
  rootRef?: Ref<HTMLElement>
}

/** Invoker-command attributes (not yet in React's DOM types): open or close the dialog `id`. */
function command(action: 'show-modal' | 'close', id: string): Record<string, string> {
  return { commandfor: id, command: action }
}

/** Stars out of 5, read aloud as '4.5 out of 5 stars'. */
export function Stars({ rating }: { rating: number }) {
  const { full, half, empty } = starParts(rating)
  const kinds = [
    ...Array.from({ length: full }, () => 'full'),
    ...Array.from({ length: half }, () => 'half'),
    ...Array.from({ length: empty }, () => 'empty'),
  ]
  return (
    <span
      className="review-stars"
      role="img"
      aria-label={fillText(REVIEWS_TEXT.starsLabel, { rating: halfStars(rating) })}
    >
      {/* An image's children are presentational (WAI-ARIA `img`): the label is what is read, so
          the stars need no `aria-hidden` each (a tenth of a review's bytes, issue 26). */}
      {kinds.slice(0, STARS).map((kind, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions.
        <span key={index} className={`review-star--${kind}`}>
          ★
        </span>
      ))}
    </span>
  )
}

function ReviewImage({
  id,
  url,
  reviewer,
  kind,
}: {
  id: string
  url: string
  reviewer: string
  kind: string
}) {
  const dialogId = lightboxId(id, kind)
  const alt = fillText(REVIEWS_TEXT.imageAlt, { name: reviewer })
  return (
    <>
      <button
        type="button"
        className="review-image-button"
        aria-haspopup="dialog"
        aria-label={fillText(REVIEWS_TEXT.openImage, { name: reviewer })}
        {...command('show-modal', dialogId)}
      >
        <img
          className="review-image"
          src={url}
          alt={alt}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
        />
      </button>
      <dialog id={dialogId} className="review-lightbox" aria-label={alt}>
        <img className="review-lightbox-image" src={url} alt={alt} loading="lazy" decoding="async" />
        <button type="button" className="review-lightbox-close" {...command('close', dialogId)}>
          {REVIEWS_TEXT.closeImage}
        </button>
      </dialog>
    </>
  )
}

function Review({ review }: { review: ReviewData }) {
  return (
    <li className="product-review" data-review-id={review.id} data-product-id={review.productId}>
      <Stars rating={review.rating} />
      <p className="review-text">{review.text}</p>
      <p className="review-meta">
        <span className="review-author">{review.reviewer}</span>
        {' · '}
        <span className="review-date">{review.dateText}</span>
        {review.source !== null ? (
          <>
            {' · '}
            <span className="review-source">
              {fillText(REVIEWS_TEXT.sourceLabel, { source: review.source })}
            </span>
          </>
        ) : null}
      </p>
      {review.importedProductName !== null ? (
        <p className="review-imported-product">
          {fillText(REVIEWS_TEXT.importedProduct, { product: review.importedProductName })}
        </p>
      ) : null}
      {review.productImage !== null || review.photo !== null ? (
        <div className="review-images">
          {review.productImage !== null ? (
            <ReviewImage id={review.id} url={review.productImage} reviewer={review.reviewer} kind="product" />
          ) : null}
          {review.photo !== null ? (
            <ReviewImage id={review.id} url={review.photo} reviewer={review.reviewer} kind="photo" />
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

export function ProductReviewsView({
  props,
  state,
  handlers = {},
}: {
  props: ProductReviewsProps
  state: ProductReviewsState
  handlers?: ProductReviewsHandlers
}) {
  const headingId = `product-reviews-${props.productId}-heading`
  return (
    <section
      className="product-reviews"
      id="product-reviews"
      aria-labelledby={headingId}
      aria-busy={state.loading || undefined}
      ref={handlers.rootRef}
    >
      <h2 className="product-reviews-heading" id={headingId}>
        {REVIEWS_TEXT.heading}
      </h2>
      {state.reviews.length === 0 ? <p className="product-reviews-empty">{REVIEWS_TEXT.noReviews}</p> : null}
      <ol className="product-reviews-list">
        {state.reviews.map((review) => (
          <Review key={review.id} review={review} />
        ))}
      </ol>
      {state.loading ? (
        <p className="product-reviews-loader" role="status">
          {REVIEWS_TEXT.loading}
        </p>
      ) : null}
      {state.nextPage !== null ? (
        <button
          type="button"
          className="product-reviews-more"
          onClick={handlers.onSeeMore}
          disabled={state.loading}
        >
          {REVIEWS_TEXT.seeMore}
        </button>
      ) : null}
    </section>
  )
}

/** The summary after the product title. */
export function ReviewSummaryView({
  product,
  store,
}: {
  product: { count: number; average: number | null }
  store: { count: number }
}) {
  return (
    <div className="product-reviews-summary">
      <a className="product-reviews-summary-link" href="#product-reviews">
        {product.average !== null ? (
          <>
            <Stars rating={product.average} />{' '}
            <span className="product-reviews-average">
              <span className="visually-hidden">
                {fillText(REVIEWS_TEXT.averageLabel, { average: averageText(product.average) })}
              </span>
              <span aria-hidden="true">{averageText(product.average)}</span>
            </span>{' '}
          </>
        ) : null}
        <span className="product-reviews-count">{productCountText(product.count)}</span>
      </a>
      <span className="product-reviews-store-count">{storeCountText(store.count)}</span>
    </div>
  )
}
