/**
 * The public form's props from the template data, for the worker's `public-form` formatter:
 * `{form|public-form}` prints the form record in scope (a form page's form, a page's newsletter
 * form); `{form|public-form footer}` names the placement, so one form printed twice on a page
 * keeps its ids apart.
 */
import { asString, child, MISSING, type Scope, walk } from '../../templates/index'
import { PAGE_ACTION_DATA_KEY, pageActionOf } from '../page-action'
import type { PublicFormProps } from './view'

/** A public form's button without a text of its own (an additional-fields form reads 'Add to Cart'). */
const PUBLIC_FORM_BUTTON_TEXT = 'Submit'

/** The form record as the worker's schema reads it (worker/catalogue/records.ts `formSchema`). */
export interface FormRecord {
  id: string
  name: string
  fields: PublicFormProps['form']['fields']
  isNewsletter: boolean
  submitButtonText?: string
  validationDisabled: boolean
  parsedSubmissionMessage: string
  submissionHTML?: string
  successRedirect?: string
  parsedDisclaimerMessage?: string
  captchaEnabled: boolean
  captchaTheme: 'light' | 'dark'
  captchaAlignment: 'left' | 'center' | 'right'
}

/** The page a form is on: the item's when there is one, else the collection's. */
function pageOf(scope: Scope): PublicFormProps['page'] {
  const item = scope.resolve(['item'])
  const record = item !== MISSING && item !== null ? item : scope.resolve(['collection'])
  return {
    title: asString(child(record, 'title')),
    id: asString(child(record, 'id')),
    path: asString(child(record, 'fullUrl')),
  }
}

/** Whether a template handed the formatter a form record (a form the worker read and checked). */
export function isFormRecord(value: unknown): value is FormRecord {
  return (
    typeof child(value, 'id') === 'string' &&
    typeof child(value, 'name') === 'string' &&
    Array.isArray(child(value, 'fields')) &&
    (child(value, 'submitButtonText') === MISSING || typeof child(value, 'submitButtonText') === 'string')
  )
}

/** The island's props, or null when the value is not a form record (nothing is printed). */
export function publicFormProps(
  form: unknown,
  args: readonly string[],
  scope: Scope,
): PublicFormProps | null {
  if (!isFormRecord(form)) return null
  const website = scope.resolve(['website'])
  const siteKey = walk(website, ['captchaSettings', 'siteKey'])
  const posted = pageActionOf(scope.resolve([PAGE_ACTION_DATA_KEY]), 'form')
  const placement = (args[0] ?? '').replace(/[^A-Za-z0-9_-]/g, '')
  return {
    form: {
      id: form.id,
      name: form.name,
      fields: form.fields,
      isNewsletter: form.isNewsletter,
      submitButtonText: form.submitButtonText ?? PUBLIC_FORM_BUTTON_TEXT,
      validationDisabled: form.validationDisabled === true,
      submissionMessage: form.parsedSubmissionMessage,
      submissionHtml: form.submissionHTML ?? null,
      successRedirect: form.successRedirect ?? null,
      disclaimer: form.parsedDisclaimerMessage ?? null,
      captcha:
        form.captchaEnabled && typeof siteKey === 'string' && siteKey !== ''
          ? { siteKey, theme: form.captchaTheme, alignment: form.captchaAlignment }
          : null,
      // Double opt-in is on unless the website says `false` (worker/catalogue/records.ts `doubleOptIn`).
      confirmsEmail: form.isNewsletter && walk(website, ['doubleOptIn']) !== false,
    },
    idPrefix: placement ? `form-${form.id}-${placement}` : `form-${form.id}`,
    page: pageOf(scope),
    initial:
      posted !== null && posted.formId === form.id
        ? {
            values: posted.values,
            errors: posted.errors,
            message: posted.message,
            submitted: posted.submitted,
          }
        : null,
  }
}
