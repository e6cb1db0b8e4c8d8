// The tracking script in Chromium (storefront.md sections 6 and 7, platform.md sections 4, 7 and
// 9): a product view and an add to cart produce the commerce events with the spec's fields,
// stored by the worker; a signed-in store manager produces no page-view event; the performance
// collector reports when the shopper leaves; visit cookies arrive with the first page.
import { expect, type Page, test } from '@playwright/test'
import { storedEventNames, storedEventsWith } from './analytics-store'
import { urlOf, watchConsole } from './helpers'

const PRODUCT = '/apparel/ridgeline-flannel-shirt'
const ITEM_ID = 'aurora-item-0002'
/** The consumer stores a batch about a second after it is sent; wrangler takes a moment to read D1. */
const STORED = { timeout: 30_000, intervals: [1000, 2000, 3000] }

/** Opens a page and waits for the tracking script's page view; returns this browser's analytics id. */
async function openTracked(page: Page, host: string, path: string): Promise<string> {
  const pageView = page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'))
  await page.goto(urlOf(host, path))
  await pageView
  return page.evaluate(() => localStorage.getItem('ss_analytics_id') ?? '')
}

async function signInAsScriptsDo(page: Page, email: string, password: string) {
  return page.evaluate(
    async ({ email, password }) => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? ''
      const response = await fetch('/api/site-users/account/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
        body: JSON.stringify({ email, password, rememberMe: false }),
      })
      return { status: response.status, body: (await response.json()) as { xsrfToken?: string } }
    },
    { email, password },
  )
}

test.describe('Commerce events', () => {
  test('Should send a page view and CommerceShopping_VisitPDP with the spec’s fields when a shopper opens a product', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    const visitPdp = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/v1/clanker/events') &&
        (r.postData() ?? '').includes('CommerceShopping_VisitPDP'),
    )
    const analyticsId = await openTracked(page, 'aurora.localhost', PRODUCT)
    expect(analyticsId).toMatch(/^[0-9a-f-]{36}$/)
    await visitPdp
    await expect
      .poll(() => storedEventNames(analyticsId), STORED)
      .toEqual(expect.arrayContaining(['RecordHit', 'CommerceShopping_VisitPDP']))
    const stored = storedEventsWith(analyticsId)
    expect(stored.find((row) => row.event === 'RecordHit')?.data).toMatchObject({
      pagePath: PRODUCT,
      pageKind: 'product',
      pageId: ITEM_ID,
      websiteId: 'aurora',
      isFirstLanding: true,
      isFirstSession: true,
      ss_cvr: expect.stringMatching(/^[\w-]+\|\d+\|\d+\|\d+\|1$/),
    })
    expect(stored.find((row) => row.event === 'CommerceShopping_VisitPDP')?.data).toMatchObject({
      event_name: 'CommerceShopping_VisitPDP',
      website_id: 'aurora',
      page_id: ITEM_ID,
      item_id: ITEM_ID,
      item_title: 'Ridgeline Flannel Shirt',
      item_type: 'PHYSICAL',
      product_types_list: ['PHYSICAL'],
      item_price: 78,
      currency_code: 'USD',
      product_page: true,
      logged_in: false,
      site_user_id: null,
      source: 'web',
      owner_team: 'commerce merchandising',
      product_area: 'commerce shopping',
      source_environment: 'dev',
      client_version: '3.8.0',
      page_path: PRODUCT,
    })
    expect(errors).toEqual([])
  })

  test('Should send CommerceShopping_AddToCart when the cart island announces the line it added', async ({
    page,
  }) => {
    const analyticsId = await openTracked(page, 'aurora.localhost', PRODUCT)
    // What the cart island dispatches once the cart answered (islands/constants.ts `storefront:add-to-cart`).
    const addToCart = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/v1/clanker/events') &&
        (r.postData() ?? '').includes('CommerceShopping_AddToCart'),
    )
    await page.locator('.product-detail').evaluate((product, itemId) => {
      const detail = {
        itemId,
        sku: 'AO-RF-M-BLUE',
        quantity: 2,
        variant: {
          sku: 'AO-RF-M-BLUE',
          attributes: { Size: 'M', Color: 'Blue' },
          priceMoney: { value: '78.00', currency: 'USD' },
        },
        cartId: 'cart-from-island',
        cartQuantity: 3,
      }
      product.dispatchEvent(new CustomEvent('storefront:add-to-cart', { bubbles: true, detail }))
    }, ITEM_ID)
    await addToCart
    await expect.poll(() => storedEventNames(analyticsId), STORED).toContain('CommerceShopping_AddToCart')
    expect(
      storedEventsWith(analyticsId).find((row) => row.event === 'CommerceShopping_AddToCart')?.data,
    ).toMatchObject({
      event_name: 'CommerceShopping_AddToCart',
      action: 'add',
      item_id: ITEM_ID,
      item_quantity: 2,
      item_variant_object: { Size: 'M', Color: 'Blue' },
      item_price: 78,
      currency_code: 'USD',
      // The worker names the cart from its HttpOnly cookie (this browser has none), never from the script.
      cart_id: null,
      num_items_in_cart: 3,
    })
  })

  test('Should leave the pixel hook off by default', async ({ page }) => {
    await openTracked(page, 'aurora.localhost', PRODUCT)
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
  })

  test('Should push the product view and the add to cart onto the pixel queue a site turns on', async ({
    page,
  }) => {
    // The page as a site with `website.pixelHook: { enabled: true, queue: "dataLayer" }` gets it.
    await page.route(urlOf('aurora.localhost', PRODUCT), async (route) => {
      // From Node, by address, with the tenant's Host.
      const response = await route.fetch({
        url: route.request().url().replace('aurora.localhost', '127.0.0.1'),
        headers: { ...route.request().headers(), host: new URL(route.request().url()).host },
      })
      // The tracking settings are a single-quoted JSON attribute (render/island-marker.ts).
      const body = (await response.text()).replace('"pixelQueue":null', '"pixelQueue":"dataLayer"')
      await route.fulfill({ response, body })
    })
    await openTracked(page, 'aurora.localhost', PRODUCT)
    await page.locator('.product-detail').evaluate((product, itemId) => {
      const detail = { itemId, sku: 'AO-RF-S-RED', quantity: 1, variant: null }
      product.dispatchEvent(new CustomEvent('storefront:add-to-cart', { bubbles: true, detail }))
    }, ITEM_ID)
    expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toEqual([
      { event: 'product_view', itemId: ITEM_ID, title: 'Ridgeline Flannel Shirt' },
      { event: 'add_to_cart', itemId: ITEM_ID, sku: 'AO-RF-S-RED', quantity: 1 },
    ])
  })
})

test.describe('Suppression', () => {
  test('Should record no page-view event for a signed-in store manager, and record them again once signed out', async ({
    page,
  }) => {
    await openTracked(page, 'aurora.localhost', '/about')
    const signedIn = await signInAsScriptsDo(page, 'manager@aurora.example', 'aurora-manager-2026')
    expect(signedIn.status).toBe(200)
    const suppressed = page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'))
    await page.goto(urlOf('aurora.localhost', PRODUCT))
    const answer = await suppressed
    expect(answer.status()).toBe(204)
    expect(answer.headers()['x-analytics-suppressed']).toBe('signed-in-account')

    // Signed out, the same browser is counted again: its page view is stored, the manager's never was.
    const xsrfToken = signedIn.body.xsrfToken ?? ''
    const signedOut = await page.evaluate(async (token) => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? ''
      const response = await fetch('/api/site-users/account/session?cloneCart=true', {
        method: 'DELETE',
        headers: { 'X-CSRF-Token': crumb, 'X-XSRF-Token': token },
      })
      return response.status
    }, xsrfToken)
    expect(signedOut).toBe(200)
    const analyticsId = await openTracked(page, 'aurora.localhost', '/gear')
    await expect
      .poll(() => storedEventsWith(analyticsId).filter((row) => row.event === 'RecordHit').length, STORED)
      .toBe(2)
    const paths = storedEventsWith(analyticsId)
      .filter((row) => row.event === 'RecordHit')
      .map((row) => row.data.pagePath)
    expect(paths).toEqual(['/about', '/gear'])
    expect(storedEventsWith(analyticsId).some((row) => row.event === 'CommerceShopping_VisitPDP')).toBe(false)
  })

  test('Should send no page view from /search, and load no tracking at all on not-found pages', async ({
    page,
  }) => {
    const hits: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/census/RecordHit')) hits.push(r.url())
    })
    const settings = page.waitForResponse((r) => r.url().endsWith('/api/1/performance/settings'))
    await page.goto(urlOf('aurora.localhost', '/search?q=merino'))
    await settings
    await page.goto(urlOf('aurora.localhost', '/no-such-page'))
    await expect(page.locator('main h1')).toHaveText('Page not found')
    expect(await page.locator('script[data-tracking]').count()).toBe(0)
    expect(hits).toEqual([])
  })
})

test.describe('Visit cookies and the collector', () => {
  test('Should give a first visit the visitor record and timestamp, readable by the tracking script', async ({
    page,
  }) => {
    await page.goto(urlOf('journal.localhost', '/field-notes'))
    const cookies = await page.context().cookies()
    const record = cookies.find((c) => c.name === 'ss_cvr')
    expect(record?.value).toMatch(/^[\w-]{22}\|(\d+)\|\1\|\1\|1$/)
    expect(record?.httpOnly).toBe(false)
    expect(cookies.find((c) => c.name === 'ss_cvt')?.value).toMatch(/^\d+$/)
    await page.goto(urlOf('journal.localhost', '/events'))
    const again = (await page.context().cookies()).find((c) => c.name === 'ss_cvr')
    expect(again?.value).toBe(record?.value)
  })

  test('Should send the page’s performance records when the shopper leaves it', async ({ page }) => {
    const path = '/footwear'
    const settings = page.waitForResponse((r) => r.url().endsWith('/api/1/performance/settings'))
    await openTracked(page, 'aurora.localhost', path)
    await settings
    // A beacon from a page being left: the worker's stored row is what shows it arrived.
    await page.goto(urlOf('aurora.localhost', '/about'))
    const ofThisPage = () =>
      storedEventsWith(path).find(
        (row) => row.event === 'performance:Performance' && row.data.pagePath === path,
      )
    await expect.poll(() => ofThisPage() !== undefined, STORED).toBe(true)
    const performance = ofThisPage()
    expect(performance?.data).toMatchObject({
      app: 'storefront',
      pagePath: path,
      pageLoadId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      first_contentful_paint_ms: expect.any(Number),
      response_start_ms: expect.any(Number),
      dom_content_loaded_event_end_ms: expect.any(Number),
    })
  })
})
