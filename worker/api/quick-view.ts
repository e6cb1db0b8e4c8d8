/**
 * Quick View's product (issue 24; ours, not the spec's), under `/api`:
 *
 *   GET /api/commerce/quick-view/{itemId} → { item: { id, title, fullUrl }, html }
 *
 * The dialog body of a published product of a public collection, rendered by the tenant's
 * `quick-view` template (render/quick-view-body.ts). It reads KV only (the records, the
 * templates), never D1: no reviews or likes, which the product page shows. An id that is not one
 * is a 400; an item that is not for sale, or sits behind a password or the member area, a 404
 * (what a locked page would show is never shown here). Like a catalogue page it is the same for
 * every visitor, so it sets no cookie; browsers check back on every open (`max-age=0`), shared
 * caches keep it a while.
 */
import { API, CART_TEXT } from '../../shared/index'
import { publicCollection } from '../auth/page-access'
import { productById } from '../catalogue/item-index'
import { fieldsFormOf } from '../catalogue/template-data'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { validate } from '../http/body'
import { Hono } from '../http/hono'
import { quickViewBody } from '../render/quick-view-body'
import * as z from '../runtime/zod'

export const quickViewRoutes = new Hono<AppEnv>()

const itemIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an item id'))

on(quickViewRoutes, API.quickView, async function showQuickView(c) {
  const itemId = validate(itemIdSchema, c.req.param('itemId'))
  const catalog = c.get('catalog')
  const item = await productById(catalog, itemId)
  // The collection that lists it (its first path segment), whose gallery options it shows.
  const slug = item?.fullUrl.split('/')[1] ?? ''
  const collection = item === null ? null : await catalog.collection(slug)
  if (item === null || collection === null || collection.memberOnly || collection.locked)
    return c.json({ message: CART_TEXT.itemNotFound }, 404)
  const html = await quickViewBody(
    catalog,
    publicCollection(collection),
    item,
    await fieldsFormOf(catalog, item),
  )
  return c.json({ item: { id: item.id, title: item.title, fullUrl: item.fullUrl }, html }, 200, {
    'cache-control': 'public, max-age=0, must-revalidate, s-maxage=60',
  })
})
