/**
 * The tenant's pages, one per page kind: home and ordinary pages, product lists (paged), product
 * detail, blog, events, gallery, form pages, search, the cart, and the not-found, lock-screen and
 * member-area screens. Each reads its own record first (the `<head>` leaves with it) and its
 * item lists on the slow path.
 */
import { Hono } from 'hono'
import * as z from 'zod'
import { PAGE_ACTION_DATA_KEY } from '../../islands/page-action'
import type { TemplateName } from '../../templates/index'
import { CART_TEXT, ENGINE_TEXT } from '../../templates/shared'
import { type Catalog, isPublished } from '../catalog'
import type { AppEnv } from '../context'
import { cacheTags, PERSONAL_CACHE_CONTROL } from '../middleware/page-cache'
import { type Collection, ITEM_PAGE_KINDS, type Item, LIST_LIMITS, slugSchema } from '../records'
import { CartPage } from '../render/cart-page'
import { merchandisingFor, pagination, splitEvents } from '../render/context'
import type { HeadData } from '../render/head'
import { plainHtmlResponse } from '../render/plain'
import { renderToString } from '../render/react-server'
import { renderReactPage, renderTemplatePage } from '../render/template-page'
import { plainText } from '../render/text'
import { searchSite } from '../search'
import { itemExtras } from './item-extras'
import { type PageActionResult, pagePosts } from './page-posts'

/** Items per page of a list (storefront.md section 9: at most 200 products in a collection page). */
export const PAGE_SIZE: Record<string, number> = { products: LIST_LIMITS.productsPerPage, blog: 20 }

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

export function notFoundPage(catalog: Catalog, path: string): Promise<Response> {
  return renderTemplatePage({
    catalog,
    path,
    status: 404,
    template: 'not-found',
    head: { title: ENGINE_TEXT.notFoundTitle, path: null, type: 'website', noindex: true },
    data: {},
  })
}

/** A locked or member-only collection answers with its screen instead of its content. */
function guardScreen(catalog: Catalog, collection: Collection, path: string): Promise<Response> | null {
  const template = collection.locked ? 'lock-screen' : collection.memberOnly ? 'member-denied' : null
  if (template === null) return null
  return renderTemplatePage({
    catalog,
    path,
    template,
    head: { title: collection.title, path, type: 'website', noindex: true },
    data: { collection },
    headers: { 'Cache-Control': PERSONAL_CACHE_CONTROL },
  })
}

/** The page data of a plain form post's outcome (routes/page-posts.ts), and the page's status. */
function actionData(posted: PageActionResult | undefined) {
  return posted === undefined
    ? { data: {}, status: undefined }
    : { data: { [PAGE_ACTION_DATA_KEY]: posted.action }, status: posted.status }
}

function collectionPage(catalog: Catalog, collection: Collection, page: number, posted?: PageActionResult) {
  const { tenant } = catalog
  const path = collection.fullUrl
  const guarded = guardScreen(catalog, collection, path)
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
    const items = await catalog.collectionItems(collection, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
    })
    const own: Record<string, unknown> = { collection, items, ...actionData(posted).data }
    if (collection.typeName === 'products') {
      own.pagination = pagination(collection, page, pageSize)
      own.productMerchandisingContext = merchandisingFor(tenant, items)
    } else if (collection.typeName === 'blog') {
      own.pagination = pagination(collection, page, pageSize)
    } else if (collection.typeName === 'events') {
      Object.assign(own, splitEvents(items, Date.now()))
    } else if (collection.formId) {
      own.form = await catalog.form(collection.formId)
    }
    return own
  })()
  return renderTemplatePage({
    catalog,
    path,
    head,
    template: COLLECTION_TEMPLATE[collection.typeName],
    data,
    status: actionData(posted).status,
    headers: { 'Cache-Tag': cacheTags(tenant.siteId, collection.urlId) },
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

// A page also answers a plain HTML form post of one of its islands, showing the outcome.
pageRoutes.post('*', pagePosts())

const GET_OR_POST = ['GET', 'POST']

pageRoutes.on(GET_OR_POST, '/', async function showHome(c) {
  const catalog = c.var.catalog
  const collection = await catalog.collection(c.var.tenant.site.homeCollection)
  if (!collection) return notFoundPage(catalog, '/')
  return collectionPage(catalog, collection, 1, c.var.pageAction)
})

pageRoutes.get('/search', function showSearch(c) {
  const catalog = c.var.catalog
  const query = searchQuerySchema.safeParse(c.req.query())
  if (!query.success) {
    return plainHtmlResponse(400, 'Bad request', query.error.issues[0]?.message ?? 'Invalid query.')
  }
  const q = query.data.q
  const data = searchSite(catalog, q).then((results) => ({
    search: { query: q, results, resultCount: results.length },
  }))
  return renderTemplatePage({
    catalog,
    path: '/search',
    template: 'search',
    head: { title: q ? `Search: ${q}` : 'Search', path: '/search', type: 'website', noindex: true },
    data,
  })
})

pageRoutes.get('/cart', function showCart(c) {
  const catalog = c.var.catalog
  if (!catalog.tenant.site.storeSettings) return notFoundPage(catalog, '/cart')
  return renderReactPage({
    catalog,
    path: '/cart',
    head: { title: CART_TEXT.cartPageTitle, path: '/cart', type: 'website', noindex: true },
    main: () => renderToString(<CartPage />),
    headers: { 'Cache-Control': PERSONAL_CACHE_CONTROL },
  })
})

pageRoutes.on(GET_OR_POST, '/:collection', async function showCollection(c) {
  const catalog = c.var.catalog
  const slug = slugSchema.safeParse(c.req.param('collection'))
  if (!slug.success) return notFoundPage(catalog, c.req.path)
  if (slug.data === catalog.tenant.site.homeCollection) return c.redirect('/', 301)
  const query = pageQuerySchema.safeParse(c.req.query())
  if (!query.success) {
    return plainHtmlResponse(400, 'Bad request', query.error.issues[0]?.message ?? 'Invalid query.')
  }
  const collection = await catalog.collection(slug.data)
  if (!collection) return notFoundPage(catalog, c.req.path)
  const page = query.data.page
  const pageSize = PAGE_SIZE[collection.typeName]
  if (page > 1 && (!pageSize || (page - 1) * pageSize >= collection.itemSlugs.length)) {
    return notFoundPage(catalog, c.req.path)
  }
  return collectionPage(catalog, collection, page, c.var.pageAction)
})

pageRoutes.on(GET_OR_POST, '/:collection/:slug', async function showItem(c) {
  const catalog = c.var.catalog
  const collectionSlug = slugSchema.safeParse(c.req.param('collection'))
  const itemSlug = slugSchema.safeParse(c.req.param('slug'))
  if (!collectionSlug.success || !itemSlug.success) return notFoundPage(catalog, c.req.path)
  const [collection, item] = await Promise.all([
    catalog.collection(collectionSlug.data),
    catalog.item(collectionSlug.data, itemSlug.data),
  ])
  // An item is served only while its collection lists it and once its publish date has come.
  if (
    !collection ||
    !item ||
    !ITEM_PAGE_KINDS.has(collection.typeName) ||
    !collection.itemSlugs.includes(itemSlug.data) ||
    !isPublished(item, Date.now())
  )
    return notFoundPage(catalog, c.req.path)
  const guarded = guardScreen(catalog, collection, item.fullUrl)
  if (guarded) return guarded
  const posted = actionData(c.var.pageAction)
  const isProduct = collection.typeName === 'products'
  const data = itemExtras(c.env, catalog.tenant, item, isProduct).then(({ item: shown, productReviews }) =>
    isProduct
      ? {
          collection,
          item: shown,
          productMerchandisingContext: merchandisingFor(catalog.tenant, [item]),
          productReviews,
          ...posted.data,
        }
      : { collection, item: shown, ...posted.data },
  )
  return renderTemplatePage({
    catalog,
    path: item.fullUrl,
    head: itemHead(collection, item),
    template: ITEM_TEMPLATE[collection.typeName] as TemplateName,
    data,
    status: posted.status,
    headers: { 'Cache-Tag': cacheTags(catalog.tenant.siteId, collection.urlId, item.urlId) },
  })
})

pageRoutes.all('*', (c) => notFoundPage(c.var.catalog, c.req.path))
