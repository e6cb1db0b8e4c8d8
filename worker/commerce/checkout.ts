/**
 * Placing an order (ARCHITECTURE.md, "What is strongly consistent"): the order's id is derived
 * from the tenant and the form's idempotency key, every line's stock is reserved under it in one
 * step (all or none; a repeated submit finds the key taken and places nothing), the order is
 * written pending, the provider charges, then the stock is committed, the order marked paid and
 * the cart closed. A refusal for stock writes nothing; a decline or an error releases the
 * reservation and forgets the pending order, so the shopper can try again.
 */
import type { Context } from 'hono'
import {
  CART_TEXT,
  type CheckoutValues,
  fillText,
  ProductType,
  validateCheckout,
} from '../../templates/shared'
import type { AppEnv } from '../context'
import {
  deletePendingOrder,
  insertPendingOrder,
  markOrderPaid,
  type OrderLine,
  type OrderRow,
  orderByIdempotencyKey,
} from '../db/orders'
import type { StoredCart } from '../durable/cart'
import { logError } from '../log'
import { chargeWithRetry, paymentProvider } from '../payments/provider'
import type { Item } from '../records'
import { cartObject } from './cart-session'
import { storeCurrency } from './cart-view'
import { productById, unitCentsOf, variantBySku } from './products'
import { inventoryOf, seedsOf } from './stock'
import type { CheckoutClaims } from './tokens'

/** What is being bought: the visitor's cart, or one subscription or gift card from its token. */
export type CheckoutSource = { kind: 'cart'; cart: StoredCart } | { kind: 'token'; claims: CheckoutClaims }

export type PlaceResult =
  | { ok: true; orderId: string }
  | { ok: false; status: 402 | 409 | 422 | 502; message: string; errors?: Partial<Record<string, string>> }
  | { ok: false; status: 303; location: string }

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
    const item = await productById(c.var.catalog, line.itemId)
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

/** The order id of an idempotency key: the same submit always names the same order. */
async function orderIdOf(siteId: string, idempotencyKey: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${siteId}\u0000${idempotencyKey}`),
  )
  return `ord_${[...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** A gift card code as printed on the confirmation: four groups of four (no 0/O, 1/I). */
export function newGiftCardCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length])
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

/** Places the order; see the module comment for the steps. */
export async function placeOrder(
  c: Context<AppEnv>,
  source: CheckoutSource,
  values: CheckoutValues,
  idempotencyKey: string,
): Promise<PlaceResult> {
  const provider = paymentProvider(c.env)
  const errors = validateCheckout(values, { cardInForm: provider.cardInForm })
  if (Object.keys(errors).length > 0)
    return { ok: false, status: 422, message: CART_TEXT.checkoutProblem, errors }
  const { tenant } = c.var
  const db = c.env.DB
  const previous = await orderByIdempotencyKey(db, tenant.siteId, idempotencyKey)
  if (previous !== null) return { ok: true, orderId: previous.id }
  const { lines, items } = await linesOf(c, source)
  if (lines.length === 0) return { ok: false, status: 303, location: '/cart' }

  const subtotalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
  const order: OrderRow = {
    id: await orderIdOf(tenant.siteId, idempotencyKey),
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
    grandTotalCents: subtotalCents,
    paymentRef: null,
    subscriptionPlan:
      source.kind === 'token' && source.claims.kind === 'subscription' ? source.claims.plan : null,
    giftCardCode: null,
    createdAt: Date.now(),
  }
  const inventory = inventoryOf(c.env, tenant.siteId)
  const held = await inventory.reserve(
    order.id,
    lines.map((line) => ({ sku: line.sku, quantity: line.quantity })),
    seedsOf(items),
    tenant.version,
  )
  // A second submit racing the first: its order page shows the outcome.
  if (!held.ok && 'duplicate' in held) return { ok: true, orderId: order.id }
  if (!held.ok) {
    const title = lines.find((line) => line.sku === held.sku)?.title ?? ''
    return { ok: false, status: 409, message: fillText(CART_TEXT.stockChanged, { title }) }
  }
  if (!(await insertPendingOrder(db, order))) {
    await inventory.release(order.id)
    return { ok: true, orderId: order.id }
  }

  let charge: Awaited<ReturnType<typeof chargeWithRetry>>
  try {
    charge = await chargeWithRetry(
      provider,
      {
        amountCents: order.grandTotalCents,
        currency: order.currency,
        card: values.card,
        reference: order.id,
        idempotencyKey: order.id,
        email: order.email,
      },
      c.env,
    )
  } catch (error) {
    charge = { status: 'error', detail: String(error) }
  }
  if (charge.status !== 'succeeded') {
    await inventory.release(order.id)
    await deletePendingOrder(db, tenant.siteId, order.id)
    if (charge.status === 'declined') return { ok: false, status: 402, message: CART_TEXT.paymentDeclined }
    logError('payment-failed', {
      siteId: tenant.siteId,
      order: order.id,
      detail: charge.status === 'error' ? charge.detail : charge.status,
    })
    return { ok: false, status: 502, message: CART_TEXT.paymentFailed }
  }

  await inventory.commit(order.id)
  const giftCard = lines.some((line) => line.productType === ProductType.GIFT_CARD) ? newGiftCardCode() : null
  await markOrderPaid(db, tenant.siteId, order.id, charge.paymentRef, giftCard)
  if (source.kind === 'cart') await cartObject(c, source.cart.id).markPurchased(tenant.siteId, order.id)
  return { ok: true, orderId: order.id }
}
