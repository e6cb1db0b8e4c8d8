/**
 * D1 access to `orders` (worker/migrations/0002_commerce.sql, rebuilt by 0005_hardening.sql).
 * Each state change is one guarded UPDATE (`WHERE status = <the state it leaves>`), so a
 * repeat, a retry or a second worker finishing the same order changes nothing twice; it
 * answers whether this call made the change. The states are in worker/commerce/order-states.ts.
 */

import { keysetPage, type Page, type PageRequest, type Range } from './keyset'

export interface OrderLine {
  itemId: string
  sku: string
  title: string
  attributes: Record<string, string>
  quantity: number
  /** Price of one unit in the currency's minor units. */
  unitCents: number
  productType: number
  additionalFields: string | null
}

export interface ShippingAddress {
  name: string
  address1: string
  address2: string
  city: string
  region: string
  postalCode: string
  country: string
}

/**
 * The totals of a cart's pricing (commerce/pricing.ts) and of an order, integer minor units.
 * `grandTotalCents = subtotalCents - discountCents + shippingCents + (taxIncluded ? 0 : taxCents)`:
 * `taxCents` is the tax the order carries, already inside the prices when `taxIncluded`.
 */
export interface AmountTotals {
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  taxIncluded: boolean
  grandTotalCents: number
}

/** Every amount of an order as the server computed it at checkout (issue 25). */
export interface OrderAmounts extends AmountTotals {
  /** The shipping option chosen, or null when nothing ships. */
  shippingOption: { id: string; name: string; cents: number } | null
  /** One line per tax rule applied: its name (e.g. 'CA sales tax'), rate in basis points, amount. */
  taxLines: { name: string; rateBasisPoints: number; cents: number }[]
  /** The coupons applied, each with what it took off (free shipping: the shipping it waived). */
  coupons: { code: string; discountCents: number; freeShipping: boolean }[]
}

/** The amounts of an order; an order from before issue 25 has its subtotal and total only. */
export function amountsOf(
  order: Pick<OrderRow, 'amounts' | 'subtotalCents' | 'grandTotalCents'>,
): OrderAmounts {
  return (
    order.amounts ?? {
      subtotalCents: order.subtotalCents,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      taxIncluded: false,
      grandTotalCents: order.grandTotalCents,
      shippingOption: null,
      taxLines: [],
      coupons: [],
    }
  )
}

export type OrderStatus = 'pending' | 'charged' | 'paid' | 'failed' | 'refunded'

export interface OrderRow {
  id: string
  siteId: string
  idempotencyKey: string
  cartId: string | null
  status: OrderStatus
  email: string
  shipping: ShippingAddress
  lines: OrderLine[]
  currency: string
  subtotalCents: number
  grandTotalCents: number
  paymentRef: string | null
  subscriptionPlan: unknown
  giftCardCode: string | null
  createdAt: number
  /** The signed-in site user who placed it. */
  siteUserId: string | null
  /** SHA-256 (hex) of the placing browser's crumb. */
  placedBy: string | null
  /** The charge attempt: the provider's key is `<id>.<attempt>`. */
  attempt: number
  updatedAt: number
  /** Why it failed or was refunded. */
  failure: string | null
  confirmationSentAt: number | null
  /** The tenant's origin at checkout (the email's links). */
  origin: string | null
  /** Every amount as computed at checkout (issue 25); null on older orders: use amountsOf. */
  amounts: OrderAmounts | null
}

interface RawOrder {
  id: string
  site_id: string
  idempotency_key: string
  cart_id: string | null
  status: OrderStatus
  email: string
  shipping: string
  lines: string
  currency: string
  subtotal_cents: number
  grand_total_cents: number
  payment_ref: string | null
  subscription_plan: string | null
  gift_card_code: string | null
  created_at: number
  site_user_id: string | null
  placed_by: string | null
  attempt: number
  updated_at: number
  failure: string | null
  confirmation_sent_at: number | null
  origin: string | null
  amounts: string | null
}

function rowOf(raw: RawOrder): OrderRow {
  return {
    id: raw.id,
    siteId: raw.site_id,
    idempotencyKey: raw.idempotency_key,
    cartId: raw.cart_id,
    status: raw.status,
    email: raw.email,
    shipping: JSON.parse(raw.shipping) as ShippingAddress,
    lines: JSON.parse(raw.lines) as OrderLine[],
    currency: raw.currency,
    subtotalCents: raw.subtotal_cents,
    grandTotalCents: raw.grand_total_cents,
    paymentRef: raw.payment_ref,
    subscriptionPlan: raw.subscription_plan === null ? null : JSON.parse(raw.subscription_plan),
    giftCardCode: raw.gift_card_code,
    createdAt: raw.created_at,
    siteUserId: raw.site_user_id,
    placedBy: raw.placed_by,
    attempt: raw.attempt,
    updatedAt: raw.updated_at,
    failure: raw.failure,
    confirmationSentAt: raw.confirmation_sent_at,
    origin: raw.origin,
    amounts:
      raw.amounts === null || raw.amounts === undefined ? null : (JSON.parse(raw.amounts) as OrderAmounts),
  }
}

/**
 * Writes a pending order (attempt 1); false when the site already has an order with this
 * idempotency key (a repeated submit), which is then left as it was.
 */
export async function insertPendingOrder(db: D1Database, order: OrderRow): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT OR IGNORE INTO orders (id, site_id, idempotency_key, cart_id, status, email, shipping, lines,
        currency, subtotal_cents, grand_total_cents, payment_ref, subscription_plan, gift_card_code, created_at,
        site_user_id, placed_by, attempt, updated_at, origin, amounts)
       VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, ?, ?, 1, ?, ?, ?)`,
    )
    .bind(
      order.id,
      order.siteId,
      order.idempotencyKey,
      order.cartId,
      order.email,
      JSON.stringify(order.shipping),
      JSON.stringify(order.lines),
      order.currency,
      order.subtotalCents,
      order.grandTotalCents,
      order.subscriptionPlan === null ? null : JSON.stringify(order.subscriptionPlan),
      order.createdAt,
      order.siteUserId,
      order.placedBy,
      order.createdAt,
      order.origin,
      order.amounts === null ? null : JSON.stringify(order.amounts),
    )
    .run()
  return result.meta.changes === 1
}

/**
 * A failed order tried again (the shopper pressed Place order after a decline): pending under
 * the next attempt, with what the form says now. False when it was not failed at `attempt`.
 */
export async function restartOrder(
  db: D1Database,
  order: OrderRow,
  attempt: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE orders SET status = 'pending', attempt = ?, email = ?, shipping = ?, lines = ?, subtotal_cents = ?,
         grand_total_cents = ?, amounts = ?, failure = NULL, updated_at = ?
       WHERE site_id = ? AND id = ? AND status = 'failed' AND attempt = ?`,
    )
    .bind(
      attempt + 1,
      order.email,
      JSON.stringify(order.shipping),
      JSON.stringify(order.lines),
      order.subtotalCents,
      order.grandTotalCents,
      order.amounts === null ? null : JSON.stringify(order.amounts),
      now,
      order.siteId,
      order.id,
      attempt,
    )
    .run()
  return result.meta.changes === 1
}

async function change(db: D1Database, sql: string, ...values: unknown[]): Promise<boolean> {
  const result = await db
    .prepare(sql)
    .bind(...values)
    .run()
  return result.meta.changes === 1
}

/** pending (at `attempt`) → charged: the provider took the money under `paymentRef`. */
export function recordCharge(
  db: D1Database,
  siteId: string,
  id: string,
  attempt: number,
  paymentRef: string,
  now: number,
) {
  return change(
    db,
    `UPDATE orders SET status = 'charged', payment_ref = ?, updated_at = ?
     WHERE site_id = ? AND id = ? AND status = 'pending' AND attempt = ?`,
    paymentRef,
    now,
    siteId,
    id,
    attempt,
  )
}

/** charged → paid, with a gift card's code (the first one written stays). */
export function markOrderPaid(
  db: D1Database,
  siteId: string,
  id: string,
  giftCardCode: string | null,
  now: number,
) {
  return change(
    db,
    `UPDATE orders SET status = 'paid', gift_card_code = COALESCE(gift_card_code, ?), updated_at = ?
     WHERE site_id = ? AND id = ? AND status = 'charged'`,
    giftCardCode,
    now,
    siteId,
    id,
  )
}

/** pending (at `attempt`) → failed: nothing was charged. */
export function markOrderFailed(
  db: D1Database,
  siteId: string,
  id: string,
  attempt: number,
  failure: string,
  now: number,
) {
  return change(
    db,
    `UPDATE orders SET status = 'failed', failure = ?, updated_at = ?
     WHERE site_id = ? AND id = ? AND status = 'pending' AND attempt = ?`,
    failure,
    now,
    siteId,
    id,
    attempt,
  )
}

/** charged → refunded: the charge was given back (the stock was gone). */
export function markOrderRefunded(db: D1Database, siteId: string, id: string, failure: string, now: number) {
  return change(
    db,
    "UPDATE orders SET status = 'refunded', failure = ?, updated_at = ? WHERE site_id = ? AND id = ? AND status = 'charged'",
    failure,
    now,
    siteId,
    id,
  )
}

/** The confirmation email of a paid order was accepted by the email provider. */
export function markConfirmationSent(db: D1Database, siteId: string, id: string, now: number) {
  return change(
    db,
    'UPDATE orders SET confirmation_sent_at = ? WHERE site_id = ? AND id = ? AND confirmation_sent_at IS NULL',
    now,
    siteId,
    id,
  )
}

export async function orderById(db: D1Database, siteId: string, id: string): Promise<OrderRow | null> {
  const raw = await db
    .prepare('SELECT * FROM orders WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<RawOrder>()
  return raw === null ? null : rowOf(raw)
}

/** An order by its id alone (ids are unique across sites): the provider's webhook names only the id. */
export async function orderByIdOnly(db: D1Database, id: string): Promise<OrderRow | null> {
  const raw = await db.prepare('SELECT * FROM orders WHERE id = ?').bind(id).first<RawOrder>()
  return raw === null ? null : rowOf(raw)
}

export async function orderByIdempotencyKey(
  db: D1Database,
  siteId: string,
  key: string,
): Promise<OrderRow | null> {
  const raw = await db
    .prepare('SELECT * FROM orders WHERE site_id = ? AND idempotency_key = ?')
    .bind(siteId, key)
    .first<RawOrder>()
  return raw === null ? null : rowOf(raw)
}

/**
 * Orders the reconciliation sweep looks at, across every site: pending or charged and untouched
 * since `before`, and paid ones whose confirmation email was never accepted.
 */
export async function ordersToReconcile(db: D1Database, before: number, limit: number): Promise<OrderRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM orders WHERE status IN ('pending', 'charged') AND updated_at < ?
       UNION ALL
       SELECT * FROM orders WHERE status = 'paid' AND confirmation_sent_at IS NULL AND updated_at < ?
       LIMIT ?`,
    )
    .bind(before, before, limit)
    .all<RawOrder>()
  return results.map(rowOf)
}

/**
 * One page of a signed-in site user's orders on one site, newest first (the account's order
 * history): a range of the index `orders_site_user_page (site_id, site_user_id, created_at, id)`.
 * Checkouts that never went through (pending, or failed before a charge) are left out.
 */
export async function siteUserOrderPage(
  db: D1Database,
  siteId: string,
  siteUserId: string,
  page: PageRequest,
): Promise<Page<OrderRow>> {
  const raw = await keysetPage<RawOrder>(
    db,
    {
      from: "FROM orders WHERE site_id = ? AND site_user_id = ? AND status IN ('paid', 'refunded', 'charged')",
      params: [siteId, siteUserId],
      at: 'created_at',
      id: 'id',
    },
    page,
    (row) => ({ at: row.created_at, id: row.id }),
  )
  return { ...raw, rows: raw.rows.map(rowOf) }
}

/** Paid orders of a site (tests and operators count them). */
export async function countPaidOrders(db: D1Database, siteId: string): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM orders WHERE site_id = ? AND status = 'paid'")
    .bind(siteId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

// ---- the merchant's view (the site editor's Orders, worker/migrations/0012_records.sql) ----

/** An order as the merchant sees it: the row, its fulfilment and what was refunded. */
export interface MerchantOrder extends OrderRow {
  fulfilledAt: number | null
  fulfilledBy: string | null
  refundedCents: number
}

type RawMerchantOrder = RawOrder & {
  fulfilled_at: number | null
  fulfilled_by: string | null
  refunded_cents: number
}

export function merchantOrderOf(raw: RawMerchantOrder): MerchantOrder {
  return {
    ...rowOf(raw),
    fulfilledAt: raw.fulfilled_at,
    fulfilledBy: raw.fulfilled_by,
    refundedCents: raw.refunded_cents,
  }
}

/**
 * The merchant's status filter: 'unfulfilled' and 'fulfilled' are paid orders before and after
 * "Mark fulfilled"; 'pending' is a checkout still under way (pending or charged).
 */
export const ORDER_FILTERS = ['unfulfilled', 'fulfilled', 'refunded', 'failed', 'pending'] as const
export type OrderFilter = (typeof ORDER_FILTERS)[number]

const FILTER_SQL: Record<OrderFilter, string> = {
  unfulfilled: "AND status = 'paid' AND fulfilled_at IS NULL",
  fulfilled: "AND status = 'paid' AND fulfilled_at IS NOT NULL",
  refunded: "AND status = 'refunded'",
  failed: "AND status = 'failed'",
  pending: "AND status IN ('pending', 'charged')",
}

/** The range of a site's orders, of one status and between two times (ms, `to` excluded). */
export function orderRange(
  siteId: string,
  filter: { status?: OrderFilter; from?: number; to?: number },
): Range {
  const params: unknown[] = [siteId]
  let where = 'FROM orders WHERE site_id = ?'
  if (filter.status !== undefined) where += ` ${FILTER_SQL[filter.status]}`
  if (filter.from !== undefined) {
    where += ' AND created_at >= ?'
    params.push(filter.from)
  }
  if (filter.to !== undefined) {
    where += ' AND created_at < ?'
    params.push(filter.to)
  }
  return { from: where, params, at: 'created_at', id: 'id' }
}

/** One page of a site's orders, newest first. */
export async function merchantOrderPage(
  db: D1Database,
  range: Range,
  page: PageRequest,
): Promise<Page<MerchantOrder>> {
  const raw = await keysetPage<RawMerchantOrder>(db, range, page, (row) => ({
    at: row.created_at,
    id: row.id,
  }))
  return { ...raw, rows: raw.rows.map(merchantOrderOf) }
}

export async function merchantOrderById(
  db: D1Database,
  siteId: string,
  id: string,
): Promise<MerchantOrder | null> {
  const raw = await db
    .prepare('SELECT * FROM orders WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<RawMerchantOrder>()
  return raw === null ? null : merchantOrderOf(raw)
}

/** A paid order → fulfilled, by whom and when; false when it was not paid and unfulfilled. */
export function markOrderFulfilled(db: D1Database, siteId: string, id: string, by: string, now: number) {
  return change(
    db,
    `UPDATE orders SET fulfilled_at = ?, fulfilled_by = ?, updated_at = ?
     WHERE site_id = ? AND id = ? AND status = 'paid' AND fulfilled_at IS NULL`,
    now,
    by,
    now,
    siteId,
    id,
  )
}

/**
 * Sets aside `amount` of a paid order's total for a refund before the provider is asked: false
 * when the order is not paid or less than that is left, so two refunds never give back more.
 */
export function reserveRefund(db: D1Database, siteId: string, id: string, amount: number) {
  return change(
    db,
    `UPDATE orders SET refunded_cents = refunded_cents + ?1
     WHERE site_id = ?2 AND id = ?3 AND status = 'paid' AND refunded_cents + ?1 <= grand_total_cents`,
    amount,
    siteId,
    id,
  )
}

/** Gives back a reservation the provider refused. */
export function releaseRefund(db: D1Database, siteId: string, id: string, amount: number) {
  return change(
    db,
    'UPDATE orders SET refunded_cents = refunded_cents - ?1 WHERE site_id = ?2 AND id = ?3 AND refunded_cents >= ?1',
    amount,
    siteId,
    id,
  )
}

/** paid → refunded once refunds gave back the whole total (none of them still waiting for the provider). */
export function markFullyRefunded(db: D1Database, siteId: string, id: string, now: number) {
  return change(
    db,
    `UPDATE orders SET status = 'refunded', failure = 'refunded by the merchant', updated_at = ?1
     WHERE site_id = ?2 AND id = ?3 AND status = 'paid' AND refunded_cents >= grand_total_cents
       AND NOT EXISTS (SELECT 1 FROM order_refunds WHERE site_id = ?2 AND order_id = ?3 AND status = 'pending')`,
    now,
    siteId,
    id,
  )
}
