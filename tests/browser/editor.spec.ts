// The site editor in Chromium, as people use it (issue 21): each role sees what it may do; a
// product edited, previewed and published reaches the very next anonymous view while the cache
// keeps serving the live page until then; a scheduled post turns up on its own; a record that
// breaks a schema is refused at Publish; a stale save opens the conflict view; writes without
// a session or by a viewer are refused; a preview never reaches a visitor; the storefront never
// loads an editor asset; the unsaved-changes dialog; axe on the editor's main screens.
// Each test uses its own records: one server and one fresh state serve the whole run.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { EDITOR_TEXT, fillText } from '../../shared/index'
import {
  AURORA,
  anonymousVisitor,
  apiFromPage,
  editorUrl,
  JOURNAL,
  openChanges,
  openItem,
  raw,
  recordApi,
  retype,
  saveState,
  sidebar,
  signedIn,
  signIn,
  USERS,
  wallClock,
} from './editor-helpers'
import { axeViolations, PORT, urlOf, watchConsole } from './helpers'

/** One anonymous view of a storefront page in a browser: its h1, its price and Cache-Status. */
async function view(page: Page, host: string, path: string) {
  const response = await page.goto(urlOf(host, path))
  expect(response?.status()).toBe(200)
  return {
    cacheStatus: response?.headers()['cache-status'] ?? '',
    title: (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '',
    price: await shownPrice(page.locator('.product-detail .product-price').first()),
  }
}

/**
 * A price as a shopper sees it: the legacy money display draws the currency sign with CSS, so
 * the text is read from the accessibility tree ("from $48.00"), not the DOM's "48.00".
 */
async function shownPrice(price: Locator): Promise<string> {
  const snapshot = await price.ariaSnapshot()
  return snapshot
    .split('\n')
    .map((line) => line.replace(/^\s*- text: /, '').trim())
    .join(' ')
    .trim()
}

/** Views until the page comes from the cache (the first view stores it). */
async function warm(page: Page, host: string, path: string) {
  let answer = await view(page, host, path)
  const seen = [answer.cacheStatus]
  for (let i = 0; i < 10 && !answer.cacheStatus.includes('hit'); i++) {
    answer = await view(page, host, path)
    seen.push(answer.cacheStatus)
  }
  return { ...answer, seen: seen.join(' / ') }
}

test.describe('Roles', () => {
  test('Should show the sign-in screen without a session, the collections to an admin, and No access to a shopper', async ({
    page,
  }) => {
    await page.goto(editorUrl(AURORA))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fillText(EDITOR_TEXT.signInTitle, { site: 'Aurora Outfitters' }),
    )
    await expect(page.getByRole('navigation', { name: EDITOR_TEXT.navMain })).toHaveCount(0)

    await signIn(page, AURORA, USERS.auroraAdmin)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EDITOR_TEXT.navCollections)
    const main = page.getByRole('main')
    for (const name of ['Apparel', 'Footwear', 'Gear', 'Gifts', 'About'])
      await expect(main.getByRole('link', { name, exact: true })).toBeVisible()
    await expect(
      page.getByLabel(fillText(EDITOR_TEXT.newTitle, { kind: EDITOR_TEXT.kindPage })),
    ).toBeEnabled()
    await expect(sidebar(page).getByRole('link', { name: EDITOR_TEXT.navHistory })).toBeVisible()

    await page.getByRole('button', { name: EDITOR_TEXT.signOut }).click()
    await signIn(page, AURORA, USERS.auroraShopper)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EDITOR_TEXT.noAccessTitle)
    await expect(
      page.getByText(fillText(EDITOR_TEXT.noAccessBody, { email: USERS.auroraShopper.email })),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Apparel' })).toHaveCount(0)
  })

  test('Should let a store manager edit products but not the About page', async ({ page }) => {
    await signIn(page, AURORA, USERS.auroraManager)
    await expect(page.getByLabel(fillText(EDITOR_TEXT.newTitle, { kind: EDITOR_TEXT.kindPage }))).toHaveCount(
      0,
    )
    await openItem(page, 'Apparel', 'Merino Neck Gaiter')
    await expect(page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true })).toBeEnabled()
    await expect(
      page.getByRole('group', { name: 'Variant 1', exact: true }).getByLabel('Price (USD)', { exact: true }),
    ).toBeEnabled()
    await expect(page.getByRole('button', { name: EDITOR_TEXT.save, exact: true })).toBeVisible()
    await expect(page.getByText(EDITOR_TEXT.readOnlyNotice)).toHaveCount(0)

    await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navCollections }).click()
    await page.getByRole('main').getByRole('link', { name: 'About', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'About', exact: true })).toBeVisible()
    await expect(page.getByText(EDITOR_TEXT.readOnlyNotice)).toBeVisible()
    await expect(page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true })).toBeDisabled()
    await expect(page.getByLabel(EDITOR_TEXT.fieldSlug, { exact: true })).toBeDisabled()
    await expect(page.getByRole('button', { name: EDITOR_TEXT.save, exact: true })).toHaveCount(0)
    await expect(page.getByLabel(EDITOR_TEXT.changeStatusTo)).toHaveCount(0)
  })

  test('Should show a viewer everything read-only, with a preview and no Publish', async ({ page }) => {
    await signIn(page, AURORA, USERS.auroraViewer)
    await expect(page.getByLabel(fillText(EDITOR_TEXT.newTitle, { kind: EDITOR_TEXT.kindPage }))).toHaveCount(
      0,
    )
    await openItem(page, 'Footwear', 'Camp Slide Sandal')
    await expect(page.getByText(EDITOR_TEXT.readOnlyNotice)).toBeVisible()
    for (const label of [EDITOR_TEXT.fieldTitle, EDITOR_TEXT.fieldSlug, EDITOR_TEXT.fieldExcerpt])
      await expect(page.getByLabel(label, { exact: true })).toBeDisabled()
    await expect(
      page.getByRole('group', { name: 'Variant 1', exact: true }).getByLabel('Price (USD)', { exact: true }),
    ).toBeDisabled()
    await expect(page.getByRole('button', { name: EDITOR_TEXT.save, exact: true })).toHaveCount(0)
    await expect(page.getByLabel(EDITOR_TEXT.changeStatusTo)).toHaveCount(0)
    // The preview works for a viewer.
    const preview = page.frameLocator(`iframe[title="${EDITOR_TEXT.preview}"]`)
    await expect(preview.getByText(EDITOR_TEXT.previewBanner)).toBeVisible()
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Camp Slide Sandal')

    await openChanges(page)
    await expect(page.getByRole('button', { name: EDITOR_TEXT.publish, exact: true })).toHaveCount(0)
  })

  test('Should let a journal editor edit posts and submit them for review, with no Publish', async ({
    page,
  }) => {
    const NEW_POST = `Heron Count ${Date.now().toString(36)}`
    const REVISED = 'Reading the Fog Line, Revised'
    await signIn(page, JOURNAL, USERS.journalEditor)
    await openItem(page, 'Field Notes', 'Reading the Fog Line')
    const title = page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true })
    await expect(title).toBeEnabled()
    await retype(title, REVISED)
    await expect(saveState(page)).toHaveText(EDITOR_TEXT.unsaved)
    await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved)
    const editedUrl = page.url()

    // A new post starts as a draft: the editor may submit it for review, not publish it.
    await page.getByRole('link', { name: fillText(EDITOR_TEXT.backTo, { title: 'Field Notes' }) }).click()
    await page.getByLabel(fillText(EDITOR_TEXT.newTitle, { kind: EDITOR_TEXT.kindItem })).fill(NEW_POST)
    await page.getByRole('button', { name: EDITOR_TEXT.newItem }).click()
    await expect(page.getByRole('heading', { level: 1, name: NEW_POST })).toBeVisible()
    const status = page.getByLabel(EDITOR_TEXT.changeStatusTo)
    await expect(status).toBeEnabled()
    const options = (await status.locator('option').allTextContents()).map((text) => text.trim())
    expect(options).toContain(EDITOR_TEXT.submitForReview)
    expect(options).not.toContain(EDITOR_TEXT.statusPublished)
    expect(options).not.toContain(EDITOR_TEXT.statusScheduled)
    await status.selectOption({ label: EDITOR_TEXT.submitForReview })
    await page.getByRole('button', { name: EDITOR_TEXT.apply }).click()
    await expect(page.locator('.status-now')).toContainText(EDITOR_TEXT.statusNeedsReview)

    await openChanges(page)
    await expect(page.getByRole('link', { name: REVISED })).toBeVisible()
    await expect(page.getByRole('link', { name: NEW_POST })).toBeVisible()
    const publish = page.getByRole('button', { name: EDITOR_TEXT.publish, exact: true })
    await expect(publish.and(page.locator(':enabled'))).toHaveCount(0)

    // The edit of the published post can be submitted for review too (the API accepts it).
    await page.goto(editedUrl)
    await expect(page.getByRole('heading', { level: 1, name: REVISED })).toBeVisible()
    await expect(
      page.getByLabel(EDITOR_TEXT.changeStatusTo).getByRole('option', { name: EDITOR_TEXT.submitForReview }),
    ).toHaveCount(1)
    await page.getByLabel(EDITOR_TEXT.changeStatusTo).selectOption({ label: EDITOR_TEXT.submitForReview })
    await page.getByRole('button', { name: EDITOR_TEXT.apply }).click()
    await expect(page.locator('.status-now')).toContainText(EDITOR_TEXT.statusNeedsReview)
  })
})

test('Should preview a product edit while visitors get the cached live page, and show it on the next view after Publish', async ({
  browser,
}) => {
  // A product no other browser spec reads (they share one server, in file order).
  const PATH = '/apparel/heavyweight-henley'
  const OLD = 'Heavyweight Henley'
  const NEW = 'Heavyweight Henley, Organic Reissue'
  const { context: visitor, page: shopper } = await anonymousVisitor(browser)
  const before = await warm(shopper, AURORA, PATH)
  expect(before.title).toBe(OLD)
  expect(before.price).toBe('$56.00')
  expect(before.cacheStatus, before.seen).toContain('hit')

  const { context, page } = await signedIn(browser, AURORA, USERS.auroraAdmin)
  await openItem(page, 'Apparel', OLD)
  await retype(page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true }), NEW)
  // The first variant's price goes down: the page shows the lowest, "from $52.00".
  await retype(
    page.getByRole('group', { name: 'Variant 1', exact: true }).getByLabel('Price (USD)', { exact: true }),
    '52.00',
  )
  await expect(saveState(page)).toHaveText(EDITOR_TEXT.unsaved)
  await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved)

  const preview = page.frameLocator(`iframe[title="${EDITOR_TEXT.preview}"]`)
  await expect(preview.getByRole('status').filter({ hasText: EDITOR_TEXT.previewBanner })).toBeVisible()
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(NEW)
  await expect
    .poll(() => shownPrice(preview.locator('.product-detail .product-price').first()))
    .toBe('from $52.00')

  // Meanwhile a visitor still gets the live page, from the cache.
  const during = await view(shopper, AURORA, PATH)
  expect(during.title).toBe(OLD)
  expect(during.price).toBe('$56.00')
  expect(during.cacheStatus).toContain('hit')

  await openChanges(page)
  const change = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: NEW }) })
  await expect(change.getByRole('row', { name: /title/i })).toContainText(OLD)
  await expect(change.getByRole('row', { name: /title/i })).toContainText(NEW)
  await expect(change).toContainText('52.00')
  await page.getByRole('button', { name: EDITOR_TEXT.publish, exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: EDITOR_TEXT.published })).toBeVisible()
  await expect(page.getByText(EDITOR_TEXT.noChanges)).toBeVisible()

  const next = await view(shopper, AURORA, PATH)
  expect(next.title).toBe(NEW)
  expect(next.price).toBe('from $52.00')
  expect(next.cacheStatus).toContain('miss')
  expect(next.cacheStatus).toContain('stored')
  const after = await view(shopper, AURORA, PATH)
  expect(after.title).toBe(NEW)
  expect(after.cacheStatus).toContain('hit')
  await context.close()
  await visitor.close()
})

test('Should show a scheduled post in the blog list at its time, with nobody pressing anything', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const TITLE = `Owls at the Estuary ${Date.now().toString(36)}`
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navCollections }).click()
  await page.getByRole('main').getByRole('link', { name: 'Field Notes', exact: true }).click()
  await page.getByLabel(fillText(EDITOR_TEXT.newTitle, { kind: EDITOR_TEXT.kindItem })).fill(TITLE)
  await page.getByRole('button', { name: EDITOR_TEXT.newItem }).click()
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await expect(page.locator('.status-now')).toContainText(EDITOR_TEXT.statusDraft)

  const timeZone = await page.evaluate(async () => {
    const session = (await (await fetch('/config/api/session')).json()) as { site: { timeZone: string } }
    return session.site.timeZone
  })
  await page.getByLabel(EDITOR_TEXT.changeStatusTo).selectOption({ label: EDITOR_TEXT.statusScheduled })
  // A whole second: the field takes seconds, so the time it stores is exactly `at`.
  const at = Math.ceil((Date.now() + 25_000) / 1000) * 1000
  await page.getByLabel(EDITOR_TEXT.publishOn).fill(wallClock(at, timeZone))
  await page.getByRole('button', { name: EDITOR_TEXT.apply }).click()
  await expect(page.getByText(EDITOR_TEXT.scheduleInPast)).toHaveCount(0)
  await expect(page.locator('.status-now')).toContainText(EDITOR_TEXT.statusScheduled)

  await openChanges(page)
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible()
  await page.getByRole('button', { name: EDITOR_TEXT.publish, exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: EDITOR_TEXT.published })).toBeVisible()

  const { context: visitor, page: reader } = await anonymousVisitor(browser)
  await reader.goto(urlOf(JOURNAL, '/field-notes'))
  await expect(reader.getByRole('heading', { level: 1 })).toBeVisible()
  expect(Date.now()).toBeLessThan(at)
  await expect(reader.getByText(TITLE)).toHaveCount(0)

  await expect
    .poll(
      async () => {
        await reader.goto(urlOf(JOURNAL, '/field-notes'))
        return reader.getByRole('link', { name: TITLE }).count()
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0)
  expect(Date.now()).toBeGreaterThanOrEqual(at)
  await visitor.close()
  await context.close()
})

test('Should move an event to a new day and place from its editor, refuse an end before the start, and publish it', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  await openItem(page, 'Events', 'Nature Journaling Workshop')
  const when = page.getByRole('group', { name: EDITOR_TEXT.eventDetails })
  await expect(when).toBeVisible()
  // An end before the start is refused, named under the field, and nothing is saved.
  await when.getByLabel(EDITOR_TEXT.eventStarts).fill('2027-04-18T10:00')
  await when.getByLabel(EDITOR_TEXT.eventEnds).fill('2027-04-18T09:00')
  await expect(when.getByText(EDITOR_TEXT.eventEndsBeforeStart)).toBeVisible()
  await expect(when.getByLabel(EDITOR_TEXT.eventEnds)).toHaveAttribute('aria-invalid', 'true')
  await when.getByLabel(EDITOR_TEXT.eventEnds).fill('2027-04-18T13:30')
  await retype(when.getByLabel(EDITOR_TEXT.eventPlace), 'Point Reyes Lighthouse')
  await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved, { timeout: 15_000 })
  await expect(when.getByText(EDITOR_TEXT.eventEndsBeforeStart)).toHaveCount(0)

  await openChanges(page)
  await page.getByRole('button', { name: EDITOR_TEXT.publish, exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: EDITOR_TEXT.published })).toBeVisible()
  const { context: visitor, page: reader } = await anonymousVisitor(browser)
  await reader.goto(urlOf(JOURNAL, '/events/nature-journaling-workshop'))
  await expect(reader.locator('address').first()).toContainText('Point Reyes Lighthouse')
  await expect(reader.getByRole('main')).toContainText('2027')
  await visitor.close()
  await context.close()
})

test('Should refuse to publish a product that breaks its schema, naming the field, and change nothing for shoppers', async ({
  browser,
}) => {
  const PATH = '/apparel/cotton-camp-tee'
  const KEY = 'item:apparel/cotton-camp-tee'
  const { context: visitor, page: shopper } = await anonymousVisitor(browser)
  const before = await view(shopper, AURORA, PATH)

  const { context, page } = await signedIn(browser, AURORA, USERS.auroraAdmin)
  // The form keeps at least one variant (the last one's Remove is disabled), so the broken
  // record is saved through the admin API from the signed-in page, as another client could.
  const loaded = await apiFromPage(page, 'GET', recordApi(KEY))
  expect(loaded.status).toBe(200)
  const answer = loaded.json as {
    live: Record<string, unknown>
    revision: number
    draft: { record: Record<string, unknown>; revision: number } | null
  }
  const record = structuredClone(answer.draft?.record ?? answer.live) as Record<string, unknown>
  record.title = 'Cotton Camp Tee Without Variants'
  record.structuredContent = { ...(record.structuredContent as Record<string, unknown>), variants: [] }
  const saved = await apiFromPage(page, 'PUT', recordApi(KEY), { record, baseRevision: answer.revision })
  expect(saved.status).toBe(200)

  await openChanges(page)
  await expect(page.getByRole('link', { name: 'Cotton Camp Tee Without Variants' })).toBeVisible()
  await page.getByRole('button', { name: EDITOR_TEXT.publish, exact: true }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(EDITOR_TEXT.publishRefused)
  await expect(
    alert.getByRole('link', { name: /Cotton Camp Tee Without Variants: .*variants/ }),
  ).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: EDITOR_TEXT.published })).toHaveCount(0)

  const after = await view(shopper, AURORA, PATH)
  expect(after.title).toBe(before.title)
  expect(after.price).toBe(before.price)
  await context.close()
  await visitor.close()
})

test('Should show the conflict view to the second of two editors, overwrite nothing, and keep their version on request', async ({
  browser,
}) => {
  const POST = 'Tide Pools at Dawn'
  const ADMIN_TITLE = 'Tide Pools at Dawn, as the admin wrote it'
  const EDITOR_TITLE = 'Tide Pools at Dawn, as the editor wrote it'
  const admin = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  const editor = await signedIn(browser, JOURNAL, USERS.journalEditor)
  await openItem(admin.page, 'Field Notes', POST)
  await openItem(editor.page, 'Field Notes', POST)

  await retype(admin.page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true }), ADMIN_TITLE)
  await expect(saveState(admin.page)).toHaveText(EDITOR_TEXT.saved)
  await retype(editor.page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true }), EDITOR_TITLE)
  const conflict = editor.page.getByRole('region', {
    name: fillText(EDITOR_TEXT.conflict, { kind: EDITOR_TEXT.kindItem }),
  })
  await expect(conflict).toBeVisible()
  await expect(conflict.getByRole('columnheader', { name: EDITOR_TEXT.theirVersion })).toBeVisible()
  await expect(conflict.getByRole('columnheader', { name: EDITOR_TEXT.yourVersion })).toBeVisible()
  await expect(conflict.getByRole('cell', { name: ADMIN_TITLE })).toBeVisible()
  await expect(conflict.getByRole('cell', { name: EDITOR_TITLE })).toBeVisible()
  await expect(saveState(editor.page)).not.toHaveText(EDITOR_TEXT.saved)

  // The first editor's text is still there.
  await admin.page.reload()
  await expect(admin.page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true })).toHaveValue(ADMIN_TITLE)

  await conflict.getByRole('button', { name: EDITOR_TEXT.keepMine }).click()
  await expect(conflict).toHaveCount(0)
  await expect(saveState(editor.page)).toHaveText(EDITOR_TEXT.saved)
  await editor.page.reload()
  await expect(editor.page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true })).toHaveValue(EDITOR_TITLE)
  await admin.page.reload()
  await expect(admin.page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true })).toHaveValue(EDITOR_TITLE)
  await admin.context.close()
  await editor.context.close()
})

test.describe('Refusals', () => {
  const KEY = 'item:gear/roll-top-dry-bag'
  const COLLECTION_KEY = 'collection:gear'
  const RECORD = { id: 'aurora-item', title: 'Hijacked Dry Bag', urlId: 'roll-top-dry-bag' }
  /** Every kind of write, each with a body the API would accept from someone allowed. */
  const WRITES: [string, string, unknown][] = [
    ['PUT', recordApi(KEY), { record: RECORD, baseRevision: 0 }],
    ['DELETE', recordApi(KEY), undefined],
    ['POST', `${recordApi(KEY)}/status`, { to: 'draft', baseRevision: 0 }],
    ['POST', `${recordApi(KEY)}/duplicate`, {}],
    ['POST', `${recordApi(COLLECTION_KEY)}/items`, { title: 'Hijacked Item' }],
    ['POST', '/config/api/collections', { title: 'Hijacked Page', typeName: 'page' }],
    ['DELETE', `/config/api/drafts/${encodeURIComponent(KEY)}`, undefined],
    ['POST', '/config/api/publish', {}],
  ]

  test('Should refuse every write without a session (401) and from a viewer (403)', async ({ page }) => {
    for (const [method, path, body] of WRITES) {
      const answer = await raw(
        AURORA,
        method,
        path,
        { 'Content-Type': 'application/json', Origin: `http://${AURORA}:${PORT}` },
        body === undefined ? undefined : JSON.stringify(body),
      )
      expect(answer.status, `${method} ${path} without a session`).toBe(401)
    }
    await signIn(page, AURORA, USERS.auroraViewer)
    const live = await apiFromPage(page, 'GET', recordApi(KEY))
    expect(live.status).toBe(200)
    const record = { ...(live.json.live as Record<string, unknown>), title: 'Hijacked Dry Bag' }
    for (const [method, path, body] of WRITES) {
      const answer = await apiFromPage(
        page,
        method,
        path,
        path === recordApi(KEY) && method === 'PUT' ? { record, baseRevision: 0 } : body,
      )
      expect(answer.status, `${method} ${path} as a viewer`).toBe(403)
    }
    // Nothing was written: no draft, and the shop page keeps its title.
    expect((await apiFromPage(page, 'GET', recordApi(KEY))).json).toMatchObject({ draft: null })
    const changes = await apiFromPage(page, 'GET', '/config/api/changes')
    expect(JSON.stringify(changes.json)).not.toContain('Hijacked')
    const shop = await raw(AURORA, 'GET', '/gear/roll-top-dry-bag')
    expect(shop.body).toContain('Roll-Top Dry Bag')
    expect(shop.body).not.toContain('Hijacked')
  })

  test('Should never show a draft to an anonymous visitor, in the preview or on the page', async ({
    browser,
  }) => {
    const PATH = '/gear/ultralight-hammock'
    const DRAFT = 'Ultralight Hammock, Secret Draft'
    const { context, page } = await signedIn(browser, AURORA, USERS.auroraAdmin)
    await openItem(page, 'Gear', 'Ultralight Hammock')
    await retype(page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true }), DRAFT)
    await expect(saveState(page)).toHaveText(EDITOR_TEXT.unsaved)
    await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved)
    const preview = page.frameLocator(`iframe[title="${EDITOR_TEXT.preview}"]`)
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(DRAFT)

    const anonymous = await raw(AURORA, 'GET', `/config/preview${PATH}`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).not.toContain(DRAFT)

    const { context: visitor, page: stranger } = await anonymousVisitor(browser)
    const response = await stranger.goto(urlOf(AURORA, `/config/preview${PATH}`))
    expect(response?.status()).toBe(401)
    await expect(stranger.getByText(DRAFT)).toHaveCount(0)
    await expect(stranger.getByText(EDITOR_TEXT.signInRequired)).toBeVisible()
    for (let i = 0; i < 2; i++) {
      const live = await view(stranger, AURORA, PATH)
      expect(live.title).toBe('Ultralight Hammock')
      await expect(stranger.getByText(DRAFT)).toHaveCount(0)
    }
    await visitor.close()
    await context.close()
  })
})

test('Should load no editor asset on the storefront home, a collection and a product page', async ({
  browser,
}) => {
  const visitor = await browser.newContext()
  const page = await visitor.newPage()
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  for (const path of ['/', '/gear', '/gear/summit-65-backpack']) {
    await page.goto(urlOf(AURORA, path))
    await page.waitForLoadState('networkidle')
    // An interaction wakes the islands that hydrate on one.
    await page.mouse.move(200, 200)
    await page.keyboard.press('Tab')
  }
  await page.waitForLoadState('networkidle')
  expect(requested.length).toBeGreaterThan(3)
  expect(requested.filter((url) => new URL(url).pathname.startsWith('/config'))).toEqual([])
  await visitor.close()
})

test('Should ask to save, discard or review when leaving a record with unsaved changes', async ({ page }) => {
  await signIn(page, AURORA, USERS.auroraAdmin)
  await openItem(page, 'Footwear', 'Trail Gaiters')
  await page.getByLabel(EDITOR_TEXT.fieldTitle, { exact: true }).fill('Trail Gaiters, Taller')
  await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navCollections }).click()
  const dialog = page.getByRole('dialog', { name: EDITOR_TEXT.unsavedChanges })
  await expect(dialog).toBeVisible()
  for (const name of [EDITOR_TEXT.save, EDITOR_TEXT.discard, EDITOR_TEXT.reviewChanges])
    await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Trail Gaiters, Taller' })).toBeVisible()
  await dialog.getByRole('button', { name: EDITOR_TEXT.discard, exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EDITOR_TEXT.navCollections)
})

test('Should duplicate an item as a Draft that opens at once, and delete that draft after asking', async ({
  page,
}) => {
  const COPY = 'Wool Camp Blanket (copy)'
  await signIn(page, AURORA, USERS.auroraAdmin)
  await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navCollections }).click()
  await page.getByRole('main').getByRole('link', { name: 'Gifts', exact: true }).click()
  await page.getByRole('button', { name: `${EDITOR_TEXT.duplicate}: Wool Camp Blanket`, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: COPY })).toBeVisible()
  await expect(page.locator('.status-now')).toContainText(EDITOR_TEXT.statusDraft)
  await page.getByRole('link', { name: fillText(EDITOR_TEXT.backTo, { title: 'Gifts' }) }).click()
  await page.getByRole('button', { name: `${EDITOR_TEXT.delete}: ${COPY}`, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: fillText(EDITOR_TEXT.confirmDelete, { title: COPY }) })
  await expect(dialog).toContainText(EDITOR_TEXT.confirmDeleteBody)
  await dialog.getByRole('button', { name: EDITOR_TEXT.delete, exact: true }).click()
  await expect(page.getByRole('main').getByRole('link', { name: COPY, exact: true })).toHaveCount(0)
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Wool Camp Blanket', exact: true }),
  ).toBeVisible()
})

test('Should add an email link to the navigation with the link editor, as a draft the preview shows', async ({
  page,
}) => {
  await signIn(page, AURORA, USERS.auroraAdmin)
  await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navNavigation }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EDITOR_TEXT.navNavigation)
  await page
    .getByRole('region', { name: EDITOR_TEXT.navHeaderNavigation })
    .getByRole('button', { name: EDITOR_TEXT.addLink })
    .click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('tab', { name: EDITOR_TEXT.linkTabEmail }).click()
  const address = dialog.getByLabel(EDITOR_TEXT.linkEmail, { exact: true })
  await address.fill('not an address')
  await dialog.getByLabel(EDITOR_TEXT.linkName).fill('Email us')
  await dialog.getByRole('button', { name: EDITOR_TEXT.linkInsert }).click()
  await expect(dialog).toContainText(EDITOR_TEXT.invalidEmail)
  await address.fill('hello@aurora.example')
  await dialog.getByRole('button', { name: EDITOR_TEXT.linkInsert }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('main')).toContainText('mailto:hello@aurora.example')
  await page.getByRole('button', { name: EDITOR_TEXT.save, exact: true }).click()
  await expect(page.getByRole('status')).toContainText(EDITOR_TEXT.navigationSaved)
  // The preview of the home page has it; the live site does not until it is published.
  await page.goto(`${editorUrl(AURORA)}preview/`)
  await expect(page.getByRole('link', { name: 'Email us' }).first()).toHaveAttribute(
    'href',
    'mailto:hello@aurora.example',
  )
  await page.goto(editorUrl(AURORA, '/changes'))
  await expect(page.getByRole('heading', { level: 1, name: EDITOR_TEXT.reviewChanges })).toBeVisible()
  await expect(
    page.getByRole('main').getByRole('link', { name: EDITOR_TEXT.navigationTitle, exact: true }),
  ).toHaveAttribute('href', '/config/navigation')
  // Leave the live navigation as it was for the specs after this one (they share the server).
  await page
    .getByRole('button', { name: `${EDITOR_TEXT.discardChanges}: ${EDITOR_TEXT.navigationTitle}` })
    .click()
  const confirm = page.getByRole('dialog', {
    name: fillText(EDITOR_TEXT.confirmDiscard, { title: EDITOR_TEXT.navigationTitle }),
  })
  await confirm.getByRole('button', { name: EDITOR_TEXT.discard, exact: true }).click()
  await expect(
    page.getByRole('main').getByRole('link', { name: EDITOR_TEXT.navigationTitle, exact: true }),
  ).toHaveCount(0)
})

test('Should pass axe on the sign-in screen, the collections screen and the record editor', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await page.goto(editorUrl(AURORA))
  await expect(page.getByRole('button', { name: EDITOR_TEXT.signIn, exact: true })).toBeVisible()
  expect(await axeViolations(page, 'body')).toEqual([])

  await signIn(page, AURORA, USERS.auroraAdmin)
  await expect(page.getByRole('main').getByRole('link', { name: 'Apparel', exact: true })).toBeVisible()
  expect(await axeViolations(page, 'body')).toEqual([])

  await openItem(page, 'Gifts', 'Enamel Camp Mug')
  await expect(page.locator('.ProseMirror, [contenteditable]').first()).toBeVisible()
  expect(await axeViolations(page, 'body')).toEqual([])
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([])
})
