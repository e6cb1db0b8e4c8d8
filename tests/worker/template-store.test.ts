import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { compilingEngine } from '../../worker/editor/compiling-engine'
import { visit } from './helpers'

describe('Tenant templates in KV', () => {
  it('Should render the compiled form a publish stored beside the source, without parsing the source', async () => {
    const { code } = compilingEngine.compile(
      '<p class="from-compiled">compiled footer of {website.siteTitle|html}</p>',
    )
    await env.CATALOG.put('site:kissa:template:footer:compiled', JSON.stringify(code))
    await env.CATALOG.put('site:kissa:version', `compiled-${Date.now()}`)
    const html = await (await visit('kissa.localhost', '/tea')).text()
    expect(html).toContain('<p class="from-compiled">compiled footer of Kissa Tea</p>')
    expect(html).not.toContain('kissa-footer-note')
  })

  // The storefront has no compiler (docs/budgets.md): a source without a current compiled form
  // renders the built-in template, and the error names the site and template to publish again.
  for (const [what, compiled] of [
    ['none stored', null],
    ['one from another engine format', JSON.stringify({ v: 999, body: [] })],
  ] as const) {
    it(`Should render the built-in template and log template-not-compiled when a source has no compiled form (${what})`, async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      if (compiled === null) await env.CATALOG.delete('site:kissa:template:footer:compiled')
      else await env.CATALOG.put('site:kissa:template:footer:compiled', compiled)
      await env.CATALOG.put('site:kissa:version', `source-${what}-${Date.now()}`)
      const html = await (await visit('kissa.localhost', '/tea')).text()
      expect(html).not.toContain('kissa-footer-note')
      expect(html).toContain('<div class="site-footer-inner">')
      const events = logged.mock.calls.map(([line]) => JSON.parse(String(line)))
      expect(events).toContainEqual({
        level: 'error',
        event: 'template-not-compiled',
        siteId: 'kissa',
        template: 'footer',
      })
    })
  }
})

afterEach(() => vi.restoreAllMocks())
