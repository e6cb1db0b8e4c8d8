/**
 * Submitting a public form (storefront.md sections 4, 5, 7 and 8), the one operation behind
 * both `POST /api/form/SaveFormSubmission` (scripts) and a plain HTML form post (no script):
 * the captcha first, then the same validation the browser applies (templates/forms), then the
 * submission (and a newsletter form's subscriber) stored in D1 before anything is answered.
 *
 * Sent again, a submission is stored once (issue 19). A script's key that stored a submission
 * answers success again for the same answers (the first answer may have been lost), without
 * asking for the captcha again (its token was spent), and is refused with 422 for other answers
 * (draft-ietf-httpapi-idempotency-key-header §2.7: a key reused with another payload); an
 * expired or forged key is still a 401. A plain form post has no key: the same answers from the
 * same sender to the same form within the hour are the submission already stored.
 *
 * With double opt-in (the default) a newsletter form's subscriber is stored pending and a
 * confirmation email queued (actions/subscriptions.ts) once the submission is first stored; the
 * submission itself is stored as always.
 */
import { type FieldErrors, type FormValues, localizedText, validateFormValues } from '../../shared/index'
import { isValidSubmissionKey } from '../auth/form-keys'
import type { Catalog } from '../catalogue/reader'
import type { Form } from '../catalogue/records'
import {
  fieldsText,
  keyedSubmission,
  type PageFields,
  storeKeyedSubmission,
  storePendingSubscriber,
  storeSubmission,
} from '../db/form-submissions'
import type { Env, Tenant } from '../env'
import { fingerprintOf } from '../middleware/sender'
import { queueConnectionEvents } from '../queues/connection-events'
import { logError } from '../runtime/log'
import { captchaPassed, captchaSiteKey } from './captcha'
import { doubleOptInOf, newConfirmation, queueConfirmation } from './subscriptions'

export type FormOutcome =
  /** Stored; `replayed` when it was stored by an earlier copy of the same submission. */
  | { kind: 'stored'; form: Form; replayed: boolean }
  /** 404: 'This form has not been configured yet.' */
  | { kind: 'unknown-form' }
  /** 400: the captcha was shown and not solved (or its token was refused). */
  | { kind: 'captcha'; form: Form; message: string }
  /** 400: per-field errors. */
  | { kind: 'invalid'; form: Form; message: string; errors: FieldErrors }
  /** 400: 'Could not parse the form fields…': a value without its field's shape. */
  | { kind: 'unparsable'; form: Form; message: string }
  /** 401: the submission key was not this site's, or expired. */
  | { kind: 'bad-key'; form: Form; message: string }
  /** 422: the key stored a submission with other answers (or of another form). */
  | { kind: 'key-reused'; form: Form; message: string }

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
  /**
   * A plain form post's sender, for its fingerprint: the visitor's crumb when it came with the
   * request, else their address and browser. Unused with a key.
   */
  sender?: string
}

/** The address a newsletter form signs up: its first email field's value. */
function subscriberEmail(form: Form, values: FormValues): string | null {
  if (!form.isNewsletter) return null
  const field = form.fields.find((candidate) => candidate.type === 'email')
  const value = field === undefined ? undefined : values[field.id]
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null
}

/** Zapier's event, and the mailing list's subscriber when one was stored confirmed (no double opt-in). */
function connectionEvents(form: Form, values: FormValues, subscriber: string | null) {
  const events: Parameters<typeof queueConnectionEvents>[2] = [
    ['form_submission', { formId: form.id, formName: form.name, values }],
  ]
  if (subscriber !== null) events.push(['subscriber', { email: subscriber, source: `form:${form.id}` }])
  return events
}

/**
 * What a key that stored a submission answers now: success for the same form and answers (the
 * first answer was lost), 422 for anything else; null when the key stored nothing yet.
 */
async function earlierSubmission(
  env: Env,
  siteId: string,
  form: Form,
  key: string,
  values: FormValues | null,
  message: string,
): Promise<FormOutcome | null> {
  const earlier = await keyedSubmission(env.DB, siteId, key)
  if (earlier === null) return null
  const same = values !== null && earlier.formId === form.id && earlier.fields === fieldsText(values)
  return same ? { kind: 'stored', form, replayed: true } : { kind: 'key-reused', form, message }
}

/** Checks and stores one submission; the outcome says what the shopper is told. */
export async function submitForm(submission: FormSubmission): Promise<FormOutcome> {
  const { catalog, env, request, key } = submission
  const { tenant } = catalog
  const text = localizedText(tenant.site.localizedStrings).forms
  const form = await catalog.form(submission.formId)
  if (form === null) return { kind: 'unknown-form' }
  // A script's key must be one this worker gave this site within the hour.
  if (key !== null && !(await isValidSubmissionKey(env, tenant.siteId, key, Date.now()))) {
    return { kind: 'bad-key', form, message: text.status401 }
  }
  const values = submission.readValues(form)
  const captchaShown = form.captchaEnabled && captchaSiteKey(tenant.site) !== null
  if (captchaShown && !(await captchaPassed(env, submission.captchaToken, request))) {
    // A retry of a stored submission carries a spent token (or none): the key answers for it.
    const earlier =
      key === null ? null : await earlierSubmission(env, tenant.siteId, form, key, values, text.keyReused)
    return earlier ?? { kind: 'captcha', form, message: text.captchaRequired }
  }
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
    channel: key === null ? ('page' as const) : ('script' as const),
    // With double opt-in the subscriber is stored pending below, once the submission is.
    subscriberEmail: confirm ? null : email,
    now: Date.now(),
  }
  if (key === null) {
    const fingerprint = await fingerprintOf([
      tenant.siteId,
      form.id,
      submission.sender ?? '',
      fieldsText(values),
    ])
    const storedNow = await storeSubmission(env.DB, row, fingerprint)
    if (storedNow && confirm) await requestConfirmation(env, tenant, form, email, row.now)
    if (storedNow)
      await queueConnectionEvents(env, tenant.siteId, connectionEvents(form, values, row.subscriberEmail))
    return { kind: 'stored', form, replayed: !storedNow }
  }
  if (await storeKeyedSubmission(env.DB, row, key)) {
    if (confirm) await requestConfirmation(env, tenant, form, email, row.now)
    await queueConnectionEvents(env, tenant.siteId, connectionEvents(form, values, row.subscriberEmail))
    return { kind: 'stored', form, replayed: false }
  }
  // The key stored a submission before (its answer was lost, or two copies raced).
  const earlier = await earlierSubmission(env, tenant.siteId, form, key, values, text.keyReused)
  if (earlier === null) throw new Error(`form submission under key ${key} was neither stored nor found`)
  return earlier
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
