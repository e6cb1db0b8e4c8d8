/**
 * A public form's values (storefront.md section 5, "Field value gathering"): checkbox gives a
 * list of checked values; radio the checked one; select its value; phone with 3 parts gets a
 * blank prefix; hidden fields take a same-named value from the page's query string if present;
 * name, address, date and time give lists of parts; likert gives a map of question to chosen
 * answer. The browser gathers them from the form's controls (FormData), the worker from a
 * plain form post's body, both with `gatherFormValues`; the worker reads the JSON the browser
 * sends with `readSubmittedValues`, which checks each value has its field's shape.
 */
import {
  controlName,
  FIELD_PARTS,
  type FormFieldDefinition,
  isMultiPart,
  LIKERT_ANSWERS,
  shownParts,
  valueFields,
} from './fields'

export type FieldValue = string | string[] | Record<string, string>
/** Field values keyed by field id (the `form` JSON text of a submission). */
export type FormValues = Record<string, FieldValue>

/** Every value a form's controls hold under one name (FormData's `getAll`). */
export type ReadControl = (name: string) => readonly string[]
/** A query-string value of the page, or null. */
type ReadQuery = (name: string) => string | null

function first(values: readonly string[]): string {
  return values[0] ?? ''
}

/** A choice the field offers (a crafted post cannot store a value the form never showed). */
function offered(field: FormFieldDefinition, value: string): boolean {
  return (field.options ?? []).includes(value)
}

/** A likert field's answers by statement: only the answers the scale has. */
function likertAnswers(
  field: FormFieldDefinition,
  answerOf: (statement: string, index: number) => string | undefined,
): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const [index, statement] of (field.options ?? []).entries()) {
    const answer = answerOf(statement, index)
    if (answer !== undefined && (LIKERT_ANSWERS as readonly string[]).includes(answer))
      answers[statement] = answer
  }
  return answers
}

function gatherOne(field: FormFieldDefinition, read: ReadControl, query: ReadQuery): FieldValue {
  switch (field.type) {
    case 'checkbox':
      return read(controlName(field)).filter((value) => offered(field, value))
    case 'radio':
    case 'select': {
      const value = first(read(controlName(field)))
      return offered(field, value) ? value : ''
    }
    case 'hidden':
      return query(field.key ?? field.id) ?? (first(read(controlName(field))) || (field.value ?? ''))
    case 'likert':
      return likertAnswers(field, (_statement, index) => first(read(controlName(field, index))))
    default: {
      const parts = shownParts(field)
      if (parts === null) return first(read(controlName(field)))
      const values = parts.map((part) => first(read(controlName(field, part))))
      // A phone shown without its country code still lists four parts: the first is blank.
      return parts.length < FIELD_PARTS.phone.length && field.type === 'phone' ? ['', ...values] : values
    }
  }
}

/** The values of a form's fields from its controls and the page's query string. */
export function gatherFormValues(
  fields: readonly FormFieldDefinition[],
  read: ReadControl,
  query: ReadQuery = () => null,
): FormValues {
  const values: FormValues = {}
  for (const field of valueFields(fields)) values[field.id] = gatherOne(field, read, query)
  return values
}

const isString = (value: unknown): value is string => typeof value === 'string'

/**
 * The submitted values of a form's fields from the JSON the browser sent (the `form` text,
 * parsed), or null when a value does not have its field's shape: a list where text belongs,
 * a list of the wrong length. A missing field is empty; fields the form does not have are
 * dropped, and so are choices it does not offer.
 */
export function readSubmittedValues(fields: readonly FormFieldDefinition[], raw: unknown): FormValues | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  const source = raw as Record<string, unknown>
  const values: FormValues = {}
  for (const field of valueFields(fields)) {
    const value = Object.hasOwn(source, field.id) ? source[field.id] : undefined
    if (field.type === 'checkbox') {
      if (value === undefined) values[field.id] = []
      else if (Array.isArray(value) && value.every(isString))
        values[field.id] = value.filter((choice) => offered(field, choice))
      else return null
    } else if (field.type === 'likert') {
      if (value === undefined) values[field.id] = {}
      else if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
      else {
        const answers = value as Record<string, unknown>
        if (!Object.values(answers).every(isString)) return null
        values[field.id] = likertAnswers(field, (statement) => answers[statement] as string | undefined)
      }
    } else if (isMultiPart(field.type)) {
      const length = FIELD_PARTS[field.type].length
      if (value === undefined) values[field.id] = Array.from({ length }, () => '')
      else if (Array.isArray(value) && value.length === length && value.every(isString))
        values[field.id] = value
      else return null
    } else if (value === undefined) {
      values[field.id] = ''
    } else if (!isString(value)) {
      return null
    } else {
      values[field.id] =
        field.type === 'radio' || field.type === 'select' ? (offered(field, value) ? value : '') : value
    }
  }
  return values
}
