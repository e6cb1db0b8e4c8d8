// The theme's shared stylesheet (issue 26, worker/render/stylesheet.ts): every page links one
// content-hashed file, a static asset cached for a year, and inlines only its tenant's own
// variables. The worker bundle holds the file's name, not its rules.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import theme from '../../dist/theme-manifest.json'
import { ISLAND_CSS } from '../../islands/styles'
import { ISLAND_NAMES } from '../../worker/render/islands'
import { SHARED_CSS } from '../../worker/render/shared-css'
import { SHELL_CSS } from '../../worker/render/shell-css'
import { visit } from './helpers'

const LINK = /<link rel="stylesheet" href="(\/_theme\/shell-[0-9a-f]{16}\.css)"\/>/

async function linkedStylesheet(host: string, path: string): Promise<{ html: string; href: string }> {
  const response = await visit(host, path)
  expect(response.status).toBe(200)
  const html = await response.text()
  const href = LINK.exec(html)?.[1] ?? ''
  expect(href, `${host}${path}`).not.toBe('')
  expect(response.headers.get('link')).toBe(`<${href}>; rel=preload; as=style`)
  return { html, href }
}

describe('The shared stylesheet', () => {
  it('Should link the same file from every tenant’s pages, and inline only the tenant’s own rules', async () => {
    const pages = [
      ['aurora.localhost', '/apparel/ridgeline-flannel-shirt'],
      ['kissa.localhost', '/tea/genmaicha'],
      ['journal.localhost', '/field-notes'],
      ['aurora.localhost', '/cart'],
    ] as const
    const hrefs = new Set<string>()
    for (const [host, path] of pages) {
      const { html, href } = await linkedStylesheet(host, path)
      hrefs.add(href)
      const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
      expect(inline).toContain(':root{')
      expect(inline).not.toContain('.site-header{')
      expect(inline.length, `${host}${path}`).toBeLessThan(2000)
    }
    expect([...hrefs]).toEqual([theme.stylesheet])
  })

  it('Should serve it as a static asset with a year of immutable caching, holding the shell’s, every island’s and the commerce pages’ rules', async () => {
    // The asset router answers it on any host, before the worker runs.
    const response = await env.ASSETS.fetch(new Request(`http://unknown.localhost${theme.stylesheet}`))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const css = await response.text()
    expect(css).toBe(SHARED_CSS)
    expect(css.startsWith(SHELL_CSS)).toBe(true)
    expect(Object.keys(ISLAND_CSS).sort()).toEqual([...ISLAND_NAMES].sort())
    for (const [name, rules] of Object.entries(ISLAND_CSS)) expect(css, name).toContain(rules)
    expect(css).toContain('.checkout-layout{')
  })

  it('Should answer an earlier deploy’s name with today’s rules cached briefly, and anything else as not found', async () => {
    const stale = await visit('aurora.localhost', '/_theme/shell-0123456789abcdef.css')
    expect(stale.status).toBe(200)
    expect(stale.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(stale.headers.get('cache-control')).toBe('public, max-age=300')
    expect(await stale.text()).toBe(SHARED_CSS)
    for (const path of ['/_theme/shell.css', '/_theme/other-0123456789abcdef.css', '/_theme/'])
      expect((await visit('aurora.localhost', path)).status, path).toBe(404)
  })
})
