// Quick View (issue 24) in Chromium: a product card's Quick View button on Aurora's Apparel
// opens the product in a dialog with the product page's own islands (gallery, variant picker,
// quantity, add-to-cart); a shopper chooses a variant and adds it, and the cart pill follows.
// The dialog closes on Escape, outside click and its close button, keeps Tab inside and gives
// focus back to the card's button; on a phone it fills the screen. Opening it is recorded
// (`RecordQuickView/{id}` and the `overlay` beacon, stored by the worker). Its code loads on the
// first click only; without script the button is a link to the product's page.
import { expect, type Page, test } from '@playwright/test'
import { storedEventsWith } from './analytics-store'
import { axeViolations, urlOf, watchConsole } from './helpers'

const GRID = urlOf('aurora.localhost', '/apparel')
const ITEM_ID = 'aurora-item-0002'
const TITLE = 'Ridgeline Flannel Shirt'
/** The consumer stores a batch about a second after it is sent; wrangler takes a moment to read D1. */
const STORED = { timeout: 30_000, intervals: [1000, 2000, 3000] }

const quickViewButton = (page: Page, title = TITLE) =>
  page.getByRole('link', { name: `Quick View: ${title}` })

/** Opens Quick View of a product on the grid and waits for its body. */
async function openQuickView(page: Page, title = TITLE) {
  await quickViewButton(page, title).click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
  return dialog
}

test.describe('Quick View', () => {
  test('Should open a product from the grid, add a chosen variant to the cart and update the cart pill', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    await page.goto(GRID)
    // Nothing of the dialog is loaded before a shopper asks for it.
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.endsWith('.js')),
      )
    const before = await scripts()
    expect(before.some((url) => url.includes('/_islands/quick-view-'))).toBe(true)
    expect(await page.locator('dialog.quick-view').count()).toBe(0)
    const record = page.waitForRequest((r) => r.url().endsWith(`/api/census/RecordQuickView/${ITEM_ID}`))
    const dialog = await openQuickView(page)
    await record
    // The dialog's code came with the click: modules the page had not loaded before.
    expect((await scripts()).filter((url) => !before.includes(url)).length).toBeGreaterThan(0)
    // The product page's own pieces: its price (the legacy display: the $ is the theme's), its
    // gallery, the checkout block, its page.
    await expect(dialog.locator('.product-price')).toHaveText('78.00')
    await expect(dialog.getByRole('region', { name: TITLE })).toBeVisible()
    await expect(dialog.getByRole('spinbutton', { name: 'Quantity:' })).toHaveValue('1')
    await expect(dialog.getByRole('link', { name: 'View full details' })).toHaveAttribute(
      'href',
      '/apparel/ridgeline-flannel-shirt',
    )
    await dialog.locator('label[for="variant-option-Size-L"]').click()
    await dialog.locator('label[for="variant-option-Color-Forest"]').click()
    await expect(page.locator('.quick-view sf-island[data-island="variant-picker"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
    )
    await dialog.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(dialog.getByRole('spinbutton', { name: 'Quantity:' })).toHaveValue('2')
    await dialog.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 2 items')
    const cart = await page.evaluate(
      async () =>
        (await (await fetch('/api/commerce/shopping-cart')).json()) as {
          shoppingCart: { entries: { itemId: string; chosenVariant: { sku: string }; quantity: number }[] }
        },
    )
    expect(cart.shoppingCart.entries).toEqual([
      expect.objectContaining({
        itemId: ITEM_ID,
        chosenVariant: expect.objectContaining({ sku: 'AO-RF-L-FOR' }),
        quantity: 2,
      }),
    ])
    expect(errors).toEqual([])
  })

  test('Should close on Escape, a click outside and its close button, give focus back to the card’s button and keep Tab inside', async ({
    page,
  }) => {
    await page.goto(GRID)
    const button = quickViewButton(page)
    let dialog = await openQuickView(page)
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
    // Tab and Shift+Tab cycle through the dialog's own controls.
    await page.keyboard.press('Shift+Tab')
    await expect(dialog.getByRole('link', { name: 'View full details' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()

    dialog = await openQuickView(page)
    // The backdrop: a point of the dialog element outside its panel.
    await page.mouse.click(5, 5)
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()

    dialog = await openQuickView(page)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()

    // Another product replaces the first one's body.
    dialog = await openQuickView(page, 'Summit Merino Base Layer')
    await expect(dialog.getByRole('heading', { name: TITLE })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(quickViewButton(page, 'Summit Merino Base Layer')).toBeFocused()
  })

  test('Should store the quick view and the overlay beacons the dialog sends', async ({ page, context }) => {
    await page.goto(GRID)
    // This browser's visitor record: its id is in every beacon it sends (`ss_cvr`), so only this
    // test's events are read back.
    const visitor = (await context.cookies()).find((cookie) => cookie.name === 'ss_cvr')?.value.split('|')[0]
    expect(visitor).toBeTruthy()
    const dialog = await openQuickView(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    const events = () => storedEventsWith(visitor ?? '')
    await expect
      .poll(() => events().map((row) => `${row.event}:${row.data.action ?? row.data.itemId}`), STORED)
      .toEqual(expect.arrayContaining([`RecordQuickView:${ITEM_ID}`, 'overlay:show', 'overlay:dismiss']))
    expect(events().find((row) => row.event === 'RecordQuickView')?.data).toMatchObject({
      itemId: ITEM_ID,
      pagePath: '/apparel',
    })
    expect(events().find((row) => row.event === 'overlay')?.data).toMatchObject({
      overlayId: 'quick-view',
      pagePath: '/apparel',
    })
  })

  test('Should be a full-screen sheet on a phone, and pass axe on the open dialog', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
    const page = await context.newPage()
    await page.goto(GRID)
    const dialog = await openQuickView(page)
    await expect(page.locator('.quick-view sf-island[data-island="variant-picker"]')).toBeVisible()
    const box = await dialog.boundingBox()
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 })
    expect(await axeViolations(page, 'dialog.quick-view')).toEqual([])
    await context.close()
  })

  test('Should pass axe on the open dialog on a desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(GRID)
    await openQuickView(page)
    expect(await axeViolations(page, 'dialog.quick-view')).toEqual([])
  })

  test('Should be a link to the product’s page without script', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(GRID)
    await page.locator(`a[data-quick-view="${ITEM_ID}"]`).click()
    await expect(page).toHaveURL(urlOf('aurora.localhost', '/apparel/ridgeline-flannel-shirt'))
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    await context.close()
  })
})
