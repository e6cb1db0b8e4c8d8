/**
 * D1 access to `order_refunds` (worker/migrations/0012_records.sql): the merchant's refunds of an
 * order, one per idempotency key. A refund is written 'pending' before the provider is asked,
 * becomes 'succeeded' with the provider's refund id, and is deleted when the provider refused.
 */

export interface OrderRefund {
  orderId: string
  idempotencyKey: string
  amountCents: number
  currency: string
  status: 'pending' | 'succeeded'
  providerRefundId: string | null
  refundedBy: string
  createdAt: number
}

interface RawRefund {
  order_id: string
  idempotency_key: string
  amount_cents: number
  currency: string
  status: 'pending' | 'succeeded'
  provider_refund_id: string | null
  refunded_by: string
  created_at: number
}

function refundOf(raw: RawRefund): OrderRefund {
  return {
    orderId: raw.order_id,
    idempotencyKey: raw.idempotency_key,
    amountCents: raw.amount_cents,
    currency: raw.currency,
    status: raw.status,
    providerRefundId: raw.provider_refund_id,
    refundedBy: raw.refunded_by,
    createdAt: raw.created_at,
  }
}

/** The refund stored under a key, or null. */
export async function refundByKey(db: D1Database, siteId: string, key: string): Promise<OrderRefund | null> {
  const raw = await db
    .prepare('SELECT * FROM order_refunds WHERE site_id = ? AND idempotency_key = ?')
    .bind(siteId, key)
    .first<RawRefund>()
  return raw === null ? null : refundOf(raw)
}

/** Writes a pending refund; false when the key has a refund already (a repeat). */
export async function insertPendingRefund(
  db: D1Database,
  siteId: string,
  refund: Omit<OrderRefund, 'status' | 'providerRefundId'>,
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT OR IGNORE INTO order_refunds (site_id, order_id, idempotency_key, amount_cents, currency, status,
         provider_refund_id, refunded_by, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', NULL, ?, ?)`,
    )
    .bind(
      siteId,
      refund.orderId,
      refund.idempotencyKey,
      refund.amountCents,
      refund.currency,
      refund.refundedBy,
      refund.createdAt,
    )
    .run()
  return result.meta.changes === 1
}

/** pending → succeeded, with the provider's refund id. */
export async function markRefundSucceeded(
  db: D1Database,
  siteId: string,
  key: string,
  providerRefundId: string,
): Promise<void> {
  await db
    .prepare(
      "UPDATE order_refunds SET status = 'succeeded', provider_refund_id = ? WHERE site_id = ? AND idempotency_key = ? AND status = 'pending'",
    )
    .bind(providerRefundId, siteId, key)
    .run()
}

/**
 * Removes a pending refund the provider refused; true when this call removed it (only then is
 * its amount given back to the order: two calls never give it back twice).
 */
export async function dropPendingRefund(db: D1Database, siteId: string, key: string): Promise<boolean> {
  const result = await db
    .prepare("DELETE FROM order_refunds WHERE site_id = ? AND idempotency_key = ? AND status = 'pending'")
    .bind(siteId, key)
    .run()
  return result.meta.changes === 1
}

/** An order's refunds, oldest first. */
export async function refundsOfOrder(
  db: D1Database,
  siteId: string,
  orderId: string,
): Promise<OrderRefund[]> {
  const { results } = await db
    .prepare('SELECT * FROM order_refunds WHERE site_id = ? AND order_id = ? ORDER BY created_at')
    .bind(siteId, orderId)
    .all<RawRefund>()
  return results.map(refundOf)
}
