/**
 * Back-in-stock sign-up forms (storefront.md sections 2, 3 and 5), one per variant view of a
 * product: the CTA text, an email input hinted as email, the mailing-list checkbox (pre-checked
 * when opt-in is the default), the captcha container when the website has a captcha site key,
 * the submit button, and the error or success message (with double opt-in, it asks the shopper
 * to confirm the address from the email). A view can be hidden by default; the
 * variant picker shows the one of the chosen variant (islands/variant-picker).
 *
 * Without script each form posts (method POST, to this page, with its product and variant) to
 * the worker, which answers the same page with the outcome in `initial`.
 */
import type { FormEvent, Ref } from 'react'
import { RESTOCK_TEXT } from '../../shared/index'
import { PAGE_POST_FIELD } from '../page-action'

/** The island's props: plain JSON, built by server.ts from the restock views. */
export type RestockNotificationProps = {
  productId: string
  views: { variantId: string; hidden: boolean }[]
  ctaText: string
  placeholderText: string
  buttonText: string
  mailingList: { description: string; checked: boolean } | null
  /** The website's captcha site key when a captcha is shown, else null. */
  captchaSiteKey: string | null
  /** Double opt-in (`website.doubleOptIn`): the success message says to confirm the address. */
  doubleOptIn: boolean
  /** A plain post's outcome for one of the views. */
  initial: { variantId: string; email: string; message: string | null; submitted: boolean } | null
}

export interface RestockViewState {
  message: string | null
  submitted: boolean
  locked: boolean
}

export interface RestockViewHandlers {
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  captchaRef?: Ref<HTMLDivElement>
}

/** A view's state as the server renders it: blank, or the plain post's outcome. */
export function initialRestockState(props: RestockNotificationProps, variantId: string): RestockViewState {
  const initial = props.initial?.variantId === variantId ? props.initial : null
  return { message: initial?.message ?? null, submitted: initial?.submitted ?? false, locked: false }
}

export function RestockNotificationItem({
  props,
  view,
  state,
  handlers = {},
}: {
  props: RestockNotificationProps
  view: RestockNotificationProps['views'][number]
  state: RestockViewState
  handlers?: RestockViewHandlers
}) {
  const posted = props.initial?.variantId === view.variantId
  const base = `restock-${props.productId}-${view.variantId}`
  const failed = state.message !== null && !state.submitted
  return (
    <div
      className="product-restock-notification"
      data-product-id={props.productId}
      data-variant-id={view.variantId}
      hidden={view.hidden && !posted}
    >
      <span className="product-restock-cta" id={`${base}-cta`}>
        {props.ctaText}
      </span>
      {state.submitted ? null : (
        <form
          className="product-restock-form"
          method="post"
          noValidate
          aria-labelledby={`${base}-cta`}
          onSubmit={handlers.onSubmit}
        >
          <label className="visually-hidden" htmlFor={`${base}-email`}>
            {props.placeholderText || RESTOCK_TEXT.emailLabel}
          </label>
          <input
            type="email"
            id={`${base}-email`}
            name={PAGE_POST_FIELD.email}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            placeholder={props.placeholderText}
            defaultValue={posted ? props.initial?.email : undefined}
            aria-invalid={failed || undefined}
            aria-describedby={`${base}-message`}
          />
          {props.mailingList !== null ? (
            <label className="product-restock-mailing-list">
              <input
                type="checkbox"
                name={PAGE_POST_FIELD.joinMailingList}
                value="on"
                defaultChecked={props.mailingList.checked}
              />
              {props.mailingList.description}
            </label>
          ) : null}
          {props.captchaSiteKey !== null ? (
            <div
              className="captcha-container"
              data-sitekey={props.captchaSiteKey}
              ref={handlers.captchaRef}
            />
          ) : null}
          <button type="submit" className="sqs-editable-button" disabled={state.locked}>
            {state.locked ? RESTOCK_TEXT.submitting : props.buttonText}
          </button>
          {/* Last, so the form's first control is the email. */}
          <input type="hidden" name={PAGE_POST_FIELD.action} value="restock" />
          <input type="hidden" name={PAGE_POST_FIELD.productId} value={props.productId} />
          <input type="hidden" name={PAGE_POST_FIELD.variantId} value={view.variantId} />
        </form>
      )}
      <p
        className={`product-restock-message${failed ? ' error' : state.submitted ? ' success' : ''}`}
        id={`${base}-message`}
        role={failed ? 'alert' : 'status'}
      >
        {state.submitted
          ? props.doubleOptIn
            ? RESTOCK_TEXT.signedUpConfirm
            : RESTOCK_TEXT.signedUp
          : (state.message ?? '')}
      </p>
    </div>
  )
}

/** Every view of the product, as the server renders them. */
export function RestockNotificationView(props: RestockNotificationProps) {
  return (
    <div className="product-restock-notifications">
      {props.views.map((view) => (
        <RestockNotificationItem
          key={view.variantId}
          props={props}
          view={view}
          state={initialRestockState(props, view.variantId)}
        />
      ))}
    </div>
  )
}
