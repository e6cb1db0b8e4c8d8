// Every page kind of every demo tenant, as a shopper's browser loads it: the status, the main
// content, no console errors or hydration warnings, no serious accessibility violations, no
// JavaScript on pages without islands but the idle-loaded tracking script, and none at all on
// the pages analytics skips.
import { gzipSync } from 'node:zlib'
import { expect, type Page, test } from '@playwright/test'
import { TRACKING_ATTR } from '../../islands/tracking/contract'
import { injectAxe, urlOf, watchConsole } from './helpers'

/** What a shopper can focus inside an island. */
const FOCUSABLE = 'button, select, input:not([type="hidden"]), textarea, [tabindex="0"]'

interface PageKind {
  kind: string
  host: string
  path: string
  heading: string | RegExp
  status?: number
}

const PAGES: PageKind[] = [
  { kind: 'home page', host: 'aurora.localhost', path: '/', heading: /^Made for the long way/ },
  { kind: 'ordinary page', host: 'aurora.localhost', path: '/about', heading: 'About Aurora Outfitters' },
  { kind: 'product list', host: 'aurora.localhost', path: '/apparel', heading: 'Apparel' },
  {
    kind: 'physical product with options',
    host: 'aurora.localhost',
    path: '/apparel/ridgeline-flannel-shirt',
    heading: 'Ridgeline Flannel Shirt',
  },
  {
    kind: 'sold-out product',
    host: 'aurora.localhost',
    path: '/apparel/alpine-down-parka',
    heading: /Alpine Down Parka/,
  },
  { kind: 'gift card', host: 'aurora.localhost', path: '/gifts/aurora-gift-card', heading: /Gift Card/ },
  { kind: 'service', host: 'aurora.localhost', path: '/gear/boot-and-pack-fitting', heading: /Fitting/ },
  {
    kind: 'subscription product',
    host: 'aurora.localhost',
    path: '/gifts/trail-sock-club',
    heading: /Sock Club/,
  },
  { kind: 'search', host: 'aurora.localhost', path: '/search?q=merino', heading: 'Search' },
  { kind: 'cart', host: 'aurora.localhost', path: '/cart', heading: 'Shopping Cart' },
  {
    kind: 'not found',
    host: 'aurora.localhost',
    path: '/no-such-page',
    heading: 'Page not found',
    status: 404,
  },
  { kind: 'home page', host: 'kissa.localhost', path: '/', heading: '一杯のお茶から、ひと息を。' },
  { kind: 'product list', host: 'kissa.localhost', path: '/tea', heading: /Tea|お茶/ },
  {
    kind: 'digital product',
    host: 'kissa.localhost',
    path: '/gifts/brewing-guide-ebook',
    heading: /Guide|ガイド/,
  },
  { kind: 'weekly subscription', host: 'kissa.localhost', path: '/gifts/weekly-tea-post', heading: /./ },
  { kind: 'service', host: 'kissa.localhost', path: '/gifts/tea-tasting-session', heading: /./ },
  { kind: 'gift card', host: 'kissa.localhost', path: '/gifts/kissa-gift-card', heading: /./ },
  { kind: 'home page', host: 'journal.localhost', path: '/', heading: 'Field Journal' },
  { kind: 'blog list', host: 'journal.localhost', path: '/field-notes', heading: 'Field Notes' },
  {
    kind: 'blog post',
    host: 'journal.localhost',
    path: '/field-notes/tide-pools-at-dawn',
    heading: /Tide Pools at Dawn/i,
  },
  { kind: 'event list', host: 'journal.localhost', path: '/events', heading: 'Events' },
  {
    kind: 'event',
    host: 'journal.localhost',
    path: '/events/low-tide-pool-walk',
    heading: /Tide Pool Walk/i,
  },
  { kind: 'gallery page', host: 'journal.localhost', path: '/gallery', heading: 'Gallery' },
  { kind: 'form page', host: 'journal.localhost', path: '/contact', heading: 'Contact' },
  {
    kind: 'lock screen',
    host: 'journal.localhost',
    path: '/workshop-drafts',
    heading: 'This page is locked',
  },
  {
    kind: 'member area, access denied',
    host: 'journal.localhost',
    path: '/members',
    heading: 'This page available only site members',
  },
]

/** React loads on first hydration; on a busy two-core machine that has taken over 10 s. */
const HYDRATION_WAIT = 20_000

/** Islands that hydrate on their own at load or when idle, and have not yet. */
const LOAD_ISLANDS_PENDING =
  'sf-island:is([data-island-hydrate="load"], [data-island-hydrate="idle"]):not([data-island-hydrated])'

/** JavaScript a first-time visitor's product page may transfer before any interaction (issue #9). */
const PRODUCT_PAGE_JS_BUDGET_GZIP = 10 * 1024

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe
    return (await axe.run()).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Scripts the page loaded, by URL, before anything was clicked. */
async function scriptUrls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => e.name),
  )
}

/** Gzip size of every script the page has loaded so far, fetched again from Node. */
async function javascriptSize(page: Page): Promise<{ files: string[]; raw: number; gzip: number }> {
  let raw = 0
  let gzip = 0
  const files: string[] = []
  for (const url of await scriptUrls(page)) {
    // Static assets answer on any host: fetch them from Node by address.
    const local = url.replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${new URL(url).port}`)
    const body = Buffer.from(await (await page.request.fetch(local)).body())
    raw += body.length
    const zipped = gzipSync(body, { level: 9 }).length
    gzip += zipped
    files.push(`${new URL(url).pathname} ${(zipped / 1024).toFixed(1)} KB gzip`)
  }
  return { files, raw, gzip }
}

/** Waits until the tracking script's main part (loaded when idle, web-vitals included) has arrived. */
async function waitForTracking(page: Page): Promise<void> {
  await expect
    .poll(
      () => scriptUrls(page).then((urls) => urls.some((url) => url.includes('/_islands/tracking-start-'))),
      {
        timeout: HYDRATION_WAIT,
      },
    )
    .toBe(true)
}

const isProductPage = (p: PageKind) => p.host !== 'journal.localhost' && /^\/[^/]+\/[^/?]+$/.test(p.path)

/** Collects the page's Content-Security-Policy violations from the start. */
async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
}

for (const p of PAGES) {
  test(`Should show the ${p.kind} of ${p.host} (${p.path})`, async ({ page }) => {
    const errors = watchConsole(page)
    const cspViolations = await watchCspViolations(page)
    const response = await page.goto(urlOf(p.host, p.path))
    expect(response?.status()).toBe(p.status ?? 200)
    await expect(page.locator('main h1').first()).toHaveText(p.heading)
    const hasIslands = (await page.locator('sf-island').count()) > 0
    const tracked = (await page.locator(`script[${TRACKING_ATTR}]`).count()) > 0
    // The tracking script loads when the browser is idle; it counts as soon as it is there.
    if (tracked) await waitForTracking(page)
    if (hasIslands) {
      await expect(page.locator(LOAD_ISLANDS_PENDING)).toHaveCount(0, { timeout: HYDRATION_WAIT })
      if (isProductPage(p)) {
        // A first-time visitor's product page: the island runtime only, React waits for the shopper.
        const before = await javascriptSize(page)
        console.log(
          `${p.host}${p.path}: ${(before.gzip / 1024).toFixed(1)} KB gzip of JavaScript before interaction`,
        )
        expect(before.gzip).toBeLessThanOrEqual(PRODUCT_PAGE_JS_BUDGET_GZIP)
      }
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await expect(
        page.locator('sf-island:not([data-island-hydrate="interaction"]):not([data-island-hydrated])'),
      ).toHaveCount(0, { timeout: HYDRATION_WAIT })
      // Islands that wait for the shopper hydrate on the first focus inside them, cleanly.
      for (const island of await page.locator('sf-island[data-island-hydrate="interaction"]').all()) {
        const control = island.locator(FOCUSABLE).filter({ visible: true }).first()
        // Nothing to focus yet: another island shows it (a sold-out variant's restock form).
        if ((await control.count()) === 0) continue
        await control.focus()
        await expect(island).toHaveAttribute('data-island-hydrated', '', { timeout: HYDRATION_WAIT })
      }
    } else {
      // No island runtime: the tracking script (none where analytics is skipped: not found, lock,
      // member) and, on a store's pages, the pill cart's small script (no React) with the little
      // it shares with the runtime; a product grid adds Quick View's (no React until it opens).
      const scripts = (await scriptUrls(page)).map((url) => new URL(url).pathname)
      expect(
        scripts.filter(
          (path) => !/^\/_islands\/(tracking|cart-pill|quick-view|chunk)-[\w-]+\.js$/.test(path),
        ),
      ).toEqual([])
      expect(scripts.some((path) => path.startsWith('/_islands/runtime-'))).toBe(false)
      const size = await javascriptSize(page)
      // React alone is about 60 KB gzip: 9 KB is the tracking, pill cart and Quick View scripts.
      expect(size.gzip, 'no React on a page without islands').toBeLessThan(9 * 1024)
      expect(scripts.some((path) => path.startsWith('/_islands/tracking-'))).toBe(tracked)
      const pill = (await page.locator('[data-cart-pill]').count()) > 0
      expect(scripts.some((path) => path.startsWith('/_islands/cart-pill-'))).toBe(pill)
    }
    expect(tracked, 'analytics is skipped on not-found, lock-screen and member screens').toBe(
      !['not found', 'lock screen', 'member area, access denied'].includes(p.kind),
    )
    expect(await seriousViolations(page)).toEqual([])
    expect(await cspViolations(), 'the page works under its Content-Security-Policy').toEqual([])
    // The browser reports the page's own 404 status as a console error; nothing else may.
    const ownStatus = p.status === 404 ? /status of 404/ : null
    expect(errors.filter((e) => !ownStatus?.test(e))).toEqual([])
  })
}

test('Should print the JavaScript a product page transfers before and after the first interaction', async ({
  page,
}) => {
  await page.goto(urlOf('aurora.localhost', '/apparel/ridgeline-flannel-shirt'))
  await waitForTracking(page)
  const before = await javascriptSize(page)
  const runtime = (await scriptUrls(page)).filter((u) => /\/_islands\/runtime-/.test(u))
  expect(runtime).toHaveLength(1)
  await page.locator('label[for="variant-option-Size-M"]').click()
  await expect(page.locator('sf-island[data-island="variant-picker"]')).toHaveAttribute(
    'data-island-hydrated',
    '',
    {
      timeout: HYDRATION_WAIT,
    },
  )
  const after = await javascriptSize(page)
  console.log(
    `product page JavaScript before interaction: ${before.files.length} files, ${(before.raw / 1024).toFixed(1)} KB raw, ${(before.gzip / 1024).toFixed(1)} KB gzip\n  ${before.files.join('\n  ')}\n` +
      `after the first interaction: ${after.files.length} files, ${(after.gzip / 1024).toFixed(1)} KB gzip\n  ${after.files.join('\n  ')}`,
  )
  expect(before.gzip).toBeLessThanOrEqual(PRODUCT_PAGE_JS_BUDGET_GZIP)
  expect(after.gzip).toBeGreaterThan(before.gzip)
})
