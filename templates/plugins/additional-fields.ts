/**
 * The additional-fields form of a product (storefront.md sections 2 and 5): the values a shopper
 * gives before an item goes into the cart, checked with the public forms' client rules and
 * messages ('Required', 'You have exceeded the character limit.', the email sentence). The
 * worker checks the same values again before it stores them with the cart entry.
 *
 * This is the one module to swap for the shared public-forms rules once they exist: it covers
 * the field types the demo additional-fields forms use (text, textarea, email, select, radio,
 * checkbox, name).
 */
import { EMAIL_LENGTH } from '../constants'
import { FORMS_TEXT } from '../text/forms'

/** A form field as the form definition holds it. */
export interface AdditionalField {
  readonly id: string
  readonly type: string
  readonly title: string
  readonly description?: string
  readonly placeholder?: string
  readonly required?: boolean
  readonly options?: readonly string[]
  readonly maxLength?: number
}

export interface AdditionalFieldsForm {
  readonly id: string
  readonly name: string
  readonly fields: readonly AdditionalField[]
  readonly submitButtonText?: string
}

/** A field's answer: text, the checked values of a checkbox group, or a name's parts. */
export type FieldValue = string | readonly string[] | Readonly<Record<string, string>>
export type FieldValues = Readonly<Record<string, FieldValue>>

/** The parts of a name field, in order. */
export const NAME_PARTS = ['First', 'Last'] as const

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  return Object.values(value).every((part) => typeof part !== 'string' || part.trim() === '')
}

function fieldError(field: AdditionalField, value: FieldValue | undefined): string | null {
  if (field.type === 'section') return null
  if (isEmpty(value)) return field.required ? FORMS_TEXT.required : null
  const options = field.options ?? []
  switch (field.type) {
    case 'radio':
    case 'select':
      return typeof value === 'string' && options.includes(value) ? null : FORMS_TEXT.required
    case 'checkbox':
      return Array.isArray(value) && value.every((v) => options.includes(v)) ? null : FORMS_TEXT.required
    case 'name':
      return typeof value === 'object' && !Array.isArray(value) ? null : FORMS_TEXT.required
    case 'email': {
      const text = typeof value === 'string' ? value.trim() : ''
      const ok =
        text.length >= EMAIL_LENGTH.min && text.length <= EMAIL_LENGTH.max && EMAIL_PATTERN.test(text)
      return ok ? null : FORMS_TEXT.emailInvalid.replace('{email}', FORMS_TEXT.emailExample)
    }
    default: {
      if (typeof value !== 'string') return FORMS_TEXT.required
      if (field.maxLength !== undefined && [...value].length > field.maxLength)
        return FORMS_TEXT.characterLimit
      return null
    }
  }
}

/** Per-field messages (field id → message); empty when every answer passes. */
export function validateAdditionalFields(
  form: AdditionalFieldsForm,
  values: FieldValues,
): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const field of form.fields) {
    const message = fieldError(field, Object.hasOwn(values, field.id) ? values[field.id] : undefined)
    if (message !== null) errors[field.id] = message
  }
  return errors
}

/** Only the answers the form asks for, trimmed (anything else sent along is dropped). */
export function cleanAdditionalFields(form: AdditionalFieldsForm, values: FieldValues): FieldValues {
  const out: Record<string, FieldValue> = {}
  for (const field of form.fields) {
    const value = Object.hasOwn(values, field.id) ? values[field.id] : undefined
    if (value === undefined || isEmpty(value)) continue
    if (typeof value === 'string') out[field.id] = value.trim()
    else if (Array.isArray(value)) out[field.id] = [...value]
    else
      out[field.id] = Object.fromEntries(
        NAME_PARTS.map((part) => [part, (value as Record<string, string>)[part]?.trim() ?? '']),
      )
  }
  return out
}

/** A field's answer as one line of text ('Ada Lovelace', 'Red, Blue'); '' when unanswered. */
export function fieldValueText(value: FieldValue | undefined): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.join(', ')
  return NAME_PARTS.map((part) => (value as Record<string, string>)[part] ?? '')
    .filter((part) => part !== '')
    .join(' ')
}

/** Reads the `additionalFields` JSON text of a cart call; null when it is not a JSON object of answers. */
export function parseFieldValues(text: string | null | undefined): FieldValues | null {
  if (text === null || text === undefined || text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  const out: Record<string, FieldValue> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return null
    if (typeof entry === 'string') out[key] = entry
    else if (Array.isArray(entry) && entry.every((v) => typeof v === 'string')) out[key] = entry as string[]
    else if (
      entry !== null &&
      typeof entry === 'object' &&
      Object.values(entry).every((v) => typeof v === 'string')
    )
      out[key] = entry as Record<string, string>
    else return null
  }
  return out
}
