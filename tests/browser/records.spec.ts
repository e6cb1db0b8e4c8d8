// The shop's records in the site editor, in Chromium (issue 23): the order a test checkout
// placed, found in the orders list and opened, then refunded; a contact form sent on the
// storefront and its submissions exported as CSV; reviews hidden and shown again; restock
// sign-ups. Axe on each screen, and screenshots at 390 px and desktop (/tmp/records-*.png).
import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { RECORDS_TEXT } from '../../shared/editing-areas'
import { EDITOR_TEXT } from '../../shared/index'
import { queryLocalD1 } from '../local-d1'
import { AURORA, JOURNAL, sidebar, signedIn, USERS } from './editor-helpers'
import { axeViolations, PORT, urlOf, watchConsole } from './helpers'

const T = RECORDS_TEXT
const HYDRATED = { timeout: 20_000 }

/** Screenshots of the screen at a phone's width and a desktop's, for a person to look at. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [label, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `/tmp/records-${name}-${label}.png`, fullPage: true })
  }
}

test('A store manager finds the order a test checkout placed, opens it, marks it fulfilled and refunds part of it', async ({
  page,
  browser,
}) => {
  await page.goto(urlOf(AURORA, '/gear/hand-forged-camp-axe'))
  await page.getByRole('button', { name: 'Add To Cart' }).click()
  await expect(page.locator('[data-cart-pill]')).toHaveAccessibleName(/^Cart, 1 items?$/)
  await page.goto(urlOf(AURORA, '/checkout'))
  await page.getByLabel('Email').fill('records.shopper@example.com')
  await page.getByLabel('Full name').fill('Rosalind Franklin')
  await page.getByLabel('Address', { exact: true }).fill('4 King’s Parade')
  await page.getByLabel('City').fill('Burlington')
  await page.getByLabel('Postal code').fill('05401')
  await page.getByLabel('Country').selectOption('US')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
  const orderNumber = ((await page.locator('.order-number').textContent()) ?? '').trim()
  expect(orderNumber).toMatch(/^ord_/)

  const { context, page: editor } = await signedIn(browser, AURORA, USERS.auroraManager)
  const errors = watchConsole(editor)
  await sidebar(editor).getByRole('link', { name: EDITOR_TEXT.navOrders }).click()
  await expect(editor.getByRole('heading', { level: 1, name: T.ordersTitle })).toBeVisible()
  const table = editor.getByRole('table', { name: T.ordersCaption })
  const row = table.getByRole('row').filter({ has: editor.getByRole('link', { name: orderNumber }) })
  await expect(row).toContainText('Rosalind Franklin')
  await expect(row).toContainText('records.shopper@example.com')
  await expect(row).toContainText(T.orderStatus.unfulfilled)
  expect(await axeViolations(editor, 'main')).toEqual([])
  await screenshots(editor, 'orders')

  // The filter lives in the URL; the order is paid and not fulfilled yet.
  await editor.getByLabel(T.statusLabel).selectOption('unfulfilled')
  await editor.getByRole('button', { name: T.apply }).click()
  await expect(editor).toHaveURL(/\/config\/orders\?status=unfulfilled$/)
  await expect(table.getByRole('link', { name: orderNumber })).toBeVisible()

  await table.getByRole('link', { name: orderNumber }).click()
  await expect(editor.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible()
  const lines = editor.getByRole('table', { name: T.linesCaption })
  await expect(lines.getByRole('row').nth(1)).toContainText('Hand-Forged Camp Axe')
  await expect(editor.getByRole('region', { name: T.shippingTitle })).toContainText('4 King’s Parade')
  await expect(editor.getByRole('region', { name: T.shopperTitle })).toContainText(
    'records.shopper@example.com',
  )
  // Between subtotal and total: the shipping the shopper chose, as their receipt shows it.
  await expect(editor.locator('.records-totals')).toContainText(/Shipping \(.+\)/)
  expect(await axeViolations(editor, 'main')).toEqual([])
  await screenshots(editor, 'order-detail')

  await editor.getByRole('button', { name: T.markFulfilled }).click()
  await expect(editor.getByRole('status')).toHaveText(T.fulfilledDone)
  await expect(editor.getByText(`Marked fulfilled by ${USERS.auroraManager.email}`)).toBeVisible()
  await expect(editor.getByRole('button', { name: T.markFulfilled })).toBeHidden()

  // Refund $1.00 of it: the dialog asks first, with the amount.
  await editor.getByRole('button', { name: T.refund, exact: true }).click()
  const dialog = editor.getByRole('dialog', { name: `Refund order ${orderNumber}?` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(T.refundAmount).fill('1')
  await expect(dialog.getByRole('button', { name: 'Refund $1.00' })).toBeVisible()
  expect(await axeViolations(editor, 'dialog')).toEqual([])
  await screenshots(editor, 'refund-dialog')
  await dialog.getByRole('button', { name: 'Refund $1.00' }).click()
  await expect(dialog).toBeHidden()
  await expect(editor.getByRole('status')).toContainText('Refunded $1.00 (refund re_test_')
  await expect(editor.getByText('Partly refunded ($1.00)')).toBeVisible()
  await screenshots(editor, 'order')
  expect(errors).toEqual([])
  await context.close()
})

test('An editor exports the submissions of the contact form a visitor sent, as a formula-safe CSV', async ({
  page,
  browser,
}) => {
  await page.goto(urlOf(JOURNAL, '/contact?source=records'))
  await page.getByRole('textbox', { name: 'First Name' }).focus()
  await expect(page.locator('sf-island[data-island="public-form"]').first()).toHaveAttribute(
    'data-island-hydrated',
    '',
    HYDRATED,
  )
  await page.getByRole('textbox', { name: 'First Name' }).fill('Mary')
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Anning')
  await page.getByRole('textbox', { name: 'Email' }).fill('mary.anning@example.com')
  await page.getByRole('combobox', { name: 'Topic' }).selectOption('A sighting to share')
  await page.getByRole('textbox', { name: 'Message' }).fill('=HYPERLINK("http://evil.example","fossils")')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Thank you', { exact: false }).first()).toBeVisible()

  const { context, page: editor } = await signedIn(browser, JOURNAL, USERS.journalEditor)
  const errors = watchConsole(editor)
  await sidebar(editor).getByRole('link', { name: EDITOR_TEXT.navSubmissions }).click()
  const forms = editor.getByRole('table', { name: T.formsCaption })
  await expect(forms).toBeVisible()
  expect(await axeViolations(editor, 'main')).toEqual([])
  await screenshots(editor, 'forms')
  await forms.getByRole('link', { name: 'Contact', exact: true }).click()
  await expect(editor.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  const list = editor.getByRole('table', { name: 'Contact: submissions, newest first' })
  const newest = list.getByRole('row').nth(1)
  await expect(newest).toContainText('Mary Anning · mary.anning@example.com · A sighting to share')
  expect(await axeViolations(editor, 'main')).toEqual([])
  await screenshots(editor, 'submissions')

  await newest.getByRole('link').click()
  await expect(editor.getByRole('heading', { level: 1, name: /^Submission of / })).toBeVisible()
  await expect(editor.locator('.records-answer', { hasText: 'Name' }).first()).toContainText('Mary Anning')
  await expect(editor.locator('.records-answer', { hasText: 'Message' })).toContainText('=HYPERLINK(')
  expect(await axeViolations(editor, 'main')).toEqual([])
  await screenshots(editor, 'submission')

  await editor.getByRole('link', { name: 'All submissions of Contact' }).click()
  const download = editor.waitForEvent('download')
  await editor.getByRole('link', { name: T.exportCsv }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('Contact-submissions.csv')
  const bytes = await readFile((await file.path()) as string)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const records = bytes.subarray(3).toString('utf8').split('\r\n')
  expect(records[0]).toBe('"Submitted","Page","Name","Email","Topic","Message","Source"')
  const mine = records.find((record) => record.includes('mary.anning@example.com')) ?? ''
  expect(mine).toContain(
    `"Mary Anning","mary.anning@example.com","A sighting to share","'=HYPERLINK(""http://evil.example"",""fossils"")","records"`,
  )
  expect(errors).toEqual([])
  await context.close()
})

test('A store manager hides a review and shows it again, and reads the restock sign-ups', async ({
  browser,
}) => {
  const { context, page: editor } = await signedIn(browser, AURORA, USERS.auroraManager)
  const errors = watchConsole(editor)
  await sidebar(editor).getByRole('link', { name: EDITOR_TEXT.navReviews }).click()
  const reviews = editor.getByRole('table', { name: T.reviewsCaption })
  await expect(reviews).toBeVisible()
  expect(await axeViolations(editor, 'main')).toEqual([])
  await screenshots(editor, 'reviews')
  const hide = reviews.getByRole('button', { name: 'Hide the review by Maren Lindqvist' })
  await hide.click()
  await expect(editor.getByRole('status')).toHaveText(T.reviewHidden)
  const shopper = await browser.newPage()
  await shopper.goto(urlOf(AURORA, '/apparel/trailhead-long-sleeve-tee'))
  await expect(shopper.locator('.product-reviews-count')).toHaveText('12 Review(s)')
  await reviews.getByRole('button', { name: 'Show the review by Maren Lindqvist' }).click()
  await expect(editor.getByRole('status')).toHaveText(T.reviewShown)
  await shopper.reload()
  await expect(shopper.locator('.product-reviews-count')).toHaveText('13 Review(s)')
  await shopper.close()

  // Three confirmed shoppers wait for a parka variant (written as an operator would).
  const now = Date.now()
  const values = [1, 2, 3]
    .map(
      (n) =>
        `('aurora', 'aurora-item-0004', 'aurora-item-0004-v05', 'records.restock${n}@example.com', ${now}, 'waiting')`,
    )
    .join(', ')
  queryLocalD1(
    `.wrangler/test-state-${PORT}`,
    `INSERT OR IGNORE INTO restock_signups (site_id, product_id, variant_id, email, created_at, status) VALUES ${values}`,
  )
  await sidebar(editor).getByRole('link', { name: EDITOR_TEXT.navRestock }).click()
  await expect(editor.getByRole('heading', { level: 1, name: T.restockTitle })).toBeVisible()
  const groups = editor.getByRole('table', { name: T.restockCaption })
  const parka = groups.getByRole('row').filter({ hasText: 'Alpine Down Parka' })
  await expect(parka).toHaveCount(1)
  const emails = parka.getByRole('button', { name: /^Emails signed up for Alpine Down Parka, / })
  const variant = ((await emails.getAttribute('aria-label')) ?? '').replace(
    'Emails signed up for Alpine Down Parka, ',
    '',
  )
  expect(variant).not.toBe('')
  await emails.click()
  const list = editor.getByRole('table', { name: `Emails signed up for Alpine Down Parka, ${variant}` })
  await expect(list).toContainText('records.restock1@example.com')
  await expect(list.getByRole('row')).toHaveCount(4)
  expect(await axeViolations(editor, 'main')).toEqual([])
  await screenshots(editor, 'restock')
  await parka.getByRole('button', { name: `Notify the sign-ups for Alpine Down Parka, ${variant}` }).click()
  const confirm = editor.getByRole('dialog', { name: 'Notify 3 waiting sign-ups?' })
  await confirm.getByRole('button', { name: T.sendConfirm }).click()
  await expect(editor.getByRole('status')).toHaveText(
    `Queued 3 notifications for Alpine Down Parka, ${variant}.`,
  )
  await expect(parka).toContainText(T.showEmails)
  expect(errors).toEqual([])
  await context.close()
})
