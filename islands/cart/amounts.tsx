/**
 * The amounts of a cart or a checkout (issue 25), one markup for the cart page (inside the cart
 * island, so a quantity changed live updates them) and the checkout's summary (server only):
 * subtotal, discount by code, shipping, tax added or included, total. The forms beside them
 * (codes, shipping location) are plain posts to the worker: they work without script.
 */
import type { ReactNode } from 'react'
import {
  CART_TEXT,
  type CouponView,
  centsText,
  fillText,
  type InvalidCouponView,
  type MoneyDisplay,
  PRICING_TEXT,
  SHIPPING_COUNTRIES,
  type ShippingLocation,
  type ShippingOptionView,
  type TaxLineView,
} from '../../shared/index'

export interface AmountsView {
  subtotalCents: number
  discountCents: number
  shippingCostCents: number
  taxCents: number
  taxIncluded: boolean
  grandTotalCents: number
  requiresShipping: boolean
  selectedShippingOption: ShippingOptionView | null
  applicableTaxRules: TaxLineView[]
  validCoupons: CouponView[]
  shippingProblem: string | null
}

const percent = (basisPoints: number) => `${basisPoints / 100}%`

/** The amounts as a list of terms; the total last. */
export function Amounts(props: {
  amounts: AmountsView
  currency: string
  display: MoneyDisplay
  /** False where the page shows the subtotal itself (the cart). */
  withSubtotal?: boolean
}): ReactNode {
  const { amounts, currency, display } = props
  const money = (cents: number) => centsText(cents, currency, display)
  const shipping = amounts.selectedShippingOption
  return (
    <dl className="cart-amounts">
      {props.withSubtotal === false ? null : (
        <>
          <dt>{CART_TEXT.subtotal}</dt>
          <dd className="amount-subtotal">{money(amounts.subtotalCents)}</dd>
        </>
      )}
      {amounts.validCoupons.map((coupon) => [
        <dt key={`t${coupon.code}`}>{fillText(PRICING_TEXT.couponApplied, { code: coupon.code })}</dt>,
        <dd key={`d${coupon.code}`} className="amount-discount">
          {coupon.freeShipping ? PRICING_TEXT.couponFreeShipping : `−${money(coupon.discountCents)}`}
        </dd>,
      ])}
      {amounts.requiresShipping ? (
        <>
          <dt>
            {shipping ? `${PRICING_TEXT.shippingHeading} (${shipping.name})` : PRICING_TEXT.shippingHeading}
          </dt>
          <dd className="amount-shipping">
            {shipping === null
              ? '—'
              : amounts.shippingCostCents === 0
                ? PRICING_TEXT.shippingFree
                : money(amounts.shippingCostCents)}
          </dd>
        </>
      ) : null}
      {amounts.taxIncluded
        ? null
        : amounts.applicableTaxRules.map((line) => [
            <dt key={`t${line.name}`}>
              {fillText(PRICING_TEXT.taxAddedLine, { name: line.name, rate: percent(line.rateBasisPoints) })}
            </dt>,
            <dd key={`d${line.name}`} className="amount-tax">
              {money(line.cents)}
            </dd>,
          ])}
      {!amounts.taxIncluded && amounts.applicableTaxRules.length === 0 && amounts.requiresShipping ? (
        <>
          <dt>{PRICING_TEXT.tax}</dt>
          <dd className="amount-tax">{PRICING_TEXT.taxNotYet}</dd>
        </>
      ) : null}
      <dt className="amount-total-term">{CART_TEXT.total}</dt>
      <dd className="amount-total">{money(amounts.grandTotalCents)}</dd>
      {amounts.taxIncluded
        ? amounts.applicableTaxRules.map((line) => (
            <dd key={line.name} className="amount-tax-included">
              {fillText(PRICING_TEXT.taxIncludedLine, {
                name: line.name,
                rate: percent(line.rateBasisPoints),
                amount: money(line.cents),
              })}
            </dd>
          ))
        : null}
    </dl>
  )
}

/** The codes entered (each with Remove, and the reason when it does not apply) and the field for another. */
export function CouponForms(props: {
  valid: CouponView[]
  invalid: InvalidCouponView[]
  /** The page to come back to: '/cart' or '/checkout'. */
  back: string
}): ReactNode {
  const entered = [
    ...props.valid.map((coupon) => ({ code: coupon.code, reason: null as string | null })),
    ...props.invalid,
  ]
  return (
    <div className="cart-coupons">
      {entered.length > 0 ? (
        <ul className="cart-coupon-list">
          {entered.map((coupon) => (
            <li key={coupon.code} data-valid={coupon.reason === null ? 'true' : 'false'}>
              <form method="post" action="/cart/coupons/remove">
                <input type="hidden" name="code" value={coupon.code} />
                <input type="hidden" name="back" value={props.back} />
                <code>{coupon.code}</code>{' '}
                <button
                  type="submit"
                  aria-label={fillText(PRICING_TEXT.couponRemoveLabel, { code: coupon.code })}
                >
                  {PRICING_TEXT.couponRemove}
                </button>
              </form>
              {coupon.reason ? (
                <p className="cart-coupon-error" role="alert">
                  {coupon.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <form className="cart-coupon-form" method="post" action="/cart/coupons">
        <input type="hidden" name="back" value={props.back} />
        <label htmlFor={`coupon-${props.back.slice(1)}`}>{PRICING_TEXT.couponLabel}</label>
        <input id={`coupon-${props.back.slice(1)}`} name="code" autoComplete="off" maxLength={32} />
        <button type="submit">{PRICING_TEXT.couponApply}</button>
      </form>
    </div>
  )
}

/** The cart's shipping estimate: where it ships, then the options that apply there. */
export function ShippingForm(props: {
  location: ShippingLocation | null
  options: ShippingOptionView[]
  selected: ShippingOptionView | null
  problem: string | null
  currency: string
  display: MoneyDisplay
}): ReactNode {
  const { location } = props
  return (
    <form className="cart-shipping" method="post" action="/cart/shipping">
      <fieldset>
        <legend>{PRICING_TEXT.shippingEstimateHeading}</legend>
        <label htmlFor="cart-country">{CART_TEXT.countryLabel}</label>
        <select
          id="cart-country"
          name="country"
          defaultValue={location?.country ?? ''}
          autoComplete="shipping country"
        >
          <CountryOptions />
        </select>
        <label htmlFor="cart-region">{CART_TEXT.regionLabel}</label>
        <input
          id="cart-region"
          name="region"
          defaultValue={location?.region ?? ''}
          autoComplete="shipping address-level1"
        />
        <label htmlFor="cart-postal">{CART_TEXT.postalCodeLabel}</label>
        <input
          id="cart-postal"
          name="postalCode"
          defaultValue={location?.postalCode ?? ''}
          autoComplete="shipping postal-code"
        />
      </fieldset>
      {props.options.length > 0 ? (
        <ShippingOptions
          options={props.options}
          selected={props.selected?.id ?? null}
          currency={props.currency}
          display={props.display}
        />
      ) : null}
      {props.problem ? (
        <p className="cart-shipping-problem" role="status">
          {props.problem}
        </p>
      ) : null}
      <button type="submit">{PRICING_TEXT.shippingLocationSave}</button>
    </form>
  )
}

/** The country select's options: none chosen, then the checkout's list (the cart's form and the checkout form). */
export function CountryOptions(): ReactNode {
  return (
    <>
      <option value="" />
      {SHIPPING_COUNTRIES.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  )
}

/** The options as a radio group named `shippingOption` (the cart's form and the checkout form). */
export function ShippingOptions(props: {
  options: ShippingOptionView[]
  selected: string | null
  currency: string
  display: MoneyDisplay
}): ReactNode {
  return (
    <fieldset className="shipping-options">
      <legend>{PRICING_TEXT.shippingOptionsLegend}</legend>
      {props.options.map((option) => (
        <label key={option.id} className="shipping-option">
          <input
            type="radio"
            name="shippingOption"
            value={option.id}
            defaultChecked={option.id === props.selected}
          />{' '}
          {`${option.name} — ${option.cents === 0 ? PRICING_TEXT.shippingFree : centsText(option.cents, props.currency, props.display)}`}
        </label>
      ))}
    </fieldset>
  )
}
