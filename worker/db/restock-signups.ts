/**
 * D1 access to back-in-stock sign-ups (worker/migrations/0003_forms.sql): the same address
 * twice for one variant is one sign-up; owners page through them with a cursor and queue the
 * notifications, which marks them sent.
 */

export interface RestockSignUp {
  id: number
  productId: string
  variantId: string
  email: string
  isJoinMailingList: boolean
  created: number
  /** When the notification was queued, or null while the sign-up waits. */
  sent: number | null
}

export interface SignUpGroup {
  productId: string
  variantId: string
  /** Every sign-up of the variant, and those still waiting for their notification. */
  signUpCount: number
  pendingCount: number
}

interface SignUpRecord {
  id: number
  product_id: string
  variant_id: string
  email: string
  join_mailing_list: number
  created_at: number
  sent_at: number | null
}

function signUpOf(row: SignUpRecord): RestockSignUp {
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    email: row.email,
    isJoinMailingList: row.join_mailing_list === 1,
    created: row.created_at,
    sent: row.sent_at,
  }
}

export interface NewSignUp {
  siteId: string
  productId: string
  variantId: string
  /** Already trimmed and lower-cased: one address is one sign-up however it was typed. */
  email: string
  joinMailingList: boolean
  now: number
}

/**
 * Stores a sign-up, and the subscriber when the shopper joined the mailing list, in one
 * transaction. Signing up again for a variant keeps the one row and waits for the next
 * notification (a sign-up already notified is armed again).
 */
export async function storeRestockSignUp(db: D1Database, signUp: NewSignUp): Promise<void> {
  const { siteId, productId, variantId, email, joinMailingList, now } = signUp
  const statements = [
    db
      .prepare(
        `INSERT INTO restock_signups (site_id, product_id, variant_id, email, join_mailing_list, created_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (site_id, product_id, variant_id, email) DO UPDATE SET
           sent_at = NULL, join_mailing_list = MAX(join_mailing_list, excluded.join_mailing_list)`,
      )
      .bind(siteId, productId, variantId, email, joinMailingList ? 1 : 0, now),
  ]
  if (joinMailingList) {
    statements.push(
      db
        .prepare(
          "INSERT OR IGNORE INTO newsletter_subscribers (site_id, email, source, created_at) VALUES (?, ?, 'restock', ?)",
        )
        .bind(siteId, email, now),
    )
  }
  await db.batch(statements)
}

/** One page of a variant's sign-ups after `afterId`, oldest first, and whether more follow. */
export async function listRestockSignUps(
  db: D1Database,
  siteId: string,
  filter: { productId: string; variantId?: string; afterId: number; limit: number },
): Promise<{ signUps: RestockSignUp[]; hasNextPage: boolean }> {
  const variant = filter.variantId === undefined ? '' : 'AND variant_id = ?'
  const params = filter.variantId === undefined ? [] : [filter.variantId]
  const { results } = await db
    .prepare(
      `SELECT id, product_id, variant_id, email, join_mailing_list, created_at, sent_at FROM restock_signups
       WHERE site_id = ? AND product_id = ? ${variant} AND id > ? ORDER BY id LIMIT ?`,
    )
    .bind(siteId, filter.productId, ...params, filter.afterId, filter.limit + 1)
    .all<SignUpRecord>()
  return { signUps: results.slice(0, filter.limit).map(signUpOf), hasNextPage: results.length > filter.limit }
}

/** One page of sign-up groups (one per product and variant) after `after`, and whether more follow. */
export async function listSignUpGroups(
  db: D1Database,
  siteId: string,
  page: { after: { productId: string; variantId: string } | null; limit: number },
): Promise<{ signUpGroups: SignUpGroup[]; hasNextPage: boolean }> {
  const after = page.after === null ? '' : 'AND (product_id, variant_id) > (?, ?)'
  const params = page.after === null ? [] : [page.after.productId, page.after.variantId]
  const { results } = await db
    .prepare(
      `SELECT product_id, variant_id, COUNT(*) AS signups, SUM(sent_at IS NULL) AS pending FROM restock_signups
       WHERE site_id = ? ${after} GROUP BY product_id, variant_id ORDER BY product_id, variant_id LIMIT ?`,
    )
    .bind(siteId, ...params, page.limit + 1)
    .all<{ product_id: string; variant_id: string; signups: number; pending: number }>()
  return {
    signUpGroups: results.slice(0, page.limit).map((row) => ({
      productId: row.product_id,
      variantId: row.variant_id,
      signUpCount: row.signups,
      pendingCount: row.pending,
    })),
    hasNextPage: results.length > page.limit,
  }
}

/**
 * Marks a variant's waiting sign-ups sent and answers them, in one statement: two owners
 * sending at once never both claim a sign-up.
 */
export async function claimWaitingSignUps(
  db: D1Database,
  siteId: string,
  productId: string,
  variantId: string,
  now: number,
): Promise<RestockSignUp[]> {
  const { results } = await db
    .prepare(
      `UPDATE restock_signups SET sent_at = ?
       WHERE site_id = ? AND product_id = ? AND variant_id = ? AND sent_at IS NULL
       RETURNING id, product_id, variant_id, email, join_mailing_list, created_at, sent_at`,
    )
    .bind(now, siteId, productId, variantId)
    .all<SignUpRecord>()
  return results.map(signUpOf)
}

/** D1 binds at most 100 parameters per statement. */
const IDS_PER_STATEMENT = 90

/** Puts claimed sign-ups back to waiting (their notifications could not be queued). */
export async function releaseSignUps(db: D1Database, siteId: string, ids: readonly number[]): Promise<void> {
  const statements: D1PreparedStatement[] = []
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const chunk = ids.slice(start, start + IDS_PER_STATEMENT)
    statements.push(
      db
        .prepare(
          `UPDATE restock_signups SET sent_at = NULL WHERE site_id = ? AND id IN (${chunk.map(() => '?').join(', ')})`,
        )
        .bind(siteId, ...chunk),
    )
  }
  if (statements.length > 0) await db.batch(statements)
}
