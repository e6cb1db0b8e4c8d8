// Member-only and locked pages in Chromium (storefront.md sections 4, 6 and 7): signing in
// through the session API with the crumb, keeping the XSRF token and sending it on sign-out,
// the retry on a crumb failure, the plain form without script, and the page password.
import { expect, test } from '@playwright/test'
import { urlOf, watchConsole } from './helpers'

const MEMBERS = urlOf('journal.localhost', '/members')
const LOCKED = urlOf('journal.localhost', '/workshop-drafts')
const MEMBER_CONTENT = 'Printable species checklists'
const LOCKED_CONTENT = 'Draft handouts for the spring 2027'
const SESSION = '/api/site-users/account/session'
/** React loads on the first interaction; on a busy two-core machine that has taken over 10 s. */
const HYDRATION_WAIT = 20_000

test.describe('A member-only page', () => {
  test('Should open after signing in, and close again after signing out with the XSRF header', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    await page.goto(MEMBERS)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page available only site members')
    await expect(page.getByText(MEMBER_CONTENT)).toHaveCount(0)

    await page.getByLabel('Email').fill('member@journal.example')
    await page.getByLabel('Password').fill('journal-member-2026')
    await expect(page.locator('sf-island[data-island="member-account"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
      {
        timeout: HYDRATION_WAIT,
      },
    )
    const signIn = page.waitForResponse((r) => r.url().endsWith(SESSION) && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const answer = await signIn
    expect(answer.status()).toBe(200)
    expect(answer.request().headers()['x-csrf-token']).toMatch(/^[\w-]{44}$/)
    await expect(page.getByText(MEMBER_CONTENT)).toBeVisible()
    await expect(page.getByText('Signed in as member@journal.example')).toBeVisible()
    const cookie = (await page.context().cookies()).find((c) => c.name === 'ss_site_user')
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' })

    // The client keeps the sign-in's token for the session.
    const xsrfToken = await page.evaluate(() => sessionStorage.getItem('ss_xsrf_token'))
    expect(xsrfToken).toMatch(/^[\w-]{43}$/)
    await page.getByRole('button', { name: 'Sign out' }).focus()
    await expect(page.locator('sf-island[data-island="member-account"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
      {
        timeout: HYDRATION_WAIT,
      },
    )
    const signOut = page.waitForRequest((r) => r.url().includes(SESSION) && r.method() === 'DELETE')
    await page.getByRole('button', { name: 'Sign out' }).click()
    const request = await signOut
    expect(request.url()).toContain('cloneCart=true')
    expect(request.headers()['x-xsrf-token']).toBe(xsrfToken)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page available only site members')
    await expect(page.getByText(MEMBER_CONTENT)).toHaveCount(0)
    expect((await page.context().cookies()).some((c) => c.name === 'ss_site_user')).toBe(false)
    expect(errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([])
  })

  test('Should say so when the password is wrong', async ({ page }) => {
    await page.goto(MEMBERS)
    await page.getByLabel('Email').fill('member@journal.example')
    await page.getByLabel('Password').fill('not-my-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect. Please try again.')
    await expect(page.getByText(MEMBER_CONTENT)).toHaveCount(0)
  })

  test('Should retry the sign-in once when the crumb was refused, and get in', async ({ page }) => {
    await page.goto(MEMBERS)
    await page.getByLabel('Email').fill('member@journal.example')
    await expect(page.locator('sf-island[data-island="member-account"]')).toHaveAttribute(
      'data-island-hydrated',
      '',
      {
        timeout: HYDRATION_WAIT,
      },
    )
    // The crumb cookie is gone (expired with the browser session): the first call is refused
    // with `crumbFail`, and its answer brings a new crumb to retry with.
    await page.context().clearCookies({ name: 'crumb' })
    const statuses: number[] = []
    page.on('response', (r) => {
      if (r.url().endsWith(SESSION)) statuses.push(r.status())
    })
    await page.getByLabel('Password').fill('journal-member-2026')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText(MEMBER_CONTENT)).toBeVisible()
    expect(statuses).toEqual([403, 200])
  })

  test('Should sign in with the plain form when no script has run', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(MEMBERS)
    await page.getByLabel('Email').fill('member@journal.example')
    await page.getByLabel('Password').fill('journal-member-2026')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText(MEMBER_CONTENT)).toBeVisible()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page available only site members')
    await context.close()
  })
})

test.describe('A locked page', () => {
  test('Should say so after a wrong password and open after the right one', async ({ page }) => {
    await page.goto(LOCKED)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is locked')
    await page.getByLabel('Password').fill('a guess')
    await page.getByRole('button', { name: 'Unlock' }).click()
    await expect(page.getByRole('alert')).toHaveText('That password is not correct. Please try again.')
    await expect(page.getByText(LOCKED_CONTENT)).toHaveCount(0)
    await page.getByLabel('Password').fill('tidepool-sketches')
    await page.getByRole('button', { name: 'Unlock' }).click()
    await expect(page.getByText(LOCKED_CONTENT)).toBeVisible()
    const unlock = (await page.context().cookies()).find((c) => c.name === 'ss_unlock_workshop-drafts')
    expect(unlock).toMatchObject({ path: '/workshop-drafts', httpOnly: true, secure: true, sameSite: 'Lax' })
    // It stays open on the next visit in this browser, and for no other page.
    await page.goto(LOCKED)
    await expect(page.getByText(LOCKED_CONTENT)).toBeVisible()
  })
})
