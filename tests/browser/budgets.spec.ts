// Page budgets of budgets.json: what each page kind makes a first-time visitor's browser load
// before any interaction, JavaScript and CSS, gzip. Measured in Chromium, printed, asserted.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { expect, type Page, test } from '@playwright/test'
import { urlOf } from './helpers'

interface PageBudget {
  kind: string
  host: string
  path: string
  javascriptKiB: number
  cssKiB: number
}

const BUDGETS: { pages: PageBudget[] } = JSON.parse(
  readFileSync(new URL('../../budgets.json', import.meta.url), 'utf8'),
)

const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length

/**
 * Every resource of a type the page loaded so far; with `untilLoad`, only those whose fetch began
 * before the `load` event ended (what the page itself asked for, never what starts after it).
 */
function resourceUrls(page: Page, type: 'script' | 'css', untilLoad = false): Promise<string[]> {
  return page.evaluate(
    ([kind, until]) => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      const loadEnd = until && navigation ? navigation.loadEventEnd : Number.POSITIVE_INFINITY
      return performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) =>
          kind === 'script'
            ? entry.initiatorType === 'script' || entry.name.endsWith('.js')
            : entry.initiatorType === 'link' || entry.name.endsWith('.css'),
        )
        .filter((entry) => entry.startTime <= loadEnd)
        .map((entry) => entry.name)
    },
    [type, untilLoad] as const,
  )
}

/** Gzip bytes of these resources, fetched again from Node by address. */
async function gzipBytes(page: Page, urls: readonly string[]): Promise<number> {
  let total = 0
  for (const url of urls) {
    const local = url.replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${new URL(url).port}`)
    total += gzip(Buffer.from(await (await page.request.fetch(local)).body()))
  }
  return total
}

/** Gzip bytes of every resource of a type the page loaded. */
async function resourceBytes(page: Page, type: 'script' | 'css'): Promise<number> {
  return gzipBytes(page, await resourceUrls(page, type))
}

/**
 * Islands that start without the visitor (`load`, `idle`, and `visible` ones in or near the
 * window: an autoplaying gallery) count whether or not they had started by `load`: each is
 * waited for until it has hydrated, so the measure never depends on when the idle callback ran.
 */
async function selfStartingIslandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('sf-island'))
      .filter((island) => {
        const strategy = island.getAttribute('data-island-hydrate')
        if (strategy === 'load' || strategy === 'idle') return true
        if (strategy !== 'visible') return false
        // The runtime's `rootMargin` (islands/runtime/strategies.ts): 200 px around the window.
        return Array.from(island.children).some((child) => {
          const box = child.getBoundingClientRect()
          return box.bottom >= -200 && box.top <= window.innerHeight + 200
        })
      })
      .every((island) => island.hasAttribute('data-island-hydrated')),
  )
}

/**
 * Scripts before interaction: what the page fetched by `load`, plus the tracking script, which
 * arrives when the browser is idle after it. Islands that start on their own after `load` (an
 * autoplaying gallery) are waited for and reported apart, so neither figure depends on whether
 * the idle callback ran before the measure (issue 24: it used to, and the gallery page's count
 * flaked).
 */
async function scriptsBeforeInteraction(page: Page): Promise<{ counted: string[]; selfStarted: string[] }> {
  await selfStartingIslandsHydrated(page)
  if ((await page.locator('script[data-tracking]').count()) > 0)
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('/_islands/tracking-start-')),
    )
  const all = await resourceUrls(page, 'script')
  const byLoad = new Set(await resourceUrls(page, 'script', true))
  const counted = all.filter((url) => byLoad.has(url) || url.includes('/_islands/tracking-'))
  return { counted, selfStarted: all.filter((url) => !counted.includes(url)) }
}

for (const budget of BUDGETS.pages) {
  test(`Should keep the ${budget.kind} (${budget.host}${budget.path}) within its JavaScript and CSS budgets`, async ({
    page,
  }) => {
    await page.goto(urlOf(budget.host, budget.path), { waitUntil: 'load' })
    const inlineCss = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style'), (s) => s.textContent).join(''),
    )
    const scripts = await scriptsBeforeInteraction(page)
    const javascript = await gzipBytes(page, scripts.counted)
    const selfStarted = await gzipBytes(page, scripts.selfStarted)
    const css = gzip(inlineCss) + (await resourceBytes(page, 'css'))
    const later =
      selfStarted > 0
        ? ` (+${(selfStarted / 1024).toFixed(1)} KiB islands starting on their own after load)`
        : ''
    console.log(
      `budget ${budget.kind}: JavaScript ${(javascript / 1024).toFixed(1)} / ${budget.javascriptKiB} KiB${later}, CSS ${(css / 1024).toFixed(1)} / ${budget.cssKiB} KiB (gzip, before interaction)`,
    )
    expect(javascript, 'JavaScript before interaction').toBeLessThanOrEqual(budget.javascriptKiB * 1024)
    expect(css, 'CSS before interaction').toBeLessThanOrEqual(budget.cssKiB * 1024)
  })
}
