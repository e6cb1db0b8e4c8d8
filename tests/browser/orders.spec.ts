// After checkout in Chromium (issue 25): a demo site user signs in on their order history (the
// member form), buys, and finds the order in their history and its detail; a guest opens an
// order with its number and email on the lookup form, after a wrong email gets the same answer
// an unknown number would. Each run places orders of its own (no demo data is changed).
import { expect, type Page, test } from '@playwright/test'
import { queryLocalD1 } from '../local-d1'
import { axeViolations, urlOf, watchConsole } from './helpers'

const PORT = Number(process.env.STOREFRONT_TEST_PORT ?? 8788)

const HOST = 'aurora.localhost'
const MUG = '/gifts/enamel-camp-mug'
const SHOPPER = { email: 'shopper@aurora.example', password: 'aurora-shopper-2026' }

async function choose(page: Page, value: string) {
  const id = await page.getByRole('radio', { name: value, exact: true }).getAttribute('id')
  await page.locator(`label[for="${id}"]`).click()
}

/** Buys one mug with the test card; answers the order number and the confirmation page's URL. */
async function buyMug(page: Page, email: string): Promise<{ orderNumber: string; url: string }> {
  await page.goto(urlOf(HOST, MUG))
  await choose(page, 'Forest')
  await page.getByRole('button', { name: 'Add To Cart' }).click()
  await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName(/Cart, [1-9]/)
  await page.goto(urlOf(HOST, '/checkout'))
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Full name').fill('Ada Lovelace')
  await page.getByLabel('Address', { exact: true }).fill('12 Church Street')
  await page.getByLabel('City').fill('Burlington')
  await page.getByLabel('Postal code').fill('05401')
  await page.getByLabel('Country').selectOption('US')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
  return { orderNumber: ((await page.locator('.order-number').textContent()) ?? '').trim(), url: page.url() }
}

test.describe('After checkout', () => {
  let errors: string[] = []
  test.beforeEach(({ page }) => {
    errors = watchConsole(page)
  })
  test.afterEach(() => expect(errors).toEqual([]))

  test('A signed-in site user finds their order in their order history, and opens it', async ({ page }) => {
    await page.goto(urlOf(HOST, '/account/orders'))
    await expect(page.getByRole('heading', { name: 'Your orders', level: 1 })).toBeVisible()
    await page.getByLabel('Email').fill(SHOPPER.email)
    await page.getByLabel('Password').fill(SHOPPER.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText(`Signed in as ${SHOPPER.email}`)).toBeVisible()

    const { orderNumber } = await buyMug(page, SHOPPER.email)
    // The $18.00 mug and $8.00 standard shipping to Vermont (no state given: no state tax).
    await expect(page.locator('.order-amount--total')).toContainText('$26.00')

    await page.goto(urlOf(HOST, '/account/orders'))
    const row = page.locator('.order-history-row').first()
    await expect(row.getByRole('link', { name: orderNumber })).toBeVisible()
    await expect(row).toContainText('Confirmed')
    await expect(row).toContainText('$26.00')
    expect(await axeViolations(page, 'main')).toEqual([])

    await row.getByRole('link', { name: orderNumber }).click()
    await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
    await expect(page.locator('.order-number')).toHaveText(orderNumber)
    await expect(page.getByText('Enamel Camp Mug')).toBeVisible()
    await page.getByRole('link', { name: 'Back to your orders' }).click()
    await expect(page).toHaveURL(/\/account\/orders$/)
  })

  test('A signed-in site user buys with a code and standard shipping to a US state: the same amounts on the order page, in the email and in their history', async ({
    page,
  }) => {
    await page.goto(urlOf(HOST, '/account/orders'))
    await page.getByLabel('Email').fill(SHOPPER.email)
    await page.getByLabel('Password').fill(SHOPPER.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText(`Signed in as ${SHOPPER.email}`)).toBeVisible()

    await page.goto(urlOf(HOST, MUG))
    await choose(page, 'Forest')
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName(/Cart, [1-9]/)
    await page.goto(urlOf(HOST, '/cart'))
    await page.getByLabel('Discount code').fill('WELCOME10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.locator('.cart-page .cart-amounts')).toContainText('WELCOME10')
    await page.getByRole('link', { name: 'Checkout' }).click()
    await page.getByLabel('Email').fill(SHOPPER.email)
    await page.getByLabel('Full name').fill('Ada Lovelace')
    await page.getByLabel('Address', { exact: true }).fill('12 Church Street')
    await page.getByLabel('City').fill('Burlington')
    await page.getByLabel('Country').selectOption('US')
    await page.getByLabel('State / Province (optional)').fill('VT')
    await page.getByLabel('Postal code').fill('05401')
    // $18.00 − 10% ($1.80), $8.00 standard shipping, 6% Vermont sales tax on $16.20 ($0.97).
    await expect(page.locator('.checkout-summary .amount-total')).toHaveText('$25.17')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Place order' }).click()
    await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
    const orderNumber = ((await page.locator('.order-number').textContent()) ?? '').trim()
    const amounts = page.locator('.order-amounts')
    for (const text of ['WELCOME10', '−$1.80', '$8.00', '$0.97', '$25.17'])
      await expect(amounts).toContainText(text)

    // The confirmation email (the local provider's outbox) carries the same figures.
    await expect
      .poll(
        () =>
          queryLocalD1<{ body: string }>(
            `.wrangler/test-state-${PORT}`,
            `SELECT body FROM outbound_emails WHERE kind = 'order-confirmation' AND instr(body, '${orderNumber}') > 0`,
          )[0]?.body ?? '',
        { timeout: 15_000 },
      )
      .toContain('$25.17')
    const [email] = queryLocalD1<{ body: string }>(
      `.wrangler/test-state-${PORT}`,
      `SELECT body FROM outbound_emails WHERE instr(body, '${orderNumber}') > 0`,
    )
    for (const text of ['WELCOME10', '$1.80', '$8.00', '$0.97', '$25.17']) expect(email?.body).toContain(text)

    await page.goto(urlOf(HOST, '/account/orders'))
    const row = page.locator('.order-history-row', { has: page.getByRole('link', { name: orderNumber }) })
    await expect(row).toContainText('$25.17')
    await row.getByRole('link', { name: orderNumber }).click()
    for (const text of ['WELCOME10', '−$1.80', '$8.00', '$0.97', '$25.17'])
      await expect(page.locator('.order-amounts')).toContainText(text)
  })

  test('A guest opens their order with its number and email; a wrong email is told nothing more', async ({
    page,
    browser,
  }) => {
    const email = `guest-${Date.now()}@example.com`
    const { orderNumber } = await buyMug(page, email)
    const stranger = await (await browser.newContext()).newPage()
    await stranger.goto(urlOf(HOST, '/commerce/orders'))
    await expect(stranger.getByRole('heading', { name: 'Find your order' })).toBeVisible()
    await stranger.getByLabel('Order number').fill(orderNumber)
    await stranger.getByLabel('Email').fill('someone@example.com')
    await stranger.getByRole('button', { name: 'Show my order' }).click()
    await expect(stranger.getByRole('alert')).toHaveText(
      'We could not find an order with that number and email address.',
    )
    await stranger.getByLabel('Order number').fill('ord_000000000000000000000000')
    await stranger.getByRole('button', { name: 'Show my order' }).click()
    await expect(stranger.getByRole('alert')).toHaveText(
      'We could not find an order with that number and email address.',
    )
    expect(await axeViolations(stranger, 'main')).toEqual([])
    await stranger.getByLabel('Order number').fill(orderNumber)
    await stranger.getByLabel('Email').fill(email.toUpperCase())
    await stranger.getByRole('button', { name: 'Show my order' }).click()
    await expect(stranger.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
    await expect(stranger.locator('.order-number')).toHaveText(orderNumber)
    await stranger.context().close()
  })
})
