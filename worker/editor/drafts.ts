/**
 * Drafts in D1 (`editor_drafts`, migration 0009): one row per record the editor touched, with the
 * draft record while it has unpublished changes. A save names the revision it was made from and
 * is stored only if that is still the row's revision (one conditional statement), so two editors
 * never overwrite each other: the second gets a conflict.
 */
import type { ContentStatus, DraftState, EditorRecord, RecordKey, RecordKind } from '../../shared/index'

export interface DraftRow {
  record_key: RecordKey
  kind: RecordKind
  record: string | null
  status: ContentStatus
  needs_review: number
  publish_on: number | null
  deleted: number
  revision: number
  updated_by: string
  updated_at: number
}

const COLUMNS =
  'record_key, kind, record, status, needs_review, publish_on, deleted, revision, updated_by, updated_at'

export async function draftRow(db: D1Database, siteId: string, key: RecordKey): Promise<DraftRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM editor_drafts WHERE site_id = ? AND record_key = ?`)
    .bind(siteId, key)
    .first<DraftRow>()
}

/** Every row of the site (pending or not), or those whose key starts with `prefix`. */
export async function draftRows(db: D1Database, siteId: string, prefix = ''): Promise<DraftRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM editor_drafts WHERE site_id = ? AND substr(record_key, 1, ?) = ? ORDER BY updated_at DESC`,
    )
    .bind(siteId, prefix.length, prefix)
    .all<DraftRow>()
  return results
}

/** The draft a row holds, or null once its changes are published. */
export function draftStateOf(row: DraftRow | null): DraftState | null {
  if (row === null || row.record === null) return null
  return {
    record: JSON.parse(row.record) as EditorRecord,
    status: row.status,
    needsReview: row.needs_review === 1,
    ...(row.publish_on !== null ? { publishOn: row.publish_on } : {}),
    deleted: row.deleted === 1,
    revision: row.revision,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  }
}

export interface DraftWrite {
  kind: RecordKind
  record: EditorRecord
  status: ContentStatus
  needsReview: boolean
  publishOn: number | null
  deleted: boolean
  updatedBy: string
}

/**
 * Stores a draft made from `baseRevision` (0: there was no row). True when stored; false when
 * someone else saved in between (the row's revision moved on): nothing was written.
 */
export async function writeDraft(
  db: D1Database,
  siteId: string,
  key: RecordKey,
  draft: DraftWrite,
  baseRevision: number,
): Promise<boolean> {
  const values = [
    JSON.stringify(draft.record),
    draft.status,
    draft.needsReview ? 1 : 0,
    draft.publishOn,
    draft.deleted ? 1 : 0,
    draft.updatedBy,
    Date.now(),
  ]
  const result =
    baseRevision === 0
      ? await db
          .prepare(
            `INSERT INTO editor_drafts (site_id, record_key, kind, record, status, needs_review, publish_on, deleted, updated_by, updated_at, revision)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (site_id, record_key) DO NOTHING`,
          )
          .bind(siteId, key, draft.kind, ...values)
          .run()
      : await db
          .prepare(
            `UPDATE editor_drafts SET record = ?, status = ?, needs_review = ?, publish_on = ?, deleted = ?, updated_by = ?, updated_at = ?, revision = revision + 1
             WHERE site_id = ? AND record_key = ? AND revision = ?`,
          )
          .bind(...values, siteId, key, baseRevision)
          .run()
  return result.meta.changes === 1
}

/** Drops a draft's unpublished changes (Discard): the row stays, so revisions keep counting. */
export async function discardDraft(
  db: D1Database,
  siteId: string,
  key: RecordKey,
  baseRevision: number,
  by: string,
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE editor_drafts SET record = NULL, needs_review = 0, deleted = 0, revision = revision + 1, updated_by = ?, updated_at = ?
       WHERE site_id = ? AND record_key = ? AND revision = ? AND record IS NOT NULL`,
    )
    .bind(by, Date.now(), siteId, key, baseRevision)
    .run()
  return result.meta.changes === 1
}

/** Removes a never-published record's row altogether (deleting a draft-only item). */
export async function forgetDraft(
  db: D1Database,
  siteId: string,
  key: RecordKey,
  baseRevision: number,
): Promise<boolean> {
  const result = await db
    .prepare('DELETE FROM editor_drafts WHERE site_id = ? AND record_key = ? AND revision = ?')
    .bind(siteId, key, baseRevision)
    .run()
  return result.meta.changes === 1
}
