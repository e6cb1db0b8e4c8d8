/**
 * What the shopper chooses beside the entries (issue 25): the shipping location and option and
 * the discount codes, shared by the cart API and the plain form posts. The cart object stores
 * the choice; every amount is computed again from it each time the cart is read
 * (cart-view.ts, pricing.ts), so a removed product or a changed subtotal re-checks the codes.
 */
import type { Context } from 'hono'
import { CART_TEXT, fillText, isShippingCountry, PRICING_TEXT, type ShoppingCart } from '../../shared/index'
import type { StoredChoice } from '../durable/cart'
import type { AppEnv } from '../env'
import { cartIdOf, cartObject } from './cart-session'
import { shoppingCartOf } from './cart-view'
import { MAX_COUPONS, normalCode } from './pricing'

export type ChoiceResult =
  | { ok: true; cart: ShoppingCart }
  | { ok: false; status: 400 | 404; message: string }

const CODE = /^[A-Z0-9_-]{1,32}$/

export interface LocationInput {
  country: string
  region?: string
  postalCode?: string
  /** The shipping option chosen among those shown; absent keeps (or defaults) the choice. */
  optionId?: string
}

async function change(
  c: Context<AppEnv>,
  /** The change to the stored choice, or the refusal's message. */
  patch: (codes: string[]) => Partial<StoredChoice> | string,
): Promise<ChoiceResult> {
  const id = cartIdOf(c)
  const object = id === null ? null : cartObject(c, id)
  const current = object === null ? null : await object.snapshot(c.get('tenant').siteId)
  if (object === null || current === null || current.isPurchased)
    return { ok: false, status: 404, message: CART_TEXT.cartEmpty }
  const next = patch(current.choice.codes)
  if (typeof next === 'string') return { ok: false, status: 400, message: next }
  const stored = await object.setChoice(c.get('tenant').siteId, next)
  if (stored === null) return { ok: false, status: 404, message: CART_TEXT.cartEmpty }
  return { ok: true, cart: await shoppingCartOf(c.get('catalog'), stored, c.env) }
}

/** Where the cart ships (a country of the checkout's list), and optionally which option. */
export function setShippingChoice(
  c: Context<AppEnv>,
  input: LocationInput,
): Promise<ChoiceResult> | ChoiceResult {
  const country = input.country.trim().toUpperCase()
  if (!isShippingCountry(country)) return { ok: false, status: 400, message: CART_TEXT.countryInvalid }
  const location = {
    country,
    region: (input.region ?? '').trim().slice(0, 60),
    postalCode: (input.postalCode ?? '').trim().slice(0, 20),
  }
  const optionId = input.optionId?.trim() ? input.optionId.trim().slice(0, 40) : undefined
  return change(c, () => ({ location, ...(optionId === undefined ? {} : { optionId }) }))
}

/** Adds a code as typed (any case); whether it applies is the cart's `validCoupons` / `invalidCoupons`. */
export function addCoupon(c: Context<AppEnv>, raw: string): Promise<ChoiceResult> | ChoiceResult {
  const code = normalCode(raw)
  if (code === '') return { ok: false, status: 400, message: PRICING_TEXT.couponMissing }
  if (!CODE.test(code))
    return {
      ok: false,
      status: 400,
      message: fillText(PRICING_TEXT.couponUnknown, { code: code.slice(0, 32) }),
    }
  return change(c, (codes) => {
    if (codes.includes(code)) return {}
    if (codes.length >= MAX_COUPONS) return fillText(PRICING_TEXT.couponTooMany, { max: MAX_COUPONS })
    return { codes: [...codes, code] }
  })
}

export function removeCoupon(c: Context<AppEnv>, raw: string): Promise<ChoiceResult> {
  const code = normalCode(raw)
  return change(c, (codes) => ({ codes: codes.filter((entry) => entry !== code) }))
}
