/**
 * The add-to-cart button's behaviour (storefront.md section 4, "Add-to-cart button"): idle →
 * 'Adding…' on click; on failure the alert ('Unable to Add Item', 'Unable to Purchase Item' in
 * express checkout, 'Unable to purchase Gift Card') and idle again after 1 s; on success
 * 'Added!' after 1 s for 2 s, then idle (express checkout goes to `/checkout` instead); clicks in
 * the added state (and while adding) are ignored. The subscription button asks for a cart token
 * and goes to the subscription page; the gift card button goes to the gift card page. The same
 * rules as the server's (shared/cart/rules.ts) run before any call.
 *
 * Each press sends the add with an `Idempotency-Key` of its own (issue 19). When no answer
 * comes, or the server fails, the add is sent once more with the same key, and a later press
 * for the same variant, quantity and answers keeps it too (after a 429 or a refused crumb as
 * well, `retryKeepsKey`): the worker adds once however many copies arrive. Any other answer
 * ends the key's life, so a press after a success adds again.
 */
import { useEffect, useRef, useState } from 'react'
import {
  ADD_TO_CART_TIMING,
  API,
  COMMERCE_TEXT,
  checkAddToCart,
  type FormValues,
  ProductType,
  type RuleProduct,
  type RuleVariant,
  unselectedOptionsError,
  variantForChoice,
} from '../../shared/index'
import type { VariantData } from '../constants'
import { newIdempotencyKey, outcomeUnknown, request, retryKeepsKey } from '../http'
import { announceCart, announceCartLine } from '../parts/cart-events'
import type { Chosen, VariantPickerProps } from './model'
import type { ButtonState } from './view'

export type Alert = { title: string; message: string }

/** Where the browser goes next: a page of the site. */
export type Navigate = (path: string) => void

/** The pause before an add whose outcome is unknown is sent again with its key. */
const RETRY_DELAY_MS = 500

/** The key of an add whose outcome is not known yet, and the add it was taken for. */
interface PendingAdd {
  key: string
  request: string
}

/** What the shopper chose, as the form shows it when the button is pressed. */
export type Choice = { chosen: Chosen; quantity: string }

export function useAddToCart(options: {
  data: VariantPickerProps
  product: RuleProduct
  navigate: Navigate
}) {
  const { data, product, navigate } = options
  const pending = useRef<Choice>({ chosen: {}, quantity: '1' })
  const [button, setButton] = useState<ButtonState>('idle')
  const [alert, setAlert] = useState<Alert | null>(null)
  const [askFields, setAskFields] = useState(false)
  const busy = useRef(false)
  const pendingAdd = useRef<PendingAdd | null>(null)
  const timers = useRef<number[]>([])
  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer)
    },
    [],
  )
  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms))
  }

  const giftCard = data.productType === ProductType.GIFT_CARD
  const subscription = data.button.isSubscription !== null && data.button.isSubscription !== 'false'
  const alertTitle = giftCard
    ? COMMERCE_TEXT.unableToPurchaseGiftCard
    : data.expressCheckout
      ? COMMERCE_TEXT.unableToPurchaseItem
      : COMMERCE_TEXT.unableToAddItem

  const fail = (message: string) => {
    setAlert({ title: alertTitle, message })
    later(ADD_TO_CART_TIMING.failureResetMs, () => {
      busy.current = false
      setButton('idle')
    })
  }

  /** The chosen variant, checked; or the refusal's message. */
  const choice = (): { variant: RuleVariant; quantity: number } | string => {
    const { chosen, quantity } = pending.current
    const unselected = unselectedOptionsError(product, chosen)
    if (unselected !== null) return unselected
    const check = checkAddToCart(product, { variant: variantForChoice(product, chosen), quantity, inCart: 0 })
    return check.ok ? { variant: check.variant, quantity: check.quantity } : check.message
  }

  const send = async (variant: RuleVariant, qty: number, fields: FormValues | null) => {
    const additionalFields = fields === null ? null : JSON.stringify(fields)
    const sku = variant.sku ?? ''
    if (subscription) {
      const result = await request(API.startSubscription, {
        itemId: data.itemId,
        sku,
        qty,
        additionalFields,
      })
      if (!result.ok) return fail(result.message)
      return navigate(`/commerce/subscription?cartToken=${encodeURIComponent(result.data.cartToken)}`)
    }
    const body = { itemId: data.itemId, sku, quantity: qty, additionalFields }
    const sent = JSON.stringify(body)
    const key = pendingAdd.current?.request === sent ? pendingAdd.current.key : newIdempotencyKey()
    pendingAdd.current = { key, request: sent }
    const add = () => request(API.addCartEntry, body, { headers: { 'Idempotency-Key': key } })
    let result = await add()
    if (!result.ok && outcomeUnknown(result.status)) {
      await new Promise((resolve) => window.setTimeout(resolve, RETRY_DELAY_MS))
      result = await add()
    }
    if (result.ok || !retryKeepsKey(result.status)) pendingAdd.current = null
    if (!result.ok) return fail(result.message)
    const cart = result.data.shoppingCart
    announceCart(cart.totalQuantity)
    // The variant is one of the page's own (its price and attributes), or the single SKU.
    announceCartLine('add', cart, {
      itemId: data.itemId,
      sku,
      quantity: qty,
      variant: variant as VariantData,
    })
    if (data.expressCheckout) return navigate('/checkout')
    later(ADD_TO_CART_TIMING.addedDelayMs, () => {
      setButton('added')
      later(ADD_TO_CART_TIMING.addedForMs, () => {
        busy.current = false
        setButton('idle')
      })
    })
  }

  /**
   * The button was pressed (the form submitted). The choice is read from the form itself: a
   * choice made while the island was waking up is in the DOM before React's state has it.
   */
  const press = (current: Choice) => {
    if (busy.current) return
    busy.current = true
    pending.current = current
    setButton('adding')
    const picked = choice()
    if (typeof picked === 'string') return fail(picked)
    if (giftCard)
      return navigate(
        `/commerce/gift-card?itemId=${encodeURIComponent(data.itemId)}&sku=${encodeURIComponent(picked.variant.sku ?? '')}`,
      )
    if (data.button.formJson !== null) return setAskFields(true)
    void send(picked.variant, picked.quantity, null)
  }

  /** The additional-fields form was filled in: add with its answers. */
  const withFields = (fields: FormValues) => {
    setAskFields(false)
    const picked = choice()
    if (typeof picked === 'string') return fail(picked)
    void send(picked.variant, picked.quantity, fields)
  }

  const cancelFields = () => {
    setAskFields(false)
    busy.current = false
    setButton('idle')
  }

  return { button, alert, closeAlert: () => setAlert(null), askFields, press, withFields, cancelFields }
}
