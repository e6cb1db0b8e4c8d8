/**
 * An order's states and the steps between them (issue 19: a checkout ends paid or not charged,
 * whatever fails and wherever). Checkout (checkout.ts), a resubmit of the same idempotency key,
 * the reconciliation sweep (reconcile.ts) and the provider's webhook all move an order with
 * these functions, so each step is written once:
 *
 *   (new) ──reserve stock, write row──▶ pending ──provider took the money──▶ charged
 *                                          │                                 │
 *            declined, or the provider     │          stock committed, cart  │ stock gone:
 *            never charged (its record)    ▼          closed, row paid       ▼ refunded
 *                                        failed ◀── a retry of the same key  paid   refunded
 *                                          └───────▶ pending (attempt + 1)
 *
 * - The charge is recorded the moment the provider answers (`recordCharge`); when that answer
 *   is lost, the provider's own record (`find`) says what happened.
 * - Stock is released only once the order is known not charged (`failed`), never after a
 *   charge; a charged order's stock is committed (`InventoryObject.commit`: its reservation,
 *   or live stock if the reservation expired meanwhile), or, when the units are gone, the
 *   charge is refunded: never sold beyond stock.
 * - The cart's checkout lock (`CartObject.beginCheckout`) lets one order at a time pay a cart;
 *   a paid order closes the cart before the row says paid, so `paid` means every step is done.
 * - Every change is a guarded UPDATE (db/orders.ts): a repeat changes nothing, and each change
 *   is logged once with the order id.
 */
import { ProductType } from '../../shared/index'
import { randomBytes } from '../crypto/encoding'
import {
  markOrderFailed,
  markOrderPaid,
  markOrderRefunded,
  type OrderRow,
  type OrderStatus,
  orderById,
  recordCharge,
} from '../db/orders'
import type { Env } from '../env'
import { chargeKey, type FoundCharge, paymentProvider } from '../payments/provider'
import { queueConnectionEvents } from '../queues/connection-events'
import { logError, logInfo } from '../runtime/log'
import { cartObjectOf } from './cart-session'
import { inventoryOf, stockLinesOf } from './stock'

/** How long a pending order's charge may still be in flight (a provider call and its retry). */
export const CHARGE_IN_FLIGHT_MS = 60_000

/** A gift card code as printed on the confirmation: four groups of four (no 0/O, 1/I). */
export function newGiftCardCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(16)
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length])
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

/** Logs a state change once, when this call made it. */
function logChange(order: OrderRow, to: OrderStatus, changed: boolean, detail?: string): void {
  if (changed)
    logInfo('order-state', { siteId: order.siteId, order: order.id, from: order.status, to, detail })
}

/** pending → failed: nothing was charged; the stock and the cart are let go. */
export async function failOrder(env: Env, order: OrderRow, why: string): Promise<OrderStatus> {
  const changed = await markOrderFailed(env.DB, order.siteId, order.id, order.attempt, why, Date.now())
  logChange(order, 'failed', changed, why)
  await inventoryOf(env, order.siteId).release(order.id)
  if (order.cartId !== null)
    await cartObjectOf(env, order.siteId, order.cartId).endCheckout(order.siteId, order.id)
  return 'failed'
}

/**
 * charged → paid (stock committed, cart closed, row paid), or → refunded when the stock is
 * gone. Each step is idempotent, so a finish that stopped halfway is finished by running again.
 */
export async function finishCharged(env: Env, order: OrderRow): Promise<OrderStatus> {
  const committed = await inventoryOf(env, order.siteId).commit(order.id, stockLinesOf(order))
  if (!committed.ok) {
    if (order.paymentRef === null || !(await paymentProvider(env).refund(order.paymentRef, env))) {
      logError('order-refund-failed', { siteId: order.siteId, order: order.id })
      return 'charged'
    }
    const changed = await markOrderRefunded(
      env.DB,
      order.siteId,
      order.id,
      `stock:${committed.sku}`,
      Date.now(),
    )
    logChange(order, 'refunded', changed, `stock:${committed.sku}`)
    if (order.cartId !== null)
      await cartObjectOf(env, order.siteId, order.cartId).endCheckout(order.siteId, order.id)
    return 'refunded'
  }
  if (order.cartId !== null)
    await cartObjectOf(env, order.siteId, order.cartId).markPurchased(order.siteId, order.id)
  const giftCard = order.lines.some((line) => line.productType === ProductType.GIFT_CARD)
    ? newGiftCardCode()
    : null
  const changed = await markOrderPaid(env.DB, order.siteId, order.id, giftCard, Date.now())
  logChange(order, 'paid', changed)
  if (changed) await queueConnectionEvents(env, order.siteId, [['order', { orderId: order.id }]])
  return 'paid'
}

/**
 * pending → charged (recorded at once), then finished. A charge that arrives for an order no
 * longer waiting for it (declared failed meanwhile, or a later attempt under way) is refunded.
 */
export async function chargeSucceeded(env: Env, order: OrderRow, paymentRef: string): Promise<OrderStatus> {
  const changed = await recordCharge(env.DB, order.siteId, order.id, order.attempt, paymentRef, Date.now())
  if (changed) {
    logChange(order, 'charged', true, paymentRef)
    return finishCharged(env, { ...order, status: 'charged', paymentRef })
  }
  const current = await orderById(env.DB, order.siteId, order.id)
  if (current === null) return 'failed'
  if (current.status === 'charged') return finishCharged(env, current)
  if (current.paymentRef === paymentRef) return current.status
  // This charge belongs to an attempt the order no longer waits for: give it back.
  const refunded = await paymentProvider(env).refund(paymentRef, env)
  logInfo('order-stray-charge', { siteId: order.siteId, order: order.id, paymentRef, refunded })
  return current.status
}

/**
 * A pending order settled by what the provider's record says (`found`, asked when not given):
 * charged → finished; declined → failed; never charged → failed once it is older than
 * `inFlightMs` (before that its charge may still be on its way); unknown → left pending.
 */
export async function settlePending(
  env: Env,
  order: OrderRow,
  options: { inFlightMs: number; found?: FoundCharge; now?: number },
): Promise<OrderStatus> {
  const found =
    options.found ?? (await paymentProvider(env).find(order.id, chargeKey(order.id, order.attempt), env))
  switch (found.status) {
    case 'succeeded':
      return chargeSucceeded(env, order, found.paymentRef)
    case 'refunded': {
      // Charged and refunded at the provider (by the operator, or a refund whose row was lost).
      await recordCharge(env.DB, order.siteId, order.id, order.attempt, found.paymentRef, Date.now())
      const changed = await markOrderRefunded(env.DB, order.siteId, order.id, 'refunded', Date.now())
      logChange({ ...order, status: 'charged' }, 'refunded', changed)
      return 'refunded'
    }
    case 'declined':
      return failOrder(env, order, 'declined')
    case 'none':
      if ((options.now ?? Date.now()) - order.updatedAt < options.inFlightMs) return 'pending'
      return failOrder(env, order, 'not-charged')
    case 'error':
      logError('order-settle-unknown', { siteId: order.siteId, order: order.id, detail: found.detail })
      return 'pending'
  }
}

/** Moves an unfinished order on as far as it can go now (the sweep, a resubmit, the webhook). */
export async function resumeOrder(
  env: Env,
  order: OrderRow,
  inFlightMs: number,
  now = Date.now(),
): Promise<OrderStatus> {
  if (order.status === 'charged') return finishCharged(env, order)
  if (order.status === 'pending') return settlePending(env, order, { inFlightMs, now })
  return order.status
}
