/**
 * The personal commerce pages' markup (rendering only): checkout (order summary beside the
 * checkout form island), order confirmed, subscription, gift card, and the page a plain form
 * post gets when the cart refuses it.
 */

import { Amounts, type AmountsView, type CheckoutFormProps, CouponForms } from '../../islands/index'
import { CART_TEXT, COMMERCE_TEXT, centsText, type MoneyDisplay, type ShoppingCart } from '../../shared/index'
import type { OrderLine, OrderRow } from '../db/orders'
import { islandHtml } from './islands'
import { renderToString } from './react-server'

function Lines(props: { lines: OrderLine[]; currency: string; display: MoneyDisplay }) {
  return (
    <ul className="order-lines">
      {props.lines.map((line) => (
        <li key={`${line.sku}-${line.additionalFields ?? ''}`} className="order-line">
          <span className="order-line-title">
            {line.title}
            {Object.keys(line.attributes).length > 0 ? (
              <span className="order-line-options">{` (${Object.values(line.attributes).join(' / ')})`}</span>
            ) : null}
          </span>
          <span className="order-line-quantity">{`× ${line.quantity}`}</span>
          <span className="order-line-total">
            {centsText(line.unitCents * line.quantity, props.currency, props.display)}
          </span>
        </li>
      ))}
    </ul>
  )
}

export interface OrderSummary {
  lines: OrderLine[]
  currency: string
  subtotalCents: number
  installmentText: string | null
  /** The subscription's wording ('$24.00 every month'), for a subscription. */
  planText: string | null
  /** Discount, shipping, tax and total (issue 25); `coupons` null where no code can be entered. */
  amounts: AmountsView
  coupons: Pick<ShoppingCart, 'validCoupons' | 'invalidCoupons'> | null
}

function Summary(props: OrderSummary & { display: MoneyDisplay }) {
  return (
    <aside className="checkout-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">{CART_TEXT.orderSummary}</h2>
      <Lines lines={props.lines} currency={props.currency} display={props.display} />
      {props.planText ? (
        <p className="checkout-plan">
          {CART_TEXT.subscriptionPlanLabel}: {props.planText}
        </p>
      ) : null}
      <Amounts amounts={props.amounts} currency={props.currency} display={props.display} />
      {props.coupons ? (
        <CouponForms
          valid={props.coupons.validCoupons}
          invalid={props.coupons.invalidCoupons}
          back="/checkout"
        />
      ) : null}
      {props.installmentText ? <p className="checkout-installments">{props.installmentText}</p> : null}
    </aside>
  )
}

export function checkoutPageHtml(
  summary: OrderSummary,
  display: MoneyDisplay,
  form: CheckoutFormProps,
): string {
  const aside = renderToString(<Summary {...summary} display={display} />)
  return `<section class="checkout-page"><h1 class="page-title">${CART_TEXT.checkoutTitle}</h1><div class="checkout-layout">${islandHtml('checkout-form', form)}${aside}</div></section>`
}

/** The order page's title: confirmed, being placed, not placed or refunded. */
export function orderTitleOf(order: OrderRow): string {
  if (order.status === 'paid') return CART_TEXT.orderConfirmedTitle
  if (order.status === 'failed') return CART_TEXT.orderFailedTitle
  if (order.status === 'refunded') return CART_TEXT.orderRefundedTitle
  return CART_TEXT.checkoutTitle
}

function OrderStatusText(props: { order: OrderRow }) {
  switch (props.order.status) {
    case 'paid':
      return <p>{CART_TEXT.orderConfirmedThanks}</p>
    case 'failed':
      return (
        <p role="status">
          {CART_TEXT.orderFailed} <a href="/cart">{CART_TEXT.backToCart}</a>
        </p>
      )
    case 'refunded':
      return <p role="status">{CART_TEXT.orderRefunded}</p>
    default:
      return <p role="status">{CART_TEXT.orderPending}</p>
  }
}

export function orderPageHtml(order: OrderRow, display: MoneyDisplay, planText: string | null): string {
  return renderToString(
    <section className="order-confirmed">
      <h1 className="page-title">{orderTitleOf(order)}</h1>
      <OrderStatusText order={order} />
      <dl className="order-facts">
        <dt>{CART_TEXT.orderNumber}</dt>
        <dd className="order-number">{order.id}</dd>
        <dt>{CART_TEXT.orderEmail}</dt>
        <dd>{order.email}</dd>
        {order.giftCardCode ? (
          <>
            <dt>{CART_TEXT.giftCardCodeLabel}</dt>
            <dd className="gift-card-code">
              <code>{order.giftCardCode}</code>
            </dd>
          </>
        ) : null}
        {planText ? (
          <>
            <dt>{CART_TEXT.subscriptionPlanLabel}</dt>
            <dd className="order-plan">{planText}</dd>
          </>
        ) : null}
      </dl>
      <Lines lines={order.lines} currency={order.currency} display={display} />
      <p className="checkout-total">
        <span>{CART_TEXT.total}</span>{' '}
        <span>{centsText(order.grandTotalCents, order.currency, display)}</span>
      </p>
      <p>
        <a href="/">{CART_TEXT.continueShopping}</a>
      </p>
    </section>,
  )
}

/** The page asking a browser that did not place an order for its number and email. */
export function orderLookupHtml(props: {
  action: string
  orderNumber: string
  email: string
  error: string | null
}) {
  const described = props.error ? 'order-lookup-error' : undefined
  return renderToString(
    <section className="status-page order-lookup">
      <h1>{CART_TEXT.orderLookupTitle}</h1>
      <p>{CART_TEXT.orderLookupIntro}</p>
      <form className="order-lookup-form" method="post" action={props.action}>
        {props.error ? (
          <p className="order-lookup-error" role="alert" id="order-lookup-error">
            {props.error}
          </p>
        ) : null}
        <label htmlFor="order-lookup-number">{CART_TEXT.orderNumber}</label>
        <input
          id="order-lookup-number"
          name="orderNumber"
          required
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          defaultValue={props.orderNumber}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
        />
        <label htmlFor="order-lookup-email">{CART_TEXT.emailLabel}</label>
        <input
          id="order-lookup-email"
          name="email"
          type="email"
          required
          maxLength={256}
          autoComplete="email"
          defaultValue={props.email}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
        />
        <button type="submit" className="order-lookup-submit">
          {CART_TEXT.orderLookupSubmit}
        </button>
      </form>
    </section>,
  )
}

/** The subscription or gift card page: what is bought, and on to checkout. */
export function singlePurchaseHtml(props: {
  heading: string
  title: string
  image: string | null
  facts: [string, string][]
  checkoutUrl: string
}): string {
  return renderToString(
    <section className="single-purchase">
      <h1 className="page-title">{props.heading}</h1>
      <div className="single-purchase-item">
        {props.image ? <img src={props.image} alt="" width={240} height={300} /> : null}
        <div>
          <h2>{props.title}</h2>
          <dl>
            {props.facts.map(([name, value]) => [
              <dt key={`t${name}`}>{name}</dt>,
              <dd key={`d${name}`}>{value}</dd>,
            ])}
          </dl>
          <a className="single-purchase-checkout sqs-button-element--primary" href={props.checkoutUrl}>
            {CART_TEXT.continueToCheckout}
          </a>
        </div>
      </div>
    </section>,
  )
}

/** A refusal shown as a page (plain form posts, bad links): the alert's title, the message, a way back. */
export function refusalHtml(title: string, message: string, back: { href: string; label: string }): string {
  return renderToString(
    <section className="status-page" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href={back.href}>{back.label}</a>
      </p>
    </section>,
  )
}

export const REFUSAL_TITLE = COMMERCE_TEXT.unableToAddItem

/** The layout of the personal commerce pages (checkout, order, lookup, single purchase, refusals). */
export const COMMERCE_PAGE_CSS = `
.checkout-layout{display:grid;gap:2rem}
@media (min-width:992px){.checkout-layout{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}
.order-lines{list-style:none;margin:0;padding:0}
.order-line{display:flex;flex-wrap:wrap;gap:.25rem 1rem;justify-content:space-between;padding:.5rem 0;border-bottom:1px solid #e4e1da}
.order-line-title{flex:1 1 12rem}
.checkout-total{display:flex;justify-content:space-between;font-weight:700;font-size:1.1rem}
.order-facts dt{font-weight:600}.order-facts dd{margin:0 0 .5rem}
.gift-card-code code{font-size:1.25rem;letter-spacing:.1em}
.single-purchase-item{display:flex;flex-wrap:wrap;gap:1.5rem}
.single-purchase-checkout{display:inline-flex;align-items:center;min-height:3rem;padding:0 2.5rem;border-radius:var(--r-btn,4px);background:var(--c-accent,#1d1d1b);color:var(--c-on-accent,#fff);text-decoration:none;font-weight:600}
`
