import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { compilingEngine as storefrontEngine } from '../../worker/editor/engine'
import { visit } from './helpers'

describe('Tenant templates in KV', () => {
  it('Should render the compiled form a publish stored beside the source, without parsing the source', async () => {
    const { code } = storefrontEngine.compile(
      '<p class="from-compiled">compiled footer of {website.siteTitle|html}</p>',
    )
    await env.CATALOG.put('site:kissa:template:footer:compiled', JSON.stringify(code))
    await env.CATALOG.put('site:kissa:version', `compiled-${Date.now()}`)
    const html = await (await visit('kissa.localhost', '/tea')).text()
    expect(html).toContain('<p class="from-compiled">compiled footer of Kissa Tea</p>')
    expect(html).not.toContain('kissa-footer-note')
  })

  it('Should compile the source when no compiled form sits beside it (or one from another engine format)', async () => {
    await env.CATALOG.put('site:kissa:template:footer:compiled', JSON.stringify({ v: 999, body: [] }))
    await env.CATALOG.put('site:kissa:version', `source-${Date.now()}`)
    const html = await (await visit('kissa.localhost', '/tea')).text()
    expect(html).toContain('kissa-footer-note')
  })
})
