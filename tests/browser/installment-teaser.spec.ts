import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { injectAxe, urlOf } from './helpers'

const HOST = 'aurora.localhost'
const IN_RANGE_TEE = 'or 4 interest-free payments of $12.00 with Afterpay'
const DIALOG_TITLE = 'Pay in 4 interest-free installments'
const INFO_BUTTON = 'Learn more about paying in installments with Afterpay'

/**
 * A product page scrolled down to its teaser (on a narrow layout it sits below the product
 * image). The island is not live yet: it hydrates on the shopper's first interaction with it
 * or when the variant picker announces a variant, and what came before is replayed.
 */
async function openProduct(page: Page, path: string): Promise<void> {
  const response = await page.goto(urlOf(HOST, path))
  expect(response?.status()).toBe(200)
  const island = page.locator('sf-island[data-island="installment-teaser"]')
  await island.getByRole('button', { name: INFO_BUTTON }).scrollIntoViewIfNeeded()
  await expect(island).not.toHaveAttribute('data-island-hydrated')
}

/**
 * Console errors while a test runs, less the browser's own request for /favicon.ico (no
 * tenant serves one yet; that 404 is not the page's doing).
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (new URL(message.location().url || 'about:blank').pathname === '/favicon.ico') return
    errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: INFO_BUTTON }).click()
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE })
  await expect(dialog).toBeVisible()
  // The overlay fades in over 0.3 s (storefront.md section 9): look at it once it has.
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  )
  return dialog
}

/** A demo product's variants as the fixtures (and so the variant picker) carry them. */
function variantsOf(collection: string, slug: string): Record<string, unknown>[] {
  const file = new URL(`../../kv-fixtures/site/aurora/item/${collection}/${slug}.json`, import.meta.url)
  return JSON.parse(readFileSync(file, 'utf8')).structuredContent.variants
}

/** Announces a variant the way the variant picker island does, on the product element. */
async function announceVariant(page: Page, variant: Record<string, unknown> | null): Promise<void> {
  await page.locator('article[data-item-id]').evaluate((product, chosen) => {
    const detail = { itemId: product.getAttribute('data-item-id'), variant: chosen }
    product.dispatchEvent(new CustomEvent('storefront:variant-change', { bubbles: true, detail }))
  }, variant)
}

test.describe('installment teaser', () => {
  test('Should show the installment pill under the price of a product in range', async ({ page }) => {
    const errors = watchErrors(page)
    await openProduct(page, '/apparel/trailhead-long-sleeve-tee')
    await expect(page.locator('.installment-teaser-message')).toHaveText(IN_RANGE_TEE)
    await expect(page.getByRole('button', { name: INFO_BUTTON })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('Should name the provider and the limit for products outside the range', async ({ page }) => {
    const errors = watchErrors(page)
    await openProduct(page, '/apparel/alpine-down-parka')
    await expect(page.locator('.installment-teaser-message')).toHaveText('available for orders up to $300.00')
    await openProduct(page, '/footwear/round-boot-laces')
    await expect(page.locator('.installment-teaser-message')).toHaveText('available for orders over $35.00')
    await expect(page.locator('.installment-teaser')).toContainText('Afterpay')
    expect(errors).toEqual([])
  })

  test('Should open the dialog from the info button and keep Tab and Shift+Tab inside it', async ({
    page,
  }) => {
    const errors = watchErrors(page)
    await openProduct(page, '/apparel/trailhead-long-sleeve-tee')
    const dialog = await openDialog(page)
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    // The teaser's own sentence, then the provider's page (tests/browser/installments.spec.ts).
    await expect(dialog).toContainText(IN_RANGE_TEE)
    const close = dialog.getByRole('button', { name: 'Close' })
    const provider = dialog.locator('iframe')
    await expect(provider).toBeVisible()
    await expect(close).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(provider).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(close).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(provider).toBeFocused()
    expect(errors).toEqual([])
  })

  test('Should close the dialog on Escape and give focus back to the info button', async ({ page }) => {
    const errors = watchErrors(page)
    await openProduct(page, '/apparel/trailhead-long-sleeve-tee')
    const dialog = await openDialog(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: INFO_BUTTON })).toBeFocused()
    expect(errors).toEqual([])
  })

  test('Should close the dialog on a click outside it, not on a click inside it', async ({ page }) => {
    const errors = watchErrors(page)
    await openProduct(page, '/apparel/trailhead-long-sleeve-tee')
    const dialog = await openDialog(page)
    await dialog.getByRole('heading', { name: DIALOG_TITLE }).click()
    await expect(dialog).toBeVisible()
    await page.mouse.click(5, 5)
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: INFO_BUTTON })).toBeFocused()
    expect(errors).toEqual([])
  })

  test('Should close the dialog on its close button', async ({ page }) => {
    const errors = watchErrors(page)
    await openProduct(page, '/apparel/trailhead-long-sleeve-tee')
    let dialog = await openDialog(page)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: INFO_BUTTON })).toBeFocused()
    dialog = await openDialog(page)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    expect(errors).toEqual([])
  })

  test('Should darken the whole page behind the dialog', async ({ page }) => {
    await openProduct(page, '/apparel/trailhead-long-sleeve-tee')
    const dialog = await openDialog(page)
    const overlay = await dialog.evaluate((element) => {
      const box = element.getBoundingClientRect()
      return {
        background: getComputedStyle(element).backgroundColor,
        covers: box.left <= 0 && box.top <= 0 && box.right >= innerWidth && box.bottom >= innerHeight,
      }
    })
    const [red, green, blue, alpha = 1] = (overlay.background.match(/[\d.]+/g) ?? []).map(Number)
    expect(Math.max(red ?? 255, green ?? 255, blue ?? 255)).toBeLessThanOrEqual(40)
    expect(alpha).toBeGreaterThanOrEqual(0.5)
    expect(overlay.covers).toBe(true)
  })

  test('Should refresh the message when the variant picker announces a variant', async ({ page }) => {
    const errors = watchErrors(page)
    const bags = variantsOf('gear', 'roll-top-dry-bag')
    const priced = (value: string) =>
      bags.find((v) => (v.priceMoney as { value: string }).value === value) ?? null
    await openProduct(page, '/gear/roll-top-dry-bag')
    const pill = page.locator('.installment-teaser')
    // The page opens with the lowest price, $29.00: under the minimum.
    await expect(pill).toContainText('available for orders over $35.00')
    await announceVariant(page, priced('43.00'))
    await expect(pill).toContainText('or 4 interest-free payments of $10.75 with Afterpay')
    // Exactly the minimum is not enough.
    await announceVariant(page, priced('35.00'))
    await expect(pill).toContainText('available for orders over $35.00')
    await announceVariant(page, { priceMoney: { value: '349.00', currency: 'USD' }, onSale: false })
    await expect(pill).toContainText('available for orders up to $300.00')
    // A variant on sale counts at its sale price.
    await announceVariant(page, {
      priceMoney: { value: '349.00', currency: 'USD' },
      salePriceMoney: { value: '300.00', currency: 'USD' },
      onSale: true,
    })
    await expect(pill).toContainText('or 4 interest-free payments of $75.00 with Afterpay')
    // No variant chosen: back to the page's own price.
    await announceVariant(page, null)
    await expect(pill).toContainText('available for orders over $35.00')
    expect(errors).toEqual([])
  })

  test('Should follow the variant a shopper picks in the variant picker', async ({ page }) => {
    const errors = watchErrors(page)
    await openProduct(page, '/gear/roll-top-dry-bag')
    const pill = page.locator('.installment-teaser')
    await page.locator('label[for="variant-option-Size-35L"]').click()
    await page.locator('label[for="variant-option-Color-Orange"]').click()
    await expect(pill).toContainText('or 4 interest-free payments of $10.75 with Afterpay')
    await page.locator('label[for="variant-option-Size-20L"]').click()
    await expect(pill).toContainText('available for orders over $35.00')
    expect(errors).toEqual([])
  })

  test('Should not move when it hydrates', async ({ page }) => {
    await page.addInitScript(() => {
      const win = window as unknown as { teaserShift: number }
      win.teaserShift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number
          sources?: { node?: Node | null }[]
        }[]) {
          const moved = entry.sources?.some((source) =>
            source.node instanceof Element ? source.node.closest('.installment-teaser') !== null : false,
          )
          if (moved) win.teaserShift += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await openProduct(page, '/apparel/trailhead-long-sleeve-tee')
    await expect(page.locator('.installment-teaser-message')).toHaveText(IN_RANGE_TEE)
    const island = page.locator('sf-island[data-island="installment-teaser"]')
    await island.getByRole('button', { name: INFO_BUTTON }).focus()
    await expect(island).toHaveAttribute('data-island-hydrated', '', { timeout: 15_000 })
    expect(await page.evaluate(() => (window as unknown as { teaserShift: number }).teaserShift)).toBe(0)
  })

  test('Should have no serious or critical accessibility violations, closed or open', async ({ page }) => {
    await openProduct(page, '/apparel/trailhead-long-sleeve-tee')
    await injectAxe(page)
    const violations = () =>
      page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<AxeResults> } }).axe
        type AxeResults = { violations: { id: string; impact: string | null }[] }
        const results = await axe.run({ include: [['.installment-teaser']] })
        return results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id)
      })
    expect(await violations()).toEqual([])
    await openDialog(page)
    expect(await violations()).toEqual([])
  })
})
