/**
 * D1 access to double opt-in confirmations (worker/migrations/0007_dead_letters_opt_in.sql):
 * restock sign-ups and newsletter subscribers carry the SHA-256 of their confirmation token,
 * when it expires and when its email was queued. A token is found by its hash within its site;
 * confirming is one statement that only a pending, unexpired token passes.
 */

export type Subscription = 'restock' | 'newsletter'

export interface Confirmation {
  subscription: Subscription
  email: string
  /** Whether the address still waits for confirmation. */
  pending: boolean
  expiresAt: number
  /** The restock sign-up's product, else null. */
  productId: string | null
}

/** The sign-up or subscriber a token hash belongs to, or null when none does. */
export async function findConfirmation(
  db: D1Database,
  siteId: string,
  tokenHash: string,
): Promise<Confirmation | null> {
  const row = await db
    .prepare(
      `SELECT 'restock' AS subscription, email, status = 'pending' AS pending, token_expires_at, product_id
         FROM restock_signups WHERE site_id = ?1 AND token_hash = ?2
       UNION ALL
       SELECT 'newsletter', email, status = 'pending', token_expires_at, NULL
         FROM newsletter_subscribers WHERE site_id = ?1 AND token_hash = ?2
       LIMIT 1`,
    )
    .bind(siteId, tokenHash)
    .first<{
      subscription: Subscription
      email: string
      pending: number
      token_expires_at: number | null
      product_id: string | null
    }>()
  if (row === null) return null
  return {
    subscription: row.subscription,
    email: row.email,
    pending: row.pending === 1,
    expiresAt: row.token_expires_at ?? 0,
    productId: row.product_id,
  }
}

/**
 * Confirms the pending, unexpired sign-up or subscriber of a token, in one transaction: a
 * restock sign-up starts waiting for its notification (and, when the shopper joined the mailing
 * list, its subscriber is stored confirmed), a subscriber becomes confirmed. True when this call
 * confirmed it; false for a token that is unknown, expired or already used.
 */
export async function confirmByToken(
  db: D1Database,
  siteId: string,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  const [restock, , newsletter] = await db.batch([
    db
      .prepare(
        `UPDATE restock_signups SET status = 'waiting', confirmed_at = ?1
         WHERE site_id = ?2 AND token_hash = ?3 AND status = 'pending' AND token_expires_at > ?1`,
      )
      .bind(now, siteId, tokenHash),
    db
      .prepare(
        `INSERT INTO newsletter_subscribers (site_id, email, source, created_at, status, confirmed_at)
         SELECT site_id, email, 'restock', ?1, 'confirmed', ?1 FROM restock_signups
         WHERE site_id = ?2 AND token_hash = ?3 AND join_mailing_list = 1 AND confirmed_at = ?1
         ON CONFLICT (site_id, email) DO UPDATE SET status = 'confirmed', confirmed_at = excluded.confirmed_at
         WHERE newsletter_subscribers.status = 'pending'`,
      )
      .bind(now, siteId, tokenHash),
    db
      .prepare(
        `UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = ?1
         WHERE site_id = ?2 AND token_hash = ?3 AND status = 'pending' AND token_expires_at > ?1`,
      )
      .bind(now, siteId, tokenHash),
  ])
  return (restock?.meta.changes ?? 0) + (newsletter?.meta.changes ?? 0) > 0
}

/** Whether a confirmation email is still wanted: its token is the subscription's and unconfirmed. */
export async function confirmationPending(
  db: D1Database,
  siteId: string,
  subscription: Subscription,
  tokenHash: string,
): Promise<boolean> {
  const table = subscription === 'restock' ? 'restock_signups' : 'newsletter_subscribers'
  const row = await db
    .prepare(`SELECT 1 AS found FROM ${table} WHERE site_id = ? AND token_hash = ? AND status = 'pending'`)
    .bind(siteId, tokenHash)
    .first<{ found: number }>()
  return row !== null
}

/** Lets the next sign-up send a confirmation at once (this one's email could not be queued). */
export async function forgetConfirmationQueued(
  db: D1Database,
  siteId: string,
  subscription: Subscription,
  tokenHash: string,
): Promise<void> {
  const table = subscription === 'restock' ? 'restock_signups' : 'newsletter_subscribers'
  await db
    .prepare(`UPDATE ${table} SET confirmation_queued_at = NULL WHERE site_id = ? AND token_hash = ?`)
    .bind(siteId, tokenHash)
    .run()
}
