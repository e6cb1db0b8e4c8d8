import { expect, type Locator, type Page, test } from '@playwright/test'
import { axeViolations, urlOf, watchConsole } from './helpers'

// The Field Journal's Shorelines galleries (kv-fixtures/site/journal/collection/shorelines*.json)
// set all 23 options; each design shows the ones whose conditions hold (islands/gallery/README.md).
const HOST = 'journal.localhost'

type Box = { x: number; y: number; width: number; height: number }

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('no box: the element is not rendered')
  return box
}

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(urlOf(HOST, path))
  expect(response?.status()).toBe(200)
}

/** The first image's frame and the title and description over or under it. */
function firstCell(page: Page) {
  const frame = page.locator('.sf-gallery-frame').first()
  return { frame, meta: page.locator('.sf-gallery-meta').first() }
}

const opacity = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).opacity)

test.describe('gallery options', () => {
  test.use({ viewport: { width: 1280, height: 1000 } })

  test('Should lay the grid out three to a row, each image at most 260 px wide and 8 px apart', async ({
    page,
  }) => {
    await open(page, '/shorelines')
    const cells = page.locator('.sf-gallery-cell')
    await expect(cells).toHaveCount(5)
    const boxes = await Promise.all([0, 1, 2, 3].map((i) => boxOf(cells.nth(i))))
    const [a, b, c, d] = boxes as [Box, Box, Box, Box]
    expect(b.y).toBe(a.y)
    expect(c.y).toBe(a.y)
    expect(d.y).toBeGreaterThan(a.y + a.height)
    expect(d.x).toBe(a.x)
    expect(a.width).toBe(260)
    expect(Math.round(b.x - (a.x + a.width))).toBe(8)
    // four-three frames, without their fill (transparentBackground).
    const frame = await boxOf(firstCell(page).frame)
    expect(frame.width / frame.height).toBeCloseTo(4 / 3, 1)
    expect(await firstCell(page).frame.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    )
  })

  test('Should show the title and description at the top right only while the pointer is over the image', async ({
    page,
  }) => {
    await open(page, '/shorelines')
    const { frame, meta } = firstCell(page)
    await expect(meta).toContainText('Tide pools at dawn')
    await expect(meta).toContainText('Anemones close as the first light reaches the pools at Duxbury Reef.')
    await page.mouse.move(1, 1)
    await expect.poll(() => opacity(meta)).toBe('0')
    await frame.hover()
    await expect.poll(() => opacity(meta)).toBe('1')
    const [f, m] = [await boxOf(frame), await boxOf(meta)]
    expect(m.y).toBe(f.y)
    expect(Math.round(m.x + m.width)).toBe(Math.round(f.x + f.width))
    // Keyboard focus reveals it too.
    await page.mouse.move(1, 1)
    await expect.poll(() => opacity(meta)).toBe('0')
    await page.locator('.sf-gallery-frame').nth(1).focus()
    await page.keyboard.press('Shift+Tab')
    await expect.poll(() => opacity(meta)).toBe('1')
  })

  test('Should place the title and description in each of the seven positions', async ({ page }) => {
    await open(page, '/shorelines')
    const section = page.locator('.sf-gallery')
    // Shown without hover, so that only the position changes.
    await section.evaluate((element) => element.removeAttribute('data-meta-hover'))
    const { frame, meta } = firstCell(page)
    const f = await boxOf(frame)
    const expected = {
      top: { v: 'top', h: 'middle' },
      'top-left': { v: 'top', h: 'left' },
      'top-right': { v: 'top', h: 'right' },
      center: { v: 'middle', h: 'middle' },
      bottom: { v: 'bottom', h: 'middle' },
      'bottom-left': { v: 'bottom', h: 'left' },
      'bottom-right': { v: 'bottom', h: 'right' },
    } as const
    for (const [position, where] of Object.entries(expected)) {
      await section.evaluate((element, value) => element.setAttribute('data-meta-position', value), position)
      const m = await boxOf(meta)
      const vertical = {
        top: m.y - f.y,
        middle: m.y + m.height / 2 - (f.y + f.height / 2),
        bottom: f.y + f.height - (m.y + m.height),
      }
      expect(Math.abs(vertical[where.v]), `${position}: vertical`).toBeLessThan(1)
      const title = await boxOf(meta.locator('.sf-gallery-meta-title'))
      const horizontal = {
        left: title.x - f.x,
        middle: title.x + title.width / 2 - (f.x + f.width / 2),
        right: f.x + f.width - (title.x + title.width),
      }
      // The title sits at its side of the frame, inside the box's padding (16 px).
      expect(Math.abs(horizontal[where.h]), `${position}: horizontal`).toBeLessThanOrEqual(17)
    }
  })

  test('Should open an image link in a new window, without handing it this page', async ({ page }) => {
    const errors = watchConsole(page)
    await open(page, '/shorelines')
    const link = page.getByRole('link', { name: 'Tide pools at dawn.' })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener')
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()])
    await popup.waitForLoadState()
    expect(new URL(popup.url()).pathname).toBe('/field-notes/tide-pools-at-dawn')
    expect(await popup.evaluate(() => window.opener)).toBeNull()
    // The image without a link is no link at all.
    await expect(page.getByRole('link', { name: 'Reading the fog line.' })).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('Should show a slideshow without arrows, moved by its thumbnails at the images’ own shape', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    // Layout shifts the visitor did not cause (CLS): none, from the first paint to after hydration.
    await page.addInitScript(() => {
      const win = window as unknown as { shift: number }
      win.shift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) win.shift += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await open(page, '/shorelines-slideshow')
    const carousel = page.getByRole('region', { name: 'Shorelines, as a slideshow' })
    await expect(carousel.getByRole('button', { name: 'Previous image' })).toHaveCount(0)
    await expect(carousel.getByRole('button', { name: 'Next image' })).toHaveCount(0)
    const thumb = await boxOf(carousel.getByRole('button', { name: 'Show image 1 of 5' }))
    // 1600 × 1000 image, 64 px strip: a thumbnail as wide as its image's shape, not a square.
    expect(thumb.height).toBe(64)
    expect(thumb.width / thumb.height).toBeGreaterThan(1.4)
    // Titles over the image at the bottom left, without hover.
    const slide = carousel.getByRole('group', { name: '1 of 5', exact: true })
    const meta = slide.locator('.sf-gallery-meta')
    await expect(meta).toBeVisible()
    expect(await opacity(meta)).toBe('1')
    const [f, m] = [await boxOf(slide.locator('.sf-gallery-frame')), await boxOf(meta)]
    expect(Math.round(m.y + m.height)).toBe(Math.round(f.y + f.height))
    expect(m.x).toBe(f.x)
    await carousel.getByRole('button', { name: 'Show image 3 of 5' }).click()
    await expect(carousel.getByRole('group', { name: '3 of 5', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    )
    // The island hydrated over the server's markup (its titles read back) without a mismatch.
    await expect(page.locator('sf-island[data-island="gallery"]')).toHaveAttribute('data-island-hydrated', '')
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0)
    expect(errors).toEqual([])
    await expect(carousel.getByRole('group', { name: '3 of 5', exact: true })).toContainText(
      'Low tide pool walk',
    )
  })

  test('Should open the slideshow’s lightbox in the light theme and the stacked one in the dark', async ({
    page,
  }) => {
    await open(page, '/shorelines-slideshow')
    await page.getByRole('button', { name: 'Enlarge image 1 of 5' }).click()
    const light = page.getByRole('dialog', { name: 'Image 1 of 5' })
    await expect(light).toBeVisible()
    expect(await light.evaluate((dialog) => getComputedStyle(dialog).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    )
    await page.keyboard.press('Escape')
    await expect(light).toBeHidden()

    await open(page, '/shorelines-stacked')
    await page.getByRole('button', { name: 'Enlarge image 2 of 5' }).click()
    const dark = page.getByRole('dialog', { name: 'Image 2 of 5' })
    await expect(dark).toBeVisible()
    expect(await dark.evaluate((dialog) => getComputedStyle(dialog).backgroundColor)).toBe('rgb(17, 17, 17)')
  })

  test('Should caption a stacked image under it, 32 px before the next', async ({ page }) => {
    await open(page, '/shorelines-stacked')
    const cells = page.locator('.sf-gallery-cell')
    const { frame, meta } = firstCell(page)
    await expect(meta).toContainText('Tide pools at dawn')
    await expect(meta).toContainText('Anemones close')
    const [f, m] = [await boxOf(frame), await boxOf(meta)]
    expect(m.y).toBeGreaterThanOrEqual(f.y + f.height)
    const [first, second] = [await boxOf(cells.nth(0)), await boxOf(cells.nth(1))]
    expect(Math.round(second.y - (first.y + first.height))).toBe(32)
  })

  test('Should show only titles in the slider, with its arrows and new-window links', async ({ page }) => {
    await open(page, '/shorelines-slider')
    const carousel = page.getByRole('region', { name: 'Shorelines, as a slider' })
    await expect(carousel.getByRole('button', { name: 'Next image' })).toBeVisible()
    const slide = carousel.getByRole('group', { name: '1 of 5', exact: true })
    await expect(slide.locator('.sf-gallery-meta')).toHaveText('Tide pools at dawn')
    await expect(slide.getByRole('link')).toHaveAttribute('target', '_blank')
    await carousel.getByRole('button', { name: 'Next image' }).click()
    await expect(carousel.getByRole('group', { name: '2 of 5', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expect(
      carousel.getByRole('group', { name: '2 of 5', exact: true }).getByRole('link'),
    ).toHaveAttribute('rel', 'noopener')
  })
})

test.describe('gallery options without JavaScript', () => {
  test.use({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })

  test('Should show the options’ state from the server’s markup alone, two to a row on a phone', async ({
    page,
  }) => {
    await open(page, '/shorelines')
    const cells = page.locator('.sf-gallery-cell')
    const [a, b, c] = [await boxOf(cells.nth(0)), await boxOf(cells.nth(1)), await boxOf(cells.nth(2))]
    expect(b.y).toBe(a.y)
    expect(c.y).toBeGreaterThan(a.y)
    // A phone cannot hover: the titles stay shown.
    expect(await opacity(firstCell(page).meta)).toBe('1')

    await open(page, '/shorelines-slideshow')
    await expect(page.getByRole('button', { name: 'Previous image' })).toHaveCount(0)
    await expect(page.locator('.sf-gallery-slide').first().locator('.sf-gallery-meta')).toBeVisible()
  })
})

test.describe('gallery options, accessibility', () => {
  for (const path of ['/shorelines', '/shorelines-slideshow', '/shorelines-slider', '/shorelines-stacked'])
    test(`Should have no serious or critical accessibility violations on ${path}`, async ({ page }) => {
      await open(page, path)
      expect(await axeViolations(page, '.sf-gallery')).toEqual([])
    })
})
