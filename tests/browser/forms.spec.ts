// Public forms in Chromium on the demo tenants (storefront.md sections 4, 5 and 8): errors
// then success on the contact form, a newsletter sign-up, the captcha, the server's errors,
// address suggestions, and the same forms without script.
import { expect, type Page, test } from '@playwright/test'
import { queryLocalD1 } from '../local-d1'
import { axeViolations, PORT, sendPast, urlOf, watchConsole } from './helpers'

const JOURNAL = 'journal.localhost'
/** React arrives on the first interaction; a busy machine may take a while to fetch it. */
const HYDRATED = { timeout: 20_000 }

/** Focuses a form's first control, which brings its island to life, and waits for it. */
async function wakeForm(page: Page, firstControl: string): Promise<void> {
  await page.getByRole('textbox', { name: firstControl }).first().focus()
  await expect(page.locator('sf-island[data-island="public-form"]').first()).toHaveAttribute(
    'data-island-hydrated',
    '',
    HYDRATED,
  )
}

test.describe('The contact form', () => {
  test('Should show each field’s error above it, then send, show ‘Submitting…’ and the thank-you text', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    await page.goto(urlOf(JOURNAL, '/contact?source=poster'))
    await wakeForm(page, 'First Name')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(
      page.getByText('Your form has encountered a problem. Please scroll down to review.'),
    ).toBeVisible()
    await expect(
      page.getByText('Your form has encountered a problem. Please scroll up to review.'),
    ).toBeVisible()
    await expect(page.locator('.field-error')).toHaveText(['Required', 'Required', 'Required', 'Required'])
    // The first field in error has the focus.
    await expect(page.getByRole('textbox', { name: 'First Name' })).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')

    await page.getByRole('textbox', { name: 'First Name' }).fill('Ada')
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Lovelace')
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example')
    await page.getByRole('combobox', { name: 'Topic' }).selectOption('A field note')
    await page.getByRole('textbox', { name: 'Message' }).fill('x'.repeat(1001))
    await expect(page.getByText('1001 / 1000')).toBeVisible()
    await expect(page.locator('.character-counter')).toHaveClass(/over/)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(
      page.getByText('Email is not valid. Email addresses should follow the format user@domain.com.'),
    ).toBeVisible()
    await expect(page.getByText('You have exceeded the character limit.')).toBeVisible()

    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com')
    await page.getByRole('textbox', { name: 'Message' }).fill('A heron at Coyote Hills.')
    await expect(page.getByText('24 / 1000')).toBeVisible()
    // Hold the answer so the locked form can be seen.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/form/SaveFormSubmission', async (route) => {
      await held
      await route.continue()
    })
    const saved = page.waitForRequest('**/api/form/SaveFormSubmission')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('button', { name: 'Submitting…' })).toBeDisabled()
    const request = await saved
    const body = request.postDataJSON() as { formId: string; form: string; key: string }
    expect(body.formId).toBe('contact')
    expect(body.key).toMatch(/^v1\./)
    expect(JSON.parse(body.form)).toEqual({
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      topic: 'A field note',
      message: 'A heron at Coyote Hills.',
      source: 'poster',
    })
    release()
    await expect(page.getByText('Thank you for writing. We will reply within a few days.')).toBeVisible()
    await expect(page.getByRole('form', { name: 'Contact' })).toBeHidden()
    expect(errors).toEqual([])
  })

  test('Should show the server’s sentence for each failure and unlock the form', async ({ page }) => {
    await page.goto(urlOf(JOURNAL, '/contact'))
    await wakeForm(page, 'First Name')
    await page.getByRole('textbox', { name: 'First Name' }).fill('Ada')
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com')
    await page.getByRole('combobox', { name: 'Topic' }).selectOption('Something else')
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello')
    for (const [status, sentence] of [
      [500, 'Unable to send form. Please try again later.'],
      [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
      [404, 'This form has not been configured yet.'],
      [401, 'Unable to submit form. Please try again later.'],
      [418, 'Unknown error, please try again later.'],
    ] as const) {
      await page.route('**/api/form/SaveFormSubmission', (route) =>
        route.fulfill({ status, contentType: 'application/json', body: '{}' }),
      )
      await page.getByRole('button', { name: 'Send' }).click()
      await expect(page.locator('.form-error')).toHaveText(sentence)
      await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
      await page.unroute('**/api/form/SaveFormSubmission')
    }
    await page.route('**/api/form/FormSubmissionKey', (route) => route.fulfill({ status: 503, body: '' }))
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.locator('.form-error')).toHaveText(
      'Could not get a form submission key, please try again later.',
    )
  })

  test('Should keep its key when the answer is lost and send it again, stored once and thanked', async ({
    page,
  }) => {
    await page.goto(urlOf(JOURNAL, '/contact'))
    await wakeForm(page, 'First Name')
    const message = `Lost answer ${Date.now()}`
    await page.getByRole('textbox', { name: 'First Name' }).fill('Ada')
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com')
    await page.getByRole('combobox', { name: 'Topic' }).selectOption('Something else')
    await page.getByRole('textbox', { name: 'Message' }).fill(message)
    const keyCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/form/FormSubmissionKey')) keyCalls.push(request.url())
    })
    // The worker stores the submission; its answer never reaches the page.
    await page.route('**/api/form/SaveFormSubmission', async (route) => {
      await sendPast(route, JOURNAL)
      await route.abort('connectionreset')
    })
    const first = page.waitForRequest('**/api/form/SaveFormSubmission')
    await page.getByRole('button', { name: 'Send' }).click()
    const firstKey = ((await first).postDataJSON() as { key: string }).key
    await expect(page.locator('.form-error')).toHaveText('Unknown error, please try again later.')
    await page.unroute('**/api/form/SaveFormSubmission')
    const retry = page.waitForRequest('**/api/form/SaveFormSubmission')
    await page.getByRole('button', { name: 'Send' }).click()
    expect(((await retry).postDataJSON() as { key: string }).key).toBe(firstKey)
    await expect(page.getByText('Thank you for writing. We will reply within a few days.')).toBeVisible()
    expect(keyCalls).toHaveLength(1)
    const stored = queryLocalD1<{ n: number }>(
      `.wrangler/test-state-${PORT}`,
      `SELECT COUNT(*) AS n FROM form_submissions WHERE instr(fields, '${message}') > 0`,
    )
    expect(stored).toEqual([{ n: 1 }])
  })

  test('Should have no serious or critical accessibility violations, blank or with errors', async ({
    page,
  }) => {
    await page.goto(urlOf(JOURNAL, '/contact'))
    expect(await axeViolations(page, '.form-wrapper')).toEqual([])
    await wakeForm(page, 'First Name')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.locator('.field-error').first()).toBeVisible()
    expect(await axeViolations(page, '.form-wrapper')).toEqual([])
  })
})

test.describe('The newsletter form', () => {
  test('Should sign a reader up from the home page and thank them in place of the form', async ({ page }) => {
    const errors = watchConsole(page)
    await page.goto(urlOf(JOURNAL, '/'))
    await wakeForm(page, 'Email address')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.locator('.field-error')).toHaveText('Required')
    // A newsletter form shows no 'Your form has encountered a problem' notices.
    await expect(page.getByText('Your form has encountered a problem', { exact: false })).toHaveCount(0)
    await page.getByRole('textbox', { name: 'Email address' }).fill(`reader.${Date.now()}@example.com`)
    const submitted = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          document.addEventListener('storefront:form-submit', (event) =>
            resolve((event as CustomEvent).detail),
          ),
        ),
    )
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(
      page.getByText('You are on the list. The next letter arrives at the start of the month.'),
    ).toBeVisible()
    // Double opt-in (the default): the reader is asked to confirm the address from the email.
    await expect(
      page.getByText('Check your inbox: we have sent you a link to confirm your email address.'),
    ).toBeVisible()
    expect(await submitted).toEqual({ formId: 'newsletter', isNewsletter: true })
    expect(errors).toEqual([])
  })
})

test.describe('A form with a captcha and every field type', () => {
  async function fillRegistration(page: Page) {
    await page.getByRole('textbox', { name: 'First Name' }).fill('Maya')
    await page.getByRole('textbox', { name: 'Email' }).fill('maya@example.com')
    await page.getByRole('combobox', { name: 'Workshop' }).selectOption('Spring wildflower walk')
    await page.getByRole('textbox', { name: 'Month' }).fill('4')
    await page.getByRole('radio', { name: 'Some' }).check()
    await page.getByRole('checkbox', { name: 'Wildflowers' }).check()
  }

  test('Should ask for the captcha first, then send with its token and destroy it', async ({ page }) => {
    const errors = watchConsole(page)
    await page.goto(urlOf(JOURNAL, '/workshop-registration?utm=1'))
    await wakeForm(page, 'First Name')
    const captcha = page.getByRole('checkbox', { name: 'I am not a robot' })
    await expect(captcha).toBeVisible()
    await fillRegistration(page)
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page.locator('.form-error')).toHaveText('Complete CAPTCHA before submitting.')
    await captcha.check()
    const saved = page.waitForRequest('**/api/form/SaveFormSubmission')
    await page.getByRole('button', { name: 'Register' }).click()
    const body = (await saved).postDataJSON() as { form: string; captchaKey: string }
    expect(body.captchaKey).toMatch(/^local-pass\./)
    const values = JSON.parse(body.form) as Record<string, unknown>
    expect(values.date).toEqual(['4', '', ''])
    expect(values.phone).toEqual(['', '', '', ''])
    expect(values.interests).toEqual(['Wildflowers'])
    expect(values.source).toBe('direct')
    await expect(
      page.getByText('Thank you! Your place is held; we will confirm by email within two days.'),
    ).toBeVisible()
    // The post-submit markup is the merchant's HTML.
    await expect(page.getByRole('link', { name: 'the latest field notes' })).toBeVisible()
    await expect(captcha).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('Should reset the captcha after the server refuses the submission', async ({ page }) => {
    await page.goto(urlOf(JOURNAL, '/workshop-registration'))
    await wakeForm(page, 'First Name')
    await fillRegistration(page)
    const captcha = page.getByRole('checkbox', { name: 'I am not a robot' })
    await captcha.check()
    await page.route('**/api/form/SaveFormSubmission', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'One or more fields is invalid, please check your entries.',
          errors: { email: 'Required' },
        }),
      }),
    )
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page.locator('#form-workshop-registration-email-error')).toHaveText('Required')
    await expect(page.locator('.form-error')).toHaveText(
      'One or more fields is invalid, please check your entries.',
    )
    await expect(captcha).not.toBeChecked()
  })

  test('Should render the captcha compact in a container narrower than 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 300, height: 700 })
    await page.goto(urlOf(JOURNAL, '/workshop-registration'))
    await wakeForm(page, 'First Name')
    await expect(page.locator('.local-captcha')).toHaveClass(/local-captcha--compact/)
  })

  test('Should fill the address from a suggestion of the places proxy', async ({ page }) => {
    await page.goto(urlOf(JOURNAL, '/workshop-registration'))
    await wakeForm(page, 'First Name')
    const line1 = page.getByRole('combobox', { name: 'Address 1' })
    const details = page.waitForRequest('**/api/google-maps/places/details**')
    await line1.pressSequentially('church st')
    await expect(page.getByRole('option', { name: /100 Church Street, Burlington/ })).toBeVisible()
    await line1.press('ArrowDown')
    await line1.press('Enter')
    const detailsUrl = new URL((await details).url())
    expect(detailsUrl.searchParams.get('place_id')).toBe('local-3')
    expect(detailsUrl.searchParams.get('productPage')).toBe('public-form')
    expect(detailsUrl.searchParams.get('key')).toBeNull()
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Burlington')
    await expect(page.getByRole('textbox', { name: 'State/Province' })).toHaveValue('VT')
    await expect(page.getByRole('textbox', { name: 'Zip/Postal Code' })).toHaveValue('05401')
    await expect(line1).toHaveValue('100 Church Street')
  })

  test('Should have no serious or critical accessibility violations', async ({ page }) => {
    await page.goto(urlOf(JOURNAL, '/workshop-registration'))
    await wakeForm(page, 'First Name')
    await expect(page.getByRole('checkbox', { name: 'I am not a robot' })).toBeVisible()
    expect(await axeViolations(page, '.form-wrapper')).toEqual([])
  })
})

test.describe('Forms without script', () => {
  test.use({ javaScriptEnabled: false })

  test('Should post the contact form to its own page: errors, then the thank-you text, nothing in the URL', async ({
    page,
  }) => {
    await page.goto(urlOf(JOURNAL, '/contact'))
    await page.getByRole('textbox', { name: 'Email' }).fill('grace@')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page).toHaveURL(urlOf(JOURNAL, '/contact'))
    await expect(
      page.getByText('Your form has encountered a problem. Please scroll down to review.'),
    ).toBeVisible()
    await expect(page.locator('#form-contact-email-error')).toHaveText(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    )
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('grace@')
    await page.getByRole('textbox', { name: 'First Name' }).fill('Grace')
    await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.com')
    await page.getByRole('combobox', { name: 'Topic' }).selectOption('A walk or workshop')
    await page.getByRole('textbox', { name: 'Message' }).fill('Two otters at Tomales Bay.')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText('Thank you for writing. We will reply within a few days.')).toBeVisible()
    await expect(page).toHaveURL(urlOf(JOURNAL, '/contact'))
  })

  test('Should sign up for the newsletter from the home page', async ({ page }) => {
    await page.goto(urlOf(JOURNAL, '/'))
    await page.getByRole('textbox', { name: 'Email address' }).fill(`nojs.${Date.now()}@example.com`)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(
      page.getByText('You are on the list. The next letter arrives at the start of the month.'),
    ).toBeVisible()
    await expect(page).toHaveURL(urlOf(JOURNAL, '/'))
  })
})
