// The look a merchant sets on the Design screen, as the storefront serves it (issue 22): a
// catalogue font's `@font-face` rules from the site's own /fonts/, a Typekit Kit linked and allowed
// by that site's Content-Security-Policy only, and colours with opacity laid over the background
// before the WCAG AA checks.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { RecordAnswer } from '../../shared/index'
import { catalogueFontOf, FONT_CATEGORIES, fontCatalogue, fontFaceCss } from '../../shared/theme'
import { siteSchema } from '../../worker/catalogue/records'
import { AA_TEXT_CONTRAST, contrastRatio, parseHex, themeStyle } from '../../worker/render/theme'
import { recordPath, signInEditor } from './editor-client'
import { visit } from './helpers'

function variable(css: string, name: string): string {
  return new RegExp(`${name}:([^;}]+)`).exec(css)?.[1] ?? ''
}

const SITE = {
  id: 'paint',
  website: { id: 'paint', siteTitle: 'Paint Shop', language: 'en-US' },
  navigation: [{ title: 'Home', url: '/' }],
  homeCollection: 'home',
}

let version = 0
/** Journal's live site record with `theme` laid over its own; the next visit sees it. */
async function withJournalTheme(theme: Record<string, unknown>): Promise<void> {
  const site = JSON.parse((await env.CATALOG.get('site:journal')) ?? '{}')
  site.theme = { ...site.theme, ...theme }
  await env.CATALOG.put('site:journal', JSON.stringify(site))
  await env.CATALOG.put('site:journal:version', `design-${++version}`)
}

describe('the font catalogue', () => {
  it('Should hold 24 to 36 families covering all seven categories of the font picker', () => {
    const fonts = fontCatalogue()
    expect(fonts.length).toBeGreaterThanOrEqual(24)
    expect(fonts.length).toBeLessThanOrEqual(36)
    expect(new Set(fonts.map((font) => font.category))).toEqual(new Set(FONT_CATEGORIES))
    expect(new Set(fonts.map((font) => font.slug)).size).toBe(fonts.length)
    for (const font of fonts) {
      expect(font.licence).toBe('OFL-1.1')
      expect(font.files[0]).toEqual({
        weight: 400,
        style: 'normal',
        url: `/fonts/${font.slug}/400-normal.woff2`,
      })
      expect(siteSchema.safeParse({ ...SITE, theme: { headingFont: font.stack } }).success, font.family).toBe(
        true,
      )
    }
  })

  it('Should serve every catalogue file as a static asset of the site', async () => {
    for (const font of fontCatalogue()) {
      for (const file of font.files) {
        const response = await env.ASSETS.fetch(new Request(`http://journal.localhost${file.url}`))
        expect(response.status, file.url).toBe(200)
        const bytes = new Uint8Array(await response.arrayBuffer())
        expect(new TextDecoder().decode(bytes.slice(0, 4)), file.url).toBe('wOF2')
      }
    }
  })

  it('Should print @font-face rules with font-display swap for a catalogue family, and none for installed fonts', () => {
    const lora = catalogueFontOf('"Lora", Georgia, serif')
    expect(lora?.family).toBe('Lora')
    expect(catalogueFontOf('Georgia, serif')).toBeNull()
    expect(fontFaceCss(['Georgia, serif', '"Hiragino Sans", sans-serif'])).toBe('')
    const css = fontFaceCss(['"Lora", Georgia, serif', "'Lora', serif"])
    expect(css).toBe(
      '@font-face{font-family:"Lora";font-style:normal;font-weight:400;font-display:swap;src:url(/fonts/lora/400-normal.woff2) format("woff2")}' +
        '@font-face{font-family:"Lora";font-style:normal;font-weight:700;font-display:swap;src:url(/fonts/lora/700-normal.woff2) format("woff2")}' +
        '@font-face{font-family:"Lora";font-style:italic;font-weight:400;font-display:swap;src:url(/fonts/lora/400-italic.woff2) format("woff2")}',
    )
    // A family with only a regular weight has one rule.
    expect(fontFaceCss(['"Pacifico", cursive']).match(/@font-face/g)).toHaveLength(1)
  })

  it('Should give a page the faces of its heading and body fonts and the stacks with their fallbacks', async () => {
    await withJournalTheme({
      headingFont: '"Playfair Display", Georgia, serif',
      bodyFont: '"Inter", system-ui, sans-serif',
    })
    const response = await visit('journal.localhost', '/')
    const html = await response.text()
    const style = html.slice(html.indexOf('<style'), html.indexOf('</style>'))
    expect(style).toContain(
      'font-family:"Playfair Display";font-style:normal;font-weight:700;font-display:swap;src:url(/fonts/playfair-display/700-normal.woff2)',
    )
    expect(style).toContain(
      'font-family:"Inter";font-style:normal;font-weight:400;font-display:swap;src:url(/fonts/inter/400-normal.woff2)',
    )
    expect(variable(style, '--f-head')).toBe('"Playfair Display", Georgia, serif')
    expect(variable(style, '--f-body')).toBe('"Inter", system-ui, sans-serif')
    // The fonts come from the site itself: the policy needs no font origin for them.
    expect(response.headers.get('Content-Security-Policy')).toContain("font-src 'self' data:;")
    // The heading's bold face and the body's regular are preloaded: they arrive before the first
    // paint, so their swap does not move the page (measured in tests/browser/design.spec.ts).
    expect(html.match(/<link rel="preload"[^>]*>/g)).toEqual([
      '<link rel="preload" href="/fonts/playfair-display/700-normal.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
      '<link rel="preload" href="/fonts/inter/400-normal.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
    ])
    expect(await (await visit('aurora.localhost', '/')).text()).not.toContain('as="font"')
  })
})

describe('a Typekit Kit', () => {
  it('Should accept only a 7-character lower-case kit id', () => {
    expect(siteSchema.safeParse({ ...SITE, theme: { typekitKitId: 'abc1def' } }).success).toBe(true)
    for (const typekitKitId of ['ABC1DEF', 'abc1de', 'abc1defg', 'abc/def', 'a"c1def'])
      expect(siteSchema.safeParse({ ...SITE, theme: { typekitKitId } }).success, typekitKitId).toBe(false)
  })

  it('Should link the kit and allow its origins in that site’s policy only', async () => {
    await withJournalTheme({ typekitKitId: 'xyz9abc' })
    const journal = await visit('journal.localhost', '/')
    const html = await journal.text()
    expect(html).toContain('<link rel="stylesheet" href="https://use.typekit.net/xyz9abc.css"/>')
    const policy = journal.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toMatch(/style-src 'self' [^;]*https:\/\/use\.typekit\.net https:\/\/p\.typekit\.net/)
    expect(policy).toContain("font-src 'self' data: https://use.typekit.net https://p.typekit.net")
    const aurora = await visit('aurora.localhost', '/')
    expect(await aurora.text()).not.toContain('typekit')
    expect(aurora.headers.get('Content-Security-Policy')).not.toContain('typekit')
    await withJournalTheme({ typekitKitId: undefined })
  })
})

describe('colours with opacity', () => {
  it('Should accept #rrggbbaa and still refuse other lengths', () => {
    expect(siteSchema.safeParse({ ...SITE, theme: { accentColor: '#1d4e8980' } }).success).toBe(true)
    for (const accentColor of ['#1d4e898', '#1d4e89800', 'rgba(0,0,0,.5)'])
      expect(siteSchema.safeParse({ ...SITE, theme: { accentColor } }).success, accentColor).toBe(false)
  })

  it('Should lay a translucent colour over the background before measuring its contrast', () => {
    // Black at half opacity over white is mid grey (#808080): 3.9:1, below AA, so it is darkened.
    const half = themeStyle({ backgroundColor: '#ffffff', textColor: '#00000080' })
    expect(half.adjustments).toEqual([
      expect.objectContaining({ setting: 'textColor', given: '#00000080', against: '#ffffff' }),
    ])
    const used = parseHex(variable(half.css, '--c-text'))
    expect(contrastRatio(used, parseHex('#ffffff'))).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    // Opaque black would have passed untouched: the opacity is what made the difference.
    expect(themeStyle({ backgroundColor: '#ffffff', textColor: '#000000' }).adjustments).toEqual([])
    // Nearly opaque: laid over the background, it passes, and the page uses the blended colour.
    const dense = themeStyle({ backgroundColor: '#ffffff', textColor: '#000000e6', accentColor: '#1d4e89' })
    expect(dense.adjustments).toEqual([])
    expect(variable(dense.css, '--c-text')).toBe('#191919')
  })

  it('Should lay a translucent background over white', () => {
    const { css } = themeStyle({ backgroundColor: '#00000000' })
    expect(variable(css, '--c-bg')).toBe('#ffffff')
  })
})

type Editor = Awaited<ReturnType<typeof signInEditor>>
type SiteRecord = Record<string, unknown> & {
  website: Record<string, unknown>
  theme?: Record<string, unknown>
}

/** Saves a draft of the site record as the Design screen does: the whole record, from its revision. */
async function saveSite(editor: Editor, change: (record: SiteRecord) => void): Promise<Response> {
  const answer = (await (await editor.call(recordPath('site'))).json()) as RecordAnswer
  const record = structuredClone(answer.draft?.record ?? answer.live) as unknown as SiteRecord
  change(record)
  return editor.call(recordPath('site'), { method: 'PUT', body: { record, baseRevision: answer.revision } })
}

describe('the design fields in the editor', () => {
  it('Should refuse the theme and the logo to roles without the design capability', async () => {
    const manager = await signInEditor('aurora.localhost', 'manager@aurora.example')
    const theme = await saveSite(manager, (r) => {
      r.theme = { ...r.theme, headingFont: '"Lora", Georgia, serif' }
    })
    expect(theme.status).toBe(403)
    expect(await theme.json()).toMatchObject({ field: 'design' })
    const logo = await saveSite(manager, (r) => {
      r.website = { ...r.website, logoImage: { assetUrl: '/demo/aurora/other.svg' } }
    })
    expect(logo.status).toBe(403)
    const viewer = await signInEditor('aurora.localhost', 'viewer@aurora.example')
    const typekit = await saveSite(viewer, (r) => {
      r.theme = { ...r.theme, typekitKitId: 'abc1def' }
    })
    expect(typekit.status).toBe(403)
  })

  it('Should check an admin’s theme with the storefront’s schema, then publish fonts, kit and translucent colours', async () => {
    const admin = await signInEditor('aurora.localhost', 'admin@aurora.example')
    const bad = await saveSite(admin, (r) => {
      r.theme = { ...r.theme, typekitKitId: 'NOT-A-KIT' }
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ field: expect.stringContaining('typekitKitId') })
    const saved = await saveSite(admin, (r) => {
      r.theme = {
        ...r.theme,
        headingFont: '"Abril Fatface", Georgia, serif',
        accentColor: '#2e5e3ecc',
        typekitKitId: 'abc1def',
        logoHeight: 64,
      }
    })
    expect(saved.status).toBe(200)
    // A draft: shoppers still see the live theme.
    expect(await (await visit('aurora.localhost', '/')).text()).not.toContain('Abril Fatface')
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    const page = await visit('aurora.localhost', '/')
    const html = await page.text()
    expect(html).toContain('src:url(/fonts/abril-fatface/400-normal.woff2) format("woff2")')
    expect(variable(html, '--f-head')).toBe('"Abril Fatface", Georgia, serif')
    expect(variable(html, '--logo-h')).toBe('64px')
    // #2e5e3e at 80% over aurora's background, opaque.
    expect(variable(html, '--c-accent')).toMatch(/^#[0-9a-f]{6}$/)
    expect(variable(html, '--c-accent')).not.toBe('#2e5e3e')
    expect(page.headers.get('Content-Security-Policy')).toContain('https://use.typekit.net')
  })
})
