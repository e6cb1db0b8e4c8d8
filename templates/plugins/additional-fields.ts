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
import { LIKERT_LABELS } from '../constants'
import { FIELD_PARTS, type FormFieldDefinition, isMultiPart, valueFields } from '../forms/fields'
import { characterCount, type FieldErrors, validateFormValues } from '../forms/validate'
import { type FieldValue, type FormValues, readSubmittedValues } from '../forms/values'
import { FORMS_TEXT } from '../text/forms'
import {
  type FieldParts,
  summaryDateMarkup,
  summaryNameMarkup,
  summaryPhoneMarkup,
  summaryTimeMarkup,
} from './commerce.markup'
import { TIME_PART_DEFAULT } from './commerce.messages'

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

/**
 * A field's answer as one line of text for the cart; '' when unanswered. Multi-part fields read
 * as the spec's summary field values (storefront.md section 3: 'First Last', Month/Day/Year,
 * +Country Areacode-Prefix-Line, Hour:Minute:Second Ampm), an address on one line, checked
 * values comma-separated, likert statements with their answers' labels.
 */
export function fieldValueText(field: FormFieldDefinition, value: FieldValue | undefined): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  if (!Array.isArray(value))
    return Object.entries(value)
      .map(([statement, answer]) => `${statement}: ${LIKERT_LABELS[answer] ?? answer}`)
      .join('; ')
  if (!isMultiPart(field.type)) return value.join(', ')
  if (value.every((part) => part.trim() === '')) return ''
  const parts: FieldParts = Object.fromEntries(
    FIELD_PARTS[field.type].map((name, index) => [name, value[index]?.trim() ?? '']),
  )
  switch (field.type) {
    case 'name':
      return summaryNameMarkup(parts).trim()
    case 'date':
      return summaryDateMarkup(parts)
    case 'time':
      return summaryTimeMarkup(parts, TIME_PART_DEFAULT).trim()
    case 'phone':
      return summaryPhoneMarkup(parts)
    default: {
      const { Line1 = '', Line2 = '', City = '', State = '', Zip = '', Country = '' } = parts
      const region = [State, Zip, Country].filter((part) => part !== '').join(' ')
      return [Line1, Line2, City, region].filter((line) => line !== '').join(', ')
    }
  }
}
