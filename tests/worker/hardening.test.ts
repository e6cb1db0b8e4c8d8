// Issue #8, as an attacker and a careless merchant would try it: no request breaks another,
// every merchant value is escaped where it lands, odd requests get clean answers.
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { collectionSchema, itemSchema, siteSchema } from '../../worker/catalogue/records'
import { visit } from './helpers'

/** A new content version: every per-isolate cache of the tenant starts cold. */
async function coldTenant(siteId: string): Promise<void> {
  await env.CATALOG.put(`site:${siteId}:version`, `cold-${crypto.randomUUID()}`)
}

/** The whole page, or a failure when it stalls (a page cut off or hanging fails the test). */
async function wholePage(host: string, path: string): Promise<string> {
  const response = await visit(host, path)
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toMatch(/<\/main><footer class="site-footer">[\s\S]*<\/html>$/)
  return html
}

describe('One request never breaks another', () => {
  for (const [what, path] of [
    ['a collection', '/footwear'],
    ['a product', '/footwear/leather-boot-care-kit'],
    ['search', '/search?q=a'],
  ] as const) {
    it(`Should serve a complete page after a HEAD of ${what} on a cold isolate cache`, async () => {
      await coldTenant('aurora')
      const head = await visit('aurora.localhost', path, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await head.text()).toBe('')
      const html = await wholePage('aurora.localhost', path)
      expect(html.length).toBeGreaterThan(2000)
    })
  }

  it('Should serve a complete page after a GET the visitor left mid-stream', async () => {
    await coldTenant('aurora')
    const first = await visit('aurora.localhost', '/apparel')
    const reader = (first.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    await reader.cancel()
    const html = await wholePage('aurora.localhost', '/apparel')
    expect(html).toContain('Ridgeline Flannel Shirt')
    await wholePage('aurora.localhost', '/apparel/ridgeline-flannel-shirt')
  })
})

const HOSTILE = 'hostile.localhost'
const HOSTILE_PAGES = [
  '/',
  '/shop',
  '/shop/payload-jacket',
  '/shop/payload-socks',
  '/notes',
  '/notes/payload-post',
  '/events',
  '/events/payload-event',
  '/photos',
  '/contact',
  '/locked',
  '/members',
  '/search?q=X',
  '/no-such-page',
  '/sitemap.xml',
]

/** What a payload looks like when it escaped escaping: markup or a script URL, live. */
const LIVE_PAYLOAD = [
  /<script>alert/i,
  /<img src=x/i,
  /"><img src=x/,
  /href="javascript:/i,
  /src="javascript:/i,
  /<\/script><script>/i,
]

/** The contents of the page's `<script>` elements (JSON-LD): no raw line separator may end a string early. */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '')
}

describe('A tenant whose every text field carries a payload', () => {
  for (const path of HOSTILE_PAGES) {
    it(`Should print no payload unescaped on ${path}`, async () => {
      const response = await visit(HOSTILE, path)
      expect([200, 404]).toContain(response.status)
      const html = await response.text()
      if (path !== '/sitemap.xml') expect(html).toContain('alert(') // the payloads are there, as text
      for (const pattern of LIVE_PAYLOAD) expect(html, String(pattern)).not.toMatch(pattern)
      for (const script of scriptsOf(html)) expect(script).not.toMatch(/[\u2028\u2029]/)
      // Template syntax in data is data: it prints as written, never runs.
      if (path !== '/sitemap.xml') expect(html).toContain('{website.siteTitle}')
    })
  }
})

describe('Record schemas refuse unsafe ids and links, naming the field', () => {
  const site = () =>
    JSON.parse(
      JSON.stringify({
        id: 's',
        website: { id: 's', siteTitle: 'S', language: 'en' },
        navigation: [{ title: 'Home', url: '/' }],
        homeCollection: 'home',
      }),
    )

  for (const url of [
    'javascript:alert(1)',
    '//evil.example/',
    '/\\evil.example',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    ' /x',
  ]) {
    it(`Should refuse the navigation link ${JSON.stringify(url)}`, () => {
      const record = site()
      record.navigation.push({ title: 'Bad', url })
      const parsed = siteSchema.safeParse(record)
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues[0]?.path).toEqual(['navigation', 1, 'url'])
      expect(parsed.error?.issues[0]?.message).toMatch(/path on this site|http\(s\) URL/)
    })
  }

  it('Should accept site paths and http(s) URLs as links', () => {
    const record = site()
    record.navigation.push(
      { title: 'Shop', url: '/shop?sort=new' },
      { title: 'Out', url: 'https://example.com/a?b=c' },
    )
    expect(siteSchema.safeParse(record).success).toBe(true)
  })

  it('Should refuse an item id that could break out of an attribute, and a fullUrl to another host', () => {
    const item = {
      id: 'x"><img',
      collectionId: 'c',
      urlId: 'x',
      title: 'X',
      fullUrl: '//evil/x',
      recordType: 1,
      addedOn: 0,
    }
    const parsed = itemSchema.safeParse(item)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['id', 'fullUrl'])
  })

  it('Should cap the lists a merchant controls (250 items in a collection)', () => {
    const collection = {
      id: 'c',
      urlId: 'c',
      title: 'C',
      fullUrl: '/c',
      type: 1,
      typeName: 'blog',
      itemSlugs: Array.from({ length: 251 }, (_, i) => `post-${i}`),
    }
    expect(collectionSchema.safeParse(collection).success).toBe(false)
    expect(
      collectionSchema.safeParse({ ...collection, itemSlugs: collection.itemSlugs.slice(0, 250) }).success,
    ).toBe(true)
  })
})

describe('Odd requests get clean answers', () => {
  it('Should answer a path whose KV key would pass 512 bytes with the not-found page', async () => {
    const response = await visit('aurora.localhost', `/${'a'.repeat(600)}`)
    expect(response.status).toBe(404)
    const item = await visit('aurora.localhost', `/apparel/${'b'.repeat(600)}`)
    expect(item.status).toBe(404)
  })

  it('Should answer a Host whose KV key would pass 512 bytes as an unknown host', async () => {
    const host = Array.from({ length: 9 }, () => 'h'.repeat(60)).join('.')
    const response = await visit(host, '/')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Website not found')
  })

  it('Should take canonical, og:url and sitemap URLs from the primary domain', async () => {
    const html = await (await visit('hostile.localhost:8787', '/shop')).text()
    expect(html).toContain('<link rel="canonical" href="https://shop.hostile.example/shop"/>')
    expect(html).toContain('<meta property="og:url" content="https://shop.hostile.example/shop"/>')
    const sitemap = await (await visit('hostile.localhost', '/sitemap.xml')).text()
    for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g))
      expect(loc).toMatch(/^https:\/\/shop\.hostile\.example\//)
  })

  it('Should fall back to the request host without a trailing dot', async () => {
    const html = await (await visit('aurora.localhost.', '/about')).text()
    expect(html).toContain('<link rel="canonical" href="http://aurora.localhost/about"/>')
  })

  it('Should not serve an item no collection lists, nor one whose publish date is still to come', async () => {
    expect((await visit(HOSTILE, '/notes/unlisted-post')).status).toBe(404)
    expect((await visit(HOSTILE, '/notes/future-post')).status).toBe(404)
    const list = await (await visit(HOSTILE, '/notes')).text()
    expect(list).not.toContain('A post from the future')
  })

  it('Should keep unlisted, future and member-only items out of the sitemap', async () => {
    const sitemap = await (await visit(HOSTILE, '/sitemap.xml')).text()
    expect(sitemap).toContain('/notes/payload-post</loc>')
    expect(sitemap).not.toContain('unlisted-post')
    expect(sitemap).not.toContain('future-post')
    expect(sitemap).not.toContain('private-notes')
    expect(sitemap).not.toContain('/members<')
    expect(sitemap).not.toContain('/locked<')
  })
})

describe('One tenant cannot slow the others', () => {
  it('Should stop a header template that would print 22 MB at the render budget, showing the page-failed screen', async () => {
    const errors: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => {
      errors.push(line)
    })
    const started = Date.now()
    const response = await visit('bomb.localhost', '/')
    const html = await response.text()
    spy.mockRestore()
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(html.length).toBeLessThan(100_000)
    expect(html).toContain('This page could not be loaded')
    expect(html).not.toContain('All work and no play')
    const logged = errors
      .map((line) => JSON.parse(line))
      .find((entry) => entry.event === 'template-render-budget')
    expect(logged).toMatchObject({ siteId: 'bomb', template: 'header', stopped: 'output' })
  })

  it('Should never cache a page whose render ran past the budget', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await visit('bomb.localhost', '/').then((r) => r.text())
    await new Promise((resolve) => setTimeout(resolve, 100))
    const again = await visit('bomb.localhost', '/')
    await again.text()
    expect(again.headers.get('cache-status')).toBe('storefront; fwd=miss; stored')
    vi.restoreAllMocks()
  })
})
