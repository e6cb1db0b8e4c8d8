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

/** Every resource of a type the page loaded so far. */
function resourceUrls(page: Page, type: 'script' | 'css'): Promise<string[]> {
  return page.evaluate(
    (kind) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) =>
          kind === 'script'
            ? entry.initiatorType === 'script' || entry.name.endsWith('.js')
            : entry.initiatorType === 'link' || entry.name.endsWith('.css'),
        )
        .map((entry) => entry.name),
    type,
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
 * Scripts before interaction: what loaded by `load`, plus the tracking script, which arrives
 * when the browser is idle after it (only it is waited for, so the measure stays the same).
 */
async function scriptsBeforeInteraction(page: Page): Promise<string[]> {
  const scripts = await resourceUrls(page, 'script')
  if ((await page.locator('script[data-tracking]').count()) === 0) return scripts
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.includes('/_islands/tracking-start-')),
  )
  const tracking = (await resourceUrls(page, 'script')).filter((url) => url.includes('/_islands/tracking-'))
  return [...new Set([...scripts, ...tracking])]
}

for (const budget of BUDGETS.pages) {
  test(`Should keep the ${budget.kind} (${budget.host}${budget.path}) within its JavaScript and CSS budgets`, async ({
    page,
  }) => {
    await page.goto(urlOf(budget.host, budget.path), { waitUntil: 'load' })
    const inlineCss = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style'), (s) => s.textContent).join(''),
    )
    const javascript = await gzipBytes(page, await scriptsBeforeInteraction(page))
    const css = gzip(inlineCss) + (await resourceBytes(page, 'css'))
    console.log(
      `budget ${budget.kind}: JavaScript ${(javascript / 1024).toFixed(1)} / ${budget.javascriptKiB} KiB, CSS ${(css / 1024).toFixed(1)} / ${budget.cssKiB} KiB (gzip, before interaction)`,
    )
    expect(javascript, 'JavaScript before interaction').toBeLessThanOrEqual(budget.javascriptKiB * 1024)
    expect(css, 'CSS before interaction').toBeLessThanOrEqual(budget.cssKiB * 1024)
  })
}
