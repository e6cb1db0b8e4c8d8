/**
 * The back-in-stock sign-up form (storefront.md sections 2, 3 and 5) of a product's sold-out
 * variants: the CTA text, an email input hinted as email, the mailing-list checkbox (pre-checked
 * when opt-in is the default), the captcha container when the website has a captcha site key,
 * the submit button, and the error or success message (with double opt-in, it asks the shopper
 * to confirm the address from the email). A restock notice can be hidden by default.
 *
 * One form serves every sold-out variant (issue 26: a form per variant was a sixth of a product
 * page's bytes): it names the variant it signs up for in `data-variant-id` and its `variantId`
 * field, and lists the variants it serves in `data-variant-ids`. The variant picker
 * (islands/variant-picker) shows it when the chosen variant is one of them and points it at that
 * variant; this island then follows the picker's `storefront:variant-change`.
 *
 * Without script the form posts (method POST, to this page, with its product and variant) to
 * the worker, which answers the same page with the outcome in `initial`, for the variant the
 * page opened with: the posted one, else the one shown without a choice (a product with one variant).
 */
import type { FormEvent, Ref } from 'react'
import { RESTOCK_TEXT } from '../../shared/index'
import { PAGE_POST_FIELD } from '../page-action'

/** The island's props: plain JSON, built by server.ts from the restock views. */
export type RestockNotificationProps = {
  productId: string
  /** The sold-out variants the form serves, printed once in `data-variant-ids` (island.ts `markerProps`). */
  variantIds: string[]
  /** The variant the form serves as the page opens (its `variantId` field). */
  variantId: string
  /** Hidden until the picker chooses one of `variantIds`: no variant's notice is shown by default and none was posted. */
  hidden: boolean
  ctaText: string
  placeholderText: string
  buttonText: string
  mailingList: { description: string; checked: boolean } | null
  /** The website's captcha site key when a captcha is shown, else null. */
  captchaSiteKey: string | null
  /** Double opt-in (`website.doubleOptIn`): the success message says to confirm the address. */
  doubleOptIn: boolean
  /** A plain post's outcome for one of the variants. */
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
  rootRef?: Ref<HTMLDivElement>
}

/** A variant's state as the server renders it: blank, or the plain post's outcome. */
export function initialRestockState(props: RestockNotificationProps, variantId: string): RestockViewState {
  const initial = props.initial?.variantId === variantId ? props.initial : null
  return { message: initial?.message ?? null, submitted: initial?.submitted ?? false, locked: false }
}

/** The form for `variantId` in `state`; the server renders it with the first variant's initial state. */
export function RestockNotificationItem({
  props,
  variantId,
  state,
  handlers = {},
}: {
  props: RestockNotificationProps
  variantId: string
  state: RestockViewState
  handlers?: RestockViewHandlers
}) {
  const posted = props.initial?.variantId === variantId
  const base = `restock-${props.productId}`
  const failed = state.message !== null && !state.submitted
  return (
    <div
      className="product-restock-notification"
      data-product-id={props.productId}
      data-variant-id={variantId}
      data-variant-ids={JSON.stringify(props.variantIds)}
      hidden={props.hidden}
      ref={handlers.rootRef}
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
          {/* Last, so the form's first control is the email. The picker sets `variantId` before
              this island is live, so a post sent meanwhile names the chosen variant. */}
          <input type="hidden" name={PAGE_POST_FIELD.action} value="restock" />
          <input type="hidden" name={PAGE_POST_FIELD.productId} value={props.productId} />
          <input type="hidden" name={PAGE_POST_FIELD.variantId} value={variantId} />
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

/** The form as the server renders it. */
export function RestockNotificationView(props: RestockNotificationProps) {
  return (
    <RestockNotificationItem
      props={props}
      variantId={props.variantId}
      state={initialRestockState(props, props.variantId)}
    />
  )
}
