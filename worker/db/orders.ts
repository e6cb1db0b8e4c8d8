/** D1 access to `orders` (worker/migrations/0002_commerce.sql). */

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

export interface OrderRow {
  id: string
  siteId: string
  idempotencyKey: string
  cartId: string | null
  status: 'pending' | 'paid'
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
}

interface RawOrder {
  id: string
  site_id: string
  idempotency_key: string
  cart_id: string | null
  status: 'pending' | 'paid'
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
  }
}

/**
 * Writes a pending order; false when the site already has an order with this idempotency key
 * (a repeated submit), which is then left as it was.
 */
export async function insertPendingOrder(db: D1Database, order: OrderRow): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT OR IGNORE INTO orders (id, site_id, idempotency_key, cart_id, status, email, shipping, lines,
        currency, subtotal_cents, grand_total_cents, payment_ref, subscription_plan, gift_card_code, created_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?)`,
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
    )
    .run()
  return result.meta.changes === 1
}

/** The order is paid: its payment reference and, for a gift card, the issued code. */
export async function markOrderPaid(
  db: D1Database,
  siteId: string,
  id: string,
  paymentRef: string,
  giftCardCode: string | null,
): Promise<void> {
  await db
    .prepare(
      "UPDATE orders SET status = 'paid', payment_ref = ?, gift_card_code = ? WHERE site_id = ? AND id = ?",
    )
    .bind(paymentRef, giftCardCode, siteId, id)
    .run()
}

/** Forgets a pending order whose payment failed, so the shopper can try again. */
export async function deletePendingOrder(db: D1Database, siteId: string, id: string): Promise<void> {
  await db
    .prepare("DELETE FROM orders WHERE site_id = ? AND id = ? AND status = 'pending'")
    .bind(siteId, id)
    .run()
}

export async function orderById(db: D1Database, siteId: string, id: string): Promise<OrderRow | null> {
  const raw = await db
    .prepare('SELECT * FROM orders WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<RawOrder>()
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

/** Paid orders of a site (tests and operators count them). */
export async function countPaidOrders(db: D1Database, siteId: string): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM orders WHERE site_id = ? AND status = 'paid'")
    .bind(siteId)
    .first<{ n: number }>()
  return row?.n ?? 0
}
