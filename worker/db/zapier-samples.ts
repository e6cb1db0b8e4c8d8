/**
 * Zapier's perform list (worker/editor/zapier-api.ts, `GET /config/zapier/v1/samples/<event>`):
 * a site's latest form submissions, paid orders and restock sign-ups, newest first, so a
 * merchant setting up a Zap maps fields from their own data.
 */

export interface RecentSubmission {
  id: number
  formId: string
  values: Record<string, unknown>
  createdAt: number
}

export async function recentSubmissions(
  db: D1Database,
  siteId: string,
  limit: number,
): Promise<RecentSubmission[]> {
  const { results } = await db
    .prepare(
      'SELECT id, form_id, fields, created_at FROM form_submissions WHERE site_id = ? ORDER BY id DESC LIMIT ?',
    )
    .bind(siteId, limit)
    .all<{ id: number; form_id: string; fields: string; created_at: number }>()
  return results.map((row) => ({
    id: row.id,
    formId: row.form_id,
    values: JSON.parse(row.fields) as Record<string, unknown>,
    createdAt: row.created_at,
  }))
}

/** The ids of the latest paid orders, with when they were paid. */
export async function recentPaidOrders(db: D1Database, siteId: string, limit: number) {
  const { results } = await db
    .prepare(
      "SELECT id, updated_at FROM orders WHERE site_id = ? AND status = 'paid' ORDER BY updated_at DESC LIMIT ?",
    )
    .bind(siteId, limit)
    .all<{ id: string; updated_at: number }>()
  return results.map((row) => ({ id: row.id, paidAt: row.updated_at }))
}

export async function recentRestockSignUps(db: D1Database, siteId: string, limit: number) {
  const { results } = await db
    .prepare(
      'SELECT id, product_id, variant_id, email, created_at FROM restock_signups WHERE site_id = ? ORDER BY id DESC LIMIT ?',
    )
    .bind(siteId, limit)
    .all<{ id: number; product_id: string; variant_id: string; email: string; created_at: number }>()
  return results.map((row) => ({
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    email: row.email,
    createdAt: row.created_at,
  }))
}
