/**
 * `GET /sitemap.xml` (sitemaps.org protocol 0.9): every page, collection and item URL of the
 * tenant, and `GET /robots.txt` pointing at it.
 */
import { Hono } from 'hono'
import { listCollections } from '../catalog'
import type { AppEnv, Tenant } from '../context'
import { ITEM_PAGE_KINDS } from '../records'

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[ch]};`,
  )
}

/** Site-relative URLs: home, collections with their items, then search and (stores) the cart. */
export async function sitemapPaths(kv: KVNamespace, tenant: Tenant): Promise<string[]> {
  const paths = new Set<string>(['/'])
  for (const collection of await listCollections(kv, tenant)) {
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
