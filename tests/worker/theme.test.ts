// The default theme (issue #11) as the worker serves it: the tenant's theme settings become CSS
// variables held to WCAG AA, the header, grid, product page and footer templates print what a
// shopper needs and nothing twice.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { siteSchema } from '../../worker/catalogue/records'
import { compilingEngine as storefrontEngine } from '../../worker/editor/compiling-engine'
import { AA_TEXT_CONTRAST, contrastRatio, parseHex, themeCss, themeStyle } from '../../worker/render/theme'
import { visit } from './helpers'

/** The value of one custom property in a theme's `:root` rule. */
function variable(css: string, name: string): string {
  return new RegExp(`${name}:([^;}]+)`).exec(css)?.[1] ?? ''
}

const SITE = {
  id: 'paint',
  website: { id: 'paint', siteTitle: 'Paint Shop', language: 'en-US' },
  navigation: [{ title: 'Home', url: '/' }],
  homeCollection: 'home',
}

afterEach(() => vi.restoreAllMocks())

describe('theme settings', () => {
  it('Should print the tenant’s colours, fonts, button shape and logo height as CSS variables', () => {
    const { css, adjustments } = themeStyle({
      accentColor: '#2e5e3e',
      textColor: '#1f2328',
      backgroundColor: '#fafaf7',
      headingFont: 'Georgia, serif',
      bodyFont: '"Hiragino Sans", "Noto Sans CJK JP", sans-serif',
      buttonShape: 'pill',
      logoHeight: 56,
    })
    expect(adjustments).toEqual([])
    expect(variable(css, '--c-accent')).toBe('#2e5e3e')
    expect(variable(css, '--c-text')).toBe('#1f2328')
    expect(variable(css, '--c-bg')).toBe('#fafaf7')
    expect(variable(css, '--f-head')).toBe('Georgia, serif')
    expect(variable(css, '--f-body')).toBe('"Hiragino Sans", "Noto Sans CJK JP", sans-serif')
    expect(variable(css, '--r-btn')).toBe('999px')
    expect(variable(css, '--logo-h')).toBe('56px')
  })

  it('Should darken a text or accent colour that fails AA against the background, and say so', () => {
    const { css, adjustments } = themeStyle({ textColor: '#aaaaaa', accentColor: '#ffcc00' })
    expect(adjustments.map((a) => [a.setting, a.given])).toEqual([
      ['textColor', '#aaaaaa'],
      ['accentColor', '#ffcc00'],
    ])
    const background = parseHex(variable(css, '--c-bg'))
    for (const name of ['--c-text', '--c-accent', '--c-muted']) {
      expect(contrastRatio(parseHex(variable(css, name)), background), name).toBeGreaterThanOrEqual(
        AA_TEXT_CONTRAST,
      )
    }
    expect(
      contrastRatio(parseHex(variable(css, '--c-on-accent')), parseHex(variable(css, '--c-accent'))),
    ).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
  })

  it('Should lighten text on a dark background and give the button dark text on a light accent', () => {
    const { css } = themeStyle({ backgroundColor: '#111111', textColor: '#333333', accentColor: '#7fb3ff' })
    expect(contrastRatio(parseHex(variable(css, '--c-text')), parseHex('#111111'))).toBeGreaterThanOrEqual(
      AA_TEXT_CONTRAST,
    )
    expect(variable(css, '--c-on-accent')).toBe('#000000')
    expect(css).toContain('color-scheme:dark')
  })

  it('Should log an adjusted colour once per theme, with the site', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const site = siteSchema.parse({ ...SITE, theme: { accentColor: '#ffee00' } })
    themeCss(site)
    themeCss(site)
    const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)))
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'theme-colour-adjusted',
        siteId: 'paint',
        setting: 'accentColor',
        given: '#ffee00',
      }),
    ])
  })

  it('Should refuse colours that are not hex and font lists that could leave the stylesheet', () => {
    for (const theme of [
      { accentColor: 'red' },
      { textColor: '#12345' },
      { bodyFont: 'Georgia; } body { display:none' },
      { headingFont: 'x</style><script>' },
      { buttonShape: 'blob' },
      { logoHeight: 400 },
    ]) {
      expect(siteSchema.safeParse({ ...SITE, theme }).success, JSON.stringify(theme)).toBe(false)
    }
  })

  it('Should give each demo tenant its own look in the page head', async () => {
    const accents = new Set<string>()
    for (const host of ['aurora.localhost', 'kissa.localhost', 'journal.localhost']) {
      const html = await (await visit(host, '/')).text()
      accents.add(variable(html, '--c-accent'))
    }
    expect(accents.size).toBe(3)
    const kissa = await (await visit('kissa.localhost', '/')).text()
    expect(variable(kissa, '--f-body')).toContain('"Noto Sans CJK JP"')
  })
})

describe('theme templates', () => {
  it('Should head every page with the logo named by the site title, two navigations and the cart slot', async () => {
    const html = await (await visit('aurora.localhost', '/apparel')).text()
    expect(html).toContain(
      '<a class="site-logo" href="/">\n    <img src="/demo/aurora/logo.svg" alt="Aurora Outfitters" width="600" height="200"></a>',
    )
    expect(html.match(/<nav class="site-(?:navigation|menu-panel)" aria-label="Main">/g)).toHaveLength(2)
    expect(html).toContain('<details class="site-menu">')
    expect(html).toMatch(/<a class="site-cart icon-button" href="\/cart">/)
    expect(html).toContain('<li><a href="/apparel" aria-current="page">Apparel</a></li>')
  })

  it('Should print the title instead of a logo, and no cart slot, for a site without either', async () => {
    // The gallery test site has neither a logo nor a store (the journal sells downloads since issue 25).
    const html = await (await visit('gallery.localhost', '/slideshow')).text()
    expect(html).toContain(
      '<a class="site-logo" href="/"><span class="site-title">Gallery Test Studio</span></a>',
    )
    expect(html).not.toContain('class="site-cart')
    expect(html).not.toContain('data-cart-pill')
  })

  it('Should print product cards with srcset, intrinsic size and lazy loading after the first row', async () => {
    const html = await (await visit('aurora.localhost', '/apparel')).text()
    const images = html.match(/<img class="product-card-image"[^>]*>/g) ?? []
    expect(images.length).toBeGreaterThan(8)
    expect(images[0]).toContain(
      'srcset="/demo/aurora/trailhead-long-sleeve-tee.svg?format=100w 100w, /demo/aurora/trailhead-long-sleeve-tee.svg?format=300w 300w, /demo/aurora/trailhead-long-sleeve-tee.svg?format=500w 500w, /demo/aurora/trailhead-long-sleeve-tee.svg?format=750w 750w, /demo/aurora/trailhead-long-sleeve-tee.svg?format=1000w 1000w, /demo/aurora/trailhead-long-sleeve-tee.svg 1200w"',
    )
    expect(images[0]).toContain('width="1200" height="1500"')
    expect(images.slice(0, 4).some((image) => image.includes('loading="lazy"'))).toBe(false)
    expect(images.slice(4).every((image) => image.includes('loading="lazy"'))).toBe(true)
    expect(html).toContain('<section class="products-list" data-image-ratio="three-four-vertical">')
    expect(html).toMatch(/<div class="product-mark sold-out">sold out<\/div>/)
    expect(html).toMatch(/<div class="product-mark sale">sale<\/div>/)
  })

  it('Should print a product’s description once', async () => {
    const html = await (await visit('aurora.localhost', '/apparel/ridgeline-flannel-shirt')).text()
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
    expect(main.split('classic buffalo check').length - 1).toBe(1)
    expect(main).toContain('<div class="product-summary">')
  })

  it('Should offer the newsletter form in the footer, except on a page that shows a form of its own', async () => {
    const notes = await (await visit('journal.localhost', '/field-notes')).text()
    const footer = notes.slice(notes.indexOf('<footer class="site-footer">'))
    expect(footer).toContain(
      '<h2 class="footer-heading" id="footer-newsletter-title">The monthly letter</h2>',
    )
    expect(footer).toContain('data-form-id="newsletter"')
    const home = await (await visit('journal.localhost', '/')).text()
    expect(home.match(/data-form-id="newsletter"/g)).toHaveLength(1)
    expect(home.slice(home.indexOf('<main'), home.indexOf('</main>'))).toContain('data-form-id="newsletter"')
    const contact = await (await visit('journal.localhost', '/contact')).text()
    expect(contact).toContain('data-form-id="contact"')
    expect(contact).not.toContain('data-form-id="newsletter"')
    const members = await (await visit('journal.localhost', '/members')).text()
    expect(members).toContain('id="member-sign-in-email"')
    expect(members).not.toContain('data-form-id="newsletter"')
  })

  it('Should name the store’s currency and the copyright in the footer', async () => {
    const html = await (await visit('aurora.localhost', '/')).text()
    const year = new Date().getUTCFullYear()
    expect(html).toContain(
      `<p class="footer-legal"><span>© ${year} Aurora Outfitters</span><span>Prices in USD</span></p>`,
    )
  })

  it('Should list the image service’s widths up to an image’s own, then the original', () => {
    const render = (image: unknown) => storefrontEngine.render('{@|srcset}', image, { partials: {} }).output
    expect(render({ assetUrl: '/a.jpg', originalSize: '640x480' })).toBe(
      '/a.jpg?format=100w 100w, /a.jpg?format=300w 300w, /a.jpg?format=500w 500w, /a.jpg 640w',
    )
    expect(render({ assetUrl: 'https://cdn.example/b.jpg?v=2&x="y"', originalSize: '120x90' })).toBe(
      'https://cdn.example/b.jpg?v=2&amp;x=&quot;y&quot;&amp;format=100w 100w, https://cdn.example/b.jpg?v=2&amp;x=&quot;y&quot; 120w',
    )
    expect(render({})).toBe('')
  })
})
