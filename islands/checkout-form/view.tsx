/**
 * The checkout form: contact email, shipping address and, with the local test payment provider,
 * a card number (the test cards listed in development). A plain `<form method="post">` to the
 * worker, which validates it again with the same rules (shared/checkout.ts);
 * the island checks it before it leaves.
 */
import type { FormEventHandler, ReactNode, RefObject } from 'react'
import {
  CART_TEXT,
  type CheckoutField,
  type MoneyDisplay,
  PRICING_TEXT,
  type ShippingOptionView,
} from '../../shared/index'
import { type AmountsView, CountryOptions, ShippingOptions } from '../cart/amounts'

export type CheckoutFormProps = {
  action: string
  idempotencyKey: string
  values: Record<string, string>
  errors: Record<string, string>
  /** A refusal of the whole order (declined card, stock ran out), shown above the form. */
  formError: string | null
  cardInForm: boolean
  /** The local provider's test cards, in development only. */
  testCards: { number: string; outcome: string }[] | null
  /** The options of the address given so far (issue 25); empty when nothing ships or none is known yet. */
  shippingOptions: ShippingOptionView[]
  selectedShippingOption: string | null
  /**
   * The total the page shows: the server refuses the order when its own differs. `pending` while
   * the total waits for the address (shipping and tax unknown): the server shows it first.
   */
  expectedTotalCents: number | 'pending'
  /** The amounts the page shows (the summary beside the form); the island reprices them live. */
  amounts: AmountsView
  /** A cart's checkout: the address is priced as it is typed through the cart API (issue 25). */
  livePricing: boolean
  currency: string
  display: MoneyDisplay
}

export type CheckoutFormState = {
  errors?: Record<string, string>
  /** A change of the address or option fields (the island prices them). */
  onChange?: FormEventHandler<HTMLFormElement>
  formRef?: RefObject<HTMLFormElement | null>
  submitting?: boolean
  onSubmit?: FormEventHandler<HTMLFormElement>
}

type FieldSpec = {
  name: CheckoutField
  label: string
  autoComplete: string
  type?: string
  optional?: boolean
}

const CONTACT: FieldSpec[] = [
  { name: 'email', label: CART_TEXT.emailLabel, autoComplete: 'email', type: 'email' },
]
const ADDRESS: FieldSpec[] = [
  { name: 'name', label: CART_TEXT.nameLabel, autoComplete: 'shipping name' },
  { name: 'address1', label: CART_TEXT.addressLine1Label, autoComplete: 'shipping address-line1' },
  {
    name: 'address2',
    label: CART_TEXT.addressLine2Label,
    autoComplete: 'shipping address-line2',
    optional: true,
  },
  { name: 'city', label: CART_TEXT.cityLabel, autoComplete: 'shipping address-level2' },
  { name: 'region', label: CART_TEXT.regionLabel, autoComplete: 'shipping address-level1', optional: true },
  { name: 'postalCode', label: CART_TEXT.postalCodeLabel, autoComplete: 'shipping postal-code' },
]

function Field(props: { spec: FieldSpec; value: string; error: string | undefined }): ReactNode {
  const { spec, value, error } = props
  const id = `checkout-${spec.name}`
  return (
    <div className="checkout-field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{spec.label}</label>
      <input
        id={id}
        name={spec.name}
        type={spec.type ?? 'text'}
        autoComplete={spec.autoComplete}
        defaultValue={value}
        required={!spec.optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="checkout-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function CheckoutForm(props: CheckoutFormProps & CheckoutFormState): ReactNode {
  const { values } = props
  const errors = props.errors
  const countryError = errors.country
  return (
    <form
      ref={props.formRef}
      className="checkout-form"
      method="post"
      action={props.action}
      noValidate
      onSubmit={props.onSubmit}
      onChange={props.onChange}
    >
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <input type="hidden" name="expectedTotalCents" value={String(props.expectedTotalCents)} />
      {props.formError ? (
        <p className="checkout-form-error" role="alert">
          {props.formError}
        </p>
      ) : null}
      <fieldset>
        <legend>{CART_TEXT.contactHeading}</legend>
        {CONTACT.map((spec) => (
          <Field key={spec.name} spec={spec} value={values[spec.name] ?? ''} error={errors[spec.name]} />
        ))}
      </fieldset>
      <fieldset>
        <legend>
          {props.amounts.requiresShipping ? CART_TEXT.shippingHeading : PRICING_TEXT.billingAddressHeading}
        </legend>
        {ADDRESS.map((spec) => (
          <Field key={spec.name} spec={spec} value={values[spec.name] ?? ''} error={errors[spec.name]} />
        ))}
        <div className="checkout-field" data-invalid={countryError ? 'true' : undefined}>
          <label htmlFor="checkout-country">{CART_TEXT.countryLabel}</label>
          <select
            id="checkout-country"
            name="country"
            autoComplete="shipping country"
            defaultValue={values.country ?? ''}
            required
            aria-invalid={countryError ? true : undefined}
            aria-describedby={countryError ? 'checkout-country-error' : undefined}
          >
            <CountryOptions />
          </select>
          {countryError ? (
            <p id="checkout-country-error" className="checkout-error">
              {countryError}
            </p>
          ) : null}
        </div>
      </fieldset>
      {props.shippingOptions.length > 0 ? (
        <ShippingOptions
          // A new set of options (another address) starts from the one the server selected.
          key={props.shippingOptions.map((option) => option.id).join()}
          options={props.shippingOptions}
          selected={props.selectedShippingOption}
          currency={props.currency}
          display={props.display}
        />
      ) : null}
      {props.amounts.shippingProblem && values.country ? (
        <p className="checkout-shipping-problem" role="status">
          {props.amounts.shippingProblem}
        </p>
      ) : null}
      {props.cardInForm ? (
        <fieldset>
          <legend>{CART_TEXT.paymentHeading}</legend>
          <Field
            spec={{ name: 'card', label: CART_TEXT.cardNumberLabel, autoComplete: 'cc-number' }}
            value=""
            error={errors.card}
          />
          {props.testCards ? (
            <div className="checkout-test-cards">
              <p>{CART_TEXT.testCardsHeading}</p>
              <ul>
                {props.testCards.map((card) => (
                  <li key={card.number}>
                    <code>{card.number}</code> {card.outcome}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <button
        type="submit"
        className="checkout-submit sqs-button-element--primary"
        aria-disabled={props.submitting ? 'true' : undefined}
      >
        {props.submitting ? CART_TEXT.placingOrder : CART_TEXT.placeOrder}
      </button>
    </form>
  )
}

export function CheckoutFormView(props: CheckoutFormProps): ReactNode {
  return <CheckoutForm {...props} />
}
