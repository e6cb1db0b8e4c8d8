// The Settings and Navigation screens as a merchant uses them (issue 22): change the site title,
// the sold-out text and the time zone (searching the list), preview, publish, and see them on the
// storefront; a folder with a link in the header and a footer link, published, opened from the
// keyboard on the storefront; the spec's words when the time-zone list cannot be loaded; axe on
// both screens. The specs share one server in file order: every site record changed here is put
// back as it was.
import { expect, type Page, test } from '@playwright/test'
import { EDITOR_TEXT, fillText } from '../../shared/index'
import {
  AURORA,
  apiFromPage,
  editorUrl,
  JOURNAL,
  openChanges,
  raw,
  recordApi,
  sidebar,
  signedIn,
  signIn,
  USERS,
} from './editor-helpers'
import { axeViolations, urlOf, watchConsole } from './helpers'

/** The live site record, to put back at the end. */
async function liveSite(page: Page): Promise<Record<string, unknown>> {
  const answer = await apiFromPage(page, 'GET', recordApi('site'))
  expect(answer.status).toBe(200)
  return answer.json.live as Record<string, unknown>
}

/** Saves `record` as the site's draft over whatever is there, and publishes it. */
async function restoreSite(page: Page, record: Record<string, unknown>): Promise<void> {
  const current = await apiFromPage(page, 'GET', recordApi('site'))
  const saved = await apiFromPage(page, 'PUT', recordApi('site'), {
    record,
    baseRevision: current.json.revision,
  })
  expect(saved.status).toBe(200)
  const published = await apiFromPage(page, 'POST', '/config/api/publish', { keys: ['site'] })
  expect(published.status).toBe(200)
}

/**
 * Review Changes lists the site record's draft (by the sections it changes); then the site record
 * is published on its own, as Publish would with only it waiting (specs before this one may
 * leave drafts of their own, which this one must neither publish nor wait on).
 */
async function publishSite(page: Page, section: string, screen: string): Promise<void> {
  await openChanges(page)
  await expect(
    page
      .getByRole('main')
      .getByRole('heading', { level: 2 })
      .getByRole('link', { name: new RegExp(section) }),
  ).toHaveAttribute('href', `/config${screen}`)
  const published = await apiFromPage(page, 'POST', '/config/api/publish', { keys: ['site'] })
  expect(published.status).toBe(200)
  expect(published.json.published).toEqual(['site'])
}

test('Should change the site title, the sold-out text and the time zone, preview them, publish, and show them on the storefront', async ({
  page,
}) => {
  await signIn(page, AURORA, USERS.auroraAdmin)
  const before = await liveSite(page)
  try {
    await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navSettings }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EDITOR_TEXT.navSettings)
    await page.getByLabel(EDITOR_TEXT.siteTitleLabel, { exact: true }).fill('Aurora Outfitters North')
    await page.getByLabel(EDITOR_TEXT.soldOutTextLabel, { exact: true }).fill('Back next winter')

    // The time zone: type to search the list, move with the arrow keys, choose with Enter.
    const zone = page.getByRole('combobox', { name: EDITOR_TEXT.timeZoneLabel })
    await expect(zone).toHaveValue('America/New_York')
    await zone.fill('helsin')
    const list = page.getByRole('listbox', { name: EDITOR_TEXT.timeZoneLabel })
    await expect(list.getByRole('option')).toHaveCount(1)
    await expect(list.getByRole('option').first()).toContainText('Europe/Helsinki')
    await expect(zone).toHaveAttribute('aria-expanded', 'true')
    await zone.press('Enter')
    await expect(zone).toHaveValue('Europe/Helsinki')
    await expect(zone).toHaveAttribute('aria-expanded', 'false')

    // A money-format sample for each choice, live.
    await expect(page.getByText(fillText(EDITOR_TEXT.moneySample, { price: '$12,345.50' }))).toHaveCount(2)

    await page.getByRole('button', { name: EDITOR_TEXT.save, exact: true }).click()
    await expect(page.getByRole('status')).toContainText(EDITOR_TEXT.navigationSaved)

    // The preview shows the drafts; visitors still get the live site.
    const popup = page.waitForEvent('popup')
    await page.getByRole('link', { name: EDITOR_TEXT.preview, exact: true }).click()
    const preview = await popup
    await expect(preview).toHaveTitle(/Aurora Outfitters North/)
    await preview.goto(editorUrl(AURORA, '/preview/apparel/alpine-down-parka'))
    await expect(preview.getByText('Back next winter').first()).toBeVisible()
    await preview.close()
    const live = await raw(AURORA, 'GET', '/apparel/alpine-down-parka')
    expect(live.status).toBe(200)
    expect(live.body).not.toContain('Back next winter')

    await page.goto(editorUrl(AURORA, '/'))
    await publishSite(page, EDITOR_TEXT.settingsTitle, '/settings')
    await page.goto(urlOf(AURORA, '/apparel/alpine-down-parka'))
    await expect(page).toHaveTitle(/Aurora Outfitters North/)
    await expect(page.getByText('Back next winter').first()).toBeVisible()

    // The editor follows the published time zone (dates are shown and entered in it).
    await page.goto(editorUrl(AURORA, '/settings'))
    await expect(page.getByRole('combobox', { name: EDITOR_TEXT.timeZoneLabel })).toHaveValue(
      'Europe/Helsinki',
    )
    const session = await apiFromPage(page, 'GET', '/config/api/session')
    expect(session.json.site).toMatchObject({ title: 'Aurora Outfitters North', timeZone: 'Europe/Helsinki' })
  } finally {
    await restoreSite(page, before)
  }
})

test('Should let a store manager change the store part only, and a viewer nothing', async ({ browser }) => {
  const manager = await signedIn(browser, AURORA, USERS.auroraManager)
  await manager.page.goto(editorUrl(AURORA, '/settings'))
  await expect(manager.page.getByText(EDITOR_TEXT.settingsStoreOnly)).toBeVisible()
  await expect(manager.page.getByLabel(EDITOR_TEXT.siteTitleLabel, { exact: true })).toBeDisabled()
  await expect(manager.page.getByRole('combobox', { name: EDITOR_TEXT.timeZoneLabel })).toBeDisabled()
  await expect(manager.page.getByLabel(EDITOR_TEXT.soldOutTextLabel, { exact: true })).toBeEnabled()
  await expect(manager.page.getByLabel(EDITOR_TEXT.currencyLabel, { exact: true })).toBeEnabled()
  await manager.context.close()

  const viewer = await signedIn(browser, AURORA, USERS.auroraViewer)
  await viewer.page.goto(editorUrl(AURORA, '/settings'))
  await expect(viewer.page.getByText(EDITOR_TEXT.readOnlyNotice)).toBeVisible()
  await expect(viewer.page.getByLabel(EDITOR_TEXT.soldOutTextLabel, { exact: true })).toBeDisabled()
  await expect(viewer.page.getByRole('button', { name: EDITOR_TEXT.save, exact: true })).toHaveCount(0)
  await viewer.context.close()
})

test('Should show a refusal beside its field, and refuse a value outside a list with the spec’s words', async ({
  page,
}) => {
  await signIn(page, JOURNAL, USERS.journalAdmin)
  await page.goto(editorUrl(JOURNAL, '/settings'))
  const title = page.getByLabel(EDITOR_TEXT.siteTitleLabel, { exact: true })
  await title.fill('   ')
  await page.getByRole('button', { name: EDITOR_TEXT.save, exact: true }).click()
  const problem = fillText(EDITOR_TEXT.fieldRequired, { field: EDITOR_TEXT.siteTitleLabel })
  await expect(title).toHaveAttribute('aria-invalid', 'true')
  await expect(title).toHaveAccessibleDescription(problem)
  // Leaving with the change unsaved asks first.
  await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navNavigation }).click()
  const leave = page.getByRole('dialog', { name: EDITOR_TEXT.unsavedChanges })
  await leave.getByRole('button', { name: EDITOR_TEXT.discard, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EDITOR_TEXT.navNavigation)

  // The screen offers only the listed choices; the admin API refuses anything else.
  const answer = await apiFromPage(page, 'GET', recordApi('site'))
  const record = answer.json.live as { website: Record<string, unknown> }
  const refused = await apiFromPage(page, 'PUT', recordApi('site'), {
    record: { ...record, website: { ...record.website, cookiePolicy: 'lenient' } },
    baseRevision: answer.json.revision,
  })
  expect(refused).toEqual({
    status: 400,
    json: { message: 'lenient is not one of the expected options', field: 'website.cookiePolicy' },
  })
})

test('Should show the spec’s message with the site’s time zone when the list cannot be loaded, and load it on Retry', async ({
  page,
}) => {
  await signIn(page, JOURNAL, USERS.journalAdmin)
  let fail = true
  await page.route('**/config/api/time-zones', (route) => (fail ? route.abort('failed') : route.fallback()))
  await page.goto(editorUrl(JOURNAL, '/settings'))
  const alert = page.getByRole('alert')
  await expect(alert).toHaveText(
    new RegExp(
      fillText(EDITOR_TEXT.timeZoneLoadFailed, { timeZone: 'America/Los_Angeles' }).replace(
        /[.*+?^${}()|[\]\\]/g,
        '\\$&',
      ),
    ),
  )
  fail = false
  await alert.getByRole('button', { name: EDITOR_TEXT.retry }).click()
  await expect(page.getByRole('combobox', { name: EDITOR_TEXT.timeZoneLabel })).toHaveValue(
    'America/Los_Angeles',
  )
})

test('Should add a footer link and a header folder with a link, publish them, and open the folder from the keyboard on the storefront', async ({
  page,
}) => {
  await signIn(page, JOURNAL, USERS.journalAdmin)
  const before = await liveSite(page)
  try {
    await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navNavigation }).click()
    const header = page.getByRole('region', { name: EDITOR_TEXT.navHeaderNavigation })
    const footer = page.getByRole('region', { name: EDITOR_TEXT.navFooterNavigation })
    await expect(page.getByText(fillText(EDITOR_TEXT.navigationCount, { count: 8, max: 60 }))).toBeVisible()
    await expect(footer).toContainText(EDITOR_TEXT.footerShowsHeader)

    // A footer link, with the link editor's Web Address tab.
    await footer.getByRole('button', { name: EDITOR_TEXT.addLink }).click()
    let dialog = page.getByRole('dialog')
    await dialog.getByRole('tab', { name: EDITOR_TEXT.linkTabWebAddress }).click()
    await dialog.getByLabel(EDITOR_TEXT.linkUrl, { exact: true }).fill('https://example.org/birds')
    await dialog.getByLabel(EDITOR_TEXT.linkName).fill('Bird society')
    await dialog.getByRole('button', { name: EDITOR_TEXT.linkInsert }).click()
    await expect(footer.getByText('Bird society')).toBeVisible()

    // A folder in the header, and the Contact link moved into it with the keyboard.
    await header.getByRole('button', { name: EDITOR_TEXT.addFolder }).click()
    dialog = page.getByRole('dialog', { name: EDITOR_TEXT.addFolder })
    await dialog.getByLabel(EDITOR_TEXT.folderName).fill('Visit')
    await dialog.getByRole('button', { name: EDITOR_TEXT.apply }).click()
    const up = header.getByRole('button', { name: fillText(EDITOR_TEXT.moveUpOf, { title: 'Visit' }) })
    // From last place to just above Contact (the fifth of eight links): Alt+↑ four times.
    await up.focus()
    for (let i = 0; i < 4; i++) await page.keyboard.press('Alt+ArrowUp')
    await expect(up).toBeFocused()
    const intoFolder = header.getByRole('button', {
      name: fillText(EDITOR_TEXT.indentOf, { title: 'Contact' }),
    })
    await intoFolder.click()
    const folderLinks = header.getByRole('list', {
      name: fillText(EDITOR_TEXT.folderLinks, { title: 'Visit' }),
    })
    await expect(folderLinks.getByText('Contact', { exact: true })).toBeVisible()
    await expect(page.getByText(fillText(EDITOR_TEXT.navigationCount, { count: 10, max: 60 }))).toBeVisible()

    // Removing asks first.
    await footer
      .getByRole('button', { name: fillText(EDITOR_TEXT.removeLinkOf, { title: 'Bird society' }) })
      .click()
    const confirm = page.getByRole('dialog', {
      name: fillText(EDITOR_TEXT.confirmRemoveLink, { title: 'Bird society' }),
    })
    await confirm.getByRole('button', { name: EDITOR_TEXT.cancel }).click()
    await expect(footer.getByText('Bird society')).toBeVisible()

    await page.getByRole('button', { name: EDITOR_TEXT.save, exact: true }).click()
    await expect(page.getByRole('status')).toContainText(EDITOR_TEXT.navigationSaved)
    await publishSite(page, EDITOR_TEXT.navigationTitle, '/navigation')

    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(urlOf(JOURNAL, '/'))
    const main = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true })
    const contact = main.getByRole('link', { name: 'Contact' })
    await expect(contact).toBeHidden()
    await main.locator('summary', { hasText: 'Visit' }).focus()
    await page.keyboard.press('Enter')
    await expect(contact).toBeVisible()
    await page.keyboard.press('Space')
    await expect(contact).toBeHidden()
    await expect(
      page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Bird society' }),
    ).toHaveAttribute('href', 'https://example.org/birds')
  } finally {
    await restoreSite(page, before)
  }
})

test('Should pass axe on the Settings and Navigation screens', async ({ page }) => {
  const errors = watchConsole(page)
  await signIn(page, AURORA, USERS.auroraAdmin)
  await page.goto(editorUrl(AURORA, '/settings'))
  await expect(page.getByRole('combobox', { name: EDITOR_TEXT.timeZoneLabel })).toBeEnabled()
  expect(await axeViolations(page, 'body')).toEqual([])
  await page.getByRole('combobox', { name: EDITOR_TEXT.timeZoneLabel }).fill('europe')
  expect(await axeViolations(page, 'body')).toEqual([])
  await page.goto(editorUrl(AURORA, '/navigation'))
  await expect(page.getByRole('region', { name: EDITOR_TEXT.navHeaderNavigation })).toBeVisible()
  expect(await axeViolations(page, 'body')).toEqual([])
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([])
})
