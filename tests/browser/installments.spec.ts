// Issue 24: the installment dialog shows the provider's own terms page for the shopper's locale
// (storefront.md sections 7 and 9), a failed load is only a warning (section 8), the dialog
// sends the `overlay` beacon, and the teaser shows only where the site has feature flag 64.
// Served by the local provider (INSTALLMENTS_PROVIDER = "local"). Test tenants of
// tests/fixtures/kv: maple (a Canadian store), birch (installments set up, flag 64 off).
import { expect, type Page, test } from '@playwright/test'
import { urlOf } from './helpers'

const INFO_BUTTON = 'Learn more about paying in installments with Afterpay'
const DIALOG_TITLE = 'Pay in 4 interest-free installments'
const PROVIDER_FRAME = 'Afterpay terms'

/** Opens a product page and its installment dialog; answers the dialog. */
async function openDialog(page: Page, host: string, path: string) {
  const response = await page.goto(urlOf(host, path))
  expect(response?.status()).toBe(200)
  await page.getByRole('button', { name: INFO_BUTTON }).click()
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Console warnings while a test runs. */
function watchWarnings(page: Page): string[] {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  return warnings
}

test.describe('installment dialog', () => {
  test.use({ locale: 'en-US' })

  test('Should show the provider’s own page for en-US and none of our own terms', async ({ page }) => {
    const dialog = await openDialog(page, 'aurora.localhost', '/apparel/trailhead-long-sleeve-tee')
    await expect(dialog.getByText('or 4 interest-free payments of $12.00 with Afterpay')).toBeVisible()
    const frame = dialog.locator(`iframe[title="${PROVIDER_FRAME}"]`)
    await expect(frame).toBeVisible()
    await expect(frame).toHaveAttribute('src', /\/_installments\/local\/en-US$/)
    const provider = frame.contentFrame()
    await expect(
      provider.getByRole('heading', { name: 'Shop now. Pay later. Always interest-free.' }),
    ).toBeVisible()
    await expect(provider.getByText('Pay in 4 interest-free installments with Afterpay.')).toBeVisible()
    await expect(provider.locator('html')).toHaveAttribute('lang', 'en-US')
    // The terms we once wrote ourselves are gone from the dialog.
    await expect(dialog).not.toContainText('every two weeks')
    await expect(dialog).not.toContainText('late fees')
    await expect(dialog).not.toContainText('qualify')
  })

  test('Should send the overlay beacon when the dialog is shown and dismissed', async ({ page }) => {
    const beacons: Record<string, unknown>[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/census/overlay') return
      const data = new URLSearchParams(request.postData() ?? '').get('data')
      if (data) beacons.push(JSON.parse(data))
    })
    const dialog = await openDialog(page, 'aurora.localhost', '/apparel/trailhead-long-sleeve-tee')
    const overlay = {
      overlayId: 'installments-aurora-item-0001',
      pagePath: '/apparel/trailhead-long-sleeve-tee',
    }
    await expect.poll(() => beacons).toContainEqual({ ...overlay, action: 'show' })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect.poll(() => beacons).toContainEqual({ ...overlay, action: 'dismiss' })
  })

  test('Should keep the teaser’s sentence and the close button when the provider page fails', async ({
    page,
  }) => {
    const warnings = watchWarnings(page)
    await page.route('**/_installments/modal/**', (route) => route.abort('connectionfailed'))
    const dialog = await openDialog(page, 'aurora.localhost', '/apparel/trailhead-long-sleeve-tee')
    await expect
      .poll(() => warnings.join('\n'))
      .toContain('Installment provider page failed to load: /_installments/modal/en-US')
    await expect(dialog.getByText('or 4 interest-free payments of $12.00 with Afterpay')).toBeVisible()
    await expect(dialog.locator('iframe')).toHaveCount(0)
    const close = dialog.getByRole('button', { name: 'Close' })
    await expect(close).toBeVisible()
    await close.click()
    await expect(dialog).toBeHidden()
  })

  test('Should show no teaser on a site whose installment payments flag is off', async ({ page }) => {
    const response = await page.goto(urlOf('birch.localhost', '/shop/toque'))
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'Wool Toque' })).toBeVisible()
    await expect(page.locator('.installment-teaser')).toHaveCount(0)
    await expect(page.getByRole('button', { name: INFO_BUTTON })).toHaveCount(0)
  })
})

test.describe('installment dialog for a French-speaking shopper in Canada', () => {
  test.use({ locale: 'fr-CA' })

  test('Should show the provider’s page in French', async ({ page }) => {
    const dialog = await openDialog(page, 'maple.localhost', '/shop/toque')
    const frame = dialog.locator(`iframe[title="${PROVIDER_FRAME}"]`)
    await expect(frame).toHaveAttribute('src', /\/_installments\/local\/fr-CA$/)
    const provider = frame.contentFrame()
    await expect(provider.locator('html')).toHaveAttribute('lang', 'fr-CA')
    await expect(provider.getByText('Payez en 4 versements sans intérêt avec Afterpay.')).toBeVisible()
  })
})

test.describe('installment dialog for an English-speaking shopper in Canada', () => {
  test.use({ locale: 'de-DE' })

  test('Should fall back to the country’s first language, English', async ({ page }) => {
    const dialog = await openDialog(page, 'maple.localhost', '/shop/toque')
    const frame = dialog.locator(`iframe[title="${PROVIDER_FRAME}"]`)
    await expect(frame).toHaveAttribute('src', /\/_installments\/local\/en-CA$/)
    await expect(frame.contentFrame().locator('html')).toHaveAttribute('lang', 'en-CA')
  })
})
