// Issue 25's third demo tenant: Field Journal sells only downloads and ships nothing. A shopper
// opens its shop from the navigation, buys the printable field guide and sees no shipping step
// and no shipping amount; California exempts digital goods from its sales tax, so the total is
// the price. Screenshots of the checkout at 390 and 1280 px go to test-results/<port>/journal-shop/.
import { expect, type Page, test } from '@playwright/test'
import { urlOf, watchConsole } from './helpers'

const PORT = Number(process.env.STOREFRONT_TEST_PORT ?? 8788)

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `test-results/${PORT}/journal-shop/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('Field Journal: a printable guide bought with no shipping step and no shipping amount', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await page.goto(urlOf('journal.localhost', '/'))
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Shop', exact: true })
    .click()
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible()
  await page
    .getByRole('link', { name: /Tide Pool Field Guide/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { name: 'Tide Pool Field Guide (printable PDF)' })).toBeVisible()
  await page.getByRole('button', { name: 'Add To Cart' }).click()
  await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName('Cart, 1 items')

  await page.goto(urlOf('journal.localhost', '/cart'))
  await expect(page.locator('.cart-subtotal-amount')).toHaveText('$12.00')
  await expect(page.locator('.cart-shipping')).toHaveCount(0)
  await page.getByRole('link', { name: 'Checkout' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Billing address' })).toBeVisible()
  await page.getByLabel('Email').fill('reader@example.com')
  await page.getByLabel('Full name').fill('Rachel Carson')
  await page.getByLabel('Address', { exact: true }).fill('1 Tide Street')
  await page.getByLabel('City').fill('Monterey')
  await page.getByLabel('State / Province (optional)').fill('CA')
  await page.getByLabel('Postal code').fill('93940')
  await page.getByLabel('Country').selectOption('US')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await expect(page.locator('.checkout-summary .amount-total')).toHaveText('$12.00')
  // Nothing ships: no option to pick, no shipping row, no tax added on a download in California.
  await expect(page.locator('.shipping-options')).toHaveCount(0)
  await expect(page.locator('.checkout-summary .amount-shipping')).toHaveCount(0)
  await expect(page.locator('.checkout-summary .amount-tax')).toHaveCount(0)
  await shoot(page, 'checkout')
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
  await expect(page.locator('.order-confirmed')).toContainText('Tide Pool Field Guide (printable PDF)')
  await expect(page.locator('.order-confirmed')).toContainText('$12.00')
  await expect(page.locator('.order-confirmed')).not.toContainText('Shipping')
  expect(errors).toEqual([])
})
