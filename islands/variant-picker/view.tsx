/**
 * The product checkout block as React markup: variants select, then quantity input, then the
 * add-to-cart button, with the class names and `data-*` attributes the `product-checkout`
 * formatter prints (templates/plugins/commerce/markup.ts; tenant CSS targets them). The island hydrates this very
 * DOM with `hydrateRoot`. What it changes on purpose (tests/worker/variant-picker.test.ts pins
 * it): the block is a `<form method="post" action="/cart/add">` that works without script; the
 * button is a real submit `<button>` (label 'Purchase' for a gift card); one control per option
 * is visible (pill radio buttons, or the dropdown when the store chooses it) and the other is
 * `hidden` (out of sight and of the tab order); the labels are plain labels of their radios;
 * the quantity has a visible `<label>` and − / + steppers. Choices only add markings (the
 * sold-out suffix, `data-unavailable`, the sold-out notice, `data-selected-variant`).
 *
 * No DOM here: the worker renders this too. The client passes its handlers and refs in.
 */
import type { ChangeEventHandler, FormEventHandler, ReactNode, Ref } from 'react'
import { CART_TEXT, COMMERCE_TEXT, QUANTITY_INPUT } from '../../shared/index'
import { buttonLabelOf, type Chosen, type VariantOption, type VariantPickerProps } from './model'

/** The add-to-cart button's state (storefront.md section 4, "Add-to-cart button"). */
export type ButtonState = 'idle' | 'adding' | 'added'

/** What the shopper has done so far; the server renders `INITIAL_STATE`. */
export type PickerState = {
  /** The add-to-cart button's state. */
  button: ButtonState
  /** The quantity as typed. */
  quantity: string
  chosen: Chosen
  /** Values of the one unselected option whose variants are all sold out. */
  unavailable: { option: string; values: ReadonlySet<string> } | null
  /** Branching: the values the second dropdown offers; null offers all. */
  offeredSecond: ReadonlySet<string> | null
  /** JSON of the matching variant, recorded on the variants element. */
  selectedVariantJson: string | null
  /** The matching variant is out of stock. */
  soldOut: boolean
}

export const INITIAL_STATE: PickerState = {
  button: 'idle',
  quantity: String(QUANTITY_INPUT.value),
  chosen: {},
  unavailable: null,
  offeredSecond: null,
  selectedVariantJson: null,
  soldOut: false,
}

export type PickerHandlers = {
  choose: (option: string, value: string) => void
  selectChange?: (option: string) => ChangeEventHandler<HTMLSelectElement>
  selectRef?: (option: string) => Ref<HTMLSelectElement>
  rootRef?: Ref<HTMLDivElement>
  submit?: FormEventHandler<HTMLFormElement>
  quantityChange?: ChangeEventHandler<HTMLInputElement>
  step?: (by: 1 | -1) => void
}

const NO_HANDLERS: PickerHandlers = { choose: () => {} }

/** Where the plain form posts (worker/routes/cart-forms.ts); the island sends the same through the API. */
export const ADD_TO_CART_ACTION = '/cart/add'

function OptionPicker(props: {
  option: VariantOption
  index: number
  soldOutText: string
  dropdown: boolean
  state: PickerState
  handlers: PickerHandlers
}): ReactNode {
  const { option, index, soldOutText, dropdown, state, handlers } = props
  const { name } = option
  const marked = state.unavailable?.option === name ? state.unavailable.values : null
  const chosen = state.chosen[name] ?? ''
  const offered = index === 1 ? state.offeredSecond : null
  const field = `variant-option-${name}`
  return (
    <div className="variant-option">
      <div className="variant-option-title">{`${option.title}: `}</div>
      {/* With pills the dropdown stays for assistive technology and scripts that choose by it
          (storefront.md section 2: a dropdown plus radio buttons), out of sight and of the tab order. */}
      <div className={dropdown ? 'variant-select-wrapper' : 'variant-select-wrapper visually-hidden'}>
        <select
          tabIndex={dropdown ? undefined : -1}
          aria-label={option.selectText}
          data-variant-option-name={name}
          name={field}
          ref={handlers.selectRef?.(name)}
          onChange={handlers.selectChange?.(name)}
        >
          <option value="">{option.selectText}</option>
          {option.values
            .filter((value) => offered === null || offered.has(value) || value === chosen)
            .map((value) => (
              <option key={value} value={value}>
                {marked?.has(value) ? `${value} [${soldOutText}]` : value}
              </option>
            ))}
        </select>
      </div>
      <fieldset className="variant-radiobtn-wrapper" data-variant-option-name={name} hidden={dropdown}>
        <legend className="visually-hidden">{option.title}</legend>
        {option.values.map((value) => {
          const id = `variant-option-${name}-${value}`
          const unavailable = marked?.has(value) ? 'true' : undefined
          return [
            <input
              key={`i${value}`}
              type="radio"
              className="variant-radiobtn"
              value={value}
              name={field}
              id={id}
              checked={chosen === value}
              onChange={() => handlers.choose(name, value)}
              data-unavailable={unavailable}
            />,
            <label
              key={`l${value}`}
              className={
                unavailable
                  ? 'sqs-button-element--secondary variant-unavailable'
                  : 'sqs-button-element--secondary'
              }
              htmlFor={id}
              data-unavailable={unavailable}
            >
              {value}
              {unavailable ? <span className="visually-hidden">{` [${soldOutText}]`}</span> : null}
            </label>,
          ]
        })}
      </fieldset>
    </div>
  )
}

/** The button's text for its state: the label, 'Adding…' or 'Added!'. */
function buttonText(data: VariantPickerProps, state: ButtonState): string {
  if (state === 'adding') return COMMERCE_TEXT.addToCartAdding
  if (state === 'added') return COMMERCE_TEXT.addToCartAdded
  return buttonLabelOf(data)
}

/** The checkout block for a given state. */
export function VariantPicker(props: {
  data: VariantPickerProps
  state: PickerState
  handlers?: PickerHandlers
  children?: ReactNode
}): ReactNode {
  const { data, state, children } = props
  const handlers = props.handlers ?? NO_HANDLERS
  const { select, quantity, button } = data
  const quantityId = `product-quantity-${data.itemId}`
  // The dialogs (additional fields, alerts) sit beside the form, not in it: React's submit
  // events bubble through the component tree, so a dialog's own form inside this one would
  // submit the checkout form too.
  return (
    <>
      <form
        className="product-checkout-form"
        method="post"
        action={ADD_TO_CART_ACTION}
        data-item-id={data.itemId}
        onSubmit={handlers.submit}
        noValidate
      >
        <input type="hidden" name="itemId" value={data.itemId} />
        {select === null ? null : (
          <div
            className="product-variants"
            data-item-id={select.itemId}
            data-variants={select.variantsJson}
            data-is-subscribable={select.subscriptionPlanJson === null ? undefined : 'true'}
            data-subscription-plan={select.subscriptionPlanJson ?? undefined}
            data-animation-role="content"
            data-selected-variant={state.selectedVariantJson ?? undefined}
            data-control={data.dropdown ? 'dropdown' : 'pills'}
            ref={handlers.rootRef}
          >
            {select.options.map((option, index) => (
              <OptionPicker
                key={option.name}
                option={option}
                index={index}
                soldOutText={data.soldOutText}
                dropdown={data.dropdown}
                state={state}
                handlers={handlers}
              />
            ))}
            {state.soldOut ? (
              <p className="product-variant-sold-out" role="alert">
                {data.soldOutText}
              </p>
            ) : null}
          </div>
        )}
        {select === null ? <input type="hidden" name="sku" value={data.singleSku ?? ''} /> : null}
        {quantity === null ? (
          <input type="hidden" name="quantity" value="1" />
        ) : (
          <div
            className="product-quantity-input"
            data-item-id={quantity.itemId}
            data-animation-role="content"
          >
            <label className="quantity-label" htmlFor={quantityId}>{`${quantity.label}:`}</label>
            <div className="quantity-stepper">
              <button
                type="button"
                className="quantity-step quantity-decrease"
                aria-label={CART_TEXT.quantityDecrease}
                aria-controls={quantityId}
                onClick={() => handlers.step?.(-1)}
              >
                −
              </button>
              <input
                id={quantityId}
                name="quantity"
                size={QUANTITY_INPUT.size}
                max={String(QUANTITY_INPUT.max)}
                min={String(QUANTITY_INPUT.min)}
                value={state.quantity}
                onChange={handlers.quantityChange ?? (() => {})}
                type="number"
                step={String(QUANTITY_INPUT.step)}
                inputMode="numeric"
              />
              <button
                type="button"
                className="quantity-step quantity-increase"
                aria-label={CART_TEXT.quantityIncrease}
                aria-controls={quantityId}
                onClick={() => handlers.step?.(1)}
              >
                +
              </button>
            </div>
          </div>
        )}
        <div className="sqs-add-to-cart-button-wrapper" data-animation-role="button">
          <button
            type="submit"
            className={`sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ${button.formJson === null ? '' : 'use-form'}`}
            data-dynamic-strings=""
            data-collection-id={button.collectionId}
            data-item-id={button.itemId}
            data-product-type={button.productType}
            data-use-custom-label={button.useCustomLabel}
            data-is-subscription={button.isSubscription ?? undefined}
            data-original-label={buttonLabelOf(data)}
            data-form={button.formJson ?? undefined}
            data-subscription-option-id={button.subscriptionOptionId ?? undefined}
            data-state={state.button}
            aria-live="polite"
          >
            <span className="sqs-add-to-cart-button-inner">{buttonText(data, state.button)}</span>
          </button>
        </div>
      </form>
      {children}
    </>
  )
}

/** The server's markup: the checkout block before any choice. */
export function VariantPickerView(props: VariantPickerProps): ReactNode {
  return <VariantPicker data={props} state={INITIAL_STATE} />
}
