/**
 * The validation rules of public forms and the restock sign-up (storefront.md section 5),
 * written once: the browser applies them before sending, the worker again before storing, and
 * both report with the same catalogue sentences.
 *
 * - Section items are skipped. Required fields give 'Required': a checkbox group needs at least
 *   one checked, a radio group one choice, a select a non-empty value, a multi-part field at
 *   least one non-empty part.
 * - A text area with a maximum length is invalid when longer; an empty optional field passes.
 * - An email field: an empty optional field passes; otherwise 3 to 256 characters matching a
 *   simple pattern.
 * - A captcha must be completed before submission (checked first, `captchaError`).
 */
import { fillText } from '../text/format'
import { FORMS_TEXT } from '../text/forms'
import { RESTOCK_TEXT } from '../text/restock'
import { type FormFieldDefinition, valueFields } from './fields'
import type { FieldValue, FormValues } from './values'

/** Email length limits (storefront.md section 9). */
const EMAIL_LENGTH = { min: 3, max: 256 } as const

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Messages by field id; empty when the form is valid. */
export type FieldErrors = Record<string, string>

/** A string of 3 to 256 characters of the form `name@domain.tld`. */
function isEmailAddress(text: string): boolean {
  return text.length >= EMAIL_LENGTH.min && text.length <= EMAIL_LENGTH.max && EMAIL_PATTERN.test(text)
}

/** Characters as a person counts them (an emoji is one), for the limit and its counter. */
export function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

/** The live counter of a text area with a limit: 'count / max', and whether it is over. */
export function characterCounter(text: string, max: number): { text: string; over: boolean } {
  const count = characterCount(text)
  return { text: fillText(FORMS_TEXT.characterCount, { count, max }), over: count > max }
}

function isEmpty(field: FormFieldDefinition, value: FieldValue | undefined): boolean {
  if (value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) {
    // A phone's first part is its country code: blank when the form shows none.
    const parts = field.type === 'phone' && !field.showCountryCode ? value.slice(1) : value
    return parts.every((part) => part.trim() === '')
  }
  return Object.keys(value).length === 0
}

/** The message for one field, or null when it is valid. */
function fieldError(
  field: FormFieldDefinition,
  value: FieldValue | undefined,
  text: typeof FORMS_TEXT = FORMS_TEXT,
): string | null {
  if (field.type === 'section' || field.type === 'hidden') return null
  const empty = isEmpty(field, value)
  if (empty) return field.required ? text.required : null
  // Lists and maps need only not be empty.
  if (typeof value !== 'string') return null
  if (field.type === 'textarea' && field.maxLength !== undefined && characterCount(value) > field.maxLength) {
    return text.characterLimit
  }
  if (field.type === 'email' && !isEmailAddress(value.trim())) {
    return fillText(text.emailInvalid, { email: text.emailExample })
  }
  return null
}

/** Every field's message (section items are skipped); an empty object when the form is valid. */
export function validateFormValues(
  fields: readonly FormFieldDefinition[],
  values: FormValues,
  text: typeof FORMS_TEXT = FORMS_TEXT,
): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of valueFields(fields)) {
    const message = fieldError(field, values[field.id], text)
    if (message !== null) errors[field.id] = message
  }
  return errors
}

/** 'Complete CAPTCHA before submitting.' when a captcha is shown and not solved, else null. */
export function captchaError(shown: boolean, token: string | null | undefined): string | null {
  return shown && !token ? FORMS_TEXT.captchaRequired : null
}

/**
 * The restock sign-up's email and captcha (storefront.md section 5, "Restock email"): 'Email
 * cannot be blank', 'Email is invalid', then 'Complete CAPTCHA before submitting.'.
 */
export function restockSignUpError(
  email: string,
  captchaShown: boolean,
  captchaToken: string | null | undefined,
  text: typeof RESTOCK_TEXT = RESTOCK_TEXT,
): string | null {
  const address = email.trim()
  if (address === '') return text.emailBlank
  if (!isEmailAddress(address)) return text.emailInvalid
  return captchaShown && !captchaToken ? text.captchaRequired : null
}
