/**
 * The additional-fields modal form (storefront.md section 2): the product's form in a native
 * modal `<dialog>`, validated with the shared rules (templates/plugins/additional-fields.ts)
 * before its answers travel with the cart entry. The add-to-cart button opens it; the cart page
 * opens it again to edit an entry's answers.
 *
 * Field rendering and validation for additional fields live here and in that rules module only,
 * so both can be swapped for the shared public-forms module once it exists. Field types: those
 * the demo additional-fields forms use (text, textarea, email, select, radio, checkbox, name).
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import {
  type AdditionalField,
  type AdditionalFieldsForm,
  CART_TEXT,
  type AdditionalFieldValue as FieldValue,
  type FieldValues,
  FORMS_TEXT,
  fillText,
  NAME_PARTS,
  validateAdditionalFields,
} from '../../templates/shared'

/** Reads the answers from the form's controls (named `<fieldId>` or `<fieldId>.<Part>`). */
function valuesOf(form: AdditionalFieldsForm, element: HTMLFormElement): FieldValues {
  const data = new FormData(element)
  const values: Record<string, FieldValue> = {}
  for (const field of form.fields) {
    if (field.type === 'checkbox') values[field.id] = data.getAll(field.id).map(String)
    else if (field.type === 'name')
      values[field.id] = Object.fromEntries(
        NAME_PARTS.map((part) => [part, String(data.get(`${field.id}.${part}`) ?? '')]),
      )
    else values[field.id] = String(data.get(field.id) ?? '')
  }
  return values
}

function textOf(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : ''
}

function FieldControl(props: {
  title: ReactNode
  field: AdditionalField
  id: string
  value: FieldValue | undefined
  error: string | undefined
}) {
  const { field, id, value, error } = props
  const described = error ? `${id}-error` : field.description ? `${id}-description` : undefined
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': described }
  switch (field.type) {
    case 'textarea':
      return (
        <textarea
          id={id}
          name={field.id}
          defaultValue={textOf(value)}
          placeholder={field.placeholder}
          rows={3}
          {...common}
        />
      )
    case 'select':
      return (
        <select id={id} name={field.id} defaultValue={textOf(value)} {...common}>
          <option value="">{CART_TEXT.fieldsSelectPlaceholder}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )
    case 'radio':
    case 'checkbox': {
      const checked = Array.isArray(value) ? value : [textOf(value)]
      return (
        <fieldset className="sf-fields-choices" aria-describedby={described}>
          <legend className="sf-fields-label">{props.title}</legend>
          {(field.options ?? []).map((option, i) => (
            <label key={option} className="sf-fields-choice">
              <input
                type={field.type}
                name={field.id}
                value={option}
                id={i === 0 ? id : undefined}
                defaultChecked={checked.includes(option)}
              />
              {option}
            </label>
          ))}
        </fieldset>
      )
    }
    case 'name': {
      const parts =
        typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {}
      return (
        <fieldset className="sf-fields-name" aria-describedby={described}>
          <legend className="sf-fields-label">{props.title}</legend>
          {NAME_PARTS.map((part, i) => (
            <label key={part} className="sf-fields-part">
              <span>{part === 'First' ? CART_TEXT.fieldsFirstName : CART_TEXT.fieldsLastName}</span>
              <input
                id={i === 0 ? id : undefined}
                name={`${field.id}.${part}`}
                defaultValue={parts[part] ?? ''}
                autoComplete={part === 'First' ? 'given-name' : 'family-name'}
              />
            </label>
          ))}
        </fieldset>
      )
    }
    default:
      return (
        <input
          id={id}
          name={field.id}
          type={field.type === 'email' ? 'email' : 'text'}
          defaultValue={textOf(value)}
          placeholder={field.placeholder}
          {...common}
        />
      )
  }
}

/** The form in a modal dialog; `onSubmit` gets the answers once every field passes. */
export function AdditionalFieldsDialog(props: {
  form: AdditionalFieldsForm
  initial: FieldValues
  submitLabel: string
  onSubmit: (values: FieldValues) => void
  onCancel: () => void
}) {
  const { form, initial, submitLabel } = props
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [values, setValues] = useState<FieldValues>(initial)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const answers = valuesOf(form, event.currentTarget)
    const found = validateAdditionalFields(form, answers)
    setValues(answers)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      const first = form.fields.find((field) => found[field.id])
      if (first)
        event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first.id}`)}`)?.focus()
      return
    }
    ref.current?.close()
    props.onSubmit(answers)
  }
  return (
    <dialog ref={ref} className="sf-fields-dialog" aria-labelledby={`${id}-title`} onCancel={props.onCancel}>
      <form className="sf-fields-form" noValidate onSubmit={submit}>
        <h2 id={`${id}-title`} className="sf-fields-title">
          {form.name}
        </h2>
        {form.fields
          .filter((field) => field.type !== 'section' && field.type !== 'hidden')
          .map((field) => {
            const fieldId = `${id}-${field.id}`
            const error = errors[field.id]
            const group = field.type === 'radio' || field.type === 'checkbox' || field.type === 'name'
            const title = (
              <>
                {field.title}
                {field.required ? (
                  <span className="sf-fields-required" aria-hidden="true">
                    {' *'}
                  </span>
                ) : null}
                {field.required ? (
                  <span className="visually-hidden">{` (${FORMS_TEXT.required})`}</span>
                ) : null}
              </>
            )
            return (
              <div key={field.id} className="sf-fields-field" data-field-type={field.type}>
                {group ? null : (
                  <label className="sf-fields-label" htmlFor={fieldId}>
                    {title}
                  </label>
                )}
                {field.description ? (
                  <p id={`${fieldId}-description`} className="sf-fields-description">
                    {field.description}
                  </p>
                ) : null}
                <FieldControl
                  title={title}
                  field={field}
                  id={fieldId}
                  value={values[field.id]}
                  error={error}
                />
                {field.maxLength !== undefined && (field.type === 'textarea' || field.type === 'text') ? (
                  <p className="sf-fields-counter" aria-hidden="true">
                    {fillText(FORMS_TEXT.characterCount, {
                      count: [...textOf(values[field.id])].length,
                      max: field.maxLength,
                    })}
                  </p>
                ) : null}
                {error ? (
                  <p id={`${fieldId}-error`} className="sf-fields-error" role="alert">
                    {error}
                  </p>
                ) : null}
              </div>
            )
          })}
        <div className="sf-fields-actions">
          <button
            type="button"
            className="sf-fields-cancel"
            onClick={() => {
              ref.current?.close()
              props.onCancel()
            }}
          >
            {CART_TEXT.additionalFieldsCancel}
          </button>
          <button type="submit" className="sf-fields-submit">
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}
