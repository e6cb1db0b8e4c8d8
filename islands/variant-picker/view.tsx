/**
 * The product checkout block as React markup: variants select, then quantity input, then the
 * add-to-cart button, element for element what the `product-checkout` formatter prints
 * (commerce.markup.ts), so the island hydrates that very DOM with `hydrateRoot`. Before any
 * choice this renders nothing the formatter does not print; choices only add markings (the
 * sold-out suffix, `data-unavailable`, the sold-out notice, `data-selected-variant`).
 *
 * No DOM here: the worker renders this too. The client passes its handlers and refs in.
 */
import type { ChangeEventHandler, ReactNode, Ref } from 'react'
import type { Chosen, VariantOption, VariantPickerProps } from './model'

/** What the shopper has done so far; the server renders `INITIAL_STATE`. */
export type PickerState = {
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
}

const NO_HANDLERS: PickerHandlers = { choose: () => {} }

function OptionPicker(props: {
  option: VariantOption
  index: number
  soldOutText: string
  state: PickerState
  handlers: PickerHandlers
}): ReactNode {
  const { option, index, soldOutText, state, handlers } = props
  const { name } = option
  const marked = state.unavailable?.option === name ? state.unavailable.values : null
  const chosen = state.chosen[name] ?? ''
  const offered = index === 1 ? state.offeredSecond : null
  return (
    <div className="variant-option">
      <div className="variant-option-title">{`${option.title}: `}</div>
      <div className="variant-select-wrapper">
        <select
          aria-label={option.selectText}
          data-variant-option-name={name}
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
      <div className="variant-radiobtn-wrapper" data-variant-option-name={name}>
        {option.values.map((value) => {
          const id = `variant-option-${name}-${value}`
          const unavailable = marked?.has(value) ? 'true' : undefined
          return [
            <input
              key={`i${value}`}
              type="radio"
              className="variant-radiobtn"
              value={value}
              name={`variant-option-${name}`}
              id={id}
              checked={chosen === value}
              onChange={() => handlers.choose(name, value)}
              data-unavailable={unavailable}
            />,
            // biome-ignore lint/a11y/useSemanticElements: the reference markup (tenant CSS targets it); keys are handled below.
            <label
              key={`l${value}`}
              className={
                unavailable
                  ? 'sqs-button-element--secondary variant-unavailable'
                  : 'sqs-button-element--secondary'
              }
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the same reference markup.
              role="button"
              tabIndex={0}
              htmlFor={id}
              data-unavailable={unavailable}
              aria-pressed={chosen === value ? 'true' : undefined}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return
                event.preventDefault()
                handlers.choose(name, value)
              }}
            >
              {value}
              {unavailable ? <span className="visually-hidden">{` [${soldOutText}]`}</span> : null}
            </label>,
          ]
        })}
      </div>
    </div>
  )
}

/** The checkout block for a given state. */
export function VariantPicker(props: {
  data: VariantPickerProps
  state: PickerState
  handlers?: PickerHandlers
}): ReactNode {
  const { data, state } = props
  const handlers = props.handlers ?? NO_HANDLERS
  const { select, quantity, button } = data
  return (
    <>
      {select === null ? null : (
        <div
          className="product-variants"
          data-item-id={select.itemId}
          data-variants={select.variantsJson}
          data-is-subscribable={select.subscriptionPlanJson === null ? undefined : 'true'}
          data-subscription-plan={select.subscriptionPlanJson ?? undefined}
          data-animation-role="content"
          data-selected-variant={state.selectedVariantJson ?? undefined}
          ref={handlers.rootRef}
        >
          {select.options.map((option, index) => (
            <OptionPicker
              key={option.name}
              option={option}
              index={index}
              soldOutText={data.soldOutText}
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
      {quantity === null ? null : (
        <div className="product-quantity-input" data-item-id={quantity.itemId} data-animation-role="content">
          <div className="quantity-label">{`${quantity.label}:`}</div>
          <input
            aria-label={quantity.label}
            size={4}
            max="9999"
            min="1"
            defaultValue="1"
            type="number"
            step="1"
          />
        </div>
      )}
      <div className="sqs-add-to-cart-button-wrapper" data-animation-role="button">
        {/* biome-ignore lint/a11y/useSemanticElements: the reference markup; the cart issue wires its keys and clicks. */}
        <div
          className={`sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ${button.formJson === null ? '' : 'use-form'}`}
          role="button"
          tabIndex={0}
          data-dynamic-strings=""
          data-collection-id={button.collectionId}
          data-item-id={button.itemId}
          data-product-type={button.productType}
          data-use-custom-label={button.useCustomLabel}
          data-is-subscription={button.isSubscription ?? undefined}
          data-original-label={button.label}
          data-form={button.formJson ?? undefined}
          data-subscription-option-id={button.subscriptionOptionId ?? undefined}
        >
          <div className="sqs-add-to-cart-button-inner">{button.label}</div>
        </div>
      </div>
    </>
  )
}

/** The server's markup: the checkout block before any choice. */
export function VariantPickerView(props: VariantPickerProps): ReactNode {
  return <VariantPicker data={props} state={INITIAL_STATE} />
}
