// Issue 24 as a shopper meets it in Chromium: a paywall product shows its label and no
// add-to-cart; a store with scarcityShownByDefault shows the scarcity messages before a variant
// is chosen; the async form reads 'Add to Cart' by default; a public form asks the worker to
// validate before it submits, unless the form turns validation off.
import { expect, type Page, test } from '@playwright/test'
import { CATALOGUE_TYPES_TEXT } from '../../shared/index'
import { urlOf, watchConsole } from './helpers'

const HYDRATED = { timeout: 30_000 }

async function wakeForm(page: Page, firstControl: string): Promise<void> {
  await page.getByRole('textbox', { name: firstControl }).first().focus()
  await expect(page.locator('sf-island[data-island="public-form"]').first()).toHaveAttribute(
    'data-island-hydrated',
    '',
    HYDRATED,
  )
}

test.describe('A paywall product', () => {
  test('Should show its members-only label and note, and no price or add-to-cart button', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    const response = await page.goto(urlOf('journal.localhost', '/membership/field-journal-membership'))
    expect(response?.status()).toBe(200)
    const product = page.locator('.product-detail')
    await expect(product.getByRole('heading', { level: 1 })).toHaveText('Field Journal Membership')
    await expect(product.locator('.product-type-mark')).toHaveText(CATALOGUE_TYPES_TEXT.paywallLabel)
    await expect(product.getByText(CATALOGUE_TYPES_TEXT.paywallNote)).toBeVisible()
    await expect(product.getByRole('button', { name: /add to cart/i })).toHaveCount(0)
    await expect(product.locator('.product-price')).toHaveCount(0)
    await expect(product.locator('sf-island[data-island="variant-picker"]')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('Should show the label on its card in the list', async ({ page }) => {
    await page.goto(urlOf('journal.localhost', '/membership'))
    const card = page.locator('.product-card').filter({ hasText: 'Field Journal Membership' })
    await expect(card.locator('.product-type-mark')).toHaveText(CATALOGUE_TYPES_TEXT.paywallLabel)
    await expect(card.locator('.product-price')).toHaveCount(0)
  })
})

test.describe('Scarcity shown by default', () => {
  test('Should show every low variant’s message before a choice, then only the chosen one’s', async ({
    page,
  }) => {
    const errors = watchConsole(page)
    await page.goto(urlOf('kissa.localhost', '/tea/shincha-2026'))
    const fifty = page.getByText('残り4点')
    const hundred = page.getByText('残り2点')
    await expect(fifty).toBeVisible()
    await expect(hundred).toBeVisible()
    const choose = async (value: string) => {
      const id = await page.getByRole('radio', { name: value, exact: true }).getAttribute('id')
      await page.locator(`label[for="${id}"]`).click()
    }
    await choose('100g')
    await expect(hundred).toBeVisible()
    await expect(fifty).toBeHidden()
    await choose('50g')
    await expect(fifty).toBeVisible()
    await expect(hundred).toBeHidden()
    expect(errors).toEqual([])
  })
})

test.describe('The async form of an additional-fields product', () => {
  test('Should read ‘Add to Cart’ when its form has no button text of its own', async ({ page }) => {
    await page.goto(urlOf('forms.localhost', '/engraved/engraved-mug'))
    await page.getByRole('button', { name: 'Add To Cart', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Engraving' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible()
    await dialog.getByLabel('Words to engrave').fill('For Ada')
    await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    await expect(dialog).toBeHidden()
  })
})

test.describe('Form validation before submitting', () => {
  test('Should ask the worker to validate before taking a key, and show its errors above the fields', async ({
    page,
  }) => {
    await page.goto(urlOf('journal.localhost', '/contact'))
    await wakeForm(page, 'First Name')
    await page.getByRole('textbox', { name: 'First Name' }).fill('Ada')
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com')
    await page.getByRole('combobox', { name: 'Topic' }).selectOption('Something else')
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from the validation test')

    // The worker's verdict first: a rule the browser does not know shows above its field, and
    // nothing is submitted.
    const calls: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.startsWith('/api/form/') || path.startsWith('/api/rest/forms/')) calls.push(path)
    })
    await page.route('**/api/rest/forms/validate/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'x', errors: { message: 'Please say a little more.' } }),
      }),
    )
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.locator('.field-error')).toHaveText(['Please say a little more.'])
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
    expect(calls).toEqual(['/api/rest/forms/validate/contact'])

    // The worker's own answer: valid, then the key and the submission.
    await page.unroute('**/api/rest/forms/validate/contact')
    const validated = page.waitForResponse('**/api/rest/forms/validate/contact')
    await page.getByRole('button', { name: 'Send' }).click()
    expect((await validated).status()).toBe(200)
    await expect(page.getByText('Thank you for writing. We will reply within a few days.')).toBeVisible()
    expect(calls.slice(1)).toEqual([
      '/api/rest/forms/validate/contact',
      '/api/form/FormSubmissionKey',
      '/api/form/SaveFormSubmission',
    ])
  })

  test('Should skip the browser’s checks and the validate call when the form turns validation off', async ({
    page,
  }) => {
    await page.goto(urlOf('forms.localhost', '/quick-note'))
    await wakeForm(page, 'Note')
    const calls: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.startsWith('/api/form/') || path.startsWith('/api/rest/forms/')) calls.push(path)
    })
    // Empty, though required: the browser sends it; the worker still refuses it.
    const saved = page.waitForResponse('**/api/form/SaveFormSubmission')
    await page.getByRole('button', { name: 'Send note' }).click()
    expect((await saved).status()).toBe(400)
    await expect(page.locator('.field-error')).toHaveText(['Required'])
    expect(calls).toEqual(['/api/form/FormSubmissionKey', '/api/form/SaveFormSubmission'])

    await page.getByRole('textbox', { name: 'Note' }).fill('Bring the blue kettle')
    await page.getByRole('button', { name: 'Send note' }).click()
    await expect(page.getByText('Note received.')).toBeVisible()
    expect(calls.filter((path) => path.startsWith('/api/rest/'))).toEqual([])
  })
})
