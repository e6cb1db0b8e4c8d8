import { describe, expect, it } from 'vitest'
import { compilingEngine } from '../../worker/editor/compiling-engine'
import { visit } from './helpers'

describe('pages', () => {
  it('Should answer a malformed page number with a 400 that says what is wrong', async () => {
    for (const [query, message] of [
      ['?page=abc', 'Page must be a number.'],
      ['?page=1.5', 'Page must be a whole number.'],
      ['?page=0', 'Page must be 1 or more.'],
    ]) {
      const response = await visit('aurora.localhost', `/apparel${query}`)
      expect(response.status, query).toBe(400)
      expect(await response.text()).toContain(message)
    }
  })

  it('Should answer a page number past the last page with a 404', async () => {
    const response = await visit('aurora.localhost', '/apparel?page=99')
    expect(response.status).toBe(404)
  })

  it('Should redirect a trailing slash to the canonical path', async () => {
    const response = await visit('aurora.localhost', '/apparel/', { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('http://aurora.localhost/apparel')
  })

  it('Should answer a path that is not a slug, or an item of another collection, with the tenant 404', async () => {
    for (const path of ['/Apparel', '/apparel/%3Cscript%3E', '/apparel/no-such-product', '/a/b/c']) {
      const response = await visit('aurora.localhost', path)
      expect(response.status, path).toBe(404)
      const html = await response.text()
      expect(html).toContain('Page not found')
      expect(html).not.toContain('<script>')
    }
  })

  it('Should escape what a merchant wrote in titles', async () => {
    const { env } = await import('cloudflare:workers')
    const site = JSON.parse((await env.CATALOG.get('site:aurora')) ?? '{}')
    site.website.siteTitle = 'Aurora <script>alert(1)</script> & Co'
    await env.CATALOG.put('site:aurora', JSON.stringify(site))
    // A publish bumps the content version; the site record is cached per version.
    await env.CATALOG.put('site:aurora:version', `escape-${Date.now()}`)
    const html = await (await visit('aurora.localhost', '/no-such-page')).text()
    expect(html).toContain('Aurora &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co')
    expect(html).not.toContain('<script>alert(1)')
  })

  it("Should render a tenant's own template from KV in place of the built-in one", async () => {
    const kissa = await (await visit('kissa.localhost', '/tea')).text()
    expect(kissa).toContain(
      '<p class="kissa-footer-note">全国送料無料 ¥5,000以上 · Free shipping in Japan on orders over ¥5,000</p>',
    )
    const journal = await (await visit('journal.localhost', '/field-notes')).text()
    expect(journal).not.toContain('kissa-footer')
    expect(journal).toContain(`<span>© ${new Date().getUTCFullYear()} Field Journal</span>`)
  })

  // A publish refuses such a source, but seeding stores what compiled (kv-fixtures/compile.mjs);
  // the storefront renders that (platform.md section 8). A source with no compiled form at all:
  // template-store.test.ts.
  it('Should serve the page with what compiled of a broken tenant template stored with its compiled form', async () => {
    const { env } = await import('cloudflare:workers')
    const source = '<p class="broken-footer">{.section website}Field notes'
    const { code, errors } = compilingEngine.compile(source)
    expect(errors).not.toEqual([])
    await env.CATALOG.put('site:journal:template:footer', source)
    await env.CATALOG.put('site:journal:template:footer:compiled', JSON.stringify(code))
    await env.CATALOG.put('site:journal:version', 'broken-footer-test')
    const response = await visit('journal.localhost', '/field-notes')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<h1 class="collection-title">Field Notes</h1>')
    expect(html).toContain('<p class="broken-footer">Field notes')
  })

  it("Should give an audio item's product page the browser's own player, with no script", async () => {
    const html = await (await visit('kissa.localhost', '/gifts/brewing-guide-ebook')).text()
    expect(html).toMatch(
      /<div class="squarespace-audio-player" data-audio-asset-url="\/demo\/kissa\/brewing-guide-sample.wav" data-item-id="[^"]+" id="audio-player-[^"]+"><details class="audio-player-disclosure"><summary class="button button--secondary">試聴する<\/summary><audio controls preload="none" src="\/demo\/kissa\/brewing-guide-sample.wav"><\/audio><\/details><\/div>/,
    )
    expect(html).not.toContain("Y.use('squarespace-audio-player-frontend')")
  })
})
