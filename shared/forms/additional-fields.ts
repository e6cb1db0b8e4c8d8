/**
 * The additional-fields form of a product (storefront.md sections 2 and 5): the values a shopper
 * gives before an item goes into the cart. It is a form definition like any public form, so its
 * fields, values and messages are the public forms' own (templates/forms): every field type,
 * the value shapes of "Field value gathering", 'Required' and the other client messages. The
 * worker reads and checks the same values again before it stores them with the cart entry.
 *
 * Beyond a public form: a single-line text field may carry a character limit (a monogram's
 * three letters), held like a text area's.
 */

import { FORMS_TEXT } from '../text/forms'
import { type FormFieldDefinition, valueFields } from './fields'
import { characterCount, type FieldErrors, validateFormValues } from './validate'
import { type FieldValue, type FormValues, readSubmittedValues } from './values'

export interface AdditionalFieldsForm {
  readonly id: string
  readonly name: string
  readonly fields: readonly FormFieldDefinition[]
  readonly submitButtonText?: string
}

/** Per-field messages (field id → message); empty when every answer passes. */
export function validateAdditionalFields(form: AdditionalFieldsForm, values: FormValues): FieldErrors {
  const errors = validateFormValues(form.fields, values)
  for (const field of form.fields) {
    const value = values[field.id]
    if (
      errors[field.id] === undefined &&
      field.type === 'text' &&
      field.maxLength !== undefined &&
      typeof value === 'string' &&
      characterCount(value) > field.maxLength
    )
      errors[field.id] = FORMS_TEXT.characterLimit
  }
  return errors
}

function isBlank(value: FieldValue): boolean {
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.every((part) => part.trim() === '')
  return Object.keys(value).length === 0
}

/** Only the answers given, text trimmed: what is stored with the cart entry. */
export function cleanAdditionalFields(form: AdditionalFieldsForm, values: FormValues): FormValues {
  const out: FormValues = {}
  for (const field of valueFields(form.fields)) {
    const value = values[field.id]
    if (value === undefined || isBlank(value)) continue
    if (typeof value === 'string') out[field.id] = value.trim()
    else if (Array.isArray(value)) out[field.id] = value.map((part) => part.trim())
    else out[field.id] = { ...value }
  }
  return out
}

/**
 * The `additionalFields` JSON text of a cart call read against the form: each value in its
 * field's shape (readSubmittedValues), fields the form lacks dropped. Null when the text is not
 * JSON of that shape; no text at all is no answers.
 */
export function parseFieldValues(
  form: AdditionalFieldsForm,
  text: string | null | undefined,
): FormValues | null {
  if (text === null || text === undefined || text.trim() === '') return readSubmittedValues(form.fields, {})
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return readSubmittedValues(form.fields, value)
}
