// The template editor in Chromium (issue 23), as an admin uses it: break a template and see the
// engine's error at its line while typing, fix it, see the preview of a real page, publish, and
// see the storefront page change; a template that explodes stops the preview at the render
// budget and is refused at Publish with the reason. The journal's event pages are the ones
// changed; the spec restores the built-in template (and publishes) before it ends, so later
// specs see the original pages.
import { expect, type Page, test } from '@playwright/test'
import { TEMPLATES_TEXT } from '../../shared/editing-areas'
import { EDITOR_TEXT, fillText } from '../../shared/index'
import { apiFromPage, editorUrl, JOURNAL, saveState, sidebar, signedIn, USERS } from './editor-helpers'
import { axeViolations, urlOf } from './helpers'

const TEMPLATE = 'event-item'
const EVENT_PAGE = '/events/winter-bird-count'
const EVENT_TITLE = 'Winter Bird Count at Five Brooks'
const NOTE = 'Bring binoculars and warm socks'

function source(page: Page) {
  return page.getByRole('textbox', { name: fillText(TEMPLATES_TEXT.sourceLabel, { name: TEMPLATE }) })
}

function preview(page: Page) {
  return page.frameLocator(`iframe[title^="Preview of ${TEMPLATE}"]`)
}

/** Ten macros applying the next ten times: a million units of work from a few lines. */
function explodingTemplate(): string {
  const ten = (macro: string) => `{@|apply ${macro}}`.repeat(10)
  const sum = `{.eval ${Array(200).fill('1').join('+')}}`
  return `{.macro a}${sum}{.end}{.macro b}${ten('a')}{.end}{.macro c}${ten('b')}{.end}{.macro d}${ten('c')}{.end}{.macro e}${ten('d')}{.end}<p>{@|apply e}</p>`
}

async function openTemplate(page: Page): Promise<void> {
  await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navTemplates }).click()
  await expect(page.getByRole('heading', { level: 1, name: TEMPLATES_TEXT.templatesTitle })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: TEMPLATES_TEXT.partialsHeading })).toBeVisible()
  await page.getByRole('link', { name: TEMPLATE, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: TEMPLATE })).toBeVisible()
  await expect(source(page)).toBeVisible()
}

test.describe.configure({ mode: 'serial' })

test('Should show a broken template’s error at its line while typing, preview the fix, publish it to the storefront, and restore the default', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  await openTemplate(page)
  // The preview renders the page's real data: the event's own title.
  await expect(page.getByLabel(TEMPLATES_TEXT.previewPage)).toHaveValue(/^\/events\//)
  await page.getByLabel(TEMPLATES_TEXT.previewPage).selectOption(EVENT_PAGE)
  await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(EVENT_TITLE)

  // Break it on line 1: `{.or}` outside any block.
  await source(page).click()
  await page.keyboard.press('ControlOrMeta+Home')
  await page.keyboard.type(`<p class="event-note">${NOTE} {.or}</p>`)
  await page.keyboard.press('Enter')
  const problem = fillText(TEMPLATES_TEXT.problemAt, {
    line: 1,
    column: 55,
    message: '{.or} is not allowed outside a block',
  })
  await expect(page.getByText(problem)).toBeVisible()
  await expect(page.locator('.cm-line').first().locator('.cm-lintRange-error')).toHaveText('{.or}')
  await page.screenshot({ path: '/tmp/templates-error-desktop.png', fullPage: true })

  // Fix it: the error goes, the preview shows the note.
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('End')
  for (let i = 0; i < '{.or}</p>'.length; i++) await page.keyboard.press('Backspace')
  await page.keyboard.type('</p>')
  await expect(page.getByText(TEMPLATES_TEXT.noProblems)).toBeVisible()
  await expect(page.getByText(problem)).toHaveCount(0)
  await expect(preview(page).locator('.event-note')).toHaveText(NOTE)
  await expect(page.getByRole('meter', { name: TEMPLATES_TEXT.budgetLabel })).toBeVisible()
  await expect(page.getByText(/% of the render budget \([\d,]+ of 1,000,000 units of work\)$/)).toBeVisible()
  await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved)
  expect(await axeViolations(page, 'main')).toEqual([])

  // Compare: the draft beside the live template.
  await page.getByRole('button', { name: TEMPLATES_TEXT.compare }).click()
  await expect(page.getByRole('textbox', { name: TEMPLATES_TEXT.compareLive })).toBeVisible()
  await expect(page.getByRole('textbox', { name: TEMPLATES_TEXT.compareDraft })).toContainText(NOTE)
  await page.screenshot({ path: '/tmp/templates-compare-desktop.png', fullPage: true })
  await page.getByRole('button', { name: TEMPLATES_TEXT.hideCompare }).click()

  // Publish: the storefront's event page shows the note on its next view.
  await page.getByRole('button', { name: TEMPLATES_TEXT.publishTemplate }).click()
  await expect(page.getByText(EDITOR_TEXT.published)).toBeVisible()
  await expect(page.locator('.badge', { hasText: TEMPLATES_TEXT.badgeOverridden })).toBeVisible()
  const visitor = await browser.newContext()
  const shopper = await visitor.newPage()
  await shopper.goto(urlOf(JOURNAL, EVENT_PAGE))
  await expect(shopper.locator('.event-note')).toHaveText(NOTE)

  // Restore the built-in default and publish: the page is as it was.
  await page.getByRole('button', { name: TEMPLATES_TEXT.restoreDefault }).click()
  await page.getByRole('dialog').getByRole('button', { name: TEMPLATES_TEXT.restoreDefault }).click()
  await expect(page.getByText(TEMPLATES_TEXT.restoreDraftNote)).toBeVisible()
  await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved)
  await page.getByRole('button', { name: TEMPLATES_TEXT.publishTemplate }).click()
  await expect(page.getByText(EDITOR_TEXT.published)).toBeVisible()
  await expect(page.locator('.badge', { hasText: TEMPLATES_TEXT.badgeDefault })).toBeVisible()
  await shopper.goto(urlOf(JOURNAL, EVENT_PAGE))
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(EVENT_TITLE)
  await expect(shopper.locator('.event-note')).toHaveCount(0)
  await visitor.close()
  await context.close()
})

test('Should stop the preview of an exploding template at the render budget and refuse to publish it, with the reason', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  await openTemplate(page)
  await source(page).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(explodingTemplate())
  const reason =
    'Rendering stopped: the template did more than 1000000 units of work (instructions, formatter calls, loop iterations); look for macros or partials that apply each other many times'
  await expect(page.getByRole('alert').filter({ hasText: reason })).toHaveText(
    fillText(TEMPLATES_TEXT.previewStopped, { message: reason }),
  )
  await expect(page.getByRole('meter', { name: TEMPLATES_TEXT.budgetLabel })).toHaveAttribute('value', '100')
  await expect(page.locator(`iframe[title^="Preview of ${TEMPLATE}"]`)).toHaveCount(0)
  await page.getByRole('button', { name: TEMPLATES_TEXT.publishTemplate }).click()
  const refusal = page.getByRole('alert').filter({ hasText: EDITOR_TEXT.publishRefused })
  await expect(refusal).toContainText(
    `${TEMPLATE} ${TEMPLATES_TEXT.budgetField}: The template runs past the render budget on`,
  )
  await expect(refusal).toContainText(reason)
  await page.screenshot({ path: '/tmp/templates-budget-desktop.png', fullPage: true })

  // Discard it (asked first): the live template is back, nothing waits.
  await page.getByRole('button', { name: TEMPLATES_TEXT.discard }).click()
  await page.getByRole('dialog').getByRole('button', { name: TEMPLATES_TEXT.discard }).click()
  await expect(page.getByText(TEMPLATES_TEXT.noProblems)).toBeVisible()
  await expect(preview(page).getByRole('heading', { level: 1 })).toBeVisible()
  const answer = await apiFromPage(page, 'GET', `/config/api/templates/${TEMPLATE}`)
  expect(answer.json.draft).toBeNull()
  expect(answer.json.overridden).toBe(false)
  await context.close()
})

test('Should fit the template screen on a phone and hide it from an editor, whose call answers 403', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(editorUrl(JOURNAL, `/templates/${TEMPLATE}`))
  await expect(source(page)).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
  await page.screenshot({ path: '/tmp/templates-phone-edit.png', fullPage: true })
  await page.getByRole('button', { name: EDITOR_TEXT.preview, exact: true }).click()
  await expect(preview(page).getByRole('heading', { level: 1 })).toBeVisible()
  await page.screenshot({ path: '/tmp/templates-phone-preview.png', fullPage: true })
  await page.goto(editorUrl(JOURNAL, '/templates'))
  await expect(page.getByRole('heading', { level: 2, name: TEMPLATES_TEXT.pagesHeading })).toBeVisible()
  expect(await axeViolations(page, 'main')).toEqual([])
  await page.screenshot({ path: '/tmp/templates-phone-list.png', fullPage: true })
  await context.close()

  const editor = await signedIn(browser, JOURNAL, USERS.journalEditor)
  await expect(sidebar(editor.page).getByRole('link', { name: EDITOR_TEXT.navTemplates })).toHaveCount(0)
  const refused = await apiFromPage(editor.page, 'GET', '/config/api/templates')
  expect(refused.status).toBe(403)
  await editor.context.close()
})
