/**
 * D1 access to public form submissions, their keys and newsletter subscribers
 * (worker/migrations/0003_forms.sql). A submission and, for a newsletter form, its subscriber
 * are written in one transaction (a D1 batch), and the answer waits for it: nothing is
 * acknowledged before it is stored.
 */
import type { FormValues } from '../../templates/shared'

/** How long a key from `POST /api/form/FormSubmissionKey` may be spent. */
export const SUBMISSION_KEY_TTL_MS = 60 * 60 * 1000

/** The page a form was sent from (storefront.md section 3: title, id, path, content source). */
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

/** 128 random bits, base64url: submission keys and the keys of plain form posts. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** A new submission key for the site; expired keys of the site are cleared in the same step. */
export async function issueSubmissionKey(db: D1Database, siteId: string, now: number): Promise<string> {
  const key = randomKey()
  await db.batch([
    db
      .prepare('DELETE FROM form_submission_keys WHERE site_id = ? AND created_at < ?')
      .bind(siteId, now - SUBMISSION_KEY_TTL_MS),
    db
      .prepare('INSERT INTO form_submission_keys (key, site_id, created_at) VALUES (?, ?, ?)')
      .bind(key, siteId, now),
  ])
  return key
}

/** The submission insert; `condition` (with its own parameters) can hold it back. */
function insertSubmission(
  db: D1Database,
  row: SubmissionRow,
  key: string,
  condition = '',
  conditionParams: unknown[] = [],
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO form_submissions (site_id, form_id, submission_key, fields, page, channel, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ? ${condition}`,
    )
    .bind(
      row.siteId,
      row.formId,
      key,
      JSON.stringify(row.values),
      JSON.stringify(row.page),
      row.channel,
      row.now,
      ...conditionParams,
    )
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
 * Stores a submission that spends `key` (storefront.md section 7, SaveFormSubmission): the
 * submission is written only if the key was issued to this site and has not expired, and the
 * key is deleted in the same transaction, so a key stores at most one submission. False when
 * the key was unknown, expired or already spent (nothing is stored then).
 */
export async function storeKeyedSubmission(
  db: D1Database,
  row: SubmissionRow,
  key: string,
): Promise<boolean> {
  const statements = [
    insertSubmission(
      db,
      row,
      key,
      'WHERE EXISTS (SELECT 1 FROM form_submission_keys WHERE key = ? AND site_id = ? AND created_at >= ?)',
      [key, row.siteId, row.now - SUBMISSION_KEY_TTL_MS],
    ),
  ]
  if (row.subscriberEmail !== null) statements.push(insertSubscriber(db, row, key, row.subscriberEmail))
  statements.push(
    db.prepare('DELETE FROM form_submission_keys WHERE key = ? AND site_id = ?').bind(key, row.siteId),
  )
  const [stored] = await db.batch(statements)
  return (stored?.meta.changes ?? 0) === 1
}

/** Stores the submission of a plain HTML form post (no key call: the worker makes its own key). */
export async function storeSubmission(db: D1Database, row: SubmissionRow): Promise<void> {
  const key = randomKey()
  const statements = [insertSubmission(db, row, key)]
  if (row.subscriberEmail !== null) statements.push(insertSubscriber(db, row, key, row.subscriberEmail))
  await db.batch(statements)
}
