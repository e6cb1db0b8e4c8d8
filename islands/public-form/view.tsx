/**
 * A public form (storefront.md sections 2, 4 and 8): its fields, the captcha container, the
 * submit button ('Submitting…' while locked), the errors (each above its field; the form's own
 * message at the top; on a form that is not a newsletter, 'Your form has encountered a
 * problem…' above and below), and after a submission the thank-you text (on a newsletter form
 * with double opt-in, then the sentence asking to confirm the address) and the post-submit
 * markup in place of the form.
 *
 * Without script the form is plain HTML: it posts (method POST, no action: to this very page)
 * to the worker, which answers the same page with these props' `initial` outcome
 * (islands/page-action.ts). The live island renders the same view with its own state.
 */
import type { FormEvent, ReactNode, Ref } from 'react'
import { type FieldErrors, FORMS_TEXT, type FormFieldDefinition, type FormValues } from '../../shared/index'
import { PAGE_POST_FIELD } from '../page-action'
import { type AddressLineProps, FormFieldsView } from './fields'

export interface PublicFormCaptcha {
  siteKey: string
  theme: 'light' | 'dark'
  alignment: 'left' | 'center' | 'right'
}

/** The island's props: plain JSON, built by server.ts from the form record and the page. */
export type PublicFormProps = {
  form: {
    id: string
    name: string
    fields: FormFieldDefinition[]
    isNewsletter: boolean
    submitButtonText: string
    /**
     * The form record's `validationDisabled`: no client-side checks and no validate call before
     * submitting (storefront.md section 5, "unless validation is disabled"); the worker still
     * validates what it stores.
     */
    validationDisabled: boolean
    /** The thank-you text. */
    submissionMessage: string
    /** Post-submit markup: the merchant's own HTML. */
    submissionHtml: string | null
    successRedirect: string | null
    disclaimer: string | null
    /** Shown when the form asks for one and the website has a site key. */
    captcha: PublicFormCaptcha | null
    /** A newsletter form on a site with double opt-in: the thank-you asks to confirm the address. */
    confirmsEmail: boolean
  }
  /** Unique per form on the page (`form-<id>`, or with the template's placement name). */
  idPrefix: string
  /** The page fields a submission carries (storefront.md section 3). */
  page: { title: string; id: string; path: string }
  /** A plain post's outcome: the values sent, the errors, the message, or the thank-you. */
  initial: { values: FormValues; errors: FieldErrors; message: string | null; submitted: boolean } | null
}

export interface PublicFormState {
  errors: FieldErrors
  /** The form-level message (a status's sentence, the captcha), or null. */
  message: string | null
  locked: boolean
  submitted: boolean
  /** Characters typed into text areas with a limit, by field id. */
  counts: Readonly<Record<string, number>>
}

export interface PublicFormHandlers {
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  onTextInput?: (fieldId: string, event: FormEvent<HTMLTextAreaElement>) => void
  formRef?: Ref<HTMLFormElement>
  captchaRef?: Ref<HTMLDivElement>
  messageRef?: Ref<HTMLDivElement>
  renderAddressLine?: (props: AddressLineProps) => ReactNode
}

/** The state the server renders: the plain post's outcome, or a blank form. */
export function initialFormState(props: PublicFormProps): PublicFormState {
  const initial = props.initial
  return {
    errors: initial?.errors ?? {},
    message: initial?.message ?? null,
    locked: false,
    submitted: initial?.submitted ?? false,
    counts: {},
  }
}

export function PublicFormView({
  props,
  state,
  handlers = {},
}: {
  props: PublicFormProps
  state: PublicFormState
  handlers?: PublicFormHandlers
}) {
  const { form, idPrefix } = props
  const failed = state.message !== null || Object.keys(state.errors).length > 0
  const problem = failed && !form.isNewsletter
  const kind = form.isNewsletter ? 'newsletter-form' : 'contact-form'
  return (
    <div className={`form-wrapper ${kind}-wrapper`} data-form-id={form.id}>
      <form
        className={`sqs-form ${kind}`}
        method="post"
        noValidate
        aria-label={form.name}
        hidden={state.submitted}
        aria-busy={state.locked || undefined}
        onSubmit={handlers.onSubmit}
        ref={handlers.formRef}
      >
        <div className="form-messages" ref={handlers.messageRef} tabIndex={-1}>
          {problem ? (
            <p className="form-problem form-problem-above" role="alert">
              {FORMS_TEXT.problemAbove}
            </p>
          ) : null}
          {state.message !== null ? (
            <p className="form-error" role={problem ? undefined : 'alert'}>
              {state.message}
            </p>
          ) : null}
        </div>
        <FormFieldsView
          fields={form.fields}
          idPrefix={idPrefix}
          values={props.initial?.values ?? {}}
          errors={state.errors}
          counts={state.counts}
          onTextInput={handlers.onTextInput}
          renderAddressLine={handlers.renderAddressLine}
        />
        {form.captcha !== null ? (
          <div
            className={`captcha-container captcha-${form.captcha.alignment}`}
            data-sitekey={form.captcha.siteKey}
            ref={handlers.captchaRef}
          />
        ) : null}
        <div className="form-button-wrapper">
          <button type="submit" className="button sqs-system-button" disabled={state.locked}>
            {state.locked ? FORMS_TEXT.submitting : form.submitButtonText}
          </button>
        </div>
        {problem ? <p className="form-problem form-problem-below">{FORMS_TEXT.problemBelow}</p> : null}
        {form.disclaimer ? <p className="form-disclaimer">{form.disclaimer}</p> : null}
        {/* Last, so a form's first control is one the shopper uses. */}
        <input type="hidden" name={PAGE_POST_FIELD.action} value="form" />
        <input type="hidden" name={PAGE_POST_FIELD.formId} value={form.id} />
      </form>
      {state.submitted ? (
        <div className="form-submission" role="status" tabIndex={-1}>
          <p className="form-submission-text">{form.submissionMessage}</p>
          {form.confirmsEmail ? (
            <p className="form-submission-confirm">{FORMS_TEXT.confirmationSent}</p>
          ) : null}
          {form.submissionHtml ? (
            <div
              className="form-submission-html"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: post-submit markup is the merchant's own HTML (storefront.md section 4), like a page's mainContent.
              dangerouslySetInnerHTML={{ __html: form.submissionHtml }}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
