/**
 * A public form in the browser (storefront.md sections 4, 5 and 8). It hydrates the server's
 * form (same view, same props) and takes over its submission:
 *
 * 1. The values are gathered from the controls (`gatherFormValues`, hidden fields from the
 *    page's query string) and checked with the rules the worker applies (templates/forms):
 *    the captcha first, then every field; errors show above their fields and nothing is sent.
 *    Then `API.validateForm` (`POST /api/rest/forms/validate/{formId}`) asks the worker's
 *    verdict; its errors by field id show the same way. A form with `validationDisabled` skips
 *    both (storefront.md section 5); the captcha is still needed and the worker still checks.
 * 2. The form locks and its button reads 'Submitting…'; `API.formSubmissionKey`
 *    gives a key, `API.saveFormSubmission` sends the values with it.
 * 3. Success: the captcha is destroyed, `storefront:form-submit` fires (newsletter tracking),
 *    then the redirect if the form has one, else the thank-you text and post-submit markup in
 *    place of the form. Failure: the errors, the captcha reset, the form unlocked.
 *
 * A retry keeps its key (issue 19): after a failure that leaves unknown whether an earlier
 * copy was stored (no answer, a 5xx; a 429 or a refused crumb, which did nothing themselves but
 * may follow a lost answer), pressing again with the same answers sends the same key, and the
 * worker answers success for a key whose submission it stored. A new key is asked for after a
 * success, when the answers changed, and after any other answer (a 401 expired key, a 422 key
 * spent on other answers, a 400, a 404).
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import {
  API,
  captchaError,
  characterCount,
  type FieldErrors,
  gatherFormValues,
  validateFormValues,
} from '../../shared/index'
import { useCaptcha } from '../captcha/use-captcha'
import { dispatchIslandEvent, ISLAND_EVENT } from '../constants'
import { defineClient } from '../contracts'
import { request, retryKeepsKey } from '../http'
import { AddressLine } from './address'
import { controlsOf, focusField } from './dom'
import type { AddressLineProps } from './fields'
import { keyFailure, submissionFailure, validationErrors } from './rules'
import { initialFormState, type PublicFormProps, type PublicFormState, PublicFormView } from './view'

/** The key of the submission being sent, and the answers it was taken for. */
interface PendingKey {
  key: string
  answers: string
}

/** Where focus goes after an outcome: the first field in error, the messages, the thank-you. */
type FocusTarget = { kind: 'field'; fieldId: string } | { kind: 'messages' } | { kind: 'submission' } | null

function PublicForm(props: PublicFormProps) {
  const { form } = props
  const [state, setState] = useState<PublicFormState>(() => initialFormState(props))
  const [live, setLive] = useState(false)
  const [focus, setFocus] = useState<FocusTarget>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const captchaRef = useRef<HTMLDivElement>(null)
  const messageRef = useRef<HTMLDivElement>(null)
  const pendingKey = useRef<PendingKey | null>(null)
  const captcha = useCaptcha(captchaRef, form.captcha?.siteKey ?? null, form.captcha?.theme)

  useEffect(() => setLive(true), [])

  useEffect(() => {
    const root = formRef.current?.parentElement
    if (focus === null || !root) return
    if (focus.kind === 'submission') root.querySelector<HTMLElement>('.form-submission')?.focus()
    else if (focus.kind === 'messages') messageRef.current?.focus()
    else focusField(props.idPrefix, focus.fieldId)
    setFocus(null)
  }, [focus, props.idPrefix])

  const fail = useCallback(
    (message: string | null, errors: FieldErrors) => {
      setState((previous) => ({ ...previous, locked: false, message, errors }))
      captcha.reset()
      const first = form.fields.find((field) => errors[field.id])
      setFocus(first && message === null ? { kind: 'field', fieldId: first.id } : { kind: 'messages' })
    },
    [captcha, form.fields],
  )

  const submit = useCallback(
    async (element: HTMLFormElement) => {
      const query = new URLSearchParams(window.location.search)
      const values = gatherFormValues(form.fields, controlsOf(element), (name) => query.get(name))
      const token = captcha.token()
      const captchaMessage = captchaError(captcha.shown, token)
      if (captchaMessage !== null) {
        setState((previous) => ({ ...previous, message: captchaMessage, errors: {} }))
        setFocus({ kind: 'messages' })
        return
      }
      const showErrors = (errors: FieldErrors, message: string | null) => {
        setState((previous) => ({ ...previous, locked: false, message, errors }))
        const first = form.fields.find((field) => errors[field.id])
        if (first) setFocus({ kind: 'field', fieldId: first.id })
      }
      if (!form.validationDisabled) {
        const errors = validateFormValues(form.fields, values)
        if (Object.keys(errors).length > 0) {
          showErrors(errors, null)
          return
        }
      }
      setState((previous) => ({ ...previous, locked: true, message: null, errors: {} }))
      if (!form.validationDisabled) {
        // The server's rules before a submission key is spent (storefront.md section 7).
        const checked = await request(API.validateForm, values, { params: { formId: form.id } })
        const errors = validationErrors(checked.status, checked.body)
        if (Object.keys(errors).length > 0) {
          showErrors(errors, null)
          return
        }
      }
      const answers = JSON.stringify(values)
      let key = pendingKey.current?.answers === answers ? pendingKey.current.key : null
      if (key === null) {
        const keyAnswer = await request(API.formSubmissionKey, {})
        const issued = (keyAnswer.body?.data as { key?: unknown } | undefined)?.key
        if (keyAnswer.status !== 200 || typeof issued !== 'string') {
          fail(keyFailure(keyAnswer.status), {})
          return
        }
        key = issued
        pendingKey.current = { key, answers }
      }
      const saved = await request(API.saveFormSubmission, {
        key,
        formId: form.id,
        form: JSON.stringify(values),
        captchaKey: token || undefined,
        pageTitle: props.page.title,
        pageId: props.page.id,
        pagePath: props.page.path || window.location.pathname,
        contentSource: 'island',
      })
      if (saved.status !== 200) {
        if (!retryKeepsKey(saved.status)) pendingKey.current = null
        const failure = submissionFailure(saved.status, saved.body)
        fail(failure.message, failure.errors)
        return
      }
      pendingKey.current = null
      captcha.destroy()
      dispatchIslandEvent(element, ISLAND_EVENT.formSubmit, {
        formId: form.id,
        isNewsletter: form.isNewsletter,
      })
      // The tracking script's pixel counts a newsletter sign-up.
      if (form.isNewsletter) dispatchIslandEvent(element, ISLAND_EVENT.newsletterSignUp, { formId: form.id })
      if (form.successRedirect) {
        window.location.assign(form.successRedirect)
        return
      }
      setState((previous) => ({ ...previous, locked: false, submitted: true }))
      setFocus({ kind: 'submission' })
    },
    [captcha, fail, form, props.page],
  )

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (state.locked) return
      void submit(event.currentTarget)
    },
    [state.locked, submit],
  )

  const onTextInput = useCallback((fieldId: string, event: FormEvent<HTMLTextAreaElement>) => {
    const count = characterCount(event.currentTarget.value)
    setState((previous) => ({ ...previous, counts: { ...previous.counts, [fieldId]: count } }))
  }, [])

  const renderAddressLine = useCallback(
    (line: AddressLineProps) => <AddressLine line={line} live={live} />,
    [live],
  )

  return (
    <PublicFormView
      props={props}
      state={state}
      handlers={{ onSubmit, onTextInput, formRef, captchaRef, messageRef, renderAddressLine }}
    />
  )
}

export default defineClient('public-form', PublicForm)
