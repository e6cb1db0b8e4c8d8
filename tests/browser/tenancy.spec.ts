import { expect, test } from '@playwright/test'
import { DEMO_TENANTS, PORT, urlOf, watchConsole } from './helpers'

for (const tenant of DEMO_TENANTS) {
  test(`Should show ${tenant.title} on ${tenant.host}`, async ({ page }) => {
    const errors = watchConsole(page)
    const response = await page.goto(urlOf(tenant.host))
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(tenant.title)
    await expect(page.locator('html')).toHaveAttribute('lang', tenant.lang)
    await expect(page.getByRole('link', { name: tenant.title, exact: true })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    if (tenant.currency) await expect(page.getByText(`Prices in ${tenant.currency}`)).toBeVisible()
    expect(errors).toEqual([])
  })

  test(`Should answer every sitemap URL of ${tenant.host}`, async ({ page }) => {
    await page.goto(urlOf(tenant.host))
    // From the tenant's own origin, as the shopper's browser would fetch them.
    const results = await page.evaluate(async () => {
      const xml = await (await fetch('/sitemap.xml')).text()
      const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '')
      return Promise.all(
        locations.map(async (location) => ({ location, status: (await fetch(location)).status })),
      )
    })
    expect(results.length).toBeGreaterThan(3)
    for (const { location, status } of results) {
      expect(new URL(location).host).toBe(`${tenant.host}:${PORT}`)
      expect(status, location).toBe(200)
    }
    // And one of them opened as a shopper would, through the navigation.
    await page.goto(urlOf(tenant.host))
    const firstLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link').nth(1)
    const name = (await firstLink.textContent()) ?? ''
    await firstLink.click()
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(name)
  })
}

test('Should show a 404 that names no tenant on an unknown host', async ({ page }) => {
  const response = await page.goto(urlOf('nobody.localhost'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Website not found' })).toBeVisible()
  const text = await page.locator('body').textContent()
  for (const tenant of DEMO_TENANTS) expect(text).not.toContain(tenant.title)
})

test('Should show a 500 page for a tenant whose site record is broken', async ({ page }) => {
  const response = await page.goto(urlOf('broken.localhost'))
  expect(response?.status()).toBe(500)
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
  await expect(page.locator('body')).not.toContainText('Broken Bakery')
})

test('Should show a tenant-branded 404 for a missing page', async ({ page }) => {
  const response = await page.goto(urlOf('aurora.localhost', '/no-such-page'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Aurora Outfitters', exact: true })).toBeVisible()
})

test('Should list the demo tenants on plain localhost', async ({ page }) => {
  await page.goto(`http://localhost:${PORT}/`)
  for (const tenant of DEMO_TENANTS) {
    await expect(page.getByRole('link', { name: tenant.title })).toHaveAttribute('href', urlOf(tenant.host))
  }
})
