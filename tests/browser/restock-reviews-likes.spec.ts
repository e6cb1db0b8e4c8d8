// The restock sign-up on the sold-out product, reviews paging and the lightbox, and a like, in
// Chromium on the demo tenants (storefront.md sections 2, 4, 5 and 8).
import { expect, test } from '@playwright/test'
import { axeViolations, urlOf, watchConsole } from './helpers'

const AURORA = 'aurora.localhost'
const HYDRATED = { timeout: 20_000 }

test.describe('Restock sign-up', () => {
  test('Should show the chosen sold-out variant’s form and sign up with the spec’s messages on the way', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    await page.goto(urlOf(AURORA, '/apparel/alpine-down-parka'))
    const cta = 'Get notified by email when this product is back in stock'
    // One form for the parka's sold-out variants, hidden until one is chosen.
    await expect(page.getByText(cta)).toHaveCount(1)
    await expect(page.getByText(cta)).toBeHidden()
    await page.getByRole('combobox', { name: 'Size' }).selectOption('M')
    // The picker wakes on the first choice; the second waits for it (see the report on replay).
    await expect(page.locator('sf-island[data-island="variant-picker"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
      HYDRATED,
    )
    await page.getByRole('combobox', { name: 'Color' }).selectOption('Red')
    const form = page.locator('.product-restock-notification[data-variant-id="aurora-item-0004-v04"]')
    await expect(form).toBeVisible()
    const email = form.getByRole('textbox', { name: 'Email Address' })
    await expect(email).toHaveAttribute('autocomplete', 'email')
    await email.focus()
    await expect(page.locator('sf-island[data-island="restock-notification"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
      HYDRATED,
    )
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await expect(form.getByText('Email cannot be blank')).toBeVisible()
    await email.fill('parka-at-example')
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await expect(form.getByText('Email is invalid')).toBeVisible()
    await email.fill(`parka.${Date.now()}@example.com`)
    await form.getByRole('checkbox', { name: 'Sign up for news and updates' }).check()
    const sent = page.waitForRequest('**/api/site-users/account/notifications/restock')
    await form.getByRole('button', { name: 'Sign Up' }).click()
    expect((await sent).postDataJSON()).toMatchObject({
      isJoinMailingList: true,
      productId: 'aurora-item-0004',
      variantId: 'aurora-item-0004-v04',
    })
    // Double opt-in is on for the demo store: the shopper is asked to confirm the address first.
    await expect(
      form.getByText(
        'Thank you! Check your inbox: we have sent you a link to confirm your email address. Once it is confirmed, we will email you when this product is back in stock.',
      ),
    ).toBeVisible()
    await expect(form.getByRole('textbox')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('Should show the server’s message when the sign-up is refused', async ({ page }) => {
    await page.goto(urlOf(AURORA, '/apparel/alpine-down-parka'))
    await page.getByRole('combobox', { name: 'Size' }).selectOption('S')
    await expect(page.locator('sf-island[data-island="variant-picker"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
      HYDRATED,
    )
    await page.getByRole('combobox', { name: 'Color' }).selectOption('Black')
    const form = page.locator('.product-restock-notification[data-variant-id="aurora-item-0004-v01"]')
    await form.getByRole('textbox', { name: 'Email Address' }).fill('someone@example.com')
    await expect(page.locator('sf-island[data-island="restock-notification"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
      HYDRATED,
    )
    await page.route('**/api/site-users/account/notifications/restock', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ data: { message: 'Nope.' } }),
      }),
    )
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await expect(form.getByRole('alert')).toHaveText('Nope.')
  })

  // forms.localhost turns double opt-in off: today's success message.
  test('Should need the captcha where the website has a site key, pre-check the opt-in, then sign up', async ({
    page,
  }) => {
    await page.goto(urlOf('forms.localhost', '/shop/storm-lantern'))
    const form = page.locator('.product-restock-notification')
    await expect(form.getByRole('checkbox', { name: 'Also send me the newsletter' })).toBeChecked()
    await form.getByRole('textbox', { name: 'Email Address' }).fill(`lantern.${Date.now()}@example.com`)
    const captcha = form.getByRole('checkbox', { name: 'I am not a robot' })
    await expect(captcha).toBeVisible(HYDRATED)
    await form.getByRole('button', { name: 'Notify me' }).click()
    await expect(form.getByText('Complete CAPTCHA before submitting.')).toBeVisible()
    await captcha.check()
    await form.getByRole('button', { name: 'Notify me' }).click()
    await expect(
      form.getByText('Thank you! We will email you when this product is back in stock.'),
    ).toBeVisible()
    await expect(captcha).toHaveCount(0)
  })

  test('Should have no serious or critical accessibility violations', async ({ page }) => {
    await page.goto(urlOf('forms.localhost', '/shop/storm-lantern'))
    expect(await axeViolations(page, '.product-restock-notification')).toEqual([])
  })
})

test.describe('Reviews', () => {
  test('Should page with ‘See More Reviews’ until none remain', async ({ page }) => {
    const errors = watchConsole(page)
    await page.goto(urlOf(AURORA, '/apparel/trailhead-long-sleeve-tee'))
    const reviews = page.locator('.product-review')
    await expect(reviews).toHaveCount(10)
    await expect(page.locator('.product-reviews-summary')).toContainText('13 Review(s)')
    await expect(page.locator('.product-reviews-summary')).toContainText('20 Store Review(s)')
    await page.getByRole('button', { name: 'See More Reviews' }).click()
    await expect(reviews).toHaveCount(13, HYDRATED)
    await expect(page.getByRole('button', { name: 'See More Reviews' })).toHaveCount(0)
    await expect(reviews.last()).toContainText('Elliot M.')
    await expect(page.locator('.product-reviews-loader')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('Should hide the loader and say nothing to the shopper when a page fails to load', async ({
    page,
  }) => {
    await page.goto(urlOf(AURORA, '/apparel/trailhead-long-sleeve-tee'))
    const reported = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener('island:error', (event) => {
            event.preventDefault()
            resolve((event as CustomEvent<{ name: string }>).detail.name)
          }),
        ),
    )
    await page.route('**/api/commerce/product/reviews**', (route) => route.fulfill({ status: 500, body: '' }))
    await page.getByRole('button', { name: 'See More Reviews' }).click()
    expect(await reported).toBe('product-reviews')
    await expect(page.locator('.product-reviews-loader')).toHaveCount(0)
    await expect(page.locator('.product-review')).toHaveCount(10)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('Should open an imported review’s photo in a lightbox that closes on Escape and on its button', async ({
    page,
  }) => {
    await page.goto(urlOf(AURORA, '/apparel/trailhead-long-sleeve-tee'))
    const opener = page
      .getByRole('button', { name: 'View the photo from the review by Ada O. larger' })
      .first()
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Photo from the review by Ada O.' }).first()
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await opener.click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  })

  test('Should say ‘1000+ Store Reviews’ over 999 and draw half stars', async ({ page }) => {
    await page.goto(urlOf('forms.localhost', '/shop/storm-lantern'))
    await expect(page.locator('.product-reviews-store-count')).toHaveText('1000+ Store Reviews')
    await expect(page.getByRole('img', { name: '3.5 out of 5 stars' }).first()).toBeVisible()
  })

  test('Should have no serious or critical accessibility violations', async ({ page }) => {
    await page.goto(urlOf(AURORA, '/apparel/trailhead-long-sleeve-tee'))
    expect(await axeViolations(page, '.product-reviews')).toEqual([])
    expect(await axeViolations(page, '.product-reviews-summary')).toEqual([])
  })
})

test.describe('Likes', () => {
  test('Should count a like once and show the new count, also after a reload', async ({ page }) => {
    const errors = watchConsole(page)
    await page.goto(urlOf('journal.localhost', '/field-notes/counting-the-first-wildflowers'))
    const button = page.getByRole('button', { name: /^Like \(\d+ likes\)$/ })
    const before = Number((await button.getAttribute('aria-label'))?.match(/\d+/)?.[0])
    await expect(button).toHaveAttribute('aria-pressed', 'false')
    await button.click()
    const after = page.getByRole('button', { name: `Like (${before + 1} likes)` })
    await expect(after).toHaveAttribute('aria-pressed', 'true', HYDRATED)
    await after.click()
    await expect(page.getByRole('button', { name: `Like (${before + 1} likes)` })).toBeEnabled()
    await page.reload()
    await expect(page.getByRole('button', { name: `Like (${before + 1} likes)` })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('Should show no like button where simple liking is off', async ({ page }) => {
    await page.goto(urlOf(AURORA, '/apparel/trailhead-long-sleeve-tee'))
    await expect(page.locator('.sqs-simple-like')).toHaveCount(0)
  })
})

test.describe('Restock and likes without script', () => {
  test.use({ javaScriptEnabled: false })

  test('Should sign up for the one-variant sold-out product by posting its form', async ({ page }) => {
    await page.goto(urlOf('forms.localhost', '/shop/storm-lantern'))
    await page.getByRole('textbox', { name: 'Email Address' }).fill(`nojs.${Date.now()}@example.com`)
    await page.getByRole('button', { name: 'Notify me' }).click()
    // The captcha needs script: the page says so, and nothing is stored.
    await expect(page.getByText('Complete CAPTCHA before submitting.')).toBeVisible()
    await expect(page).toHaveURL(urlOf('forms.localhost', '/shop/storm-lantern'))
  })

  test('Should like a post by posting its form', async ({ page }) => {
    await page.goto(urlOf('journal.localhost', '/field-notes/a-summer-of-dragonflies'))
    const button = page.getByRole('button', { name: /^Like \(\d+ likes\)$/ })
    const before = Number((await button.getAttribute('aria-label'))?.match(/\d+/)?.[0])
    await button.click()
    await expect(page.getByRole('button', { name: `Like (${before + 1} likes)` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})
