// Issue 24: the installment dialog shows the provider's own terms page (by locale, through the
// provider interface), the numeric feature flags (installments behind 64) and the page types
// of platform.md section 9 in tracking.
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it } from 'vitest'
import { installmentLocale } from '../../islands/installment-teaser/rules'
import { PAGE_TYPE, pageTypeOfKind } from '../../shared/index'
import { siteSchema } from '../../worker/catalogue/records'
import worker from '../../worker/index'
import {
  AFTERPAY_ORIGIN,
  INSTALLMENT_PAGE_LOCALES,
  installmentTermsProvider,
} from '../../worker/providers/installment-terms'
import { visit } from './helpers'
import { newCrumb } from './visitor'

const HOST = 'aurora.localhost'
const MODAL = '/_installments/modal'
let seeded: string | null = null
let version = 0

/** Stores aurora changed by `change`, under a new content version. */
type SiteJson = { website: Record<string, unknown> }

async function changeAurora(change: (site: SiteJson) => void): Promise<void> {
  seeded ??= await env.CATALOG.get('site:aurora')
  const site = JSON.parse(seeded ?? '{}') as SiteJson
  change(site)
  await env.CATALOG.put('site:aurora', JSON.stringify(site))
  await env.CATALOG.put('site:aurora:version', `installment-terms-${++version}`)
}

afterEach(async () => {
  if (seeded === null) return
  await env.CATALOG.put('site:aurora', seeded)
  await env.CATALOG.put('site:aurora:version', `installment-terms-${++version}`)
})

/** The page's tracking context, as the tracking script reads it from its tag (single-quoted JSON). */
function trackingContextOf(html: string): Record<string, unknown> | null {
  const attribute = /data-tracking='([^']*)'/.exec(html)?.[1]
  if (attribute === undefined) return null
  const text = attribute.replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  return JSON.parse(text.replace(/&amp;/g, '&'))
}

describe('the provider locale for the shopper', () => {
  it('Should take the first of the shopper’s languages that the country has', () => {
    expect(installmentLocale('CA', ['de-DE', 'fr-CA', 'en-CA'])).toBe('fr-CA')
    expect(installmentLocale('CA', ['en-GB', 'fr'])).toBe('en-CA')
    expect(installmentLocale('CA', ['fr_CA'])).toBe('fr-CA')
  })

  it('Should fall back to the country’s first language when none matches', () => {
    expect(installmentLocale('CA', ['de-DE', 'es'])).toBe('en-CA')
    expect(installmentLocale('US', ['fr-FR'])).toBe('en-US')
    expect(installmentLocale('NZ', [])).toBe('en-NZ')
    expect(installmentLocale('au', ['fr'])).toBe('en-AU')
  })

  it('Should give no locale outside US, CA, AU and NZ', () => {
    expect(installmentLocale('GB', ['en-GB'])).toBeNull()
    expect(installmentLocale('FR', ['fr-FR'])).toBeNull()
  })
})

describe('the installment terms provider', () => {
  it('Should have a page for exactly the spec’s locales', () => {
    expect([...INSTALLMENT_PAGE_LOCALES].sort()).toEqual(['en-AU', 'en-CA', 'en-NZ', 'en-US', 'fr-CA'])
  })

  it('Should point at Afterpay’s static modal page for the locale when configured', () => {
    const afterpay = installmentTermsProvider({ INSTALLMENTS_PROVIDER: 'afterpay' })
    expect(afterpay.pageUrl('fr-CA')).toBe(`${AFTERPAY_ORIGIN}/modal/fr_CA.html`)
    expect(afterpay.pageUrl('en-US')).toBe(`${AFTERPAY_ORIGIN}/modal/en_US.html`)
  })

  it('Should refuse a provider it does not know, saying which ones exist', () => {
    expect(() => installmentTermsProvider({ INSTALLMENTS_PROVIDER: 'klarna' })).toThrow(
      'INSTALLMENTS_PROVIDER must be "local" or "afterpay", not "klarna"',
    )
    expect(installmentTermsProvider({}).name).toBe('local')
  })

  it('Should serve each local page offline in its locale’s language, as the provider’s page', async () => {
    const local = installmentTermsProvider({ INSTALLMENTS_PROVIDER: 'local' })
    const pages: Record<string, string> = {}
    for (const locale of INSTALLMENT_PAGE_LOCALES) {
      const response = await env.ASSETS.fetch(new URL(local.pageUrl(locale), `http://${HOST}`))
      expect(response.status, locale).toBe(200)
      expect(response.headers.get('content-type'), locale).toContain('text/html')
      pages[locale] = await response.text()
      expect(pages[locale], locale).toContain(`<html lang="${locale}">`)
      expect(pages[locale], locale).toContain('data-provider-page="afterpay"')
      expect(pages[locale], locale).not.toContain('<script')
    }
    expect(pages['fr-CA']).toContain('Payez en 4 versements sans intérêt avec Afterpay.')
    expect(pages['en-US']).toContain('Pay in 4 interest-free installments with Afterpay.')
    expect(pages['en-AU']).toContain('a resident of Australia')
    expect(pages['en-NZ']).toContain('a resident of New Zealand')
    expect(pages['en-CA']).toContain('a resident of Canada')
  })
})

describe('GET /_installments/modal/<locale>', () => {
  it('Should send the dialog to the local provider’s page for the locale, cacheable', async () => {
    const response = await visit(HOST, `${MODAL}/fr-CA`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/_installments/local/fr-CA')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('Should send it to the real provider’s page when the deployment names it', async () => {
    const request = new Request(`http://${HOST}${MODAL}/en-US`, { redirect: 'manual' })
    const response = await worker.fetch(
      request,
      { ...env, INSTALLMENTS_PROVIDER: 'afterpay' },
      createExecutionContext(),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${AFTERPAY_ORIGIN}/modal/en_US.html`)
  })

  it('Should answer 404 for a locale the spec has no page for', async () => {
    for (const locale of ['fr-US', 'en-GB', 'de-CA', 'en_US', 'x']) {
      expect((await visit(HOST, `${MODAL}/${locale}`, { redirect: 'manual' })).status, locale).toBe(404)
    }
  })

  it('Should answer 404 on a site without the installment payments flag', async () => {
    await changeAurora((site) => {
      site.website.featureFlags = [1, 63, 65]
    })
    expect((await visit(HOST, `${MODAL}/en-US`, { redirect: 'manual' })).status).toBe(404)
    expect((await visit('kissa.localhost', `${MODAL}/en-US`, { redirect: 'manual' })).status).toBe(404)
  })
})

describe('feature flags', () => {
  it('Should show the teaser on a product page only while flag 64 is on', async () => {
    const teaser = /data-island="installment-teaser"/
    expect(await (await visit(HOST, '/apparel/trailhead-long-sleeve-tee')).text()).toMatch(teaser)
    await changeAurora((site) => {
      site.website.featureFlags = [1, 2, 65]
    })
    expect(await (await visit(HOST, '/apparel/trailhead-long-sleeve-tee')).text()).not.toMatch(teaser)
    await changeAurora((site) => {
      delete site.website.featureFlags
    })
    expect(await (await visit(HOST, '/apparel/trailhead-long-sleeve-tee')).text()).not.toMatch(teaser)
  })

  it('Should allow the real provider in the policy of a site that shows installments, and only there', async () => {
    const policy = async (host: string) =>
      (await visit(host, '/')).headers.get('content-security-policy') ?? ''
    expect(await policy(HOST)).toMatch(new RegExp(`frame-src [^;]*${AFTERPAY_ORIGIN}`))
    expect(await policy(HOST)).toMatch(new RegExp(`connect-src [^;]*${AFTERPAY_ORIGIN}`))
    expect(await policy('kissa.localhost')).not.toContain(AFTERPAY_ORIGIN)
    expect(await policy('journal.localhost')).not.toContain(AFTERPAY_ORIGIN)
    await changeAurora((site) => {
      site.website.featureFlags = []
    })
    expect(await policy(HOST)).not.toContain(AFTERPAY_ORIGIN)
  })

  it('Should accept flags 1 to 65 once each in the site record and name the field otherwise', async () => {
    const site = JSON.parse((await env.CATALOG.get('site:aurora')) ?? '{}')
    const withFlags = (featureFlags: unknown) =>
      siteSchema.safeParse({ ...site, website: { ...site.website, featureFlags } })
    expect(withFlags([1, 64, 65]).success).toBe(true)
    expect(withFlags([]).success).toBe(true)
    for (const [flags, message] of [
      [[0], 'must be numbers from 1 to 65'],
      [[66], 'must be numbers from 1 to 65'],
      [[64.5], 'must be whole numbers'],
      [[64, 64], 'must not name a flag twice'],
    ] as const) {
      const result = withFlags(flags)
      expect(result.success, JSON.stringify(flags)).toBe(false)
      expect(result.error?.issues[0]?.path.slice(0, 2)).toEqual(['website', 'featureFlags'])
      expect(result.error?.issues[0]?.message).toBe(message)
    }
    expect(withFlags(['64']).success).toBe(false)
  })
})

describe('page types in tracking', () => {
  it('Should number the commerce pages as platform.md section 9 does', () => {
    expect(PAGE_TYPE).toMatchObject({
      SHOW_CART: 200,
      CHECKOUT: 201,
      ORDER_CONFIRMED: 202,
      COMMERCE_CART_V2: 205,
      SUBSCRIPTION_CONFIRMED: 206,
      REVIEWS_REQUEST: 209,
    })
    expect(pageTypeOfKind('cart')).toBe(200)
    expect(pageTypeOfKind('checkout')).toBe(201)
    expect(pageTypeOfKind('order-confirmation')).toBe(202)
    expect(pageTypeOfKind('product')).toBeNull()
    expect(pageTypeOfKind('toString')).toBeNull()
  })

  it('Should tell the tracking script the cart page’s type, and none on a product page', async () => {
    const cart = trackingContextOf(await (await visit(HOST, '/cart')).text())
    expect(cart?.pageKind).toBe('cart')
    expect(cart?.pageType).toBe(PAGE_TYPE.SHOW_CART)
    const product = trackingContextOf(await (await visit(HOST, '/apparel/trailhead-long-sleeve-tee')).text())
    expect(product?.pageKind).toBe('product')
    expect(product?.pageType).toBeNull()
  })

  it('Should take a page view with its page type, and refuse a number that is none', async () => {
    const pageView = (pageType: number) =>
      visit(HOST, '/api/census/RecordHit', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `crumb=${newCrumb()}` },
        body: new URLSearchParams({ event: 'view', data: JSON.stringify({ pagePath: '/cart', pageType }) }),
      })
    expect((await pageView(PAGE_TYPE.SHOW_CART)).status).toBe(202)
    const refused = await pageView(999)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toContain('must be a page type')
  })
})
