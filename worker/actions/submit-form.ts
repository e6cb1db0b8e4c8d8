/**
 * Submitting a public form (storefront.md sections 4, 5, 7 and 8), the one operation behind
 * both `POST /api/form/SaveFormSubmission` (scripts) and a plain HTML form post (no script):
 * the captcha first, then the same validation the browser applies (templates/forms), then the
 * submission (and a newsletter form's subscriber) stored in D1 before anything is answered.
 * With double opt-in (the default) the subscriber is stored pending and a confirmation email
 * queued (actions/subscriptions.ts); the submission itself is stored as always.
 */
import { type FieldErrors, type FormValues, localizedText, validateFormValues } from '../../templates/shared'
import type { Catalog } from '../catalog'
import type { Tenant } from '../context'
import {
  type PageFields,
  storeKeyedSubmission,
  storePendingSubscriber,
  storeSubmission,
} from '../db/form-submissions'
import type { Env } from '../env'
import { isValidSubmissionKey } from '../form-keys'
import { logError } from '../log'
import type { Form } from '../records'
import { captchaPassed, captchaSiteKey } from './captcha'
import { doubleOptInOf, newConfirmation, queueConfirmation } from './subscriptions'

export type FormOutcome =
  | { kind: 'stored'; form: Form }
  /** 404: 'This form has not been configured yet.' */
  | { kind: 'unknown-form' }
  /** 400: the captcha was shown and not solved (or its token was refused). */
  | { kind: 'captcha'; form: Form; message: string }
  /** 400: per-field errors. */
  | { kind: 'invalid'; form: Form; message: string; errors: FieldErrors }
  /** 400: 'Could not parse the form fields…': a value without its field's shape. */
  | { kind: 'unparsable'; form: Form; message: string }
  /** 401: the submission key was not this site's, expired or spent. */
  | { kind: 'bad-key'; form: Form; message: string }

export interface FormSubmission {
  catalog: Catalog
  env: Env
  request: Request
  formId: string
  /** The values read for the form's fields; null when they do not have the fields' shapes. */
  readValues: (form: Form) => FormValues | null
  captchaToken: string | null | undefined
  page: PageFields
  /** A script's submission key; null for a plain form post. */
  key: string | null
}

/** The address a newsletter form signs up: its first email field's value. */
function subscriberEmail(form: Form, values: FormValues): string | null {
  if (!form.isNewsletter) return null
  const field = form.fields.find((candidate) => candidate.type === 'email')
  const value = field === undefined ? undefined : values[field.id]
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null
}

/** Checks and stores one submission; the outcome says what the shopper is told. */
export async function submitForm(submission: FormSubmission): Promise<FormOutcome> {
  const { catalog, env, request } = submission
  const { tenant } = catalog
  const text = localizedText(tenant.site.localizedStrings).forms
  const form = await catalog.form(submission.formId)
  if (form === null) return { kind: 'unknown-form' }
  // A script's key must be one this worker gave this site within the hour.
  if (
    submission.key !== null &&
    !(await isValidSubmissionKey(env, tenant.siteId, submission.key, Date.now()))
  ) {
    return { kind: 'bad-key', form, message: text.status401 }
  }
  const captchaShown = form.captchaEnabled && captchaSiteKey(tenant.site) !== null
  if (captchaShown && !(await captchaPassed(env, submission.captchaToken, request))) {
    return { kind: 'captcha', form, message: text.captchaRequired }
  }
  const values = submission.readValues(form)
  if (values === null) return { kind: 'unparsable', form, message: text.unparsableFields }
  const errors = validateFormValues(form.fields, values, text)
  if (Object.keys(errors).length > 0) return { kind: 'invalid', form, message: text.invalidFields, errors }
  const email = subscriberEmail(form, values)
  const confirm = email !== null && doubleOptInOf(tenant.site)
  const row = {
    siteId: tenant.siteId,
    formId: form.id,
    values,
    page: submission.page,
    channel: submission.key === null ? ('page' as const) : ('script' as const),
    // With double opt-in the subscriber is stored pending below, once the submission is.
    subscriberEmail: confirm ? null : email,
    now: Date.now(),
  }
  if (submission.key === null) {
    await storeSubmission(env.DB, row)
  } else if (!(await storeKeyedSubmission(env.DB, row, submission.key))) {
    // The key was spent already: a key stores one submission.
    return { kind: 'bad-key', form, message: text.status401 }
  }
  if (confirm) await requestConfirmation(env, tenant, form, email, row.now)
  return { kind: 'stored', form }
}

/**
 * Double opt-in: stores the newsletter subscriber pending and queues its confirmation email.
 * The submission is stored already, so a failure here is logged and the shopper still thanked
 * (an error would have them send the form twice); signing up again sends the confirmation.
 */
async function requestConfirmation(
  env: Env,
  tenant: Tenant,
  form: Form,
  email: string,
  now: number,
): Promise<void> {
  try {
    const confirmation = await newConfirmation(now)
    const due = await storePendingSubscriber(env.DB, {
      siteId: tenant.siteId,
      email,
      source: `form:${form.id}`,
      now,
      ...confirmation,
    })
    if (due) {
      await queueConfirmation(env, tenant, {
        subscription: 'newsletter',
        email,
        token: confirmation.token,
        tokenHash: confirmation.tokenHash,
      })
    }
  } catch (error) {
    logError('newsletter-confirmation-failed', {
      siteId: tenant.siteId,
      formId: form.id,
      message: String(error),
    })
  }
}
