/**
 * D1 access to back-in-stock sign-ups (worker/migrations/0003_forms.sql and 0007): the same
 * address twice for one variant is one sign-up; owners page through them with a cursor and
 * queue the notifications. A sign-up's state:
 *
 *   pending --confirmed--> waiting --owner's send--> queued --provider accepted--> sent
 *                             ^                        |                          |
 *                             +---- queue failed ------+    signed up again ------+
 *
 * A sign-up is 'sent' only once the email provider accepted its email (the notifications
 * consumer marks it); one still 'queued' after `REQUEUE_AFTER_MS` (its message lost, or parked
 * in the dead letters) is claimed again by the next send.
 */
import { batchByIdChunks } from './id-chunks'

export type SignUpStatus = 'pending' | 'waiting' | 'queued' | 'sent'

export interface RestockSignUp {
  id: number
  productId: string
  variantId: string
  email: string
  isJoinMailingList: boolean
  created: number
  /**
   * 'pending': the address is not confirmed yet (double opt-in); 'waiting': for a notification;
   * 'queued': its notification is on the way; 'sent': the provider accepted it.
   */
  status: SignUpStatus
  /** When the address was confirmed, or null (not yet, or signed up without double opt-in). */
  confirmed: number | null
  /** When the email provider accepted the notification, or null. */
  sent: number | null
}

export interface SignUpGroup {
  productId: string
  variantId: string
  /** Every sign-up of the variant. */
  signUpCount: number
  /** Sign-ups whose address is not confirmed yet: they get no notification. */
  pendingCount: number
  /** Confirmed sign-ups waiting for a notification (the next send queues them). */
  waitingCount: number
  /** Notifications on their way, and those the provider accepted. */
  queuedCount: number
  sentCount: number
}

interface SignUpRecord {
  id: number
  product_id: string
  variant_id: string
  email: string
  join_mailing_list: number
  created_at: number
  status: SignUpStatus
  confirmed_at: number | null
  sent_at: number | null
  notification_round: number
}

const SIGN_UP_COLUMNS =
  'id, product_id, variant_id, email, join_mailing_list, created_at, status, confirmed_at, sent_at, notification_round'

function signUpOf(row: SignUpRecord): RestockSignUp {
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    email: row.email,
    isJoinMailingList: row.join_mailing_list === 1,
    created: row.created_at,
    status: row.status,
    confirmed: row.confirmed_at,
    sent: row.sent_at,
  }
}

/** A sign-up the owner's send claimed, with the round its notification is for. */
export interface ClaimedSignUp extends RestockSignUp {
  round: number
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
 * Stores a sign-up that needs no confirmation, and the subscriber when the shopper joined the
 * mailing list, in one transaction. Signing up again for a variant keeps the one row: a sign-up
 * already notified waits for the next notification (a new round), one waiting or queued stays
 * as it is, one pending confirmation waits without it.
 */
export async function storeRestockSignUp(db: D1Database, signUp: NewSignUp): Promise<void> {
  const { siteId, productId, variantId, email, joinMailingList, now } = signUp
  const statements = [
    db
      .prepare(
        `INSERT INTO restock_signups (site_id, product_id, variant_id, email, join_mailing_list, created_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (site_id, product_id, variant_id, email) DO UPDATE SET
           notification_round = notification_round + (status = 'sent'),
           status = CASE WHEN status IN ('pending', 'sent') THEN 'waiting' ELSE status END,
           sent_at = CASE WHEN status = 'sent' THEN NULL ELSE sent_at END,
           token_hash = NULL, token_expires_at = NULL,
           join_mailing_list = MAX(join_mailing_list, excluded.join_mailing_list)`,
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

export interface PendingSignUp extends NewSignUp {
  /** SHA-256 of the confirmation token its email carries, and when the token stops working. */
  tokenHash: string
  tokenExpiresAt: number
  /** A confirmation queued after this time is recent: no second email before it passes. */
  resendAfter: number
}

/**
 * Stores a sign-up that waits for its address to be confirmed (double opt-in) and says whether
 * a confirmation email is due: true for a new sign-up, for one already notified (armed again
 * for a new round, pending until confirmed), and for one still pending whose last confirmation
 * was queued before `resendAfter` (a new token replaces the old). A confirmed sign-up waiting or
 * queued is left as it is (false): a stranger cannot re-arm, re-subscribe or flood an address.
 * The subscriber of the mailing list is stored once the address is confirmed.
 */
export async function storePendingRestockSignUp(db: D1Database, signUp: PendingSignUp): Promise<boolean> {
  const { siteId, productId, variantId, email, joinMailingList, now } = signUp
  const { results } = await db
    .prepare(
      `INSERT INTO restock_signups (site_id, product_id, variant_id, email, join_mailing_list, created_at,
         status, token_hash, token_expires_at, confirmation_queued_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7, ?8, ?6)
       ON CONFLICT (site_id, product_id, variant_id, email) DO UPDATE SET
         notification_round = notification_round + (status = 'sent'),
         status = 'pending',
         sent_at = NULL,
         confirmed_at = NULL,
         join_mailing_list = CASE WHEN status = 'sent' THEN excluded.join_mailing_list
                                  ELSE MAX(join_mailing_list, excluded.join_mailing_list) END,
         token_hash = excluded.token_hash,
         token_expires_at = excluded.token_expires_at,
         confirmation_queued_at = excluded.confirmation_queued_at
       WHERE status = 'sent'
          OR (status = 'pending' AND (confirmation_queued_at IS NULL OR confirmation_queued_at <= ?9))
       RETURNING id`,
    )
    .bind(
      siteId,
      productId,
      variantId,
      email,
      joinMailingList ? 1 : 0,
      now,
      signUp.tokenHash,
      signUp.tokenExpiresAt,
      signUp.resendAfter,
    )
    .all<{ id: number }>()
  return results.length > 0
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
      `SELECT ${SIGN_UP_COLUMNS} FROM restock_signups
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
      `SELECT product_id, variant_id, COUNT(*) AS signups, SUM(status = 'pending') AS pending,
         SUM(status = 'waiting') AS waiting, SUM(status = 'queued') AS queued, SUM(status = 'sent') AS sent
       FROM restock_signups
       WHERE site_id = ? ${after} GROUP BY product_id, variant_id ORDER BY product_id, variant_id LIMIT ?`,
    )
    .bind(siteId, ...params, page.limit + 1)
    .all<{
      product_id: string
      variant_id: string
      signups: number
      pending: number
      waiting: number
      queued: number
      sent: number
    }>()
  return {
    signUpGroups: results.slice(0, page.limit).map((row) => ({
      productId: row.product_id,
      variantId: row.variant_id,
      signUpCount: row.signups,
      pendingCount: row.pending,
      waitingCount: row.waiting,
      queuedCount: row.queued,
      sentCount: row.sent,
    })),
    hasNextPage: results.length > page.limit,
  }
}

/** A sign-up still 'queued' this long after a send is queued again by the next send. */
export const REQUEUE_AFTER_MS = 5 * 60 * 1000

/**
 * Claims a variant's sign-ups for notifications, in one statement (two owners sending at once
 * never both claim one): those waiting, and those queued more than `REQUEUE_AFTER_MS` ago whose
 * email the provider has not accepted (their message was lost or parked). They become 'queued'
 * at `now`; pending ones (not confirmed) and sent ones are left alone.
 */
export async function claimWaitingSignUps(
  db: D1Database,
  siteId: string,
  productId: string,
  variantId: string,
  now: number,
): Promise<ClaimedSignUp[]> {
  const { results } = await db
    .prepare(
      `UPDATE restock_signups SET status = 'queued', queued_at = ?1
       WHERE site_id = ?2 AND product_id = ?3 AND variant_id = ?4
         AND (status = 'waiting' OR (status = 'queued' AND queued_at <= ?5))
       RETURNING ${SIGN_UP_COLUMNS}`,
    )
    .bind(now, siteId, productId, variantId, now - REQUEUE_AFTER_MS)
    .all<SignUpRecord>()
  return results.map((row) => ({ ...signUpOf(row), round: row.notification_round }))
}

/** Puts sign-ups claimed at `queuedAt` back to waiting (their notifications could not be queued). */
export async function releaseSignUps(
  db: D1Database,
  siteId: string,
  ids: readonly number[],
  queuedAt: number,
): Promise<void> {
  await batchByIdChunks(db, ids, (placeholders, chunk) =>
    db
      .prepare(
        `UPDATE restock_signups SET status = 'waiting', queued_at = NULL
         WHERE site_id = ? AND status = 'queued' AND queued_at = ? AND id IN (${placeholders})`,
      )
      .bind(siteId, queuedAt, ...chunk),
  )
}

/** What the notifications consumer needs of a sign-up: where to send, and whether to. */
export async function signUpForNotification(
  db: D1Database,
  siteId: string,
  id: number,
): Promise<{ email: string; status: SignUpStatus; round: number } | null> {
  const row = await db
    .prepare('SELECT email, status, notification_round FROM restock_signups WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<{ email: string; status: SignUpStatus; notification_round: number }>()
  return row === null ? null : { email: row.email, status: row.status, round: row.notification_round }
}

/**
 * Marks a sign-up's notification of `round` sent, once the email provider accepted it (a
 * sign-up armed again since, or already marked, is left as it is).
 */
export async function markSignUpSent(
  db: D1Database,
  siteId: string,
  id: number,
  round: number,
  now: number,
): Promise<void> {
  await db
    .prepare(
      `UPDATE restock_signups SET status = 'sent', sent_at = ?, queued_at = NULL
       WHERE site_id = ? AND id = ? AND notification_round = ? AND status IN ('queued', 'waiting')`,
    )
    .bind(now, siteId, id, round)
    .run()
}
