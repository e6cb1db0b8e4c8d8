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
    const { dropdown } = await openProduct(page, 'aurora.localhost', FLANNEL)
    await dropdown('Size').focus()
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
    const { price, dropdown } = await openProduct(page, 'aurora.localhost', FITTING)
    const initial = (await price.textContent()) ?? ''
    expect(initial).toContain('45.00')
    await dropdown('Session').selectOption('60 minutes')
    await expect(price).toHaveText('80.00')
    await dropdown('Session').selectOption('30 minutes')
    await expect(price).toHaveText('45.00')
    await dropdown('Session').selectOption('')
    await expect(price).toHaveText(initial)
  })

  test('A sold-out combination shows the sold-out notice and that variant’s restock form only', async ({
    page,
  }) => {
    const { dropdown, radio, soldOutNotice } = await openProduct(page, 'aurora.localhost', FLANNEL)
    const restock = page.locator('.product-restock-notification')
    await expect(restock).toHaveCount(4)
    await expect(page.locator('.product-restock-notification:not([hidden])')).toHaveCount(0)
    await dropdown('Size').selectOption('S')
    // Size chosen, Color not yet: Red is marked, as S / Red is sold out.
    await radio('Red [Sold Out]').check()
    await expect(soldOutNotice).toBeVisible()
    await expect(page.locator('.product-restock-notification:not([hidden])')).toHaveCount(1)
    await expect(
      page.locator('.product-restock-notification[data-variant-id="aurora-item-0002-v01"]'),
    ).toBeVisible()
    await radio('Forest').check()
    await expect(soldOutNotice).toHaveCount(0)
    await expect(page.locator('.product-restock-notification:not([hidden])')).toHaveCount(0)
  })

  test('With one option left unselected its sold-out values read [Sold Out]', async ({ page }) => {
    const { dropdown, radio } = await openProduct(page, 'aurora.localhost', FLANNEL)
    await radio('Navy').check()
    const sizes = dropdown('Size').getByRole('option')
    await expect(sizes).toHaveText(['Select Size', 'S', 'M', 'L [Sold Out]', 'XL [Sold Out]'])
    await expect(page.getByRole('radio', { name: 'L [Sold Out]', exact: true })).toHaveAttribute(
      'data-unavailable',
      'true',
    )
    await expect(radio('S')).not.toHaveAttribute('data-unavailable')
    // Both options chosen: nothing is left to mark.
    await dropdown('Size').selectOption('M')
    await expect(sizes).toHaveText(['Select Size', 'S', 'M', 'L', 'XL'])
  })

  test('The dropdown and the radio buttons of an option stay in sync', async ({ page }) => {
    const { dropdown, radio } = await openProduct(page, 'aurora.localhost', FLANNEL)
    await dropdown('Size').selectOption('M')
    await expect(radio('M')).toBeChecked()
    await page.getByRole('button', { name: 'XL', exact: true }).click()
    await expect(radio('XL')).toBeChecked()
    await expect(dropdown('Size')).toHaveValue('XL')
    await expect(radio('M')).not.toBeChecked()
    await page.getByRole('button', { name: 'Forest', exact: true }).press('Enter')
    await expect(dropdown('Color')).toHaveValue('Forest')
    await dropdown('Size').selectOption('')
    await expect(radio('XL')).not.toBeChecked()
  })

  test('A chosen variant fires storefront:variant-change on the product', async ({ page }) => {
    const { dropdown } = await openProduct(page, 'aurora.localhost', FLANNEL)
    await page.evaluate(() => {
      const seen: unknown[] = []
      Object.assign(window, { variantChanges: seen })
      document
        .querySelector('.product-detail')
        ?.addEventListener('storefront:variant-change', (event) => seen.push((event as CustomEvent).detail))
    })
    await dropdown('Size').selectOption('S')
    await dropdown('Color').selectOption('Forest')
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

  test('The scarcity message shows only for the matching variant', async ({ page }) => {
    const { dropdown } = await openProduct(page, 'aurora.localhost', FITTING)
    const scarcity = page.getByText('Only 4 left in stock!')
    await expect(scarcity).toBeHidden()
    await dropdown('Session').selectOption('60 minutes')
    await expect(scarcity).toBeVisible()
    await dropdown('Session').selectOption('30 minutes')
    await expect(scarcity).toBeHidden()
  })

  test('A combination with no variant reads Unavailable; a sale variant shows its struck original', async ({
    page,
  }) => {
    const { price, radio } = await openProduct(page, 'picker.localhost', SHELL)
    await radio('L').check()
    await radio('Blue').check()
    await expect(price).toHaveText('Unavailable')
    await radio('S').check()
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
