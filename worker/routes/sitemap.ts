/**
 * `GET /sitemap.xml` (sitemaps.org protocol 0.9): every public page, collection and item URL of
 * the tenant, and `GET /robots.txt` pointing at it. Locked and member-only pages and their items
 * are personal, and items whose publish date is still to come are not out yet: none is listed.
 */

import { pageKindOf } from '../catalogue/page-kinds'
import type { Catalog } from '../catalogue/reader'
import type { AppEnv } from '../env'
import { Hono } from '../http/hono'

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[ch]};`,
  )
}

/** Site-relative URLs: home, public collections with their items, then search and (stores) the cart. */
export async function sitemapPaths(catalog: Catalog): Promise<string[]> {
  const paths = new Set<string>(['/'])
  const collections = (await catalog.collections()).filter((c) => !c.locked && !c.memberOnly)
  const items = await Promise.all(
    collections.map((collection) =>
      pageKindOf(collection).sitemapItems ? catalog.collectionItems(collection) : [],
    ),
  )
  collections.forEach((collection, i) => {
    paths.add(collection.fullUrl)
    for (const item of items[i] ?? []) paths.add(`/${collection.urlId}/${item.urlId}`)
  })
  paths.add('/search')
  if (catalog.tenant.site.storeSettings) paths.add('/cart')
  return [...paths]
}

export const sitemapRoutes = new Hono<AppEnv>()

sitemapRoutes.get('/sitemap.xml', async function showSitemap(c) {
  const { origin } = c.get('tenant')
  const urls = (await sitemapPaths(c.get('catalog')))
    .map((path) => `<url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`)
    .join('\n')
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return c.body(body, 200, { 'content-type': 'application/xml; charset=utf-8' })
})

sitemapRoutes.get('/robots.txt', function showRobots(c) {
  const { origin } = c.get('tenant')
  return c.text(`User-agent: *\nDisallow: /api/\nDisallow: /cart\nSitemap: ${origin}/sitemap.xml\n`)
})
