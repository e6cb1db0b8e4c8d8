/**
 * The tenant's pages, one per page kind: home and ordinary pages, product lists (paged), product
 * detail, blog, events, gallery, form pages, search, the cart, and the not-found, lock-screen and
 * member-area screens. Each reads its own record first (the `<head>` leaves with it) and its
 * item lists on the slow path.
 */
import type { Context } from 'hono'
import { PAGE_ACTION_DATA_KEY } from '../../islands/index'
import { capabilitiesOf, ENGINE_TEXT, plainText } from '../../shared/index'
import { guardPage, postToGuardedPage, publicCollection } from '../auth/page-access'
import { liveSiteUser } from '../auth/site-user'
import { itemExtras, ownCommentsShown } from '../catalogue/item-extras'
import { pageKindOf } from '../catalogue/page-kinds'
import { type Catalog, isPublished } from '../catalogue/reader'
import { type Collection, type Item, slugSchema } from '../catalogue/records'
import { searchSite } from '../catalogue/search'
import {
  fieldsFormOf,
  merchandisingFor,
  pagination,
  splitEvents,
  withFieldsForm,
} from '../catalogue/template-data'
import { type CommentDigest, commentCount, commentPage } from '../db/item-comments'
import type { AppEnv } from '../env'
import { Hono } from '../http/hono'
import { plainHtmlResponse } from '../http/plain-pages'
import { cacheTags, PERSONAL_CACHE_CONTROL } from '../middleware/page-cache'
import type { HeadData } from '../render/head'
import { renderTemplatePage } from '../render/template-page'
import * as z from '../runtime/zod'
import { type PageActionResult, pagePosts } from './page-posts'

const pageQuerySchema = z.object({
  page: z._default(
    z.coerce
      .number({ message: 'Page must be a number.' })
      .check(z.int('Page must be a whole number.'), z.minimum(1, 'Page must be 1 or more.')),
    1,
  ),
})

const searchQuerySchema = z.object({
  q: z._default(
    z.string().check(z.trim(), z.maxLength(200, 'Search words must be 200 characters or fewer.')),
    '',
  ),
})

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

/** The page data of a plain form post's outcome (routes/page-posts.ts), and the page's status. */
function actionData(posted: PageActionResult | undefined) {
  return posted === undefined
    ? { data: {}, status: undefined }
    : { data: { [PAGE_ACTION_DATA_KEY]: posted.action }, status: posted.status }
}

async function collectionPage(c: Context<AppEnv>, collection: Collection, page: number) {
  const catalog = c.get('catalog')
  const posted = actionData(c.get('pageAction'))
  const { tenant } = catalog
  const path = collection.fullUrl
  const guarded = await guardPage(c, collection, path)
  if (guarded instanceof Response) return guarded
  const isHome = collection.urlId === tenant.site.homeCollection
  const kind = pageKindOf(collection)
  const pageSize = kind.pageSize ?? collection.itemSlugs.length
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
    const own: Record<string, unknown> = {
      ...guarded?.own,
      collection: publicCollection(collection),
      items,
      ...posted.data,
    }
    if (kind.pageSize !== undefined) own.pagination = pagination(collection, page, pageSize)
    if (kind.sellsProducts) own.productMerchandisingContext = merchandisingFor(tenant, items)
    if (kind.datedItems) Object.assign(own, splitEvents(items, Date.now()))
    if (kind.form !== undefined && collection.formId) own.form = await catalog.form(collection.formId)
    return own
  })()
  // A kind whose template prints the collection's form: the footer then leaves it out.
  const pageFormId = kind.form === 'printed' ? collection.formId : undefined
  return renderTemplatePage({
    catalog,
    path,
    head,
    template: kind.listTemplate,
    data,
    status: posted.status,
    headers: guarded?.headers ?? { 'Cache-Tag': cacheTags(tenant.siteId, collection.urlId) },
    tracked: { pageId: collection.id },
    pageFormId,
  })
}

function itemHead(collection: Collection, item: Item): HeadData {
  const isProduct = pageKindOf(collection).sellsProducts
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

/**
 * A post to a locked or member-only page is its password or sign-in (protected-pages.ts); any
 * other page post is a form, restock or like action (page-posts.ts), answered with the page.
 */
pageRoutes.post('/:collection?', async function postToProtectedPage(c, next) {
  const catalog = c.get('catalog')
  const param = c.req.param('collection')
  const slug = slugSchema.safeParse(param ?? catalog.tenant.site.homeCollection)
  const collection = slug.success ? await catalog.collection(slug.data) : null
  const answer = collection ? await postToGuardedPage(c, collection) : null
  if (answer) return answer
  await next()
})
pageRoutes.post('*', pagePosts())

const GET_OR_POST = ['GET', 'POST']

pageRoutes.on(GET_OR_POST, '/', async function showHome(c) {
  const catalog = c.get('catalog')
  const collection = await catalog.collection(c.get('tenant').site.homeCollection)
  if (!collection) return notFoundPage(catalog, '/')
  return collectionPage(c, collection, 1)
})

pageRoutes.get('/search', function showSearch(c) {
  const catalog = c.get('catalog')
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

pageRoutes.on(GET_OR_POST, '/:collection', async function showCollection(c) {
  const catalog = c.get('catalog')
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
  const { pageSize } = pageKindOf(collection)
  if (page > 1 && (!pageSize || (page - 1) * pageSize >= collection.itemSlugs.length)) {
    return notFoundPage(catalog, c.req.path)
  }
  return collectionPage(c, collection, page)
})

pageRoutes.on(GET_OR_POST, '/:collection/:slug', async function showItem(c) {
  const catalog = c.get('catalog')
  const collectionSlug = slugSchema.safeParse(c.req.param('collection'))
  const itemSlug = slugSchema.safeParse(c.req.param('slug'))
  if (!collectionSlug.success || !itemSlug.success) return notFoundPage(catalog, c.req.path)
  const [collection, item] = await Promise.all([
    catalog.collection(collectionSlug.data),
    catalog.item(collectionSlug.data, itemSlug.data),
  ])
  const kind = collection ? pageKindOf(collection) : undefined
  const template = kind?.itemTemplate
  // An item is served only while its collection lists it and once its publish date has come; a
  // Private one only to a signed-in site user whose role opens the editor, never cached.
  const privateView = item?.private === true && (await opensEditor(c))
  if (
    !collection ||
    !item ||
    !template ||
    !collection.itemSlugs.includes(itemSlug.data) ||
    !(isPublished(item, Date.now()) || (privateView && isPublished({ ...item, private: false }, Date.now())))
  )
    return notFoundPage(catalog, c.req.path)
  const guarded = await guardPage(c, collection, item.fullUrl)
  if (guarded instanceof Response) return guarded
  const posted = actionData(c.get('pageAction'))
  const isProduct = kind?.sellsProducts === true
  const data = Promise.all([
    itemExtras(c.env, catalog.tenant, item, isProduct, (work) => c.executionCtx.waitUntil(work)),
    isProduct ? fieldsFormOf(catalog, item) : null,
    threadPage(c, item),
  ]).then(([{ item: extended, productReviews, comments }, fieldsForm, laterPage]) => {
    const shown = {
      ...guarded?.own,
      itemComments: laterPage ?? comments,
      collection: publicCollection(collection),
      item: withFieldsForm(extended, fieldsForm),
      ...posted.data,
    }
    return isProduct
      ? { ...shown, productMerchandisingContext: merchandisingFor(catalog.tenant, [item]), productReviews }
      : shown
  })
  return renderTemplatePage({
    catalog,
    path: item.fullUrl,
    head: itemHead(collection, item),
    template,
    data,
    status: posted.status,
    headers: privateView
      ? { 'Cache-Control': PERSONAL_CACHE_CONTROL }
      : (guarded?.headers ?? { 'Cache-Tag': cacheTags(catalog.tenant.siteId, collection.urlId, item.urlId) }),
    tracked: { pageId: item.id, product: isProduct ? item : undefined },
  })
})

pageRoutes.all('*', (c) => notFoundPage(c.get('catalog'), c.req.path))

/**
 * A later page of an item's comment thread (`?page=2`, oldest first), read from D1, so a reader
 * without script pages through a long thread; the first page is in the item's copy (null here).
 */
async function threadPage(c: Context<AppEnv>, item: Item): Promise<CommentDigest | null> {
  const page = Number(c.req.query('page') ?? '1')
  if (!Number.isInteger(page) || page < 2 || page > 10_000) return null
  if (!ownCommentsShown(c.get('catalog').tenant.site, item)) return null
  const { siteId } = c.get('catalog').tenant
  const [{ threads, hasMore }, count] = await Promise.all([
    commentPage(c.env.DB, siteId, item.id, { sort: 'oldest', page: page - 1 }),
    commentCount(c.env.DB, siteId, item.id),
  ])
  return { threads, hasMore, count, page: page - 1 }
}

/** Whether the live session's roles open the site editor (the editor's own table, shared/editing/roles.ts). */
async function opensEditor(c: Context<AppEnv>): Promise<boolean> {
  const session = await liveSiteUser(c)
  return session !== null && capabilitiesOf(session.user.roles, false).read
}
