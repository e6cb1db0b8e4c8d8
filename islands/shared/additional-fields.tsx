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
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import {
  type AdditionalField,
  type AdditionalFieldsForm,
  CART_TEXT,
  type FieldValue,
  type FieldValues,
  fillText,
  FORMS_TEXT,
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
      values[field.id] = Object.fromEntries(NAME_PARTS.map((part) => [part, String(data.get(`${field.id}.${part}`) ?? '')]))
    else values[field.id] = String(data.get(field.id) ?? '')
  }
  return values
}

function textOf(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : ''
}

function FieldControl(props: { field: AdditionalField; id: string; value: FieldValue | undefined; error: string | undefined }) {
  const { field, id, value, error } = props
  const described = error ? `${id}-error` : field.description ? `${id}-description` : undefined
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': described }
  switch (field.type) {
    case 'textarea':
      return <textarea id={id} name={field.id} defaultValue={textOf(value)} placeholder={field.placeholder} rows={3} {...common} />
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
        <div className="sf-fields-choices" role={field.type === 'radio' ? 'radiogroup' : 'group'} aria-labelledby={`${id}-title`} {...common}>
          {(field.options ?? []).map((option, i) => (
            <label key={option} className="sf-fields-choice">
              <input type={field.type} name={field.id} value={option} id={i === 0 ? id : undefined} defaultChecked={checked.includes(option)} />
              {option}
            </label>
          ))}
        </div>
      )
    }
    case 'name': {
      const parts = typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {}
      return (
        <div className="sf-fields-name" role="group" aria-labelledby={`${id}-title`} {...common}>
          {NAME_PARTS.map((part, i) => (
            <label key={part} className="sf-fields-part">
              <span>{part === 'First' ? CART_TEXT.fieldsFirstName : CART_TEXT.fieldsLastName}</span>
              <input id={i === 0 ? id : undefined} name={`${field.id}.${part}`} defaultValue={parts[part] ?? ''} autoComplete={part === 'First' ? 'given-name' : 'family-name'} />
            </label>
          ))}
        </div>
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
      if (first) event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first.id}`)}`)?.focus()
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
            const Title = group ? 'p' : 'label'
            return (
              <div key={field.id} className="sf-fields-field" data-field-type={field.type}>
                <Title id={`${fieldId}-title`} className="sf-fields-label" {...(group ? {} : { htmlFor: fieldId })}>
                  {field.title}
                  {field.required ? <span className="sf-fields-required" aria-hidden="true"> *</span> : null}
                  {field.required ? <span className="visually-hidden">{` (${FORMS_TEXT.required})`}</span> : null}
                </Title>
                {field.description ? (
                  <p id={`${fieldId}-description`} className="sf-fields-description">
                    {field.description}
                  </p>
                ) : null}
                <FieldControl field={field} id={fieldId} value={values[field.id]} error={error} />
                {field.maxLength !== undefined && (field.type === 'textarea' || field.type === 'text') ? (
                  <p className="sf-fields-counter" aria-hidden="true">
                    {fillText(FORMS_TEXT.characterCount, { count: [...textOf(values[field.id])].length, max: field.maxLength })}
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
          <button type="button" className="sf-fields-cancel" onClick={() => { ref.current?.close(); props.onCancel() }}>
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

/** The dialog's CSS (shipped with the islands that open it). */
export const ADDITIONAL_FIELDS_CSS = `
.sf-fields-dialog{width:min(32rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);padding:1.25rem 1.5rem;border:0;border-radius:8px}
.sf-fields-dialog::backdrop{background:rgb(0 0 0/.45)}
.sf-fields-title{margin:0 0 1rem;font-size:1.2rem}
.sf-fields-field{margin:0 0 1rem}
.sf-fields-label{display:block;margin:0 0 .25rem;font-weight:600}
.sf-fields-description,.sf-fields-counter{margin:.15rem 0;color:#5b5a55;font-size:.9rem}
.sf-fields-field input:not([type=radio],[type=checkbox]),.sf-fields-field select,.sf-fields-field textarea{width:100%;min-height:2.5rem;padding:.4rem;font:inherit}
.sf-fields-choice{display:flex;align-items:center;gap:.5rem;min-height:2rem}
.sf-fields-name{display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
.sf-fields-error{margin:.25rem 0 0;color:#a3261b;font-weight:600}
.sf-fields-actions{display:flex;justify-content:flex-end;gap:.75rem}
.sf-fields-actions button{min-height:2.5rem;padding:0 1rem;font:inherit;cursor:pointer}
`
