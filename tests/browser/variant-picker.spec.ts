import { expect, type Page, test } from '@playwright/test'
import { urlOf, watchConsole } from './helpers'

const FLANNEL = '/apparel/ridgeline-flannel-shirt'
const FITTING = '/gear/boot-and-pack-fitting'
const SHELL = '/shop/summit-shell'

/**
 * Opens a product page. The picker is not live yet: React arrives on the shopper's first
 * interaction with it, and the choices made meanwhile are replayed, so tests act at once.
 */
async function openProduct(page: Page, host: string, path: string) {
  const response = await page.goto(urlOf(host, path))
  expect(response?.status()).toBe(200)
  await expect(page.locator('sf-island[data-island="variant-picker"]')).not.toHaveAttribute(
    'data-island-hydrated',
  )
  return {
    price: page.locator('.product-detail .product-price'),
    dropdown: (option: string) => page.getByRole('combobox', { name: `Select ${option}` }),
    radio: (value: string) => page.getByRole('radio', { name: value, exact: true }),
    /** Clicks the pill (the label of the visually hidden radio), as a shopper does. */
    pick: async (value: string) => {
      const id = await page.getByRole('radio', { name: value, exact: true }).getAttribute('id')
      await page.locator(`label[for="${id}"]`).click()
    },
    soldOutNotice: page.getByRole('alert').filter({ hasText: 'Sold Out' }),
  }
}

test.describe('Variant picker', () => {
  let errors: string[] = []
  test.beforeEach(({ page }) => {
    errors = watchConsole(page)
  })
  test.afterEach(() => {
    // Hydration mismatches surface as recoverable errors the island runtime logs.
    expect(errors).toEqual([])
  })

  test('Hydrating the checkout block moves nothing on the page', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as PerformanceEntry & { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const { radio } = await openProduct(page, 'aurora.localhost', FLANNEL)
    await radio('S').focus()
    await expect(page.locator('sf-island[data-island="variant-picker"][data-island-hydrated]')).toHaveCount(
      1,
      {
        timeout: 15_000,
      },
    )
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0)
  })

  test('Choosing options updates the price, and clearing one brings the first price back', async ({
    page,
  }) => {
    const { price, pick } = await openProduct(page, 'aurora.localhost', FITTING)
    const initial = (await price.textContent()) ?? ''
    expect(initial).toContain('45.00')
    await pick('60 minutes')
    await expect(price).toHaveText('80.00')
    await pick('30 minutes')
    await expect(price).toHaveText('45.00')
    // A store that shows dropdowns can clear a choice: the first price comes back.
    const shell = await openProduct(page, 'picker.localhost', SHELL)
    const first = (await shell.price.textContent()) ?? ''
    await shell.dropdown('Size').selectOption('M')
    await shell.dropdown('Color').selectOption('Red')
    await expect(shell.price).not.toHaveText(first)
    await shell.dropdown('Size').selectOption('')
    await expect(shell.price).toHaveText(first)
  })

  test('A sold-out combination shows the sold-out notice and the restock form, pointed at that variant', async ({
    page,
  }) => {
    const { pick, soldOutNotice } = await openProduct(page, 'aurora.localhost', FLANNEL)
    // One form for the four sold-out variants, hidden until one of them is chosen.
    const restock = page.locator('.product-restock-notification')
    await expect(restock).toHaveCount(1)
    await expect(page.locator('.product-restock-notification:not([hidden])')).toHaveCount(0)
    await pick('S')
    // Size chosen, Color not yet: Red is marked, as S / Red is sold out.
    await pick('Red [Sold Out]')
    await expect(soldOutNotice).toBeVisible()
    await expect(page.locator('.product-restock-notification:not([hidden])')).toHaveCount(1)
    await expect(
      page.locator('.product-restock-notification[data-variant-id="aurora-item-0002-v01"]'),
    ).toBeVisible()
    await expect(restock.locator('input[name="variantId"]')).toHaveValue('aurora-item-0002-v01')
    await pick('Forest')
    await expect(soldOutNotice).toHaveCount(0)
    await expect(page.locator('.product-restock-notification:not([hidden])')).toHaveCount(0)
    // Another sold-out variant: the same form, now naming it.
    await pick('M')
    await expect(soldOutNotice).toBeVisible()
    await expect(restock).toBeVisible()
    await expect(restock).toHaveAttribute('data-variant-id', 'aurora-item-0002-v05')
    await expect(restock.locator('input[name="variantId"]')).toHaveValue('aurora-item-0002-v05')
  })

  test('With one option left unselected its sold-out values read [Sold Out]', async ({ page }) => {
    const { radio, pick } = await openProduct(page, 'aurora.localhost', FLANNEL)
    await pick('Navy')
    // The hidden dropdown carries the same markings.
    const sizes = page.locator('select[data-variant-option-name="Size"] option')
    await expect(sizes).toHaveText(['Select Size', 'S', 'M', 'L [Sold Out]', 'XL [Sold Out]'])
    await expect(page.getByRole('radio', { name: 'L [Sold Out]', exact: true })).toHaveAttribute(
      'data-unavailable',
      'true',
    )
    await expect(radio('S')).not.toHaveAttribute('data-unavailable')
    // Both options chosen: nothing is left to mark.
    await pick('M')
    await expect(sizes).toHaveText(['Select Size', 'S', 'M', 'L', 'XL'])
  })

  test('Pills are the one visible control; the dropdown, out of sight and of the tab order, follows them and keys move the choice', async ({
    page,
  }) => {
    const { radio, pick } = await openProduct(page, 'aurora.localhost', FLANNEL)
    const dropdown = page.getByRole('combobox', { name: 'Select Size' })
    // Its wrapper is clipped to a pixel: nothing of it shows or takes room.
    const box = await page.locator('.variant-select-wrapper').first().boundingBox()
    expect((box?.width ?? 0) <= 1 && (box?.height ?? 0) <= 1, 'the dropdown takes no room').toBe(true)
    await expect(dropdown).toHaveAttribute('tabindex', '-1')
    await pick('M')
    await expect(page.locator('select[data-variant-option-name="Size"]')).toHaveValue('M')
    await page.locator('label[for="variant-option-Size-XL"]').click()
    await expect(radio('XL')).toBeChecked()
    await expect(radio('M')).not.toBeChecked()
    await radio('XL').press('ArrowLeft')
    await expect(radio('L [Sold Out]').or(radio('L'))).toBeChecked()
    // Choosing by the dropdown (assistive technology, scripts) moves the pills too.
    await page.getByRole('combobox', { name: 'Select Color' }).selectOption('Navy')
    await expect(radio('Navy').or(radio('Navy [Sold Out]'))).toBeChecked()
  })

  test('A chosen variant fires storefront:variant-change on the product', async ({ page }) => {
    const { pick } = await openProduct(page, 'aurora.localhost', FLANNEL)
    await page.evaluate(() => {
      const seen: unknown[] = []
      Object.assign(window, { variantChanges: seen })
      document
        .querySelector('.product-detail')
        ?.addEventListener('storefront:variant-change', (event) => seen.push((event as CustomEvent).detail))
    })
    await pick('S')
    await pick('Forest')
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { variantChanges: unknown[] }).variantChanges))
      .toEqual([
        {
          itemId: 'aurora-item-0002',
          variant: expect.objectContaining({
            id: 'aurora-item-0002-v02',
            attributes: { Size: 'S', Color: 'Forest' },
          }),
        },
      ])
    await expect(page.locator('.product-variants')).toHaveAttribute(
      'data-selected-variant',
      /aurora-item-0002-v02/,
    )
  })

  test("A variant's own image replaces the main image with its own widths, never only its original", async ({
    page,
  }) => {
    const { pick } = await openProduct(page, 'aurora.localhost', '/footwear/granite-hiking-boot')
    await pick('8')
    await pick('Brown')
    const main = page.locator('.product-detail img').first()
    await expect(main).toHaveAttribute('src', '/demo/aurora/granite-hiking-boot-brown.svg')
    const srcset = (await main.getAttribute('srcset')) ?? ''
    expect(srcset).toContain('/demo/aurora/granite-hiking-boot-brown.svg?format=300w 300w')
    expect(srcset).toContain('/demo/aurora/granite-hiking-boot-brown.svg 1200w')
    expect(srcset).not.toContain('1500w')
  })

  test('The scarcity message shows only for the matching variant', async ({ page }) => {
    const { pick } = await openProduct(page, 'aurora.localhost', FITTING)
    const scarcity = page.getByText('Only 4 left in stock!')
    await expect(scarcity).toBeHidden()
    await pick('60 minutes')
    await expect(scarcity).toBeVisible()
    await pick('30 minutes')
    await expect(scarcity).toBeHidden()
  })

  test('A combination with no variant reads Unavailable; a sale variant shows its struck original', async ({
    page,
  }) => {
    // A store with pills (and no branching) can choose a combination no variant has.
    const { price, pick } = await openProduct(page, 'pills.localhost', SHELL)
    await pick('L')
    await pick('Blue')
    await expect(price).toHaveText('Unavailable')
    await pick('S')
    await expect(price).toContainText('90.00')
    await expect(price.locator('.original-price')).toHaveText('120.00')
    await expect(price.locator('.original-price')).toHaveCSS('text-decoration-line', 'line-through')
  })

  test('With branching on, the second dropdown offers only values that go with the first', async ({
    page,
  }) => {
    const { dropdown } = await openProduct(page, 'picker.localhost', SHELL)
    const colors = dropdown('Color').getByRole('option')
    await expect(colors).toHaveText(['Select Color', 'Red', 'Blue'])
    await dropdown('Size').selectOption('L')
    await expect(colors).toHaveText(['Select Color', 'Red [Sold Out]'])
    await dropdown('Color').selectOption('Red')
    await dropdown('Size').selectOption('M')
    await expect(dropdown('Color')).toHaveValue('Red')
    await expect(page.getByText('Only 3 left in stock!')).toBeVisible()
  })
})
