/**
 * The additional-fields modal form (storefront.md section 2): the product's form in a native
 * modal `<dialog>`, its fields drawn by the public forms' markup (islands/public-form/fields:
 * every field type, each error above its field's title, the text-area counter) and checked with
 * the same rules the worker applies (shared/forms/additional-fields) before the answers
 * travel with the cart entry. The add-to-cart button opens it; the cart page opens it again to
 * edit an entry's answers.
 *
 * Render it outside any other `<form>`: React's submit events bubble through the component tree.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import {
  type AdditionalFieldsForm,
  CART_TEXT,
  characterCount,
  type FieldErrors,
  type FormValues,
  gatherFormValues,
  validateAdditionalFields,
} from '../../shared/index'
import { controlsOf, focusField } from '../public-form/dom'
import { FormFieldsView } from '../public-form/fields'

/** The form in a modal dialog; `onSubmit` gets the answers once every field passes. */
export function AdditionalFieldsDialog(props: {
  form: AdditionalFieldsForm
  initial: FormValues
  submitLabel: string
  onSubmit: (values: FormValues) => void
  onCancel: () => void
}) {
  const { form, initial, submitLabel } = props
  const ref = useRef<HTMLDialogElement>(null)
  // Control ids are `<prefix>-<field id>`, unique per dialog.
  const idPrefix = useId()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [counts, setCounts] = useState<Record<string, number>>({})
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  const onTextInput = useCallback((fieldId: string, event: FormEvent<HTMLTextAreaElement>) => {
    const count = characterCount(event.currentTarget.value)
    setCounts((previous) => ({ ...previous, [fieldId]: count }))
  }, [])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    event.stopPropagation()
    const answers = gatherFormValues(form.fields, controlsOf(event.currentTarget))
    const found = validateAdditionalFields(form, answers)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      const first = form.fields.find((field) => found[field.id])
      // Focus once React has drawn the messages, so the control is read with its error.
      if (first) queueMicrotask(() => focusField(idPrefix, first.id))
      return
    }
    ref.current?.close()
    props.onSubmit(answers)
  }
  return (
    <dialog
      ref={ref}
      className="sf-fields-dialog"
      aria-labelledby={`${idPrefix}-title`}
      onCancel={props.onCancel}
    >
      <form className="sqs-form sf-fields-form" noValidate onSubmit={submit}>
        <h2 id={`${idPrefix}-title`} className="sf-fields-title">
          {form.name}
        </h2>
        <FormFieldsView
          fields={form.fields}
          idPrefix={idPrefix}
          values={initial}
          errors={errors}
          counts={counts}
          onTextInput={onTextInput}
        />
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
