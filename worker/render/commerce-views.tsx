/**
 * The personal commerce pages' markup (rendering only): checkout (order summary beside the
 * checkout form island), order confirmed, subscription, gift card, and the page a plain form
 * post gets when the cart refuses it.
 */

import { Amounts, type AmountsView, type CheckoutFormProps, CouponForms } from '../../islands/index'
import {
  CART_TEXT,
  COMMERCE_TEXT,
  centsText,
  escapeHtml,
  type MoneyDisplay,
  ORDERS_TEXT,
  type ShoppingCart,
} from '../../shared/index'
import type { Receipt } from '../commerce/receipt'
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
export function orderTitleOf(order: OrderRow, text: typeof CART_TEXT = CART_TEXT): string {
  if (order.status === 'paid') return text.orderConfirmedTitle
  if (order.status === 'failed') return text.orderFailedTitle
  if (order.status === 'refunded') return text.orderRefundedTitle
  return text.checkoutTitle
}

function OrderStatusText(props: { order: OrderRow; text: typeof CART_TEXT }) {
  const { text } = props
  switch (props.order.status) {
    case 'paid':
      return <p>{text.orderConfirmedThanks}</p>
    case 'failed':
      return (
        <p role="status">
          {text.orderFailed} <a href="/cart">{text.backToCart}</a>
        </p>
      )
    case 'refunded':
      return <p role="status">{text.orderRefunded}</p>
    default:
      return <p role="status">{text.orderPending}</p>
  }
}

/**
 * The receipt's lines and amounts (worker/commerce/receipt.ts): a definition list a screen
 * reader reads as label and amount; tax already inside the prices is set apart from what is added.
 */
function ReceiptTable(props: { receipt: Receipt }) {
  const { receipt } = props
  return (
    <>
      <ul className="order-lines">
        {receipt.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
          <li key={i} className="order-line">
            <span className="order-line-title">
              {line.title}
              {line.options ? <span className="order-line-options">{` (${line.options})`}</span> : null}
            </span>
            <span className="order-line-quantity">{`× ${line.quantity}`}</span>
            <span className="order-line-total">{line.amount}</span>
          </li>
        ))}
      </ul>
      <dl className="order-amounts">
        {receipt.rows.map((row) => (
          <div key={`${row.kind}-${row.label}`} className={`order-amount order-amount--${row.kind}`}>
            <dt>
              {row.label}
              {row.note ? <small className="order-amount-note">{row.note}</small> : null}
            </dt>
            <dd>{row.amount}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}

export function orderPageHtml(
  order: OrderRow,
  receipt: Receipt,
  planText: string | null,
  back: { href: string; label: string },
): string {
  const text = receipt.cart
  return renderToString(
    <section className="order-confirmed">
      <h1 className="page-title">{orderTitleOf(order, text)}</h1>
      <OrderStatusText order={order} text={text} />
      <dl className="order-facts">
        <dt>{text.orderNumber}</dt>
        <dd className="order-number">{order.id}</dd>
        <dt>{receipt.text.orderDate}</dt>
        <dd className="order-date">{receipt.date}</dd>
        <dt>{text.orderEmail}</dt>
        <dd>{order.email}</dd>
        {order.giftCardCode ? (
          <>
            <dt>{text.giftCardCodeLabel}</dt>
            <dd className="gift-card-code">
              <code>{order.giftCardCode}</code>
            </dd>
          </>
        ) : null}
        {planText ? (
          <>
            <dt>{text.subscriptionPlanLabel}</dt>
            <dd className="order-plan">{planText}</dd>
          </>
        ) : null}
        {receipt.shipTo ? (
          <>
            <dt>{receipt.text.orderShipTo}</dt>
            <dd className="order-ship-to">
              {receipt.shipTo.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines never move
                <span key={i} className="order-ship-to-line">
                  {line}
                </span>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
      <ReceiptTable receipt={receipt} />
      <p>
        <a href={back.href}>{back.label}</a>
      </p>
    </section>,
  )
}

/** A signed-in site user's orders, newest first, one keyset page (`/account/orders`). */
export function orderHistoryHtml(props: {
  text: typeof ORDERS_TEXT
  account: string
  orders: { href: string; id: string; date: string; status: string; items: string; total: string }[]
  newer: string | null
  older: string | null
  /** Not signed in: the sign-in form alone, no list. */
  signedOut: boolean
}): string {
  const { text } = props
  const list = props.signedOut ? null : props.orders.length === 0 ? (
    <p className="order-history-empty">{text.orderHistoryEmpty}</p>
  ) : (
    <ol className="order-history">
      {props.orders.map((order) => (
        <li key={order.id} className="order-history-row">
          <a className="order-history-number" href={order.href}>
            {order.id}
          </a>
          <span className="order-history-date">{order.date}</span>
          <span className="order-history-status">{order.status}</span>
          <span className="order-history-items">{order.items}</span>
          <span className="order-history-total">{order.total}</span>
        </li>
      ))}
    </ol>
  )
  const body = renderToString(
    <>
      {list}
      {props.newer !== null || props.older !== null ? (
        <nav className="order-history-pages" aria-label={text.orderHistoryTitle}>
          {props.newer !== null ? (
            <a rel="prev" href={props.newer}>
              {text.orderHistoryNewer}
            </a>
          ) : null}
          {props.older !== null ? (
            <a rel="next" href={props.older}>
              {text.orderHistoryOlder}
            </a>
          ) : null}
        </nav>
      ) : null}
      <p>
        <a href="/commerce/orders">{text.orderHistoryGuestLink}</a>
      </p>
    </>,
  )
  return `<section class="order-history-page"><h1 class="page-title">${escapeHtml(text.orderHistoryTitle)}</h1>${props.account}${body}</section>`
}

/** The page asking a browser that did not place an order for its number and email. */
export function orderLookupHtml(props: {
  action: string
  orderNumber: string
  email: string
  error: string | null
  /** The visitor's crumb, posted back and checked against its cookie. */
  crumb: string
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
        <input type="hidden" name="crumb" value={props.crumb} />
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
      <p className="order-lookup-history">
        <a href="/account/orders">{ORDERS_TEXT.orderHistoryLink}</a>
      </p>
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
