/**
 * The markup of a public form's fields (storefront.md section 3, "Form field types"), one
 * implementation for every form of the storefront: public forms, newsletter forms and the
 * additional-fields form of a product. Pure: props in, markup out, no DOM access.
 *
 * Accessibility: every control has a label (multi-part fields, choices and likert statements
 * are fieldsets with a legend); a description and an error are tied to their control with
 * `aria-describedby`; an error sits above the field's title (storefront.md section 5) and marks
 * the control `aria-invalid`; required fields carry `required` (groups say "(required)" in
 * their legend). Controls are named by `controlName` (templates/forms), which is how the
 * browser and the worker read them back.
 */
import type { FormEvent, ReactNode } from 'react'
import {
  characterCount,
  controlName,
  type FieldValue,
  FORMS_TEXT,
  type FormFieldDefinition,
  fillText,
  LIKERT_ANSWERS,
  LIKERT_LABELS,
  shownParts,
} from '../../shared/index'

/** Visible labels of the parts of multi-part fields. */
const PART_LABELS: Readonly<Record<string, string>> = {
  First: FORMS_TEXT.partFirst,
  Last: FORMS_TEXT.partLast,
  Line1: FORMS_TEXT.partLine1,
  Line2: FORMS_TEXT.partLine2,
  City: FORMS_TEXT.partCity,
  State: FORMS_TEXT.partState,
  Zip: FORMS_TEXT.partZip,
  Country: FORMS_TEXT.partCountry,
  Month: FORMS_TEXT.partMonth,
  Day: FORMS_TEXT.partDay,
  Year: FORMS_TEXT.partYear,
  Hour: FORMS_TEXT.partHour,
  Minute: FORMS_TEXT.partMinute,
  Second: FORMS_TEXT.partSecond,
  Ampm: FORMS_TEXT.partAmpm,
  Areacode: FORMS_TEXT.phoneAreacode,
  Prefix: FORMS_TEXT.phonePrefix,
  Line: FORMS_TEXT.phoneLine,
}

/** Browser autofill hints of the parts (HTML autocomplete tokens). */
const PART_AUTOCOMPLETE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  name: { First: 'given-name', Last: 'family-name' },
  address: {
    Line1: 'address-line1',
    Line2: 'address-line2',
    City: 'address-level2',
    State: 'address-level1',
    Zip: 'postal-code',
    Country: 'country-name',
  },
  phone: {
    Country: 'tel-country-code',
    Areacode: 'tel-area-code',
    Prefix: 'tel-local-prefix',
    Line: 'tel-local-suffix',
  },
}

/** Numeric parts: digits on a phone keyboard, at most this many. */
const NUMERIC_PARTS: Readonly<Record<string, number>> = {
  Month: 2,
  Day: 2,
  Year: 4,
  Hour: 2,
  Minute: 2,
  Second: 2,
  Country: 4,
  Areacode: 4,
  Prefix: 4,
  Line: 6,
}

const INPUT_TYPES: Readonly<Record<string, string>> = {
  email: 'email',
  website: 'url',
  password: 'password',
  number: 'text',
  currency: 'text',
  text: 'text',
  twitter: 'text',
}

/** The props of the address field's first line: the live island adds address suggestions there. */
export interface AddressLineProps {
  id: string
  name: string
  defaultValue: string
  autoComplete: string
  describedBy: string | undefined
  invalid: boolean
}

export interface FieldProps {
  field: FormFieldDefinition
  /** Unique per form on the page: `form-<formId>` (a placement name can make it unique). */
  idPrefix: string
  /** The value to show (after a plain post that failed), else the field's default. */
  value: FieldValue | undefined
  error: string | undefined
  /** Text areas with a limit: the characters typed so far. */
  count?: number
  /** Text areas: each keystroke (the live island counts characters). */
  onTextInput?: (fieldId: string, event: FormEvent<HTMLTextAreaElement>) => void
  /** Replaces the address field's first line (the live island's suggestions). */
  renderAddressLine?: (props: AddressLineProps) => ReactNode
}

function text(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : ''
}

function list(value: FieldValue | undefined): readonly string[] {
  return Array.isArray(value) ? value : []
}

function RequiredMark({ group }: { group: boolean }) {
  return (
    <>
      {' '}
      <span className="required" aria-hidden="true">
        *
      </span>
      {group ? <span className="visually-hidden"> {FORMS_TEXT.requiredLabel}</span> : null}
    </>
  )
}

/** The error above the field's title, and the ids a control is described by. */
function descriptionsOf(props: FieldProps, id: string) {
  const { field, error } = props
  const errorId = `${id}-error`
  const descriptionId = `${id}-description`
  const describedBy = [error ? errorId : null, field.description ? descriptionId : null]
    .filter(Boolean)
    .join(' ')
  return {
    describedBy: describedBy || undefined,
    errorNode: error ? (
      <p className="field-error" id={errorId}>
        {error}
      </p>
    ) : null,
    descriptionNode: field.description ? (
      <p className="description" id={descriptionId}>
        {field.description}
      </p>
    ) : null,
  }
}

function SingleInput(props: FieldProps & { id: string }) {
  const { field, id, value, error } = props
  const { describedBy, errorNode, descriptionNode } = descriptionsOf(props, id)
  const numeric = field.type === 'number' || field.type === 'currency'
  const prefix =
    field.type === 'currency' ? (field.currencySymbol ?? '') : field.type === 'twitter' ? '@' : ''
  return (
    <div className={`form-item field ${field.type}${error ? ' error' : ''}`}>
      {errorNode}
      <label className="title" htmlFor={id}>
        {field.title}
        {field.required ? <RequiredMark group={false} /> : null}
      </label>
      {descriptionNode}
      <div className="field-input">
        {prefix ? (
          <span className="field-prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          type={INPUT_TYPES[field.type] ?? 'text'}
          id={id}
          name={controlName(field)}
          placeholder={field.placeholder}
          defaultValue={text(value)}
          maxLength={field.type === 'text' ? field.maxLength : undefined}
          required={field.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          inputMode={numeric ? 'decimal' : undefined}
          autoComplete={field.type === 'email' ? 'email' : field.type === 'password' ? 'off' : undefined}
          spellCheck={field.type === 'email' || field.type === 'website' ? false : undefined}
        />
      </div>
    </div>
  )
}

function TextArea(props: FieldProps & { id: string }) {
  const { field, id, value, error, count, onTextInput } = props
  const { describedBy, errorNode, descriptionNode } = descriptionsOf(props, id)
  const max = field.maxLength
  const shown = count ?? characterCount(text(value))
  const counterId = `${id}-counter`
  return (
    <div className={`form-item field textarea${error ? ' error' : ''}`}>
      {errorNode}
      <label className="title" htmlFor={id}>
        {field.title}
        {field.required ? <RequiredMark group={false} /> : null}
      </label>
      {descriptionNode}
      <textarea
        id={id}
        name={controlName(field)}
        placeholder={field.placeholder}
        defaultValue={text(value)}
        required={field.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [describedBy, max === undefined ? null : counterId].filter(Boolean).join(' ') || undefined
        }
        data-max-length={max}
        onInput={onTextInput ? (event) => onTextInput(field.id, event) : undefined}
      />
      {max === undefined ? null : (
        <p className={`character-counter${shown > max ? ' over' : ''}`} id={counterId} aria-live="polite">
          {fillText(FORMS_TEXT.characterCount, { count: shown, max })}
        </p>
      )}
    </div>
  )
}

function Select(props: FieldProps & { id: string }) {
  const { field, id, value, error } = props
  const { describedBy, errorNode, descriptionNode } = descriptionsOf(props, id)
  return (
    <div className={`form-item field select${error ? ' error' : ''}`}>
      {errorNode}
      <label className="title" htmlFor={id}>
        {field.title}
        {field.required ? <RequiredMark group={false} /> : null}
      </label>
      {descriptionNode}
      <select
        id={id}
        name={controlName(field)}
        defaultValue={text(value)}
        required={field.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{FORMS_TEXT.selectPlaceholder}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A group: the error above, the legend, the description, the controls. */
function Group(props: FieldProps & { id: string; kind: string; children: ReactNode }) {
  const { field, id, error, kind, children } = props
  const { describedBy, errorNode, descriptionNode } = descriptionsOf(props, id)
  return (
    <div className={`form-item ${kind} ${field.type}${error ? ' error' : ''}`}>
      {errorNode}
      <fieldset id={id} aria-describedby={describedBy}>
        <legend className="title">
          {field.title}
          {field.required ? <RequiredMark group={true} /> : null}
        </legend>
        {descriptionNode}
        {children}
      </fieldset>
    </div>
  )
}

function Choices(props: FieldProps & { id: string }) {
  const { field, id, value } = props
  const checked = field.type === 'checkbox' ? list(value) : [text(value)]
  return (
    <Group {...props} kind="field">
      {(field.options ?? []).map((option, index) => {
        const choiceId = `${id}-${index}`
        return (
          <div className="option" key={option}>
            <input
              type={field.type === 'checkbox' ? 'checkbox' : 'radio'}
              id={choiceId}
              name={controlName(field)}
              value={option}
              defaultChecked={checked.includes(option)}
            />
            <label htmlFor={choiceId}>{option}</label>
          </div>
        )
      })}
    </Group>
  )
}

function Parts(props: FieldProps & { id: string }) {
  const { field, id, value, error, renderAddressLine } = props
  const parts = shownParts(field) ?? []
  // A phone shown without a country code still has four values; the first (blank) is not shown.
  const values = list(value).slice(field.type === 'phone' && parts.length === 3 ? 1 : 0)
  return (
    <Group {...props} kind="fields">
      <div className="field-parts">
        {parts.map((part, index) => {
          const partId = `${id}-${part.toLowerCase()}`
          const name = controlName(field, part)
          const autoComplete = PART_AUTOCOMPLETE[field.type]?.[part]
          const digits = NUMERIC_PARTS[part]
          const label =
            field.type === 'phone' && part === 'Country' ? FORMS_TEXT.phoneCountry : PART_LABELS[part]
          const partValue = values[index] ?? ''
          let control: ReactNode
          if (field.type === 'time' && part === 'Ampm') {
            control = (
              <select id={partId} name={name} defaultValue={partValue}>
                <option value="" />
                <option value="AM">AM</option>
                <option value="PM">PM</option>
              </select>
            )
          } else if (field.type === 'address' && part === 'Line1' && renderAddressLine) {
            control = renderAddressLine({
              id: partId,
              name,
              defaultValue: partValue,
              autoComplete: autoComplete ?? 'address-line1',
              describedBy: undefined,
              invalid: Boolean(error),
            })
          } else {
            control = (
              <input
                type="text"
                id={partId}
                name={name}
                defaultValue={partValue}
                autoComplete={autoComplete}
                inputMode={digits !== undefined && field.type !== 'address' ? 'numeric' : undefined}
                maxLength={digits !== undefined && field.type !== 'address' ? digits : undefined}
                aria-invalid={error ? true : undefined}
              />
            )
          }
          return (
            <div className={`field part ${part.toLowerCase()}`} key={part}>
              <label htmlFor={partId}>{label}</label>
              {control}
            </div>
          )
        })}
      </div>
    </Group>
  )
}

function Likert(props: FieldProps & { id: string }) {
  const { field, id, value } = props
  const answers = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
  return (
    <Group {...props} kind="fields">
      {(field.options ?? []).map((statement, index) => (
        <fieldset className="likert-question" key={statement}>
          <legend>{statement}</legend>
          <div className="likert-answers">
            {LIKERT_ANSWERS.map((answer) => {
              const answerId = `${id}-${index}-${answer}`
              return (
                <div className="option" key={answer}>
                  <input
                    type="radio"
                    id={answerId}
                    name={controlName(field, index)}
                    value={answer}
                    defaultChecked={answers[statement] === answer}
                  />
                  <label htmlFor={answerId}>{LIKERT_LABELS[answer]}</label>
                </div>
              )
            })}
          </div>
        </fieldset>
      ))}
    </Group>
  )
}

/** One field of a form, as its type prints it. */
export function FormFieldView(props: FieldProps) {
  const { field } = props
  const id = `${props.idPrefix}-${field.id}`
  switch (field.type) {
    case 'section':
      return (
        // `underline` (a section's editable property, storefront.md section 3) rules the title off.
        <div className={field.underline ? 'form-item section underline' : 'form-item section'}>
          <h2 className="form-section-title">{field.title}</h2>
          {field.description ? <p className="description">{field.description}</p> : null}
        </div>
      )
    case 'hidden':
      return (
        <input
          type="hidden"
          name={controlName(field)}
          defaultValue={text(props.value) || field.value || ''}
        />
      )
    case 'textarea':
      return <TextArea {...props} id={id} />
    case 'select':
      return <Select {...props} id={id} />
    case 'radio':
    case 'checkbox':
      return <Choices {...props} id={id} />
    case 'likert':
      return <Likert {...props} id={id} />
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone':
      return <Parts {...props} id={id} />
    default:
      return <SingleInput {...props} id={id} />
  }
}

/** Every field of a form, in order. */
export function FormFieldsView(
  props: Omit<FieldProps, 'field' | 'value' | 'error' | 'count'> & {
    fields: readonly FormFieldDefinition[]
    values: Readonly<Record<string, FieldValue>>
    errors: Readonly<Record<string, string>>
    counts?: Readonly<Record<string, number>>
  },
) {
  const { fields, values, errors, counts, ...rest } = props
  return (
    <div className="form-fields">
      {fields.map((field) => (
        <FormFieldView
          key={field.id}
          {...rest}
          field={field}
          value={values[field.id]}
          error={errors[field.id]}
          count={counts?.[field.id]}
        />
      ))}
    </div>
  )
}
