/**
 * Placing an order (docs/architecture.md, "What is strongly consistent"; the states and steps are in
 * order-states.ts). The order's id is derived from the tenant and the form's idempotency key.
 * A new order takes the cart's checkout lock (one checkout of a cart at a time), reserves every
 * line's stock under its id in one step (all or none), is written pending, and is charged under
 * `<id>.<attempt>`; the charge is recorded the moment the provider answers, then the stock is
 * committed, the cart closed and the order marked paid. A failure before the charge lets go of
 * the stock and the lock; an answer lost after it is settled from the provider's own record.
 * A resubmit of the same key finishes what an earlier submit left (or, after a decline, tries
 * the card again as the next attempt) instead of waiting or charging twice.
 */
import type { Context } from 'hono'
import {
  CART_TEXT,
  type CheckoutValues,
  centsText,
  fillText,
  PRICING_TEXT,
  validateCheckout,
} from '../../shared/index'
import { productById, unitCentsOf, variantBySku } from '../catalogue/item-index'
import type { Item } from '../catalogue/records'
import { hex, sha256 } from '../crypto/encoding'
import {
  insertPendingOrder,
  type OrderLine,
  type OrderRow,
  type OrderStatus,
  orderById,
  restartOrder,
} from '../db/orders'
import type { StoredCart } from '../durable/cart'
import { COUPON_SKU_PREFIX } from '../durable/inventory'
import type { AppEnv } from '../env'
import { chargeKey, chargeWithRetry, paymentProvider } from '../payments/provider'
import { logError } from '../runtime/log'
import { cartObject } from './cart-session'
import { moneyDisplayOf, pricedLineOf, pricingOf, storeCurrency } from './cart-view'
import type { CheckoutClaims } from './checkout-tokens'
import { CHARGE_IN_FLIGHT_MS, chargeSucceeded, failOrder, settlePending } from './order-states'
import { couponLimitsOf, type Pricing } from './pricing'
import { inventoryOf, seedsOf, stockLinesOf } from './stock'

/** What is being bought: the visitor's cart, or one subscription or gift card from its token. */
export type CheckoutSource = { kind: 'cart'; cart: StoredCart } | { kind: 'token'; claims: CheckoutClaims }

export type PlaceResult =
  | { ok: true; orderId: string }
  | {
      ok: false
      status: 402 | 409 | 422 | 502 | 503
      message: string
      errors?: Partial<Record<string, string>>
      /** The order the refusal is about (a cart already paid or in checkout), linked from the message. */
      orderId?: string
    }
  | { ok: false; status: 303; location: string }

/** Who places the order: the signed-in site user, and the hash of the browser's crumb. */
export interface Buyer {
  siteUserId: string | null
  placedBy: string
}

export interface CheckoutLines {
  lines: OrderLine[]
  items: Item[]
}

/** The lines of a checkout with today's prices; lines whose item is gone are left out. */
export async function linesOf(c: Context<AppEnv>, source: CheckoutSource): Promise<CheckoutLines> {
  const wanted =
    source.kind === 'cart'
      ? source.cart.entries.map((e) => ({
          itemId: e.itemId,
          sku: e.sku,
          quantity: e.quantity,
          fields: e.additionalFields,
        }))
      : [
          {
            itemId: source.claims.itemId,
            sku: source.claims.sku,
            quantity: source.claims.qty,
            fields: source.claims.additionalFields,
          },
        ]
  const lines: OrderLine[] = []
  const items: Item[] = []
  for (const line of wanted) {
    const item = await productById(c.get('catalog'), line.itemId)
    const variant = item === null ? undefined : variantBySku(item, line.sku)
    if (item === null || variant === undefined) continue
    items.push(item)
    lines.push({
      itemId: item.id,
      sku: variant.sku,
      title: item.title,
      attributes: variant.attributes,
      quantity: line.quantity,
      unitCents: unitCentsOf(variant),
      productType: item.structuredContent?.productType ?? 0,
      additionalFields: line.fields,
    })
  }
  return { lines, items }
}

/** What the checkout form says about the amounts: the option chosen, the total the page showed. */
export interface CheckoutPricingInput {
  optionId: string | null
  /**
   * The grand total the shopper saw; the order is refused when the server's differs. `pending`:
   * the page had no address to price shipping and tax, so the shopper has seen no total yet.
   */
  expectedTotalCents: number | 'pending' | null
}

/**
 * The amounts of a checkout (commerce/pricing.ts): the address's country and region pick the
 * shipping options and tax; the cart's codes apply; a token's single purchase takes no codes.
 */
export function priceCheckout(
  c: Context<AppEnv>,
  source: CheckoutSource,
  { lines, items }: CheckoutLines,
  location: { country: string; region: string; postalCode: string } | null,
  optionId: string | null,
): Promise<Pricing> {
  const priced = lines.map((line, index) => pricedLineOf(items[index] as Item, line))
  const codes = source.kind === 'cart' ? source.cart.choice.codes : []
  return pricingOf(c.env, c.get('catalog'), priced, { location, optionId, codes })
}

/** The refusal of amounts that cannot be charged as they are, or null. */
function pricingRefusal(
  c: Context<AppEnv>,
  pricing: Pricing,
  input: CheckoutPricingInput,
): PlaceResult | null {
  if (pricing.shippingProblem !== null)
    return {
      ok: false,
      status: 422,
      message: pricing.shippingProblem,
      errors: pricing.options.length === 0 ? { country: pricing.shippingProblem } : {},
    }
  const invalid = pricing.invalid[0]
  if (invalid !== undefined)
    return {
      ok: false,
      status: 422,
      message: fillText(PRICING_TEXT.couponInvalidAtCheckout, { reason: invalid.reason }),
    }
  if (input.expectedTotalCents !== null && input.expectedTotalCents !== pricing.grandTotalCents) {
    const { site } = c.get('tenant')
    const amount = centsText(pricing.grandTotalCents, storeCurrency(site), moneyDisplayOf(site))
    // Without script the page can price shipping and tax only once the address is posted: the
    // first such post shows them (nothing held, nothing charged), the next one places the order.
    const text = input.expectedTotalCents === 'pending' ? PRICING_TEXT.reviewTotal : PRICING_TEXT.totalChanged
    return { ok: false, status: 409, message: fillText(text, { amount }) }
  }
  return null
}

/** The order id of an idempotency key: the same submit always names the same order. */
export async function orderIdOf(siteId: string, idempotencyKey: string): Promise<string> {
  return `ord_${hex((await sha256(`${siteId}\u0000${idempotencyKey}`)).slice(0, 12))}`
}

/** SHA-256 (hex) of a browser's crumb: what an order keeps of the browser that placed it. */
export async function placedByOf(crumb: string): Promise<string> {
  return hex(await sha256(`order-buyer|${crumb}`))
}

const busy = { ok: false, status: 503, message: CART_TEXT.checkoutBusy } as const

/** The order as this submit would write it (lines and totals of today's prices). */
function orderOf(
  c: Context<AppEnv>,
  id: string,
  source: CheckoutSource,
  values: CheckoutValues,
  idempotencyKey: string,
  lines: OrderLine[],
  buyer: Buyer,
  pricing: Pricing,
): OrderRow {
  const tenant = c.get('tenant')
  const { subtotalCents, grandTotalCents } = pricing
  const now = Date.now()
  return {
    id,
    siteId: tenant.siteId,
    idempotencyKey,
    cartId: source.kind === 'cart' ? source.cart.id : null,
    status: 'pending',
    email: values.email,
    shipping: {
      name: values.name,
      address1: values.address1,
      address2: values.address2,
      city: values.city,
      region: values.region,
      postalCode: values.postalCode,
      country: values.country,
    },
    lines,
    currency: storeCurrency(tenant.site),
    subtotalCents,
    grandTotalCents,
    paymentRef: null,
    subscriptionPlan:
      source.kind === 'token' && source.claims.kind === 'subscription' ? source.claims.plan : null,
    giftCardCode: null,
    createdAt: now,
    siteUserId: buyer.siteUserId,
    placedBy: buyer.placedBy,
    attempt: 1,
    updatedAt: now,
    failure: null,
    confirmationSentAt: null,
    origin: tenant.origin,
    amounts: {
      subtotalCents,
      discountCents: pricing.discountCents,
      shippingCents: pricing.shippingCents,
      taxCents: pricing.taxCents,
      taxIncluded: pricing.taxIncluded,
      grandTotalCents,
      shippingOption:
        pricing.selected === null
          ? null
          : { id: pricing.selected.id, name: pricing.selected.name, cents: pricing.selected.cents },
      taxLines: pricing.taxLines,
      coupons: pricing.valid,
    },
  }
}

/** A cart's checkout lock whose order was never written is taken over after this long. */
const CHECKOUT_LOCK_STALE_MS = 2 * 60 * 1000

/**
 * Takes the cart's checkout lock for `orderId`: null when taken, else the refusal. A lock held
 * by an order that failed (or was never written) is taken over.
 */
async function lockCart(c: Context<AppEnv>, cartId: string, orderId: string): Promise<PlaceResult | null> {
  const cart = cartObject(c, cartId)
  const siteId = c.get('tenant').siteId
  let lock = await cart.beginCheckout(siteId, orderId)
  if (!lock.ok && lock.reason === 'in-checkout') {
    // A holder that failed, or that never got written within the time a checkout takes, is gone.
    const holder = await orderById(c.env.DB, siteId, lock.orderId)
    const stale =
      holder === null
        ? Date.now() - lock.since > CHECKOUT_LOCK_STALE_MS
        : holder.status === 'failed' || holder.status === 'refunded'
    if (stale) lock = await cart.beginCheckout(siteId, orderId, lock.orderId)
  }
  if (lock.ok) return null
  if (lock.reason === 'empty') return { ok: false, status: 303, location: '/cart' }
  const message = lock.reason === 'paid' ? CART_TEXT.cartAlreadyPaid : CART_TEXT.cartInCheckout
  return { ok: false, status: 409, message, orderId: lock.orderId }
}

/**
 * Reserves the order's stock and writes it (new) or restarts it (a failed one tried again).
 * Null once the order is pending and holding its stock; else the answer, with nothing held.
 */
async function holdAndWrite(
  c: Context<AppEnv>,
  order: OrderRow,
  items: Item[],
  previous: OrderRow | null,
): Promise<PlaceResult | null> {
  const tenant = c.get('tenant')
  const inventory = inventoryOf(c.env, tenant.siteId)
  const lines = stockLinesOf(order)
  const limits = couponLimitsOf(tenant.site.storeSettings, order.amounts?.coupons ?? [])
  let held = await inventory.reserve(order.id, lines, seedsOf(items), tenant.version, limits)
  if (!held.ok && 'duplicate' in held) {
    // The key holds stock already: a submit racing this one (its order page shows the outcome),
    // or one that stopped before it wrote the order (a crash): then its hold is taken over,
    // taken again for this submit's lines.
    const row = await orderById(c.env.DB, tenant.siteId, order.id)
    if (row !== null && row.status !== 'failed') return { ok: true, orderId: order.id }
    await inventory.release(order.id)
    held = await inventory.reserve(order.id, lines, seedsOf(items), tenant.version, limits)
    if (!held.ok && 'duplicate' in held) return { ok: true, orderId: order.id }
  }
  if (!held.ok) {
    const { sku } = held
    if (sku.startsWith(COUPON_SKU_PREFIX)) {
      const code = sku.slice(COUPON_SKU_PREFIX.length)
      return { ok: false, status: 409, message: fillText(PRICING_TEXT.couponUsedUp, { code }) }
    }
    const title = order.lines.find((line) => line.sku === sku)?.title ?? ''
    return { ok: false, status: 409, message: fillText(CART_TEXT.stockChanged, { title }) }
  }
  try {
    const written =
      previous === null
        ? await insertPendingOrder(c.env.DB, order)
        : await restartOrder(c.env.DB, order, previous.attempt, Date.now())
    // Else another submit of the same key wrote it first and holds the stock under the same key:
    // its order page shows the outcome.
    return written ? null : { ok: true, orderId: order.id }
  } catch (error) {
    // Nothing was charged: the stock goes back at once.
    await inventory.release(order.id)
    throw error
  }
}

/**
 * A resubmit of an order left pending with no charge at the provider (the request that placed
 * it stopped before charging): charged now with this submit's card, under the same charge key,
 * so a first charge still on its way and this one are one charge at the provider.
 */
export async function chargePending(
  c: Context<AppEnv>,
  order: OrderRow,
  values: CheckoutValues,
): Promise<PlaceResult> {
  const errors = validateCheckout(values, { cardInForm: paymentProvider(c.env).cardInForm })
  if (Object.keys(errors).length > 0) return { ok: true, orderId: order.id }
  return chargeOrder(c, order, values.card)
}

/** Charges a pending order and moves it as far as the provider's answer allows. */
async function chargeOrder(c: Context<AppEnv>, order: OrderRow, card: string): Promise<PlaceResult> {
  const env = c.env
  const charge = await chargeWithRetry(
    paymentProvider(env),
    {
      amountCents: order.grandTotalCents,
      currency: order.currency,
      card,
      reference: order.id,
      idempotencyKey: chargeKey(order.id, order.attempt),
      email: order.email,
    },
    env,
  )
  let status: OrderStatus
  if (charge.status === 'succeeded') {
    status = await chargeSucceeded(env, order, charge.paymentRef)
  } else if (charge.status === 'declined') {
    await failOrder(env, order, 'declined')
    return { ok: false, status: 402, message: CART_TEXT.paymentDeclined }
  } else {
    // The answer was lost or unclear: the provider's own record says whether it charged.
    logError('payment-unclear', {
      siteId: order.siteId,
      order: order.id,
      detail: charge.status === 'error' ? charge.detail : charge.status,
    })
    status = await settlePending(env, order, { inFlightMs: CHARGE_IN_FLIGHT_MS })
    if (status === 'failed') return { ok: false, status: 502, message: CART_TEXT.paymentFailed }
  }
  if (status === 'refunded') {
    const sku = (await orderById(env.DB, order.siteId, order.id))?.failure?.replace(/^stock:/, '')
    const title = order.lines.find((line) => line.sku === sku)?.title ?? order.lines[0]?.title ?? ''
    return {
      ok: false,
      status: 409,
      message: fillText(CART_TEXT.soldOutRefunded, { title }),
      orderId: order.id,
    }
  }
  return { ok: true, orderId: order.id }
}

/**
 * Places the order, or tries again one this idempotency key placed and that failed (a key whose
 * order is under way is finished by `resumeOrder` before this is called); see the module
 * comment. Storage failing on the way answers 503 'nothing was charged' before the charge; after
 * it, the order page shows the order being placed while the sweep (reconcile.ts) finishes it.
 */
export async function placeOrder(
  c: Context<AppEnv>,
  source: CheckoutSource,
  values: CheckoutValues,
  idempotencyKey: string,
  buyer: Buyer,
  /** The key's order when it failed before (this submit tries again), else null. */
  previous: OrderRow | null,
  input: CheckoutPricingInput = { optionId: null, expectedTotalCents: null },
): Promise<PlaceResult> {
  const provider = paymentProvider(c.env)
  const errors = validateCheckout(values, { cardInForm: provider.cardInForm })
  if (Object.keys(errors).length > 0)
    return { ok: false, status: 422, message: CART_TEXT.checkoutProblem, errors }
  const tenant = c.get('tenant')
  const checkoutLines = await linesOf(c, source)
  const { lines, items } = checkoutLines
  if (lines.length === 0) return { ok: false, status: 303, location: '/cart' }
  // Every amount is the server's, from the address given now: never a figure from the form.
  const location = { country: values.country, region: values.region, postalCode: values.postalCode }
  const pricing = await priceCheckout(c, source, checkoutLines, location, input.optionId)
  const refusedPricing = pricingRefusal(c, pricing, input)
  if (refusedPricing !== null) return refusedPricing
  const id = previous?.id ?? (await orderIdOf(tenant.siteId, idempotencyKey))
  const order = orderOf(c, id, source, values, idempotencyKey, lines, buyer, pricing)
  if (previous !== null)
    Object.assign(order, { attempt: previous.attempt + 1, createdAt: previous.createdAt })
  try {
    if (source.kind === 'cart') {
      const refused = await lockCart(c, source.cart.id, id)
      if (refused !== null) return refused
    }
    const refused = await holdAndWrite(c, order, items, previous)
    if (refused !== null) {
      if (source.kind === 'cart' && !refused.ok)
        await cartObject(c, source.cart.id).endCheckout(tenant.siteId, id)
      return refused
    }
  } catch (error) {
    logError('checkout-storage-failed', { siteId: tenant.siteId, order: id, message: String(error) })
    if (source.kind === 'cart')
      await cartObject(c, source.cart.id)
        .endCheckout(tenant.siteId, id)
        .catch(() => undefined)
    return busy
  }
  try {
    return await chargeOrder(c, order, values.card)
  } catch (error) {
    // After the charge started: nothing is released; the sweep settles it from the provider's record.
    logError('checkout-unfinished', { siteId: tenant.siteId, order: id, message: String(error) })
    return { ok: true, orderId: id }
  }
}
