// The island platform in a real browser: an island added the documented way (a folder and a
// registry line, tests/fixtures/islands) renders and hydrates; a failed module import recovers
// on the retry; and a shopper who acts before the scripts arrive loses nothing.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { buildIslands, type IslandManifest } from '../../scripts/build-islands.ts'
import { islandMarkup } from '../../worker/render/island-marker'
import counter from '../fixtures/islands/test-counter/island'
import { TEST_COUNTER_CSS } from '../fixtures/islands/test-counter/styles'
import { urlOf, watchConsole } from './helpers'

const FIXTURE_ORIGIN = 'http://islands.test'
let outDir = ''
let manifest: IslandManifest

test.beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'islands-'))
  manifest = await buildIslands({
    roots: ['tests/fixtures/islands'],
    outDir,
    manifestPath: join(outDir, 'manifest.json'),
  })
})

/** A page holding the fixture island, its module served from the fixture build. */
async function openFixturePage(page: Page, failFirstImport = false): Promise<string[]> {
  const src = manifest.islands['test-counter'] as string
  const props = counter.formatters['test-counter']?.({ start: 2 }, [], undefined as never)
  const marker = islandMarkup(counter, props as object, counter.hydrate, src)
  const html = `<!DOCTYPE html><html lang="en"><head><title>Islands</title><style>${TEST_COUNTER_CSS}</style></head><body><main>${marker}</main><script type="module" src="${manifest.runtime}"></script></body></html>`
  const requested: string[] = []
  let failed = false
  await page.route(`${FIXTURE_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url())
    requested.push(url.pathname + url.search)
    if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: html })
    if (failFirstImport && url.pathname === src && !failed) {
      failed = true
      return route.abort('connectionreset')
    }
    const file = join(outDir, url.pathname.replace(/^\/_islands\//, ''))
    return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) })
  })
  await page.goto(`${FIXTURE_ORIGIN}/`)
  return requested
}

test.describe('An island added as islands/README.md says', () => {
  test('Should render on the server and hydrate on the first click, which counts', async ({ page }) => {
    const errors = watchConsole(page)
    const requested = await openFixturePage(page)
    const button = page.getByRole('button', { name: 'Count: 2' })
    await expect(button).toHaveCSS('font-weight', '700')
    expect(requested.some((path) => path.startsWith('/_islands/test-counter-'))).toBe(false)
    await button.click()
    await expect(page.getByRole('button', { name: 'Count: 3' })).toBeVisible()
    await expect(page.locator('sf-island[data-island="test-counter"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
    )
    await page.getByRole('button', { name: 'Count: 3' }).click()
    await expect(page.getByRole('button', { name: 'Count: 4' })).toBeVisible()
    expect(errors).toEqual([])
  })

  for (const moment of ['microtask', 'task'] as const)
    test(`Should count a click made as React takes the island over once (${moment})`, async ({ page }) => {
      // React has claimed the island (its listeners are on the marker) and not yet hydrated it,
      // or is hydrating it: it would hydrate what was clicked at once and handle the click, or
      // drop it, while the runtime, still recording, replayed it too (a quantity of 2 went into
      // the cart as 3). The click lands a microtask after React listens, or a task after.
      await page.addInitScript((later) => {
        const add = EventTarget.prototype.addEventListener
        let clicked = false
        EventTarget.prototype.addEventListener = function (this: EventTarget, type, listener, options) {
          add.call(this, type, listener, options)
          // React claims its root by listening there for every event it knows, `dblclick` among
          // them (nothing of ours listens for that one).
          if (clicked || type !== 'dblclick' || !(this instanceof Element)) return
          if (!this.matches('sf-island[data-island="test-counter"]')) return
          clicked = true
          const click = () => this.querySelector('button')?.click()
          if (later) setTimeout(click, 0)
          else queueMicrotask(click)
        }
      }, moment === 'task')
      const errors = watchConsole(page)
      await openFixturePage(page)
      await page.getByRole('button', { name: 'Count: 2' }).click()
      await expect(page.locator('sf-island[data-island="test-counter"]')).toHaveAttribute(
        'data-island-hydrated',
        '',
      )
      // The click that woke it and the one made as React took over: two, so 4, and it stays.
      const button = page.locator('sf-island[data-island="test-counter"] button')
      await expect(button).toHaveText('Count: 4')
      await page.waitForTimeout(300)
      await expect(button).toHaveText('Count: 4')
      expect(errors).toEqual([])
    })

  test('Should recover when its first import fails, by retrying with a new URL', async ({ page }) => {
    const requested = await openFixturePage(page, true)
    await page.getByRole('button', { name: 'Count: 2' }).click()
    await expect(page.getByRole('button', { name: 'Count: 3' })).toBeVisible({ timeout: 10_000 })
    expect(requested.filter((path) => path.startsWith('/_islands/test-counter-'))).toEqual([
      expect.stringMatching(/^\/_islands\/test-counter-\w+\.js$/),
      expect.stringMatching(/^\/_islands\/test-counter-\w+\.js\?retry=\d+$/),
    ])
  })
})

test.describe('A shopper faster than the scripts', () => {
  test('Should get the chosen variant’s price and the installment dialog once scripts delayed by 2 s arrive', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    await page.route('**/_islands/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await route.continue()
    })
    await page.goto(urlOf('aurora.localhost', '/gear/roll-top-dry-bag'), { waitUntil: 'domcontentloaded' })
    const price = page.locator('.product-detail .product-price')
    const pill = page.locator('.installment-teaser')
    await expect(pill).toContainText('available for orders over $35.00')
    await page.locator('label[for="variant-option-Size-35L"]').click()
    await page.locator('label[for="variant-option-Color-Orange"]').click()
    await page.getByRole('button', { name: 'Learn more about paying in installments with Afterpay' }).click()
    const dialog = page.getByRole('dialog', { name: 'Pay in 4 interest-free installments' })
    await expect(dialog).toBeVisible()
    await expect(price).toHaveText('43.00', { timeout: 15_000 })
    await expect(pill).toContainText('or 4 interest-free payments of $10.75 with Afterpay')
    await expect(dialog).toBeVisible()
    await expect(page.locator('sf-island[data-island="installment-teaser"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
    )
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(errors).toEqual([])
  })
})
