/**
 * The restock sign-up forms in the browser (storefront.md sections 4, 5 and 8). Each view
 * checks its email and captcha with the rule the worker applies ('Email cannot be blank',
 * 'Email is invalid', 'Complete CAPTCHA before submitting.'), sends
 * `API.restockSignUp`, and shows the success message (the
 * captcha destroyed) or the error (the captcha reset): a refused crumb 'Your session has
 * expired…' (or 'Please enable cookies…'), 429 'Please try again in a few seconds.', otherwise
 * the server's message.
 */
import { type FormEvent, useCallback, useRef, useState } from 'react'
import { API, COMMERCE_TEXT, FORMS_TEXT, restockSignUpError } from '../../shared/index'
import { useCaptcha } from '../captcha/use-captcha'
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

function LiveRestockItem({
  props,
  view,
}: {
  props: RestockNotificationProps
  view: RestockNotificationProps['views'][number]
}) {
  const [state, setState] = useState<RestockViewState>(() => initialRestockState(props, view.variantId))
  const captchaRef = useRef<HTMLDivElement>(null)
  const captcha = useCaptcha(captchaRef, props.captchaSiteKey)

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
        variantId: view.variantId,
        captchaToken: token || undefined,
      })
      if (answer.status === 200) {
        captcha.destroy()
        setState({ message: null, submitted: true, locked: false })
        return
      }
      captcha.reset()
      setState({ message: failureMessage(answer.status, answer.body), submitted: false, locked: false })
    },
    [captcha, props.productId, state.locked, view.variantId],
  )

  return (
    <RestockNotificationItem
      props={props}
      view={view}
      state={state}
      handlers={{ onSubmit: (event) => void onSubmit(event), captchaRef }}
    />
  )
}

function RestockNotifications(props: RestockNotificationProps) {
  return (
    <div className="product-restock-notifications">
      {props.views.map((view) => (
        <LiveRestockItem key={view.variantId} props={props} view={view} />
      ))}
    </div>
  )
}

export default defineClient('restock-notification', RestockNotifications)
