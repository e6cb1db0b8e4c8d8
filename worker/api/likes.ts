/**
 * Likes (storefront.md section 2: the like button, where simple liking is on). The spec names
 * no call; ours is `POST /api/content/likes` with `{ itemId }`: the visitor (their crumb) likes
 * the item once however often they send it, and the answer is the item's like count with it.
 */

import { API } from '../../shared/index'
import { likeAnItem } from '../actions/like-item'
import type { AppEnv } from '../env'
import { bodySchema, on } from '../http/api-route'
import { jsonBody } from '../http/body'
import { Hono } from '../http/hono'
import { requireCrumb } from '../middleware/crumb'
import { FORGOTTEN_PAGE_HEADER, forgetPage } from '../middleware/page-cache'
import { rateLimit } from '../middleware/rate-limit'
import * as z from '../runtime/zod'

export const likeRoutes = new Hono<AppEnv>()

on(
  likeRoutes,
  API.likeItem,
  rateLimit('likes', { addressLimiter: 'ADDRESS_STRICT_LIMITER' }),
  requireCrumb(),
  async function like(c) {
    const { itemId } = await jsonBody(
      c,
      bodySchema(API.likeItem, z.object({ itemId: z.string().check(z.minLength(1), z.maxLength(128)) })),
    )
    const outcome = await likeAnItem(c.get('catalog'), c.env, itemId, c.get('crumb'))
    if (outcome.kind === 'disabled') return c.json({ message: 'Liking is not turned on for this site.' }, 403)
    if (outcome.kind === 'unknown-item') return c.json({ message: 'There is no such item.' }, 404)
    // The item's page shows the count: the next view here renders it again (and in the page
    // Worker that forwarded the call, which reads the header).
    if (outcome.added) c.header(FORGOTTEN_PAGE_HEADER, await forgetPage(c, outcome.path))
    return c.json({ itemId: outcome.itemId, likeCount: outcome.likeCount, liked: true })
  },
)
