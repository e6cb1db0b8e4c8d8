/**
 * Product reviews (storefront.md section 7): `GET /api/commerce/product/reviews` with `page`
 * (from 0), `size` (10 by default; the summary asks for 1000) and an optional `productId`, newest
 * first. Answers `{ data: { productReviews, nextPage } }`; `nextPage` is null on the last page.
 */

import { API } from '../../shared/index'
import { listProductReviews, REVIEWS_PAGE_SIZE, REVIEWS_SUMMARY_SIZE } from '../db/product-reviews'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { queryOf } from '../http/body'
import { Hono } from '../http/hono'
import * as z from '../runtime/zod'

export const reviewRoutes = new Hono<AppEnv>()

const reviewsQuerySchema = z.object({
  page: z._default(
    z.coerce
      .number({ message: 'page must be a number.' })
      .check(
        z.int('page must be a whole number.'),
        z.minimum(0, 'page must be 0 or more.'),
        z.maximum(100_000, 'page must be 100000 or less.'),
      ),
    0,
  ),
  size: z._default(
    z.coerce
      .number({ message: 'size must be a number.' })
      .check(
        z.int('size must be a whole number.'),
        z.minimum(1, 'size must be 1 or more.'),
        z.maximum(REVIEWS_SUMMARY_SIZE, `size must be ${REVIEWS_SUMMARY_SIZE} or less.`),
      ),
    REVIEWS_PAGE_SIZE,
  ),
  productId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
})

on(reviewRoutes, API.productReviews, async function listReviews(c) {
  const query = queryOf(c, reviewsQuerySchema)
  const { reviews, hasMore } = await listProductReviews(c.env.DB, c.get('tenant').siteId, query)
  return c.json(
    { data: { productReviews: reviews, nextPage: hasMore ? query.page + 1 : null } },
    200,
    // Reviews change rarely; a shopper paging back and forth need not ask again for a minute.
    { 'cache-control': 'public, max-age=60' },
  )
})
