// Issue 24 in Chromium: the beacons a page now sends, read back from what the worker stored.
// The site's buttons report `button-render` and `button-click`, a public form `form-render`
// with the visitor cookie once it is shown, a product page the item viewed event and an add to
// cart the item added event, the order confirmed page CommerceShopping_CheckoutConfirmed (page
// type 202, staging on this internal host); the performance collector stores first input delay,
// time to interactive and the Performance schema's fixed fields. Each test makes its own
// records (its own browser's visitor, its own order).
import { expect, type Page, test } from '@playwright/test'
import { type StoredEvent, storedEventsWith } from './analytics-store'
import { urlOf, watchConsole } from './helpers'

/** The consumer stores a batch about a second after it is sent; wrangler takes a moment to read D1. */
const STORED = { timeout: 30_000, intervals: [1000, 2000, 3000] }
const EVENT_PAGE = '/events/winter-bird-count'

/** This browser's visitor record (`ss_cvr`): the census beacons carry it. */
async function visitorRecord(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ss_cvr')
  expect(cookie?.value).toMatch(/^[\w-]+\|/)
  return cookie?.value ?? ''
}

/** Waits for the tracking script's page view; answers this browser's analytics id. */
async function openTracked(page: Page, host: string, path: string): Promise<string> {
  const pageView = page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'))
  await page.goto(urlOf(host, path))
  await pageView
  return page.evaluate(() => localStorage.getItem('ss_analytics_id') ?? '')
}

const named = (rows: StoredEvent[], event: string) => rows.filter((row) => row.event === event)

test.describe('Census beacons', () => {
  test('Should send button-render for the site’s buttons and button-click when the visitor follows one', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    await openTracked(page, 'journal.localhost', EVENT_PAGE)
    const visitor = await visitorRecord(page)
    const button = page.getByRole('link', { name: 'Add to Google Calendar' })
    await expect(button).toBeVisible()
    await expect
      .poll(() => named(storedEventsWith(visitor), 'button-render').length, STORED)
      .toBeGreaterThan(0)
    expect(named(storedEventsWith(visitor), 'button-render')[0]?.data).toMatchObject({
      buttonText: 'Add to Google Calendar',
      buttonUrl: expect.stringContaining('google.com/calendar/event'),
      pagePath: EVENT_PAGE,
      ss_cvr: visitor,
    })

    // The link opens a new tab; the beacon goes from this one.
    const click = page.waitForRequest((r) => r.url().endsWith('/api/census/button-click'))
    const popup = page.waitForEvent('popup')
    await button.click()
    await click
    await (await popup).close()
    await expect.poll(() => named(storedEventsWith(visitor), 'button-click').length, STORED).toBe(1)
    expect(named(storedEventsWith(visitor), 'button-click')[0]?.data).toMatchObject({
      buttonText: 'Add to Google Calendar',
      pagePath: EVENT_PAGE,
    })
    expect(errors).toEqual([])
  })

  test('Should send form-render with the visitor cookie once a public form is shown', async ({ page }) => {
    // The workshop form's page: a phone's screen holds the page's text, the form starts below it.
    await page.setViewportSize({ width: 390, height: 400 })
    const sent: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/census/form-render')) sent.push(r.postData() ?? '')
    })
    await openTracked(page, 'journal.localhost', '/contact')
    const visitor = await visitorRecord(page)
    const form = page.locator('[data-form-id="contact"]')
    await expect(form).toHaveCount(1)
    await form.scrollIntoViewIfNeeded()
    await expect.poll(() => sent.length).toBe(1)
    expect(new URLSearchParams(sent[0]).get('formId')).toBe('contact')
    await expect.poll(() => named(storedEventsWith(visitor), 'form-render').length, STORED).toBe(1)
    expect(named(storedEventsWith(visitor), 'form-render')[0]?.data).toMatchObject({
      formId: 'contact',
      visitorCookie: visitor,
      pagePath: '/contact',
    })
    // Shown once, reported once.
    await page.mouse.wheel(0, -2000)
    await form.scrollIntoViewIfNeeded()
    await page.waitForTimeout(500)
    expect(sent).toHaveLength(1)
  })
})

test.describe('Shopper events', () => {
  test('Should send the item viewed event on a product page and the item added event with an add to cart', async ({
    page,
  }) => {
    const itemId = 'aurora-item-0002'
    const analyticsId = await openTracked(page, 'aurora.localhost', '/apparel/ridgeline-flannel-shirt')
    await page.locator('.product-detail').evaluate((product, id) => {
      const detail = { itemId: id, sku: 'AO-RF-M-BLUE', quantity: 1, variant: null, cartQuantity: 1 }
      product.dispatchEvent(new CustomEvent('storefront:add-to-cart', { bubbles: true, detail }))
    }, itemId)
    await expect
      .poll(() => storedEventsWith(analyticsId).map((row) => row.event), STORED)
      .toEqual(expect.arrayContaining(['CommerceShopping_ItemViewed', 'CommerceShopping_ItemAdded']))
    const rows = storedEventsWith(analyticsId)
    const origin = { source: 'web', environment: 'staging', logged_in: false, member_account_id: null }
    expect(named(rows, 'CommerceShopping_ItemViewed')[0]?.data).toMatchObject({
      ...origin,
      item_id: itemId,
      item_title: 'Ridgeline Flannel Shirt',
      action: 'view',
    })
    expect(named(rows, 'CommerceShopping_ItemAdded')[0]?.data).toMatchObject({
      ...origin,
      item_id: itemId,
      item_quantity: 1,
      action: 'add',
    })
  })

  test('Should send CommerceShopping_CheckoutConfirmed once from the order confirmed page', async ({
    page,
  }) => {
    await page.goto(urlOf('aurora.localhost', '/gifts/enamel-camp-mug'))
    const forest = await page.getByRole('radio', { name: 'Forest', exact: true }).getAttribute('id')
    await page.locator(`label[for="${forest}"]`).click()
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName(/Cart, [1-9]/)
    await page.goto(urlOf('aurora.localhost', '/checkout'))
    await page.getByLabel('Email').fill('beacons@example.com')
    await page.getByLabel('Full name').fill('Grace Hopper')
    await page.getByLabel('Address', { exact: true }).fill('12 Church Street')
    await page.getByLabel('City').fill('Burlington')
    await page.getByLabel('Postal code').fill('05401')
    await page.getByLabel('Country').selectOption('US')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    const confirmed = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/v1/clanker/events') &&
        (r.postData() ?? '').includes('CommerceShopping_CheckoutConfirmed'),
    )
    await page.getByRole('button', { name: 'Place order' }).click()
    await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
    await confirmed
    const analyticsId = await page.evaluate(() => localStorage.getItem('ss_analytics_id') ?? '')
    const ofOrder = () => named(storedEventsWith(analyticsId), 'CommerceShopping_CheckoutConfirmed')
    await expect.poll(() => ofOrder().length, STORED).toBe(1)
    expect(ofOrder()[0]?.data).toMatchObject({
      page_type: 202,
      item_price: 26,
      currency_code: 'USD',
      num_items_in_cart: 1,
      product_types_list: ['PHYSICAL'],
      action: 'confirm',
      environment: 'staging',
      // The order's id never reaches analytics.
      page_path: '/commerce/orders/{orderId}',
    })
    // A reload of the page confirms nothing new.
    const pageView = page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'))
    await page.reload()
    await pageView
    await page.waitForTimeout(1500)
    await expect.poll(() => storedEventsWith(analyticsId).length, STORED).toBeGreaterThan(2)
    expect(ofOrder()).toHaveLength(1)
  })
})

test.describe('The performance collector', () => {
  test('Should store first input delay, time to interactive and the Performance schema’s fixed fields', async ({
    page,
  }) => {
    const settings = page.waitForResponse((r) => r.url().endsWith('/api/1/performance/settings'))
    await openTracked(page, 'aurora.localhost', '/gear')
    const { pageLoadId } = (await (await settings).json()) as { pageLoadId: string }
    // Time to interactive needs 5 s without a long task after the first paint.
    await page.waitForTimeout(6500)
    await page.locator('main').click({ position: { x: 5, y: 5 } })
    await page.goto(urlOf('aurora.localhost', '/about'))
    const ofLoad = () => named(storedEventsWith(pageLoadId), 'performance:Performance')[0]
    await expect.poll(() => ofLoad() !== undefined, STORED).toBe(true)
    expect(ofLoad()?.data).toMatchObject({
      action: 'load',
      actor: 'user',
      owner_team: 'web_performance',
      source: 'web',
      object_type: 'website',
      first_input_delay_ms: expect.any(Number),
      time_to_interactive_ms: expect.any(Number),
    })
    const data = ofLoad()?.data ?? {}
    expect(data.time_to_interactive_ms as number).toBeGreaterThanOrEqual(
      data.first_contentful_paint_ms as number,
    )
  })
})

test.describe('Failures go to the error reporter, silent for the visitor', () => {
  test('Should report a failed settings call and an island’s failure, and show the visitor nothing', async ({
    page,
  }) => {
    const visit = crypto.randomUUID()
    await page.route('**/api/1/performance/settings', (route) => route.fulfill({ status: 503, body: '' }))
    await openTracked(page, 'aurora.localhost', `/gear?visit=${visit}`)
    // A review load that failed, as the reviews island announces it (islands/product-reviews/client.tsx).
    await page.evaluate(() => {
      const error = new Error('Reviews answered 500')
      document.body.dispatchEvent(
        new CustomEvent('island:error', {
          bubbles: true,
          cancelable: true,
          detail: { name: 'product-reviews', error },
        }),
      )
    })
    // Stored as error reports, each under the reporter's event name (worker/api/events.ts).
    const reported = () => named(storedEventsWith(visit), 'JavascriptError')
    const names = () => reported().map((row) => String(row.data.name))
    await expect.poll(() => names().sort(), STORED).toEqual(['IslandError', 'TrackingError'])
    const byEvent = Object.fromEntries(reported().map((row) => [String(row.data.name), row.data]))
    expect(byEvent.TrackingError).toMatchObject({
      message: expect.stringContaining('Unable to resolve pageLoadId'),
      customInfo: { area: 'tracking' },
    })
    expect(byEvent.IslandError).toMatchObject({
      message: 'Reviews answered 500',
      customInfo: { area: 'product-reviews' },
    })
    await expect(page.locator('main')).not.toContainText('pageLoadId')
  })
})
