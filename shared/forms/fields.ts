/**
 * Public form fields as the browser and the worker both see them (storefront.md section 3,
 * "Form field types" and "Summary field values"): the field types, the parts of multi-part
 * fields, and the control names a form's markup uses. The markup (islands/public-form), the
 * browser's value gathering and the worker's reading of a plain form post all name controls
 * through `controlName`, so the three cannot drift apart.
 */

/** Every field type of the spec, in its order. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'section',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
] as const

export type FormFieldType = (typeof FORM_FIELD_TYPES)[number]

/** A field of a form definition (the KV record's `fields`, worker/catalogue/records.ts). */
export interface FormFieldDefinition {
  readonly id: string
  readonly type: FormFieldType
  readonly title: string
  readonly description?: string
  readonly placeholder?: string
  readonly required?: boolean
  /** Choices of radio, checkbox and select fields; the statements of a likert field. */
  readonly options?: readonly string[]
  /** Text areas: the character limit and its live counter. */
  readonly maxLength?: number
  /** Phone fields: a country-code part before the three number parts. */
  readonly showCountryCode?: boolean
  /** Currency fields: the symbol shown before the amount. */
  readonly currencySymbol?: string
  readonly underline?: boolean
  /** Hidden fields: the query-string name they take their value from (else the field id). */
  readonly key?: string
  /** Hidden fields: the value when the query string has none. */
  readonly value?: string
}

/** The parts of each multi-part field, in the order their values are listed. */
export const FIELD_PARTS = {
  name: ['First', 'Last'],
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
} as const satisfies Partial<Record<FormFieldType, readonly string[]>>

type MultiPartType = keyof typeof FIELD_PARTS

/** Answers of a likert statement, -2 (strongly disagree) to 2 (strongly agree). */
export const LIKERT_ANSWERS = ['-2', '-1', '0', '1', '2'] as const

export function isMultiPart(type: FormFieldType): type is MultiPartType {
  return Object.hasOwn(FIELD_PARTS, type)
}

/**
 * The parts a multi-part field shows: a phone without a country code shows three (its value
 * still lists four, the first blank). Null for a field of one control.
 */
export function shownParts(field: FormFieldDefinition): readonly string[] | null {
  if (!isMultiPart(field.type)) return null
  const parts: readonly string[] = FIELD_PARTS[field.type]
  return field.type === 'phone' && !field.showCountryCode ? parts.slice(1) : parts
}

/**
 * The name of a field's control: the field id, `<id>-<Part>` for a part (`name-First`), and
 * `<id>-<n>` for the n-th statement of a likert field.
 */
export function controlName(field: FormFieldDefinition, part?: string | number): string {
  return part === undefined ? field.id : `${field.id}-${part}`
}

/** Fields that hold a value (a section is only a heading). */
export function valueFields(fields: readonly FormFieldDefinition[]): FormFieldDefinition[] {
  return fields.filter((field) => field.type !== 'section')
}
