/**
 * The checkout form in the browser: checked with the worker's own rules before it leaves (the
 * first wrong field takes the focus), sent once (a second press while it is on its way does
 * nothing; the idempotency key makes a repeat one order anyway).
 */
import { type FormEvent, useRef, useState } from 'react'
import { CART_TEXT, checkoutValuesOf, validateCheckout } from '../../shared/index'
import { defineClient } from '../contracts'
import { CheckoutForm, type CheckoutFormProps } from './view'

function CheckoutFormIsland(props: CheckoutFormProps) {
  const [errors, setErrors] = useState<Record<string, string>>(props.errors)
  const [submitting, setSubmitting] = useState(false)
  const sent = useRef(false)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sent.current) {
      event.preventDefault()
      return
    }
    const form = event.currentTarget
    const values = checkoutValuesOf(Object.fromEntries(new FormData(form)))
    const found = validateCheckout(values, { cardInForm: props.cardInForm }) as Record<string, string>
    setErrors(found)
    if (Object.keys(found).length > 0) {
      event.preventDefault()
      const first = Object.keys(found)[0]
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    sent.current = true
    setSubmitting(true)
  }
  return (
    <CheckoutForm
      {...props}
      errors={errors}
      formError={Object.keys(errors).length > 0 ? CART_TEXT.checkoutProblem : props.formError}
      submitting={submitting}
      onSubmit={onSubmit}
    />
  )
}

export default defineClient('checkout-form', CheckoutFormIsland)
