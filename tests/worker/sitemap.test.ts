import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { collectionSchema } from '../../worker/catalogue/records'
import { DEMO_TENANTS, visit } from './helpers'

async function sitemapLocations(host: string): Promise<string[]> {
  const response = await visit(host, '/sitemap.xml')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  const xml = await response.text()
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  )
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
}

describe('sitemap', () => {
  for (const tenant of DEMO_TENANTS) {
    it(`Should list every public collection and item page of ${tenant.host}, and each answers 200`, async () => {
      const locations = await sitemapLocations(tenant.host)
      const expected = new Set([`http://${tenant.host}/`, `http://${tenant.host}/search`])
      if (tenant.currency) expected.add(`http://${tenant.host}/cart`)
      const { keys } = await env.CATALOG.list({ prefix: `site:${tenant.siteId}:collection:` })
      for (const { name } of keys) {
        const collection = collectionSchema.parse(await env.CATALOG.get(name, 'json'))
        // Locked and member-only pages are personal: never in the sitemap.
        if (collection.locked || collection.memberOnly) continue
        expected.add(`http://${tenant.host}${collection.fullUrl}`)
        if (['products', 'blog', 'events'].includes(collection.typeName)) {
          for (const slug of collection.itemSlugs)
            expected.add(`http://${tenant.host}/${collection.urlId}/${slug}`)
        }
      }
      expect(new Set(locations)).toEqual(expected)
      for (const location of locations) {
        const url = new URL(location)
        const response = await visit(tenant.host, url.pathname)
        expect(response.status, location).toBe(200)
        await response.text()
      }
      // Every page of the tenant is rendered: allow for a loaded two-core machine.
    }, 60_000)
  }

  it("Should name only the tenant's own host", async () => {
    for (const location of await sitemapLocations('kissa.localhost')) {
      expect(new URL(location).host).toBe('kissa.localhost')
    }
  })

  it('Should point robots.txt at the sitemap', async () => {
    const response = await visit('journal.localhost', '/robots.txt')
    expect(await response.text()).toContain('Sitemap: http://journal.localhost/sitemap.xml')
  })
})
