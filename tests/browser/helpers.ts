import type { Page } from '@playwright/test'

export const PORT = Number(process.env.STOREFRONT_TEST_PORT ?? 8788)

export const DEMO_TENANTS = [
  { host: 'aurora.localhost', title: 'Aurora Outfitters', lang: 'en-US', currency: 'USD' },
  { host: 'kissa.localhost', title: 'Kissa Tea', lang: 'ja-JP', currency: 'JPY' },
  { host: 'journal.localhost', title: 'Field Journal', lang: 'en-US', currency: null },
] as const

export function urlOf(host: string, path = '/'): string {
  return `http://${host}:${PORT}${path}`
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
