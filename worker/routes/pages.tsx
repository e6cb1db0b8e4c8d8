/**
 * The tenant's pages, one per page kind: home and ordinary pages, product lists (paged), product
 * detail, blog, events, gallery, form pages, search, the cart, and the not-found, lock-screen and
 * member-area screens. Each reads its own record first (the `<head>` leaves with it) and its
 * item lists on the slow path.
 */
import { Hono } from 'hono'
import { renderToString } from 'react-dom/server'
import { z } from 'zod'
import type { TemplateName } from '../../templates/defaults/pages'
import { getCollection, getCollectionItems, getForm, getItem } from '../catalog'
import type { AppEnv, Tenant } from '../context'
import { CartPage } from '../pages/cart-page'
import { type Collection, ITEM_PAGE_KINDS, type Item, slugSchema } from '../records'
import { merchandisingFor, pagination, splitEvents } from '../render/context'
import type { HeadData } from '../render/head'
import { plainHtmlResponse } from '../render/plain'
import { searchSite } from '../render/search'
import { renderReactPage, renderTemplatePage } from '../render/template-page'
import { plainText } from '../render/text'

/** Items per page of a list (platform.md section 9: at most 200 products in a collection page). */
export const PAGE_SIZE: Record<string, number> = { products: 200, blog: 20 }

const pageQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page must be 1 or more.')
    .default(1),
})

const searchQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search words must be 200 characters or fewer.').default(''),
})

const COLLECTION_TEMPLATE: Record<Collection['typeName'], TemplateName> = {
  page: 'page',
  products: 'products',
  blog: 'blog',
  events: 'events',
  gallery: 'gallery',
  form: 'form',
}

const ITEM_TEMPLATE: Record<string, TemplateName> = {
  products: 'product',
  blog: 'blog-item',
  events: 'event-item',
}

export function notFoundPage(tenant: Tenant, kv: KVNamespace, path: string): Response {
  return renderTemplatePage({
    tenant,
    kv,
    path,
    status: 404,
    template: 'not-found',
    head: { title: 'Page not found', path: null, type: 'website', noindex: true },
    data: {},
  })
}

/** A locked or member-only collection answers with its screen instead of its content. */
function guardScreen(tenant: Tenant, kv: KVNamespace, collection: Collection, path: string): Response | null {
  const template = collection.locked ? 'lock-screen' : collection.memberOnly ? 'member-denied' : null
  if (template === null) return null
  return renderTemplatePage({
    tenant,
    kv,
    path,
    template,
    head: { title: collection.title, path, type: 'website', noindex: true },
    data: { collection },
  })
}

function collectionPage(
  c: { env: { CATALOG: KVNamespace } },
  tenant: Tenant,
  collection: Collection,
  page: number,
) {
  const kv = c.env.CATALOG
  const path = collection.fullUrl
  const guarded = guardScreen(tenant, kv, collection, path)
  if (guarded) return guarded
  const isHome = collection.urlId === tenant.site.homeCollection
  const pageSize = PAGE_SIZE[collection.typeName] ?? collection.itemSlugs.length
  const head: HeadData = {
    title: isHome ? tenant.site.website.siteTitle : collection.title,
    description: collection.description,
    path: page > 1 ? `${path}?page=${page}` : path,
    type: 'website',
  }
  const data = (async () => {
    const items = await getCollectionItems(kv, tenant, collection, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
    })
    const own: Record<string, unknown> = { collection, items }
    if (collection.typeName === 'products') {
      own.pagination = pagination(collection, page, pageSize)
      own.productMerchandisingContext = merchandisingFor(tenant, items)
    } else if (collection.typeName === 'blog') {
      own.pagination = pagination(collection, page, pageSize)
    } else if (collection.typeName === 'events') {
      Object.assign(own, splitEvents(items, Date.now()))
    } else if (collection.formId) {
      own.form = await getForm(kv, tenant, collection.formId)
    }
    return own
  })()
  return renderTemplatePage({
    tenant,
    kv,
    path,
    head,
    template: COLLECTION_TEMPLATE[collection.typeName],
    data,
  })
}

function itemHead(collection: Collection, item: Item): HeadData {
  const isProduct = collection.typeName === 'products'
  return {
    title: item.title,
    description: plainText(item.excerpt) || undefined,
    path: item.fullUrl,
    type: isProduct ? 'product' : 'article',
    image: item.mainImage?.assetUrl,
    product: isProduct ? item : undefined,
  }
}

export const pageRoutes = new Hono<AppEnv>()

pageRoutes.get('/', async function showHome(c) {
  const tenant = c.get('tenant')
  const collection = await getCollection(c.env.CATALOG, tenant, tenant.site.homeCollection)
  if (!collection) return notFoundPage(tenant, c.env.CATALOG, '/')
  return collectionPage(c, tenant, collection, 1)
})

pageRoutes.get('/search', function showSearch(c) {
  const tenant = c.get('tenant')
  const query = searchQuerySchema.safeParse(c.req.query())
  if (!query.success) {
    return plainHtmlResponse(400, 'Bad request', query.error.issues[0]?.message ?? 'Invalid query.')
  }
  const q = query.data.q
  const data = searchSite(c.env.CATALOG, tenant, q).then((results) => ({
    search: { query: q, results, resultCount: results.length },
  }))
  return renderTemplatePage({
    tenant,
    kv: c.env.CATALOG,
    path: '/search',
    template: 'search',
    head: { title: q ? `Search: ${q}` : 'Search', path: '/search', type: 'website', noindex: true },
    data,
  })
})

pageRoutes.get('/cart', function showCart(c) {
  const tenant = c.get('tenant')
  if (!tenant.site.storeSettings) return notFoundPage(tenant, c.env.CATALOG, '/cart')
  return renderReactPage({
    tenant,
    kv: c.env.CATALOG,
    path: '/cart',
    head: { title: 'Shopping Cart', path: '/cart', type: 'website', noindex: true },
    main: () => renderToString(<CartPage />),
  })
})

pageRoutes.get('/:collection', async function showCollection(c) {
  const tenant = c.get('tenant')
  const slug = slugSchema.safeParse(c.req.param('collection'))
  if (!slug.success) return notFoundPage(tenant, c.env.CATALOG, c.req.path)
  if (slug.data === tenant.site.homeCollection) return c.redirect('/', 301)
  const query = pageQuerySchema.safeParse(c.req.query())
  if (!query.success) {
    return plainHtmlResponse(400, 'Bad request', query.error.issues[0]?.message ?? 'Invalid query.')
  }
  const collection = await getCollection(c.env.CATALOG, tenant, slug.data)
  if (!collection) return notFoundPage(tenant, c.env.CATALOG, c.req.path)
  const page = query.data.page
  const pageSize = PAGE_SIZE[collection.typeName]
  if (page > 1 && (!pageSize || (page - 1) * pageSize >= collection.itemSlugs.length)) {
    return notFoundPage(tenant, c.env.CATALOG, c.req.path)
  }
  return collectionPage(c, tenant, collection, page)
})

pageRoutes.get('/:collection/:slug', async function showItem(c) {
  const tenant = c.get('tenant')
  const kv = c.env.CATALOG
  const collectionSlug = slugSchema.safeParse(c.req.param('collection'))
  const itemSlug = slugSchema.safeParse(c.req.param('slug'))
  if (!collectionSlug.success || !itemSlug.success) return notFoundPage(tenant, kv, c.req.path)
  const [collection, item] = await Promise.all([
    getCollection(kv, tenant, collectionSlug.data),
    getItem(kv, tenant, collectionSlug.data, itemSlug.data),
  ])
  if (!collection || !item || !ITEM_PAGE_KINDS.has(collection.typeName))
    return notFoundPage(tenant, kv, c.req.path)
  const guarded = guardScreen(tenant, kv, collection, item.fullUrl)
  if (guarded) return guarded
  const data =
    collection.typeName === 'products'
      ? { collection, item, productMerchandisingContext: merchandisingFor(tenant, [item]) }
      : { collection, item }
  return renderTemplatePage({
    tenant,
    kv,
    path: item.fullUrl,
    head: itemHead(collection, item),
    template: ITEM_TEMPLATE[collection.typeName] as TemplateName,
    data,
  })
})

pageRoutes.all('*', (c) => notFoundPage(c.get('tenant'), c.env.CATALOG, c.req.path))
