import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it } from 'vitest'
import { installmentLocale, installmentRange } from '../../islands/installment-teaser/rules'
import { visit } from './helpers'

const HOST = 'aurora.localhost'
const AURORA_OFFER = {
  enabled: true,
  provider: 'Afterpay',
  count: 4,
  afterPayMin: 3500,
  afterPayMax: 30000,
  stripeAccountCountry: 'US',
}
let seeded: string | null = null
let version = 0

/** Stores aurora with these installment settings (and language), under a new content version. */
async function configure(installments: Record<string, unknown> | null, language = 'en-US'): Promise<void> {
  // The demo record as seeded before this file's first change.
  seeded ??= await env.CATALOG.get('site:aurora')
  const site = JSON.parse(seeded ?? '{}')
  site.website.language = language
  if (installments === null) delete site.storeSettings.installments
  else site.storeSettings.installments = installments
  await env.CATALOG.put('site:aurora', JSON.stringify(site))
  await env.CATALOG.put('site:aurora:version', `installments-${++version}`)
}

/** The teaser island's markup on a page, or null when the page has none. */
async function teaserOn(path: string): Promise<string | null> {
  const response = await visit(HOST, path)
  expect(response.status, path).toBe(200)
  const html = await response.text()
  return /<sf-island data-island="installment-teaser"[\s\S]*?<\/sf-island>/.exec(html)?.[0] ?? null
}

/** The pill's message as a shopper reads it. */
async function messageOn(path: string): Promise<string | undefined> {
  const teaser = await teaserOn(path)
  return /class="installment-teaser-message"[^>]*>([^<]*)</.exec(teaser ?? '')?.[1]
}

describe('installment teaser', () => {
  beforeEach(() => configure(AURORA_OFFER))

  it('Should show the installment text under the price of a physical product in range, hydrated on the first interaction or variant change', async () => {
    const teaser = await teaserOn('/apparel/trailhead-long-sleeve-tee')
    expect(teaser).toContain('data-island-hydrate="interaction"')
    expect(teaser).toContain('data-island-wake="storefront:variant-change"')
    expect(teaser).toContain('or 4 interest-free payments of $12.00 with Afterpay')
    expect(teaser).toContain('aria-label="Learn more about paying in installments with Afterpay"')
    expect(teaser).toContain('aria-haspopup="dialog"')
    // The dialog is rendered only once opened.
    expect(teaser).not.toContain('role="dialog"')
  })

  it('Should treat a price equal to the minimum as out of range', async () => {
    await configure({ ...AURORA_OFFER, afterPayMin: 4800 })
    expect(await messageOn('/apparel/trailhead-long-sleeve-tee')).toBe('available for orders over $48.00')
  })

  it('Should treat a price one cent above the minimum as in range', async () => {
    await configure({ ...AURORA_OFFER, afterPayMin: 4799 })
    expect(await messageOn('/apparel/trailhead-long-sleeve-tee')).toBe(
      'or 4 interest-free payments of $12.00 with Afterpay',
    )
  })

  it('Should treat a price equal to the maximum as in range', async () => {
    await configure({ ...AURORA_OFFER, afterPayMax: 4800 })
    expect(await messageOn('/apparel/trailhead-long-sleeve-tee')).toBe(
      'or 4 interest-free payments of $12.00 with Afterpay',
    )
  })

  it('Should say "available for orders up to" the maximum above it', async () => {
    await configure({ ...AURORA_OFFER, afterPayMax: 4799 })
    expect(await messageOn('/apparel/trailhead-long-sleeve-tee')).toBe('available for orders up to $47.99')
    expect(await messageOn('/apparel/alpine-down-parka')).toBe('available for orders up to $47.99')
  })

  it('Should show the demo store’s products below, in and above its range with the spec’s wording', async () => {
    expect(await messageOn('/footwear/round-boot-laces')).toBe('available for orders over $35.00')
    expect(await messageOn('/gear/summit-65-backpack')).toBe(
      'or 4 interest-free payments of $69.75 with Afterpay',
    )
    expect(await messageOn('/apparel/alpine-down-parka')).toBe('available for orders up to $300.00')
    // The provider is named beside an out-of-range message.
    expect(await teaserOn('/apparel/alpine-down-parka')).toContain(
      '<span class="installment-teaser-provider">Afterpay</span>',
    )
  })

  it('Should judge a product on sale by its sale price', async () => {
    // Rainshadow shell jacket: $229.00, on sale at $179.00.
    expect(await messageOn('/apparel/rainshadow-shell-jacket')).toBe(
      'or 4 interest-free payments of $44.75 with Afterpay',
    )
  })

  it('Should use the store’s count of payments', async () => {
    await configure({ ...AURORA_OFFER, count: 6 })
    expect(await messageOn('/apparel/trailhead-long-sleeve-tee')).toBe(
      'or 6 interest-free payments of $8.00 with Afterpay',
    )
  })

  it('Should show no teaser for a gift card, a service, or a store without installments', async () => {
    expect(await teaserOn('/gifts/aurora-gift-card')).toBeNull()
    expect(await teaserOn('/gear/boot-and-pack-fitting')).toBeNull()
    await configure({ ...AURORA_OFFER, enabled: false })
    expect(await teaserOn('/apparel/trailhead-long-sleeve-tee')).toBeNull()
    await configure(null)
    expect(await teaserOn('/apparel/trailhead-long-sleeve-tee')).toBeNull()
  })

  it('Should show no teaser when the payment account’s country has no provider locale', async () => {
    for (const country of ['GB', 'DE', 'JP']) {
      await configure({ ...AURORA_OFFER, stripeAccountCountry: country })
      expect(await teaserOn('/apparel/trailhead-long-sleeve-tee'), country).toBeNull()
    }
  })

  it('Should match the shopper language in Canada (fr or en) and fall back to the first language', async () => {
    const canada = { ...AURORA_OFFER, stripeAccountCountry: 'CA' }
    for (const [language, locale] of [
      ['fr-CA', 'fr-CA'],
      ['en-CA', 'en-CA'],
      ['de-DE', 'en-CA'],
    ]) {
      await configure(canada, language)
      expect(await teaserOn('/apparel/trailhead-long-sleeve-tee'), language).toContain(
        `data-installment-locale="${locale}"`,
      )
    }
  })

  it('Should escape a provider name the merchant wrote', async () => {
    await configure({ ...AURORA_OFFER, provider: '<img src=x onerror=alert(1)> & Co' })
    const teaser = await teaserOn('/apparel/trailhead-long-sleeve-tee')
    expect(teaser).toContain('with &lt;img src=x onerror=alert(1)&gt; &amp; Co')
    expect(teaser).not.toContain('<img src=x')
  })
})

describe('installment rules', () => {
  it('Should be in range only strictly above the minimum and at most the maximum', () => {
    expect(installmentRange(3500, 3500, 30000)).toBe('under')
    expect(installmentRange(3501, 3500, 30000)).toBe('in')
    expect(installmentRange(30000, 3500, 30000)).toBe('in')
    expect(installmentRange(30001, 3500, 30000)).toBe('over')
    expect(installmentRange(0, 3500, 30000)).toBe('under')
  })

  it('Should produce a locale only for US (and its territories), CA, AU and NZ, with the shopper language matched', () => {
    expect(installmentLocale('US', 'en-US')).toBe('en-US')
    expect(installmentLocale('US', 'fr-FR')).toBe('en-US')
    expect(installmentLocale('CA', 'fr')).toBe('fr-CA')
    expect(installmentLocale('CA', 'en-GB')).toBe('en-CA')
    expect(installmentLocale('CA', 'es-MX')).toBe('en-CA')
    // The US territories are the US to the provider.
    expect(installmentLocale('PR', 'es-PR')).toBe('en-US')
    expect(installmentLocale('gu', 'en')).toBe('en-US')
    expect(installmentLocale('MX', 'es')).toBeNull()
    expect(installmentLocale('AU', 'en-AU')).toBe('en-AU')
    expect(installmentLocale('NZ', 'mi-NZ')).toBe('en-NZ')
    expect(installmentLocale('GB', 'en-GB')).toBeNull()
  })
})
