/**
 * D1 access to public form submissions and newsletter subscribers
 * (worker/migrations/0003_forms.sql, 0008_idempotency.sql). A submission and, for a newsletter
 * form, its subscriber are written in one transaction (a D1 batch), and the answer waits for it:
 * nothing is acknowledged before it is stored. Submission keys are signed, not issued from a
 * table (worker/auth/form-keys.ts); the key a submission was stored under is kept with it, so a
 * retry with that key finds it (issue 19). A plain form post has no such key: its fingerprint
 * finds a resend of it instead.
 */
import type { FormValues } from '../../shared/index'
import { randomId } from '../crypto/encoding'
import { keysetPage, type Page, type PageRequest } from './keyset'

export interface PageFields {
  pageTitle?: string
  pageId?: string
  pagePath?: string
  contentSource?: string
}

export interface SubmissionRow {
  siteId: string
  formId: string
  values: FormValues
  page: PageFields
  channel: 'script' | 'page'
  /** The address a newsletter form signs up, else null. */
  subscriberEmail: string | null
  now: number
}

/** 128 random bits, base64url: the keys of plain form posts (which never ask for one). */
export function randomKey(): string {
  return randomId(16)
}

/** The submission insert; a key already stored leaves the table as it was. */
function insertSubmission(db: D1Database, row: SubmissionRow, key: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO form_submissions (site_id, form_id, submission_key, fields, page, channel, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(row.siteId, row.formId, key, fieldsText(row.values), JSON.stringify(row.page), row.channel, row.now)
}

/** The stored text of a submission's values: what a retry's values are compared with. */
export function fieldsText(values: FormValues): string {
  return JSON.stringify(values)
}

/** The subscriber of a newsletter submission, written only if the submission was. */
function insertSubscriber(
  db: D1Database,
  row: SubmissionRow,
  key: string,
  email: string,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO newsletter_subscribers (site_id, email, source, created_at)
       SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM form_submissions WHERE site_id = ? AND submission_key = ?)`,
    )
    .bind(row.siteId, email, `form:${row.formId}`, row.now, row.siteId, key)
}

/**
 * Stores a submission under its key (storefront.md section 7, SaveFormSubmission), with a
 * newsletter form's subscriber, in one transaction. A key stores at most one submission: false
 * when this key was spent already (nothing more is stored then).
 */
export async function storeKeyedSubmission(
  db: D1Database,
  row: SubmissionRow,
  key: string,
): Promise<boolean> {
  const statements = [insertSubmission(db, row, key)]
  if (row.subscriberEmail !== null) statements.push(insertSubscriber(db, row, key, row.subscriberEmail))
  const [stored] = await db.batch(statements)
  return (stored?.meta.changes ?? 0) === 1
}

/** The submission stored under a key, or null when the key stored none. */
export async function keyedSubmission(
  db: D1Database,
  siteId: string,
  key: string,
): Promise<{ formId: string; fields: string } | null> {
  const row = await db
    .prepare('SELECT form_id, fields FROM form_submissions WHERE site_id = ? AND submission_key = ?')
    .bind(siteId, key)
    .first<{ form_id: string; fields: string }>()
  return row === null ? null : { formId: row.form_id, fields: row.fields }
}

/** How long a plain form post's fingerprint stands for it: a resend within the hour is that post. */
export const RESEND_WINDOW_MS = 60 * 60 * 1000

/**
 * Stores the submission of a plain HTML form post (no key call: the worker makes its own key)
 * unless a post with the same fingerprint was stored within `RESEND_WINDOW_MS` (a double
 * click, a resend after a lost answer): the check and the insert are one statement, so two
 * copies racing store one. True when this post was stored now, false when it was stored before.
 */
export async function storeSubmission(
  db: D1Database,
  row: SubmissionRow,
  fingerprint: string,
): Promise<boolean> {
  const key = randomKey()
  const statements = [
    db
      .prepare(
        `INSERT OR IGNORE INTO form_submissions
           (site_id, form_id, submission_key, fields, page, channel, created_at, fingerprint)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?
         WHERE NOT EXISTS (SELECT 1 FROM form_submissions WHERE site_id = ? AND fingerprint = ? AND created_at > ?)`,
      )
      .bind(
        row.siteId,
        row.formId,
        key,
        fieldsText(row.values),
        JSON.stringify(row.page),
        row.channel,
        row.now,
        fingerprint,
        row.siteId,
        fingerprint,
        row.now - RESEND_WINDOW_MS,
      ),
  ]
  if (row.subscriberEmail !== null) statements.push(insertSubscriber(db, row, key, row.subscriberEmail))
  const [stored] = await db.batch(statements)
  return (stored?.meta.changes ?? 0) === 1
}

export interface PendingSubscriber {
  siteId: string
  email: string
  /** 'form:<formId>' or 'restock'. */
  source: string
  /** SHA-256 of the confirmation token its email carries, and when the token stops working. */
  tokenHash: string
  tokenExpiresAt: number
  /** A confirmation queued after this time is recent: no second email before it passes. */
  resendAfter: number
  now: number
}

/**
 * Stores a newsletter subscriber that waits for its address to be confirmed (double opt-in)
 * and says whether a confirmation email is due: true for a new subscriber, and for one still
 * pending whose last confirmation was queued before `resendAfter` (a new token replaces the
 * old). A confirmed subscriber is left as it is (false).
 */
export async function storePendingSubscriber(
  db: D1Database,
  subscriber: PendingSubscriber,
): Promise<boolean> {
  const { results } = await db
    .prepare(
      `INSERT INTO newsletter_subscribers (site_id, email, source, created_at, status, token_hash,
         token_expires_at, confirmation_queued_at)
       VALUES (?1, ?2, ?3, ?4, 'pending', ?5, ?6, ?4)
       ON CONFLICT (site_id, email) DO UPDATE SET
         token_hash = excluded.token_hash,
         token_expires_at = excluded.token_expires_at,
         confirmation_queued_at = excluded.confirmation_queued_at
       WHERE status = 'pending' AND (confirmation_queued_at IS NULL OR confirmation_queued_at <= ?7)
       RETURNING email`,
    )
    .bind(
      subscriber.siteId,
      subscriber.email,
      subscriber.source,
      subscriber.now,
      subscriber.tokenHash,
      subscriber.tokenExpiresAt,
      subscriber.resendAfter,
    )
    .all<{ email: string }>()
  return results.length > 0
}

// ---- the merchant's view (the site editor's Form Submissions) ----

/** A stored submission as the site editor reads it. */
export interface StoredSubmission {
  id: number
  formId: string
  values: FormValues
  page: PageFields
  createdAt: number
}

interface RawSubmission {
  id: number
  form_id: string
  fields: string
  page: string
  created_at: number
}

function storedOf(raw: RawSubmission): StoredSubmission {
  return {
    id: raw.id,
    formId: raw.form_id,
    values: JSON.parse(raw.fields) as FormValues,
    page: JSON.parse(raw.page) as PageFields,
    createdAt: raw.created_at,
  }
}

/** One page of a form's submissions, newest first (an index range: 0012_records.sql). */
export async function submissionPage(
  db: D1Database,
  siteId: string,
  formId: string,
  page: PageRequest,
): Promise<Page<StoredSubmission>> {
  const raw = await keysetPage<RawSubmission>(
    db,
    {
      from: 'FROM form_submissions WHERE site_id = ? AND form_id = ?',
      params: [siteId, formId],
      at: 'created_at',
      id: 'id',
      select: 'id, form_id, fields, page, created_at',
    },
    page,
    (row) => ({ at: row.created_at, id: row.id }),
  )
  return { ...raw, rows: raw.rows.map(storedOf) }
}

export async function submissionById(
  db: D1Database,
  siteId: string,
  formId: string,
  id: number,
): Promise<StoredSubmission | null> {
  const raw = await db
    .prepare(
      'SELECT id, form_id, fields, page, created_at FROM form_submissions WHERE site_id = ? AND form_id = ? AND id = ?',
    )
    .bind(siteId, formId, id)
    .first<RawSubmission>()
  return raw === null ? null : storedOf(raw)
}

/** How many submissions each form of the site has, and when the latest came. */
export async function submissionCounts(
  db: D1Database,
  siteId: string,
): Promise<Map<string, { count: number; latest: number }>> {
  const { results } = await db
    .prepare(
      'SELECT form_id, COUNT(*) AS count, MAX(created_at) AS latest FROM form_submissions WHERE site_id = ? GROUP BY form_id',
    )
    .bind(siteId)
    .all<{ form_id: string; count: number; latest: number }>()
  return new Map(results.map((row) => [row.form_id, { count: row.count, latest: row.latest }]))
}

/** Whether a form has any submission (one index probe: a removed form's submissions stay readable). */
export async function hasSubmissions(db: D1Database, siteId: string, formId: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS one FROM form_submissions WHERE site_id = ? AND form_id = ? LIMIT 1')
    .bind(siteId, formId)
    .first()
  return row !== null
}
