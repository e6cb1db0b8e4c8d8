import { expect, type Page, test } from '@playwright/test'
import { injectAxe, urlOf, watchConsole } from './helpers'

// The gallery test tenant (tests/fixtures/kv/site/gallery): /slideshow autoplays every 3 s with
// thumbnails and a light lightbox; /slider has no autoplay and a dark lightbox; /grid is static.
const HOST = 'gallery.localhost'

/**
 * Opens a gallery page. An autoplaying gallery hydrates on its own once the page has loaded and
 * the main thread is idle (awaited here; with the clock paused, the test lets the idle callback's
 * 2 s deadline pass); one without autoplay waits for the shopper's first interaction, and what
 * they do meanwhile is replayed.
 */
async function openGallery(
  page: Page,
  path: string,
  { host = HOST, clock = 'real' }: { host?: string; clock?: 'paused' | 'real' } = {},
): Promise<void> {
  const response = await page.goto(urlOf(host, path))
  expect(response?.status()).toBe(200)
  const island = page.locator('sf-island[data-island="gallery"]')
  if ((await island.getAttribute('data-island-hydrate')) === 'interaction') return
  if (clock === 'paused') await page.clock.runFor(2_000)
  await expect(island).toHaveAttribute('data-island-hydrated', '', { timeout: 15_000 })
}

/** A slide by its position label (`2 of 3`). */
function slide(page: Page, name: string) {
  return page.getByRole('group', { name, exact: true })
}

/** The shopper sees this slide whole in the gallery's window (the others are clipped away). */
async function expectShown(page: Page, name: string): Promise<void> {
  await expect(slide(page, name)).toBeInViewport({ ratio: 0.95 })
}

/** The slide is out of the gallery's window (a slider shows at most a sliver of it). */
async function expectNotShown(page: Page, name: string): Promise<void> {
  await expect(slide(page, name)).not.toBeInViewport({ ratio: 0.5 })
}

/** Fake timers, paused: the gallery's autoplay moves only when the test runs the clock. */
async function stopTheClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-05-01T09:00:00Z') })
  await page.clock.pauseAt(new Date('2026-05-01T09:00:01Z'))
}

/** Takes the pointer off the gallery, which holds the rotation while it hovers. */
async function pointerAway(page: Page): Promise<void> {
  await page.mouse.move(1, 1)
}

test.describe('gallery', () => {
  // Tall enough that a whole slide fits in the window: "shown" means wholly in view.
  test.use({ viewport: { width: 1000, height: 1400 } })

  test('Should show the next and previous image with the arrow buttons', async ({ page }) => {
    const errors = watchConsole(page)
    await openGallery(page, '/slider')
    const carousel = page.getByRole('region', { name: 'Slider' })
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
    await expectShown(page, '1 of 3')
    await carousel.getByRole('button', { name: 'Next image' }).click()
    await expectShown(page, '2 of 3')
    await expect(page.getByRole('img', { name: 'Tent in orange' })).toBeInViewport()
    await expectNotShown(page, '1 of 3')
    await carousel.getByRole('button', { name: 'Previous image' }).click()
    await expectShown(page, '1 of 3')
    await carousel.getByRole('button', { name: 'Previous image' }).click()
    await expectShown(page, '3 of 3')
    expect(errors).toEqual([])
  })

  test('Should show the image of the thumbnail a shopper clicks', async ({ page }) => {
    const errors = watchConsole(page)
    await stopTheClock(page)
    await openGallery(page, '/slideshow', { clock: 'paused' })
    const thumbnail = page.getByRole('button', { name: 'Show image 3 of 4' })
    await thumbnail.click()
    await expectShown(page, '3 of 4')
    await expect(page.getByRole('img', { name: 'Flannel shirt in red' })).toBeInViewport()
    await expect(thumbnail).toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('button', { name: 'Show image 1 of 4' })).not.toHaveAttribute('aria-current')
    expect(errors).toEqual([])
  })

  test('Should advance by itself after the configured seconds and stop when paused', async ({ page }) => {
    const errors = watchConsole(page)
    await stopTheClock(page)
    await openGallery(page, '/slideshow', { clock: 'paused' })
    await pointerAway(page)
    await page.clock.runFor(2_500)
    await expectShown(page, '1 of 4')
    await page.clock.runFor(600)
    await expectShown(page, '2 of 4')

    await page.getByRole('button', { name: 'Pause slideshow' }).click()
    await pointerAway(page)
    await page.clock.runFor(10_000)
    await expectShown(page, '2 of 4')

    await page.getByRole('button', { name: 'Play slideshow' }).click()
    await pointerAway(page)
    await page.clock.runFor(3_100)
    await expectShown(page, '3 of 4')
    expect(errors).toEqual([])
  })

  test('Should hold the rotation while the pointer is over the gallery', async ({ page }) => {
    const errors = watchConsole(page)
    await stopTheClock(page)
    await openGallery(page, '/slideshow', { clock: 'paused' })
    await slide(page, '1 of 4').hover()
    await page.clock.runFor(7_000)
    await expectShown(page, '1 of 4')
    await pointerAway(page)
    await page.clock.runFor(3_100)
    await expectShown(page, '2 of 4')
    expect(errors).toEqual([])
  })

  test('Should open the lightbox in the light theme and close it on Escape', async ({ page }) => {
    const errors = watchConsole(page)
    await stopTheClock(page)
    await openGallery(page, '/slideshow', { clock: 'paused' })
    await page.getByRole('button', { name: 'Enlarge image 1 of 4' }).click()
    const lightbox = page.getByRole('dialog', { name: 'Image 1 of 4' })
    await expect(lightbox).toBeVisible()
    await expect(lightbox.getByRole('img', { name: 'Boot in brown' })).toBeVisible()
    expect(await lightbox.evaluate((dialog) => getComputedStyle(dialog).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    )
    await lightbox.getByRole('button', { name: 'Next image' }).click()
    await expect(page.getByRole('dialog', { name: 'Image 2 of 4' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expectShown(page, '2 of 4')
    expect(errors).toEqual([])
  })

  test('Should open the lightbox in the dark theme and close it on Escape', async ({ page }) => {
    const errors = watchConsole(page)
    await openGallery(page, '/slider')
    await page.getByRole('button', { name: 'Enlarge image 1 of 3' }).click()
    const lightbox = page.getByRole('dialog', { name: 'Image 1 of 3' })
    await expect(lightbox).toBeVisible()
    expect(await lightbox.evaluate((dialog) => getComputedStyle(dialog).backgroundColor)).toBe(
      'rgb(17, 17, 17)',
    )
    await expect(lightbox.getByRole('button', { name: 'Close' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Enlarge image 1 of 3' })).toBeFocused()
    expect(errors).toEqual([])
  })

  test('Should open a static grid image in a lightbox with no script on the page', async ({ page }) => {
    const errors = watchConsole(page)
    await page.goto(urlOf(HOST, '/grid'))
    // No island script (the tracking script's tag is not an island's).
    await expect(page.locator('script:not([type="application/ld+json"]):not([data-tracking])')).toHaveCount(0)
    await page.getByRole('button', { name: 'Enlarge image 2 of 3' }).click()
    const lightbox = page.getByRole('dialog', { name: 'Image 2 of 3' })
    await expect(lightbox).toBeVisible()
    expect(await lightbox.evaluate((dialog) => getComputedStyle(dialog).backgroundColor)).toBe(
      'rgb(17, 17, 17)',
    )
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('Should page through a product images without moving the page when it hydrates', async ({ page }) => {
    const errors = watchConsole(page)
    await page.addInitScript(() => {
      const win = window as unknown as { galleryShift: number }
      win.galleryShift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number
          sources: { node: Node | null }[]
        }[]) {
          const moved = entry.sources.some((source) =>
            source.node instanceof Element ? source.node.closest('.product-images') !== null : false,
          )
          if (moved) win.galleryShift += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await openGallery(page, '/apparel/trailhead-long-sleeve-tee', { host: 'aurora.localhost' })
    const carousel = page.getByRole('region', { name: 'Trailhead Long-Sleeve Tee' })
    await expectShown(page, '1 of 3')
    await carousel.getByRole('button', { name: 'Show image 2 of 3' }).click()
    await expect(page.getByRole('img', { name: 'Trailhead Long-Sleeve Tee in Forest' })).toBeInViewport()
    expect(await page.evaluate(() => (window as unknown as { galleryShift: number }).galleryShift)).toBe(0)
    expect(errors).toEqual([])
  })

  test('Should have no serious or critical accessibility violations, closed or open', async ({ page }) => {
    await openGallery(page, '/slideshow')
    await injectAxe(page)
    const violations = () =>
      page.evaluate(async () => {
        type AxeResults = { violations: { id: string; impact: string | null }[] }
        const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<AxeResults> } }).axe
        const results = await axe.run({ include: [['.sf-gallery']] })
        return results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id)
      })
    expect(await violations()).toEqual([])
    await page.getByRole('button', { name: 'Enlarge image 1 of 4' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await violations()).toEqual([])
  })
})
