/** The tenant's pages: home, collections (paged), items. */
import { Hono } from 'hono'
import { z } from 'zod'
import { getCollection, getCollectionItems, getItem } from '../catalog'
import type { AppEnv } from '../context'
import { CollectionPage } from '../pages/collection-page'
import { ItemPage } from '../pages/item-page'
import { plainHtmlResponse, renderDocument } from '../pages/render'
import { notFoundPage } from '../pages/status'
import { ITEM_PAGE_KINDS, slugSchema } from '../records'

/** platform.md section 9: at most 200 products in a collection page. */
export const COLLECTION_PAGE_SIZE = 200

const collectionQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page must be 1 or more.')
    .default(1),
})

export const pageRoutes = new Hono<AppEnv>()

pageRoutes.get('/', async function showHome(c) {
  const tenant = c.get('tenant')
  const collection = await getCollection(c.env.CATALOG, tenant.siteId, tenant.site.homeCollection)
  if (!collection) return notFoundPage(tenant)
  const items = await getCollectionItems(c.env.CATALOG, tenant.siteId, collection, {
    offset: 0,
    limit: COLLECTION_PAGE_SIZE,
  })
  return renderDocument(<CollectionPage tenant={tenant} collection={collection} items={items} />)
})

pageRoutes.get('/:collection', async function showCollection(c) {
  const tenant = c.get('tenant')
  const slug = slugSchema.safeParse(c.req.param('collection'))
  if (!slug.success) return notFoundPage(tenant)
  if (slug.data === tenant.site.homeCollection) return c.redirect('/', 301)
  const query = collectionQuerySchema.safeParse(c.req.query())
  if (!query.success)
    return plainHtmlResponse(400, 'Bad request', query.error.issues[0]?.message ?? 'Invalid query.')
  const collection = await getCollection(c.env.CATALOG, tenant.siteId, slug.data)
  if (!collection) return notFoundPage(tenant)
  const offset = (query.data.page - 1) * COLLECTION_PAGE_SIZE
  if (query.data.page > 1 && offset >= collection.itemSlugs.length) return notFoundPage(tenant)
  const items = await getCollectionItems(c.env.CATALOG, tenant.siteId, collection, {
    offset,
    limit: COLLECTION_PAGE_SIZE,
  })
  return renderDocument(<CollectionPage tenant={tenant} collection={collection} items={items} />)
})

pageRoutes.get('/:collection/:slug', async function showItem(c) {
  const tenant = c.get('tenant')
  const collectionSlug = slugSchema.safeParse(c.req.param('collection'))
  const itemSlug = slugSchema.safeParse(c.req.param('slug'))
  if (!collectionSlug.success || !itemSlug.success) return notFoundPage(tenant)
  const [collection, item] = await Promise.all([
    getCollection(c.env.CATALOG, tenant.siteId, collectionSlug.data),
    getItem(c.env.CATALOG, tenant.siteId, collectionSlug.data, itemSlug.data),
  ])
  if (!collection || !item || !ITEM_PAGE_KINDS.has(collection.typeName)) return notFoundPage(tenant)
  return renderDocument(<ItemPage tenant={tenant} collection={collection} item={item} />)
})

pageRoutes.all('*', (c) => notFoundPage(c.get('tenant')))
