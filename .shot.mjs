import { chromium } from 'playwright-core'

const port = process.env.P || 8795
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
page.on('console', (m) => {
  if (m.type() === 'error') console.log('console:', m.text())
})
page.on('pageerror', (e) => console.log('pageerror:', e.message))
await page.goto(`http://aurora.localhost:${port}/config/`)
await page.waitForTimeout(1500)
await page.screenshot({ path: '/tmp/shots/1-signin.png' })
await page.getByLabel('Email').fill('admin@aurora.example')
await page.getByLabel('Password').fill('aurora-admin-2026')
await page.getByRole('button', { name: /sign in/i }).click()
await page.waitForTimeout(2000)
await page.screenshot({ path: '/tmp/shots/2-dashboard.png' })
await page
  .getByRole('link', { name: /Apparel/ })
  .first()
  .click()
await page.waitForTimeout(1500)
await page.screenshot({ path: '/tmp/shots/3-collection.png' })
await page
  .getByRole('link', { name: /Trailhead Long-Sleeve Tee/ })
  .first()
  .click()
await page.waitForTimeout(2500)
await page.screenshot({ path: '/tmp/shots/4-record.png', fullPage: true })
await browser.close()
