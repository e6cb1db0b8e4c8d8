/**
 * `GET /sitemap.xml` (sitemaps.org protocol 0.9): every page, collection and item URL of the
 * tenant, and `GET /robots.txt` pointing at it.
 */
import { Hono } from 'hono'
import { getCollection } from '../catalog'
import type { AppEnv, Tenant } from '../context'
import { ITEM_PAGE_KINDS, kvKey } from '../records'

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[ch]};`,
  )
}

/** Every collection slug of a tenant, following KV list cursors. */
async function listCollectionSlugs(kv: KVNamespace, siteId: string): Promise<string[]> {
  const prefix = kvKey.collection(siteId, '')
  const slugs: string[] = []
  let cursor: string | undefined
  do {
    const page = await kv.list({ prefix, cursor })
    for (const key of page.keys) slugs.push(key.name.slice(prefix.length))
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return slugs
}

/** Site-relative URLs: home, collections with their items, then search and (stores) the cart. */
export async function sitemapPaths(kv: KVNamespace, tenant: Tenant): Promise<string[]> {
  const slugs = await listCollectionSlugs(kv, tenant.siteId)
  const collections = await Promise.all(slugs.map((slug) => getCollection(kv, tenant, slug)))
  const paths = new Set<string>(['/'])
  for (const collection of collections) {
    if (!collection) continue
    paths.add(collection.fullUrl)
    if (!ITEM_PAGE_KINDS.has(collection.typeName)) continue
    for (const slug of collection.itemSlugs) paths.add(`/${collection.urlId}/${slug}`)
  }
  paths.add('/search')
  if (tenant.site.storeSettings) paths.add('/cart')
  return [...paths]
}

export const sitemapRoutes = new Hono<AppEnv>()

sitemapRoutes.get('/sitemap.xml', async function showSitemap(c) {
  const tenant = c.get('tenant')
  const urls = (await sitemapPaths(c.env.CATALOG, tenant))
    .map((path) => `<url><loc>${escapeXml(new URL(path, tenant.origin).href)}</loc></url>`)
    .join('\n')
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return c.body(body, 200, { 'content-type': 'application/xml; charset=utf-8' })
})

sitemapRoutes.get('/robots.txt', function showRobots(c) {
  const { origin } = c.get('tenant')
  return c.text(`User-agent: *\nDisallow: /api/\nDisallow: /cart\nSitemap: ${origin}/sitemap.xml\n`)
})
