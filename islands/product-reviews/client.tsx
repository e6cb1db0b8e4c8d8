/**
 * Product reviews in the browser (storefront.md sections 4 and 8): 'See More Reviews' loads
 * the next page of the product's reviews (`API.productReviews`) under a loader
 * and hides itself when none remain; a failed load hides the loader and is reported through
 * the cancelable `island:error` event, never shown to the shopper. A click on a lightbox's
 * backdrop closes it (Escape and its button already do, natively).
 */

import { useCallback, useEffect, useRef, useState } from 'react'
import { API } from '../../shared/index'
import { dispatchIslandEvent, ISLAND_EVENT } from '../constants'
import { defineClient } from '../contracts'
import { request } from '../http'
import { type RawReview, type ReviewData, reviewData } from './rules'
import {
  lightboxId,
  type ProductReviewsProps,
  type ProductReviewsState,
  ProductReviewsView,
  type ReviewExtras,
} from './view'

const PAGE_SIZE = '10'

/** Reports a failed load to the page (and, unless a listener takes it, the console). */
function reportFailure(element: Element | null, error: unknown): void {
  const target = element ?? document
  if (
    dispatchIslandEvent(target, ISLAND_EVENT.error, { name: 'product-reviews', error }, { cancelable: true })
  ) {
    console.warn('Reviews could not be loaded:', error)
  }
}

function isRawReview(value: unknown): value is RawReview {
  const review = value as Partial<RawReview> | null
  return (
    typeof review?.id === 'string' && typeof review.text === 'string' && typeof review.reviewDate === 'number'
  )
}

function ProductReviews(props: ProductReviewsProps) {
  const [state, setState] = useState<ProductReviewsState>({
    reviews: props.reviews,
    nextPage: props.nextPage,
    loading: false,
  })
  const rootRef = useRef<HTMLElement>(null)

  const onSeeMore = useCallback(async () => {
    if (state.loading || state.nextPage === null) return
    setState((previous) => ({ ...previous, loading: true }))
    const answer = await request(API.productReviews, undefined, {
      query: { productId: props.productId, page: String(state.nextPage), size: PAGE_SIZE },
    })
    const data = answer.body?.data as { productReviews?: unknown; nextPage?: unknown } | undefined
    if (answer.status !== 200 || !Array.isArray(data?.productReviews)) {
      reportFailure(rootRef.current, new Error(`reviews page ${state.nextPage} answered ${answer.status}`))
      setState((previous) => ({ ...previous, loading: false }))
      return
    }
    const more: ReviewData[] = data.productReviews
      .filter(isRawReview)
      .map((review) => reviewData(review, props.locale, props.timeZone))
    setState((previous) => {
      const shown = new Set(previous.reviews.map((review) => review.id))
      return {
        reviews: [...previous.reviews, ...more.filter((review) => !shown.has(review.id))],
        nextPage: typeof data.nextPage === 'number' ? data.nextPage : null,
        loading: false,
      }
    })
  }, [props.locale, props.productId, props.timeZone, state.loading, state.nextPage])

  // A click on a lightbox's backdrop (the dialog itself, not its content) closes it.
  useEffect(() => {
    const root = rootRef.current
    if (root === null) return
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof HTMLDialogElement && event.target.open) event.target.close()
    }
    root.addEventListener('click', onClick)
    return () => root.removeEventListener('click', onClick)
  }, [])

  return (
    <ProductReviewsView
      props={props}
      state={state}
      handlers={{ onSeeMore: () => void onSeeMore(), rootRef }}
    />
  )
}

/** A review of the first page from its server HTML and its extras: what the view printed from it. */
function reviewFromMarkup(item: Element, extras: ReviewExtras): ReviewData {
  const id = item.getAttribute('data-review-id') ?? ''
  const text = (selector: string) => item.querySelector(selector)?.textContent ?? ''
  const image = (kind: string) =>
    [...item.querySelectorAll('dialog')]
      .find((dialog) => dialog.id === lightboxId(id, kind))
      ?.querySelector('img')
      ?.getAttribute('src') ?? null
  return {
    id,
    productId: item.getAttribute('data-product-id') ?? '',
    rating: extras.rating,
    text: text('.review-text'),
    dateText: text('.review-date'),
    reviewer: text('.review-author'),
    source: extras.source ?? null,
    importedProductName: extras.importedProductName ?? null,
    productImage: image('product'),
    photo: image('photo'),
  }
}

/**
 * The first page the marker leaves out (island.tsx `markerProps`): read back from the server
 * HTML, each review with its extras, so the first render matches it.
 */
export function propsFromMarkup(
  element: Element,
  props: Omit<ProductReviewsProps, 'reviews'> & { first?: ReviewExtras[] },
): ProductReviewsProps {
  const { first = [], ...rest } = props
  const items = [...element.querySelectorAll('.product-reviews-list > .product-review')]
  const reviews = first.flatMap((extras, index) => {
    const item = items[index]
    return item === undefined ? [] : [reviewFromMarkup(item, extras)]
  })
  return { ...rest, reviews }
}

export default defineClient('product-reviews', ProductReviews)
