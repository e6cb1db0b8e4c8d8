import { expect, type Page, test } from '@playwright/test'
import { axeViolations, sendPast, urlOf, watchConsole } from './helpers'

const FLANNEL = '/apparel/ridgeline-flannel-shirt'

/** Clicks an option's pill (the label of its visually hidden radio button), as a shopper does. */
async function choose(page: Page, values: string[]) {
  for (const value of values) {
    const radio = page.getByRole('radio', { name: value, exact: true })
    const id = await radio.getAttribute('id')
    await page.locator(`label[for="${id}"]`).click()
    await expect(page.locator(`[id="${id}"]`)).toBeChecked()
  }
}

test.describe('Cart and checkout', () => {
  let errors: string[] = []
  test.beforeEach(({ page }) => {
    errors = watchConsole(page)
  })
  test.afterEach(() => {
    // Refused calls are answered on purpose (409 …): the browser logs them as failed loads.
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([])
  })

  test('The button goes Adding… → Added! after 1 s → idle after 2 s, ignoring clicks while added; the pill counts', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto(urlOf('aurora.localhost', FLANNEL))
    // Time stands still from here: only runFor moves it.
    await page.clock.pauseAt(Date.now() + 60_000)
    const pill = page.locator('[data-cart-pill]')
    await expect(pill).toBeHidden()
    await choose(page, ['M', 'Red'])
    const button = page.getByRole('button', { name: 'Add To Cart' })
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'))
    await button.click()
    await expect(page.locator('.sqs-add-to-cart-button')).toHaveText('Adding…')
    expect((await added).status()).toBe(200)
    await expect(pill).toBeVisible()
    await expect(pill).toHaveAccessibleName('Cart, 1 items')
    await page.clock.runFor(999)
    await expect(page.locator('.sqs-add-to-cart-button')).toHaveText('Adding…')
    await page.clock.runFor(1)
    await expect(page.locator('.sqs-add-to-cart-button')).toHaveText('Added!')
    // Clicks in the added state are ignored.
    await page.locator('.sqs-add-to-cart-button').click()
    await page.clock.runFor(1999)
    await expect(page.locator('.sqs-add-to-cart-button')).toHaveText('Added!')
    await page.clock.runFor(1)
    await expect(page.locator('.sqs-add-to-cart-button')).toHaveText('Add To Cart')
    await expect(pill).toHaveAccessibleName('Cart, 1 items')
    // The pill links to /cart and, on another page, loads the cart itself (has-cart is 'true').
    await page.goto(urlOf('aurora.localhost', '/about'))
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 1 items')
  })

  test('A sold-out variant shows the notice and the alert ‘Unable to Add Item’, idle again after 1 s', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto(urlOf('aurora.localhost', FLANNEL))
    await page.clock.pauseAt(Date.now() + 60_000)
    await choose(page, ['S', 'Red [Sold Out]'])
    await expect(page.getByRole('alert').filter({ hasText: 'Sold Out' })).toBeVisible()
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    const alert = page.getByRole('alertdialog', { name: 'Unable to Add Item' })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText('Sorry, we do not have enough of that item available.')
    await expect(page.locator('.sqs-add-to-cart-button')).toHaveText('Adding…')
    await page.clock.runFor(1000)
    await expect(page.locator('.sqs-add-to-cart-button')).toHaveText('Add To Cart')
    await alert.getByRole('button', { name: 'OK' }).click()
    await expect(alert).toBeHidden()
  })

  test('Missing options are named in the alert', async ({ page }) => {
    await page.goto(urlOf('aurora.localhost', FLANNEL))
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(page.getByRole('alertdialog', { name: 'Unable to Add Item' })).toContainText(
      'Please select the Size and Color options.',
    )
  })

  test('The cart page changes a quantity and removes an entry; checkout with a declined card, then the test card', async ({
    page,
  }) => {
    await page.goto(urlOf('aurora.localhost', FLANNEL))
    await choose(page, ['L', 'Forest'])
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(page.getByRole('spinbutton', { name: 'Quantity:' })).toHaveValue('2')
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 2 items')
    await page.goto(urlOf('aurora.localhost', '/gear/hand-forged-camp-axe'))
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 3 items')

    await page.locator('[data-cart-pill]').click()
    await expect(page).toHaveURL(/\/cart$/)
    await expect(page.getByText('3 items')).toBeVisible()
    const flannel = page.locator('.cart-entry', { hasText: 'Ridgeline Flannel Shirt' })
    await expect(flannel).toContainText('Size: L')
    await flannel.getByRole('spinbutton', { name: 'Quantity' }).fill('4')
    await flannel.getByRole('button', { name: 'Update' }).click()
    await expect(page.getByText('5 items')).toBeVisible()
    await expect(page.locator('.cart-subtotal-amount')).toHaveText('$430.00')
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 5 items')
    await page.getByRole('button', { name: 'Remove Hand-Forged Camp Axe' }).click()
    await expect(page.getByText('4 items')).toBeVisible()
    await expect(page.locator('.cart-entry')).toHaveCount(1)

    await page.getByRole('link', { name: 'Checkout' }).click()
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    await expect(page.getByText('4242 4242 4242 4242')).toBeVisible()
    await page.getByRole('button', { name: 'Place order' }).click()
    await expect(page.getByText('Please correct the fields marked below.')).toBeVisible()
    await page.getByLabel('Email').fill('ada@example.com')
    await page.getByLabel('Full name').fill('Ada Lovelace')
    await page.getByLabel('Address', { exact: true }).fill('12 Church Street')
    await page.getByLabel('City').fill('Burlington')
    await page.getByLabel('Postal code').fill('05401')
    await page.getByLabel('Country').selectOption('US')
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Place order' }).click()
    // The first address given at checkout shows its shipping and the total before any charge (issue 25).
    await expect(page.getByRole('alert')).toContainText(
      'Shipping and tax for your address are shown now. Please check your total of $320.00 and place your order again.',
    )
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Place order' }).click()
    await expect(page.getByRole('alert')).toContainText('Your card was declined. Please use another card.')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Place order' }).click()
    await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
    await expect(page.locator('[data-cart-pill]')).toBeHidden()
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'has-cart')).toBeUndefined()

    // Another browser with the order's URL sees only 'Find your order' (issue 18), and opens
    // the order with its number and email.
    const orderUrl = page.url()
    const orderNumber = (await page.locator('.order-number').textContent()) ?? ''
    const stranger = await (await page.context().browser()?.newContext())?.newPage()
    if (!stranger) throw new Error('no second browser context')
    await stranger.goto(orderUrl)
    await expect(stranger.getByRole('heading', { name: 'Find your order' })).toBeVisible()
    await expect(stranger.getByText('ada@example.com')).toHaveCount(0)
    expect(await axeViolations(stranger, 'main')).toEqual([])
    await stranger.getByLabel('Order number').fill(orderNumber)
    await stranger.getByLabel('Email').fill('someone@example.com')
    await stranger.getByRole('button', { name: 'Show my order' }).click()
    await expect(stranger.getByRole('alert')).toHaveText(
      'We could not find an order with that number and email address.',
    )
    await stranger.getByLabel('Email').fill('ADA@example.com')
    await stranger.getByRole('button', { name: 'Show my order' }).click()
    await expect(stranger.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
    await expect(stranger.getByText('ada@example.com')).toBeVisible()
    await stranger.context().close()
  })

  test('The additional-fields modal: required answers, added once with the entry, edited from the cart', async ({
    page,
  }) => {
    const entries: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/commerce/shopping-cart/entries'))
        entries.push(r.url())
    })
    await page.goto(urlOf('aurora.localhost', '/apparel/custom-embroidered-beanie'))
    await choose(page, ['Navy'])
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    const dialog = page.getByRole('dialog', { name: 'Embroidery details' })
    await expect(dialog).toBeVisible()
    // Nothing answered: every required field says so and nothing is added.
    await dialog.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(dialog.getByText('Required', { exact: true })).toHaveCount(3)
    await expect(dialog.getByLabel('Initials')).toBeFocused()
    expect(entries).toEqual([])
    await dialog.getByLabel('Initials').fill('JMO')
    await dialog.getByLabel('Thread colour').selectOption('Mustard')
    await dialog.getByRole('radio', { name: 'Side of cuff' }).check()
    await dialog.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 1 items')
    expect(entries).toHaveLength(1)

    await page.goto(urlOf('aurora.localhost', '/cart'))
    const beanie = page.locator('.cart-entry', { hasText: 'Custom Embroidered Beanie' })
    await expect(beanie).toContainText('JMO')
    await expect(beanie).toContainText('Side of cuff')
    await beanie.getByRole('button', { name: 'Edit details' }).click()
    const edit = page.getByRole('dialog', { name: 'Embroidery details' })
    await expect(edit.getByLabel('Initials')).toHaveValue('JMO')
    await edit.getByLabel('Initials').fill('ADA')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit).toBeHidden()
    await expect(beanie).toContainText('ADA')
    await page.reload()
    await expect(page.locator('.cart-entry', { hasText: 'Custom Embroidered Beanie' })).toContainText('ADA')
    await expect(page.getByText('1 item', { exact: true })).toBeVisible()
  })

  test('Kissa: yen without decimals from the product to the order', async ({ page }) => {
    await page.goto(urlOf('kissa.localhost', '/tea/sencha-saemidori'))
    await choose(page, ['100g'])
    await page
      .getByRole('button', { name: 'カートに追加' })
      .or(page.getByRole('button', { name: 'Add To Cart' }))
      .click()
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 1 items')
    await page.goto(urlOf('kissa.localhost', '/cart'))
    await expect(page.locator('.cart-subtotal-amount')).toHaveText('￥3,400')
    await page.getByRole('link', { name: 'Checkout' }).click()
    await page.getByLabel('Email').fill('kissa@example.com')
    await page.getByLabel('Full name').fill('Aiko Tanaka')
    await page.getByLabel('Address', { exact: true }).fill('1-2-3 Yanaka')
    await page.getByLabel('City').fill('Taito')
    await page.getByLabel('Postal code').fill('110-0001')
    await page.getByLabel('Country').selectOption('JP')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Place order' }).click()
    // ¥3,400 of tea (tax included) and ¥600 standard shipping, shown before the charge (issue 25).
    await expect(page.getByRole('alert')).toContainText('￥4,000')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Place order' }).click()
    await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
    await expect(page.locator('.order-confirmed')).toContainText('￥3,400')
    await expect(page.locator('.order-confirmed')).toContainText('￥4,000')
  })
})

test.describe('An add whose answer is lost', () => {
  test('Is sent again with the same Idempotency-Key and added once', async ({ page }) => {
    await page.goto(urlOf('aurora.localhost', FLANNEL))
    await choose(page, ['L', 'Red'])
    const keys: string[] = []
    await page.route('**/api/commerce/shopping-cart/entries', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (keys.length > 1) return route.continue()
      // The worker adds the entry; its answer never reaches the page.
      await sendPast(route, 'aurora.localhost')
      await route.abort('connectionreset')
    })
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 1 items')
    await expect(page.locator('.sqs-add-to-cart-button')).toHaveText('Added!')
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
    await page.goto(urlOf('aurora.localhost', '/cart'))
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 1 items')
  })
})
