/**
 * The full-page cart (storefront.md sections 2 and 9): each entry with its image, options,
 * additional-fields answers, price, quantity and remove, then the subtotal, installments where
 * every item is physical, and the way to checkout. Every change is a plain form posting to the
 * worker (works without script); the island sends the same through the cart API.
 */
import type { ChangeEventHandler, FormEventHandler, ReactNode } from 'react'
import {
  type AdditionalFieldsForm,
  CART_QUANTITY_CAP,
  CART_TEXT,
  type CartEntryView,
  centsText,
  fillText,
  isCartInstallmentEligible,
  type MoneyDisplay,
  QUANTITY_INPUT,
  type ShoppingCart,
} from '../../shared/index'
import { type TeaserOffer, teaserMessage } from '../installment-teaser/rules'
import { Amounts, CouponForms, ShippingForm } from './amounts'

export type CartProps = {
  cart: ShoppingCart
  display: MoneyDisplay
  /** The additional-fields forms the entries were added with, by form id. */
  forms: Record<string, AdditionalFieldsForm>
  /** The store's installment offer, or null. */
  installment: TeaserOffer | null
}

/** What the live island adds: quantities as typed, per-entry messages, handlers. */
export type CartState = {
  quantities?: Record<string, string>
  errors?: Record<string, string>
  busy?: boolean
  onQuantity?: (entryId: string) => ChangeEventHandler<HTMLInputElement>
  onUpdate?: (entryId: string) => FormEventHandler<HTMLFormElement>
  onRemove?: (entryId: string) => FormEventHandler<HTMLFormElement>
  onEdit?: (entryId: string) => void
}

/** The installment line of the cart: only when every item is physical (storefront.md section 5). */
export function cartInstallmentText(
  cart: ShoppingCart,
  offer: TeaserOffer | null,
  display: MoneyDisplay,
): string | null {
  if (offer === null || !isCartInstallmentEligible(cart.entries)) return null
  return teaserMessage(cart.subtotal.value, offer, display)?.text ?? null
}

/** '3 items', or 'More than 100 items in cart' above the cap. */
export function cartCountText(totalQuantity: number): string {
  if (totalQuantity > CART_QUANTITY_CAP) return CART_TEXT.cartOverCapLabel
  return totalQuantity === 1
    ? CART_TEXT.itemCountOne
    : fillText(CART_TEXT.itemCount, { count: totalQuantity })
}

const noChange = () => {}

function EntryRow(props: {
  entry: CartEntryView
  cart: ShoppingCart
  display: MoneyDisplay
  editable: boolean
  state: CartState
}) {
  const { entry, display, state } = props
  const currency = props.cart.subtotal.currency
  const quantityId = `cart-quantity-${entry.id}`
  const error = state.errors?.[entry.id]
  return (
    <li className="cart-entry" data-entry-id={entry.id} data-item-id={entry.itemId}>
      {entry.image ? (
        <img
          className="cart-entry-image"
          src={entry.image.assetUrl}
          alt={entry.image.altText}
          width={96}
          height={120}
          loading="lazy"
        />
      ) : (
        <span className="cart-entry-image" />
      )}
      <div className="cart-entry-details">
        <a className="cart-entry-title" href={entry.url}>
          {entry.title}
        </a>
        {Object.keys(entry.chosenVariant.attributes).length > 0 ? (
          <ul className="cart-entry-options">
            {Object.entries(entry.chosenVariant.attributes).map(([name, value]) => (
              <li key={name}>{`${name}: ${value}`}</li>
            ))}
          </ul>
        ) : null}
        {entry.additionalFieldsSummary.length > 0 ? (
          <dl className="cart-entry-fields">
            {entry.additionalFieldsSummary.map((answer) => [
              <dt key={`t${answer.title}`}>{answer.title}</dt>,
              <dd key={`d${answer.title}`}>{answer.value}</dd>,
            ])}
          </dl>
        ) : null}
        {props.editable ? (
          <button type="button" className="cart-entry-edit" onClick={() => state.onEdit?.(entry.id)}>
            {CART_TEXT.entryEditDetails}
          </button>
        ) : null}
        <p className="cart-entry-price">
          <span className="visually-hidden">{`${CART_TEXT.entryUnitPrice}: `}</span>
          {centsText(entry.unitPriceCents, currency, display)}
        </p>
      </div>
      <form
        className="cart-entry-quantity"
        method="post"
        action={`/cart/entries/${entry.id}/quantity`}
        onSubmit={state.onUpdate?.(entry.id)}
        noValidate
      >
        <label htmlFor={quantityId}>{CART_TEXT.entryQuantity}</label>
        <input
          id={quantityId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={String(QUANTITY_INPUT.min)}
          max={String(QUANTITY_INPUT.max)}
          step={String(QUANTITY_INPUT.step)}
          size={QUANTITY_INPUT.size}
          value={state.quantities?.[entry.id] ?? String(entry.quantity)}
          onChange={state.onQuantity?.(entry.id) ?? noChange}
        />
        <button type="submit" className="cart-entry-update" disabled={state.busy}>
          {CART_TEXT.entryUpdate}
        </button>
      </form>
      <form
        className="cart-entry-remove"
        method="post"
        action={`/cart/entries/${entry.id}/remove`}
        onSubmit={state.onRemove?.(entry.id)}
      >
        <button
          type="submit"
          aria-label={fillText(CART_TEXT.entryRemoveLabel, { title: entry.title })}
          disabled={state.busy}
        >
          {CART_TEXT.entryRemove}
        </button>
      </form>
      <p className="cart-entry-total">{centsText(entry.lineCents, currency, display)}</p>
      {error ? (
        <p className="cart-entry-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}

export function CartView(props: CartProps & CartState & { children?: ReactNode }) {
  const { cart, display, installment } = props
  if (cart.entries.length === 0)
    return (
      <section className="cart-page" id="sqs-cart-root">
        <h1 className="page-title">{CART_TEXT.cartPageTitle}</h1>
        <div className="cart-container">
          <p className="empty-message">{CART_TEXT.cartEmpty}</p>
          <a className="cart-continue-button" href="/">
            {CART_TEXT.continueShopping}
          </a>
        </div>
      </section>
    )
  const installmentText = cartInstallmentText(cart, installment, display)
  return (
    <section className="cart-page" id="sqs-cart-root">
      <h1 className="page-title">{CART_TEXT.cartPageTitle}</h1>
      <div className="cart-container">
        <p className="cart-count" aria-live="polite">
          {cartCountText(cart.totalQuantity)}
        </p>
        <ul className="cart-entries">
          {cart.entries.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              cart={cart}
              display={display}
              editable={
                entry.additionalFieldsFormId !== null &&
                props.forms[entry.additionalFieldsFormId] !== undefined
              }
              state={props}
            />
          ))}
        </ul>
        <div className="cart-summary">
          <p className="cart-subtotal">
            <span>{CART_TEXT.subtotal}</span>{' '}
            <span className="cart-subtotal-amount">
              {centsText(cart.subtotalCents, cart.subtotal.currency, display)}
            </span>
          </p>
          <Amounts amounts={cart} currency={cart.subtotal.currency} display={display} withSubtotal={false} />
          {installmentText === null ? null : <p className="cart-installments">{installmentText}</p>}
          {cart.requiresShipping ? (
            <ShippingForm
              location={cart.shippingLocation}
              options={cart.shippingOptions}
              selected={cart.selectedShippingOption}
              problem={cart.shippingProblem}
              currency={cart.subtotal.currency}
              display={display}
            />
          ) : null}
          <CouponForms valid={cart.validCoupons} invalid={cart.invalidCoupons} back="/cart" />
          <a className="cart-checkout-button sqs-button-element--primary" href="/checkout">
            {CART_TEXT.checkoutButton}
          </a>
        </div>
      </div>
      {props.children}
    </section>
  )
}

/** The server's markup. */
export function CartPageView(props: CartProps): ReactNode {
  return <CartView {...props} />
}
