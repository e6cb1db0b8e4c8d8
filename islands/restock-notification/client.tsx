/**
 * The restock sign-up form in the browser (storefront.md sections 4, 5 and 8). It signs up for
 * the variant the picker chose (`storefront:variant-change`, one of the form's variants), keeps
 * each variant's outcome apart (a success for one leaves the others' form blank), checks its email and captcha with the rule the worker applies ('Email cannot be blank',
 * 'Email is invalid', 'Complete CAPTCHA before submitting.'), sends
 * `API.restockSignUp`, and shows the success message (the
 * captcha destroyed) or the error (the captcha reset): a refused crumb 'Your session has
 * expired…' (or 'Please enable cookies…'), 429 'Please try again in a few seconds.', otherwise
 * the server's message.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { API, COMMERCE_TEXT, FORMS_TEXT, restockSignUpError } from '../../shared/index'
import { useCaptcha } from '../captcha/use-captcha'
import { ISLAND_EVENT, onIslandEvent } from '../constants'
import { defineClient } from '../contracts'
import { messageOf, request } from '../http'
import { PAGE_POST_FIELD } from '../page-action'
import {
  initialRestockState,
  RestockNotificationItem,
  type RestockNotificationProps,
  type RestockViewState,
} from './view'

/** What the shopper is told when the sign-up was refused. */
function failureMessage(status: number, body: Record<string, unknown> | null): string {
  if (status === 403 && body?.crumbFail === true) {
    return navigator.cookieEnabled ? COMMERCE_TEXT.sessionExpired : COMMERCE_TEXT.enableCookies
  }
  if (status === 429) return COMMERCE_TEXT.tryAgainShortly
  return messageOf({ body }) ?? FORMS_TEXT.unknownError
}

function RestockNotification(props: RestockNotificationProps) {
  const [variantId, setVariantId] = useState(props.variantId)
  const [states, setStates] = useState<Readonly<Record<string, RestockViewState>>>({})
  const state = states[variantId] ?? initialRestockState(props, variantId)
  const setState = useCallback(
    (next: (previous: RestockViewState) => RestockViewState) =>
      setStates((all) => ({
        ...all,
        [variantId]: next(all[variantId] ?? initialRestockState(props, variantId)),
      })),
    [props, variantId],
  )
  const rootRef = useRef<HTMLDivElement>(null)
  const captchaRef = useRef<HTMLDivElement>(null)
  const captcha = useCaptcha(captchaRef, props.captchaSiteKey)

  // The picker's choice (also the one that woke this island): one of the form's variants.
  useEffect(() => {
    const product = rootRef.current?.closest('.product-detail') ?? document.body
    return onIslandEvent(
      product,
      ISLAND_EVENT.variantChange,
      ({ itemId, variant }) => {
        const id = variant?.id
        if (itemId === props.productId && id !== undefined && props.variantIds.includes(id)) setVariantId(id)
      },
      { last: true },
    )
  }, [props.productId, props.variantIds])

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (state.locked) return
      const form = event.currentTarget
      const field = (name: string) => form.elements.namedItem(name)
      const email = field(PAGE_POST_FIELD.email)
      const join = field(PAGE_POST_FIELD.joinMailingList)
      const address = email instanceof HTMLInputElement ? email.value : ''
      const token = captcha.token()
      const problem = restockSignUpError(address, captcha.shown, token)
      if (problem !== null) {
        setState((previous) => ({ ...previous, message: problem }))
        if (email instanceof HTMLInputElement && problem !== FORMS_TEXT.captchaRequired) email.focus()
        return
      }
      setState((previous) => ({ ...previous, locked: true, message: null }))
      const answer = await request(API.restockSignUp, {
        isJoinMailingList: join instanceof HTMLInputElement && join.checked,
        productId: props.productId,
        siteVisitorEmail: address.trim(),
        variantId,
        captchaToken: token || undefined,
      })
      if (answer.status === 200) {
        captcha.destroy()
        setState(() => ({ message: null, submitted: true, locked: false }))
        return
      }
      captcha.reset()
      setState(() => ({
        message: failureMessage(answer.status, answer.body),
        submitted: false,
        locked: false,
      }))
    },
    [captcha, props.productId, state.locked, variantId, setState],
  )

  return (
    <RestockNotificationItem
      props={props}
      variantId={variantId}
      state={state}
      handlers={{ onSubmit: (event) => void onSubmit(event), captchaRef, rootRef }}
    />
  )
}

/**
 * The variants the marker leaves out (island.ts `markerProps`): the server HTML carries them in
 * the form's `data-variant-ids`, written once in the page.
 */
export function propsFromMarkup(element: Element, props: RestockNotificationProps): RestockNotificationProps {
  const printed = element.querySelector('[data-variant-ids]')?.getAttribute('data-variant-ids') ?? '[]'
  const value: unknown = JSON.parse(printed)
  const variantIds = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  return { ...props, variantIds }
}

export default defineClient('restock-notification', RestockNotification)
