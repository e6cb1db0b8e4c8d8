/**
 * The Reviews screen's API (`moderateReviews`: ADMIN, STORE_MANAGER):
 *
 *   GET  /reviews?cursor=         a page of 50 of the site's reviews, hidden ones too, newest first
 *   POST /reviews/:id/visibility  { hidden: boolean }
 *
 * A hidden review leaves the storefront's lists, counts and averages (db/product-reviews.ts).
 * Product pages show reviews from KV copies (catalogue/item-extras.ts), written again here from
 * D1 first; pages are cached whole, and every one carries the store's review summary, so a
 * change then turns the site's cached pages over as a publish does: the site's publisher bumps
 * the content version (publisher.ts `turnOver`) and the next view of any page renders afresh.
 * A press that changes no row still writes the copies, and turns the pages over when that
 * changed them: pressing again mends a press whose copy could not be written.
 */
import { Hono } from 'hono'
import { RECORDS_TEXT, type ReviewRow } from '../../shared/editing-areas'
import { REVIEWS_TEXT } from '../../shared/index'
import { refreshCopies } from '../catalogue/item-extras'
import { itemById } from '../catalogue/item-index'
import {
  type ModeratedReview,
  moderatedReviewPage,
  reviewedProduct,
  setReviewHidden,
} from '../db/product-reviews'
import { InputError, jsonBody, queryOf } from '../http/body'
import * as z from '../runtime/zod'
import type { EditorAppEnv } from './env'
import { publisherOf } from './publisher'
import { cursorQuery, editorName, pageAnswer, pageRequest, requireCapability } from './records-paging'

export const reviewRoutes = new Hono<EditorAppEnv>()
reviewRoutes.use('/reviews', requireCapability('moderateReviews'))
reviewRoutes.use('/reviews/*', requireCapability('moderateReviews'))

/** The merchant sees the whole name the review carries (the storefront shortens the last). */
function authorOf(review: ModeratedReview): string {
  const name = [review.firstName, review.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
  return name || review.loginName?.trim() || review.userName?.trim() || REVIEWS_TEXT.anonymous
}

reviewRoutes.get('/reviews', async function listReviews(c) {
  const query = queryOf(c, z.object({ cursor: cursorQuery }))
  const page = await moderatedReviewPage(c.env.DB, c.get('tenant').siteId, pageRequest(query.cursor))
  const titles = new Map(
    await Promise.all(
      [...new Set(page.rows.map((review) => review.productId))].map(
        async (id) => [id, (await itemById(c.get('catalog'), id).catch(() => null))?.title] as const,
      ),
    ),
  )
  return c.json(
    pageAnswer(
      page,
      (review): ReviewRow => ({
        id: review.id,
        productId: review.productId,
        product: titles.get(review.productId) ?? review.importedProductName ?? review.productId,
        rating: Number(review.starRating),
        author: authorOf(review),
        reviewDate: review.reviewDate,
        text: review.text,
        hidden: review.hiddenAt !== null,
      }),
    ),
  )
})

reviewRoutes.post('/reviews/:id/visibility', async function setVisibility(c) {
  const { siteId } = c.get('tenant')
  const id = c.req.param('id')
  const { hidden } = await jsonBody(c, z.object({ hidden: z.boolean() }))
  const productId = await reviewedProduct(c.env.DB, siteId, id)
  if (productId === null) throw new InputError(RECORDS_TEXT.reviewNotFound, {}, 404)
  const changed = await setReviewHidden(c.env.DB, siteId, id, hidden, editorName(c), Date.now())
  const copied = await refreshCopies(c.env, siteId, productId, { store: true })
  // Pressed twice, or by two people: the second changes nothing and turns nothing over.
  if (changed || copied) await publisherOf(c.env, siteId).turnOver({ siteId, by: editorName(c) })
  return c.json({ id, hidden })
})
