// A tenant whose every text field carries a payload (tests/fixtures/kv/site/hostile): every page
// kind renders, its islands come alive, and nothing the merchant typed ever runs.
import { expect, test } from '@playwright/test'
import { urlOf } from './helpers'

/** What a shopper can focus inside an island. */
const FOCUSABLE = 'button, select, input:not([type="hidden"]), textarea, [tabindex="0"]'

const HOST = 'hostile.localhost'
const PAGES = [
  '/',
  '/shop',
  '/shop/payload-jacket',
  '/shop/payload-socks',
  '/notes',
  '/notes/payload-post',
  '/events',
  '/events/payload-event',
  '/photos',
  '/contact',
  '/locked',
  '/members',
  '/search?q=X',
  '/no-such-page',
]

for (const path of PAGES) {
  test(`Should run no payload on the hostile tenant's ${path}`, async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message())
      await dialog.dismiss()
    })
    const response = await page.goto(urlOf(HOST, path))
    expect([200, 404]).toContain(response?.status())
    await expect(page.locator('body')).toContainText('alert(')
    // Wake every island, so what React renders from the props is checked too.
    for (const island of await page.locator('sf-island').all()) {
      const control = island.locator(FOCUSABLE).filter({ visible: true }).first()
      // Nothing to focus yet: another island shows it (a sold-out variant's restock form).
      if ((await control.count()) === 0) continue
      await control.focus()
      await expect(island).toHaveAttribute('data-island-hydrated', '', { timeout: 20_000 })
    }
    expect(await page.locator('img[src="x"]').count()).toBe(0)
    expect(
      await page.evaluate(
        () => document.querySelectorAll('script:not([src]):not([type="application/ld+json"])').length,
      ),
    ).toBe(0)
    expect(dialogs).toEqual([])
  })
}
