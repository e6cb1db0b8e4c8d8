// The site editor as a person uses it: sign in on a site's `/config/`, open a collection and a
// record by their visible names, type in labelled fields, Review Changes and Publish. Also the
// admin API from inside a signed-in page (its cookies, XSRF token and crumb), for what the UI
// rightly does not let a person do, and plain HTTP for a visitor with no session at all.
import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test'
import { EDITOR_TEXT, epochToZonedTime } from '../../shared/index'
import { PORT, type RawAnswer, rawHttp, urlOf } from './helpers'

export const AURORA = 'aurora.localhost'
export const JOURNAL = 'journal.localhost'

/** The README's demo users. */
export const USERS = {
  auroraAdmin: { email: 'admin@aurora.example', password: 'aurora-admin-2026' },
  auroraManager: { email: 'manager@aurora.example', password: 'aurora-manager-2026' },
  auroraViewer: { email: 'viewer@aurora.example', password: 'aurora-viewer-2026' },
  auroraShopper: { email: 'shopper@aurora.example', password: 'aurora-shopper-2026' },
  kissaManager: { email: 'manager@kissa.example', password: 'kissa-manager-2026' },
  kissaViewer: { email: 'viewer@kissa.example', password: 'kissa-viewer-2026' },
  journalAdmin: { email: 'admin@journal.example', password: 'journal-admin-2026' },
  journalEditor: { email: 'editor@journal.example', password: 'journal-editor-2026' },
  journalViewer: { email: 'viewer@journal.example', password: 'journal-viewer-2026' },
  journalCampaigns: { email: 'campaigns@journal.example', password: 'journal-campaigns-2026' },
} as const

export type User = (typeof USERS)[keyof typeof USERS]

export function editorUrl(host: string, path = '/'): string {
  return urlOf(host, `/config${path}`)
}

/** Opens the editor and signs in through its sign-in screen. */
export async function signIn(page: Page, host: string, user: User): Promise<void> {
  await page.goto(editorUrl(host))
  await page.getByLabel(EDITOR_TEXT.email, { exact: true }).fill(user.email)
  await page.getByLabel(EDITOR_TEXT.password, { exact: true }).fill(user.password)
  await page.getByRole('button', { name: EDITOR_TEXT.signIn, exact: true }).click()
  await expect(page.getByRole('button', { name: EDITOR_TEXT.signOut })).toBeVisible()
}

/** A fresh browser (no cookies) signed in as `user`. */
export async function signedIn(
  browser: Browser,
  host: string,
  user: User,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, host, user)
  return { context, page }
}

/**
 * An anonymous visitor (no cookies) with the browser's own HTTP cache on, as a shopper has it:
 * catalogue pages tell browsers to check back on every view (`max-age=0, must-revalidate`), so
 * a repeated view reaches the server and its page cache (whose `Cache-Status` the tests read),
 * and a publish shows on the very next view.
 */
export async function anonymousVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  return { context, page }
}

/** The editor's sidebar. */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: EDITOR_TEXT.navMain })
}

/** From the collections screen: a collection, then one of its items, by their titles. */
export async function openItem(page: Page, collection: string, item: string): Promise<void> {
  await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navCollections }).click()
  await page.getByRole('main').getByRole('link', { name: collection, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: collection })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: item, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible()
}

/** Replaces a field's text by typing, key by key. */
export async function retype(field: Locator, text: string) {
  await field.click()
  await field.press('ControlOrMeta+a')
  await field.pressSequentially(text)
}

/** The record editor's save state (Saved, Saving…, Unsaved changes). */
export function saveState(page: Page) {
  return page.locator('.head-actions').getByRole('status')
}

/** Review Changes from the sidebar (its name carries the count). */
export async function openChanges(page: Page): Promise<void> {
  await sidebar(page)
    .getByRole('link', { name: /^Review Changes/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: EDITOR_TEXT.reviewChanges })).toBeVisible()
}

/**
 * A call of the admin API from inside the signed-in page, with what the editor app sends: the
 * session's XSRF token, the crumb cookie as `X-CSRF-Token`, and the page's own origin.
 */
export async function apiFromPage(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = await fetch('/config/api/session', { credentials: 'same-origin' })
      const xsrf = session.ok ? ((await session.json()) as { xsrfToken: string }).xsrfToken : ''
      const crumb =
        document.cookie
          .split(';')
          .map((part) => part.trim().split('='))
          .find(([name]) => name === 'crumb')?.[1] ?? ''
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-XSRF-Token': xsrf,
          'X-CSRF-Token': decodeURIComponent(crumb),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      let json: Record<string, unknown> = {}
      try {
        json = (await response.json()) as Record<string, unknown>
      } catch {}
      return { status: response.status, json }
    },
    { method, path, body },
  )
}

export const recordApi = (key: string): string => `/config/api/records/${encodeURIComponent(key)}`

/** Plain HTTP to the test server with a site's Host and a body's Content-Length. */
export function raw(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return rawHttp(`${host}:${PORT}`, path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
      ...headers,
    },
    ...(body === undefined ? {} : { body }),
  })
}

/** A wall-clock `YYYY-MM-DDTHH:MM:SS` in `timeZone` for the instant `epoch` (as the editor reads it). */
export function wallClock(epoch: number, timeZone: string): string {
  return epochToZonedTime(epoch, timeZone, 'seconds')
}
