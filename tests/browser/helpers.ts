import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createRequire } from 'node:module'
import type { Page, Route } from '@playwright/test'

export const PORT = Number(process.env.STOREFRONT_TEST_PORT ?? 8788)

export interface RawAnswer {
  status: number
  body: string
  cacheStatus: string
  setCookie: string[]
}

/**
 * Plain HTTP to the test server (Node knows no `*.localhost` names, and a browser cannot send a
 * GET with a body or an odd Host): `host` goes into the Host header exactly as given, and the
 * headers and body exactly as given (no Content-Length is added).
 */
export function rawHttp(
  host: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: PORT, path, method, agent: false, headers: { host, ...headers } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            cacheStatus: String(res.headers['cache-status'] ?? ''),
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        )
      },
    )
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

export const DEMO_TENANTS = [
  { host: 'aurora.localhost', title: 'Aurora Outfitters', lang: 'en-US', currency: 'USD' },
  { host: 'kissa.localhost', title: 'Kissa Tea', lang: 'ja-JP', currency: 'JPY' },
  { host: 'journal.localhost', title: 'Field Journal', lang: 'en-US', currency: 'USD' },
] as const

export function urlOf(host: string, path = '/'): string {
  return `http://${host}:${PORT}${path}`
}

/**
 * Sends an intercepted request on to the worker from Node (whose resolver knows no
 * `*.localhost` names: the loopback address, with the tenant's Host), so the worker does its
 * work; the caller then decides what the page gets (an aborted connection: a lost answer).
 */
export async function sendPast(route: Route, host: string): Promise<void> {
  const request = route.request()
  const url = new URL(request.url())
  await route.fetch({
    url: `http://127.0.0.1:${PORT}${url.pathname}${url.search}`,
    headers: { ...request.headers(), host: `${host}:${PORT}` },
  })
}

/** Collects console errors and uncaught page errors while a test runs. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Puts axe-core into the page. Evaluated through the DevTools protocol, since the page's own
 * Content-Security-Policy (rightly) refuses an injected inline script.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return
  await page.evaluate(AXE_SOURCE)
}

/** The ids of axe's serious and critical violations inside `selector`. */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await injectAxe(page)
  return page.evaluate(async (include) => {
    type AxeResults = { violations: { id: string; impact: string | null }[] }
    const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<AxeResults> } }).axe
    const results = await axe.run({ include: [[include]] })
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id)
  }, selector)
}
