/**
 * The checkout form in the browser: checked with the worker's own rules before it leaves (the
 * first wrong field takes the focus), sent once (a second press while it is on its way does
 * nothing; the idempotency key makes a repeat one order anyway).
 *
 * A cart's checkout prices the address as it is typed (issue 25): a change of country, region
 * or postal code (debounced) or of the shipping option goes to the cart API, which stores the
 * choice and answers the priced cart; the options, the summary's amounts and the total the form
 * posts follow it. A press of Place order while the fields differ from the last priced ones
 * prices them first, then sends the form: one press places the order, and the server, which
 * computes every amount again, refuses it (409) only when an amount changed in between.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { createPortal, flushSync } from 'react-dom'
import { API, CART_TEXT, checkoutValuesOf, type ShoppingCart, validateCheckout } from '../../shared/index'
import { Amounts, type AmountsView } from '../cart/amounts'
import { defineClient } from '../contracts'
import { request } from '../http'
import { CheckoutForm, type CheckoutFormProps } from './view'

const DEBOUNCE_MS = 400
const LOCATION_FIELDS = new Set(['country', 'region', 'postalCode', 'shippingOption'])

type Priced = {
  amounts: AmountsView
  options: ShoppingCart['shippingOptions']
  total: number | 'pending'
}

/** What the form would be priced for now: its address and the option checked. */
function choiceOf(form: HTMLFormElement) {
  const data = new FormData(form)
  const text = (name: string) => String(data.get(name) ?? '').trim()
  return {
    country: text('country'),
    region: text('region'),
    postalCode: text('postalCode'),
    optionId: text('shippingOption'),
  }
}
const keyOf = (choice: ReturnType<typeof choiceOf>) =>
  [choice.country, choice.region, choice.postalCode, choice.optionId].join('\n')

function CheckoutFormIsland(props: CheckoutFormProps) {
  const [errors, setErrors] = useState<Record<string, string>>(props.errors)
  const [submitting, setSubmitting] = useState(false)
  const [priced, setPriced] = useState<Priced>({
    amounts: props.amounts,
    options: props.shippingOptions,
    total: props.expectedTotalCents,
  })
  const [country, setCountry] = useState(props.values.country ?? '')
  // The summary's amounts beside the form (server markup) become this island's to update.
  const [summary, setSummary] = useState<HTMLElement | null>(null)
  const sent = useRef(false)
  const form = useRef<HTMLFormElement | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // The key the amounts shown were priced for (the server's: the address and option it rendered).
  const pricedKey = useRef<string | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration (props never change)
  useEffect(() => {
    const current = form.current
    if (current === null || !props.livePricing) return
    pricedKey.current = keyOf({
      country: props.values.country ?? '',
      region: props.values.region ?? '',
      postalCode: props.values.postalCode ?? '',
      optionId: props.selectedShippingOption ?? '',
    })
    const list = current
      .closest('.checkout-layout')
      ?.querySelector<HTMLElement>('.checkout-summary .cart-amounts')
    if (list) {
      const host = document.createElement('div')
      host.style.display = 'contents'
      list.replaceWith(host)
      setSummary(host)
    }
    // A field changed while the island woke up is priced now.
    if (keyOf(choiceOf(current)) !== pricedKey.current) void price()
    return () => clearTimeout(timer.current)
  }, [])

  /** Prices the form's address and option through the cart API; true when the amounts are current. */
  const price = async (): Promise<boolean> => {
    clearTimeout(timer.current)
    timer.current = undefined
    const current = form.current
    if (current === null) return false
    const choice = choiceOf(current)
    setCountry(choice.country)
    if (choice.country === '') return false
    const key = keyOf(choice)
    const body = {
      country: choice.country,
      region: choice.region,
      postalCode: choice.postalCode,
      ...(choice.optionId ? { optionId: choice.optionId } : {}),
    }
    let answer = await request(API.cartShipping, body)
    if (!answer.ok) return false
    let cart = answer.data.shoppingCart
    // The option checked before does not apply to the new address: the cheapest that does.
    if (cart.selectedShippingOption === null && cart.shippingOptions.length > 0) {
      const cheapest = cart.shippingOptions.reduce((a, b) => (b.cents < a.cents ? b : a))
      answer = await request(API.cartShipping, { ...body, optionId: cheapest.id })
      if (!answer.ok) return false
      cart = answer.data.shoppingCart
    }
    // Another change came while this one was on its way: that one's answer counts.
    if (keyOf(choiceOf(current)) !== key) return false
    flushSync(() =>
      setPriced({
        amounts: cart,
        options: cart.shippingOptions,
        total: cart.shippingProblem === null ? cart.grandTotalCents : 'pending',
      }),
    )
    pricedKey.current = keyOf(choiceOf(current))
    return true
  }

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name
    if (!props.livePricing || !LOCATION_FIELDS.has(name)) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void price(), name === 'shippingOption' ? 0 : DEBOUNCE_MS)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sent.current) {
      event.preventDefault()
      return
    }
    const target = event.currentTarget
    const values = checkoutValuesOf(Object.fromEntries(new FormData(target)))
    const found = validateCheckout(values, { cardInForm: props.cardInForm }) as Record<string, string>
    setErrors(found)
    if (Object.keys(found).length > 0) {
      event.preventDefault()
      const first = Object.keys(found)[0]
      target.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    sent.current = true
    setSubmitting(true)
    // Fields not priced yet (typed just now): priced first, then the form goes with their total.
    if (props.livePricing && keyOf(choiceOf(target)) !== pricedKey.current) {
      event.preventDefault()
      void price().finally(() => {
        // Whatever the answer, the server checks the total: a changed one is refused with it.
        pricedKey.current = keyOf(choiceOf(target))
        sent.current = false
        target.requestSubmit()
      })
    }
  }
  return (
    <>
      <CheckoutForm
        {...props}
        formRef={form}
        values={{ ...props.values, country }}
        amounts={priced.amounts}
        shippingOptions={priced.options}
        selectedShippingOption={priced.amounts.selectedShippingOption?.id ?? null}
        expectedTotalCents={priced.total}
        errors={errors}
        formError={Object.keys(errors).length > 0 ? CART_TEXT.checkoutProblem : props.formError}
        submitting={submitting}
        onSubmit={onSubmit}
        onChange={onChange}
      />
      {summary
        ? createPortal(
            <Amounts amounts={priced.amounts} currency={props.currency} display={props.display} />,
            summary,
          )
        : null}
    </>
  )
}

export default defineClient('checkout-form', CheckoutFormIsland)
