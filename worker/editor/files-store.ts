/**
 * The site's files in D1 (`editor_files`, worker/migrations/0010_files.sql) and R2 (`FILES`), and
 * the one rule they keep: the row and the objects agree. A `ready` row always has its original
 * at its served key; no object outlives its row; a staged upload's objects live under its own
 * prefix and are removed with it. Every step that can fail half way leaves something `tidyFile`
 * (or the sweep of abandoned uploads) puts right, and every caller runs it after its steps.
 *
 * Keys (never the user's file name): `sites/<site>/files/<id>/original` and `…/w<width>` served;
 * `sites/<site>/uploads/<id>/<upload>/original` and `…/w<width>` staged.
 */
import {
  type ColorData,
  EDITOR_TEXT,
  type FileAnswer,
  type FileKind,
  type FileState,
  filePath,
} from '../../shared/index'
import type { EditorEnv } from './env'

/** Ours: a staged upload nobody completed or cancelled is swept after an hour. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000
/** Ours: a job still `processing` ten minutes after `complete` failed to complete. */
export const FILE_JOB_TIMEOUT_MS = 10 * 60 * 1000

export interface UploadClaims {
  name: string
  size: number
  contentType: string
  kind: FileKind
  mode: 'single' | 'multipart'
  /** R2's id of the multipart upload. */
  r2UploadId?: string
  /** Whether this upload replaces the content of a file that already has some. */
  replace: boolean
  /** What the browser measured, from `complete`. */
  width?: number
  height?: number
  colorData?: ColorData
  variants?: number[]
}

export interface FileRow {
  site_id: string
  id: string
  name: string
  content_type: string
  kind: FileKind
  size: number
  width: number | null
  height: number | null
  color_data: string | null
  focal_x: number
  focal_y: number
  alt_text: string
  variants: string
  version: number
  state: FileState | 'deleting'
  job_state: FileState | null
  error: string | null
  pending_upload: string | null
  pending_claims: string | null
  pending_parts: string | null
  pending_at: number | null
  created_by: string
  created_at: number
  updated_at: number
}

/** A new file or upload id: 24 lower-case hex characters (URL-safe, never a name). */
export function newFileId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  )
}

export function newUploadId(): string {
  return newFileId().slice(0, 16)
}

export const FILE_ID = /^[a-f0-9]{24}$/
export const UPLOAD_ID = /^[a-f0-9]{16}$/

export const fileKeys = {
  served: (siteId: string, id: string) => `sites/${siteId}/files/${id}/`,
  original: (siteId: string, id: string) => `sites/${siteId}/files/${id}/original`,
  variant: (siteId: string, id: string, width: number) => `sites/${siteId}/files/${id}/w${width}`,
  uploads: (siteId: string, id: string) => `sites/${siteId}/uploads/${id}/`,
  staged: (siteId: string, id: string, upload: string) => `sites/${siteId}/uploads/${id}/${upload}/`,
  stagedOriginal: (siteId: string, id: string, upload: string) =>
    `sites/${siteId}/uploads/${id}/${upload}/original`,
  stagedVariant: (siteId: string, id: string, upload: string, width: number) =>
    `sites/${siteId}/uploads/${id}/${upload}/w${width}`,
}

export function claimsOf(row: FileRow): UploadClaims | null {
  return row.pending_claims === null ? null : (JSON.parse(row.pending_claims) as UploadClaims)
}

export function variantsOf(row: Pick<FileRow, 'variants'>): number[] {
  const parsed = JSON.parse(row.variants) as unknown
  return Array.isArray(parsed) ? parsed.filter((w): w is number => typeof w === 'number') : []
}

/** A row as the picker shows it. */
export function fileAnswerOf(row: FileRow): FileAnswer {
  const answer: FileAnswer = {
    id: row.id,
    name: row.name,
    url: filePath(row.id, row.name),
    contentType: row.content_type,
    kind: row.kind,
    size: row.size,
    state: row.state === 'deleting' ? 'failed' : row.state,
    variants: variantsOf(row),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
  if (row.state === 'failed' && row.error !== null) answer.error = row.error
  if (row.width !== null && row.height !== null) {
    answer.width = row.width
    answer.height = row.height
    answer.originalSize = `${row.width}x${row.height}`
  }
  if (row.color_data !== null) answer.colorData = JSON.parse(row.color_data) as ColorData
  if (row.kind === 'image') answer.mediaFocalPoint = { x: row.focal_x, y: row.focal_y }
  if (row.alt_text !== '') answer.altText = row.alt_text
  return answer
}

export async function readFileRow(db: D1Database, siteId: string, id: string): Promise<FileRow | null> {
  if (!FILE_ID.test(id)) return null
  return db
    .prepare('SELECT * FROM editor_files WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<FileRow>()
}

/** Every object key under `prefix`, following list cursors. */
export async function listObjects(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = []
  let cursor: string | undefined
  do {
    const page = await bucket.list({ prefix, ...(cursor ? { cursor } : {}) })
    for (const object of page.objects) keys.push(object.key)
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  return keys
}

/** Deletes every object under `prefix` (R2 deletes up to 1000 keys a call). */
export async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<void> {
  const keys = await listObjects(bucket, prefix)
  for (let start = 0; start < keys.length; start += 1000) await bucket.delete(keys.slice(start, start + 1000))
}

/** Aborts a multipart upload R2 still holds (an upload already completed or aborted is fine). */
export async function abortMultipart(bucket: R2Bucket, key: string, r2UploadId: string): Promise<void> {
  try {
    await bucket.resumeMultipartUpload(key, r2UploadId).abort()
  } catch (error) {
    if (!/does not exist|not found|NoSuchUpload/i.test(String(error))) throw error
  }
}

/**
 * Makes the objects agree with the row: staged uploads other than the pending one removed; with
 * no row, or a row that serves nothing (`uploading`, `failed`, `deleting`), the served objects
 * removed too; a ready row's
 * variants that the row no longer lists removed. A job's copy is never undone under it: a
 * `processing` first content keeps its served objects, and a replace's job its new variants.
 */
export async function tidyFile(env: EditorEnv, siteId: string, id: string): Promise<FileRow | null> {
  const row = await readFileRow(env.DB, siteId, id)
  const staged = await listObjects(env.FILES, fileKeys.uploads(siteId, id))
  const keep = row?.pending_upload ? fileKeys.staged(siteId, id, row.pending_upload) : null
  const stale = staged.filter((key) => keep === null || !key.startsWith(keep))
  if (stale.length > 0) await env.FILES.delete(stale)
  if (row === null || row.state === 'uploading' || row.state === 'failed' || row.state === 'deleting') {
    await deletePrefix(env.FILES, fileKeys.served(siteId, id))
  } else if (row.state === 'ready' && row.job_state !== 'processing') {
    const widths = new Set(variantsOf(row).map((w) => fileKeys.variant(siteId, id, w)))
    const served = await listObjects(env.FILES, fileKeys.served(siteId, id))
    const extra = served.filter((key) => key !== fileKeys.original(siteId, id) && !widths.has(key))
    if (extra.length > 0) await env.FILES.delete(extra)
  }
  return row
}

/**
 * Ends a pending upload: `failed` (the job refused it, or it never finished) or `cancelled`.
 * A new file's row goes (cancelled) or stays `failed` with the message; a replace leaves the
 * file as it was. Only the upload named is ended (a later one is left alone). Then tidies.
 */
export async function endUpload(
  env: EditorEnv,
  siteId: string,
  id: string,
  upload: string,
  outcome: { state: 'failed' | 'cancelled'; error: string },
  now = Date.now(),
): Promise<void> {
  const row = await readFileRow(env.DB, siteId, id)
  if (row === null || row.pending_upload !== upload) return
  const claims = claimsOf(row)
  if (claims?.r2UploadId)
    await abortMultipart(env.FILES, fileKeys.stagedOriginal(siteId, id, upload), claims.r2UploadId)
  await deletePrefix(env.FILES, fileKeys.staged(siteId, id, upload))
  if (row.version === 0 && outcome.state === 'cancelled') {
    await env.DB.prepare('DELETE FROM editor_files WHERE site_id = ? AND id = ? AND pending_upload = ?')
      .bind(siteId, id, upload)
      .run()
  } else {
    await env.DB.prepare(
      `UPDATE editor_files SET state = CASE WHEN version = 0 AND state <> 'deleting' THEN 'failed' ELSE state END,
         job_state = ?, error = ?, pending_upload = NULL, pending_claims = NULL, pending_parts = NULL,
         pending_at = NULL, updated_at = ?
       WHERE site_id = ? AND id = ? AND pending_upload = ?`,
    )
      .bind(outcome.state, outcome.error, now, siteId, id, upload)
      .run()
  }
  await tidyFile(env, siteId, id)
}

/** How many abandoned uploads one sweep ends at most (it runs beside a list or a start). */
const SWEEP_BATCH = 10

/**
 * Ends the site's abandoned work: uploads staged for longer than UPLOAD_TTL_MS (a new file's row
 * goes; a replace leaves the file as it was), jobs `processing` past FILE_JOB_TIMEOUT_MS ('File
 * processing failed to complete'), and deletes a failure interrupted. Runs after the answer of
 * a list and of a new upload's start (`waitUntil`).
 */
export async function sweepFiles(env: EditorEnv, siteId: string, now = Date.now()): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT id, pending_upload, job_state, state FROM editor_files
     WHERE site_id = ? AND ((pending_upload IS NOT NULL AND ((job_state = 'uploading' AND pending_at < ?)
       OR (job_state = 'processing' AND pending_at < ?))) OR state = 'deleting')
     LIMIT ?`,
  )
    .bind(siteId, now - UPLOAD_TTL_MS, now - FILE_JOB_TIMEOUT_MS, SWEEP_BATCH)
    .all<Pick<FileRow, 'id' | 'pending_upload' | 'job_state' | 'state'>>()
  for (const row of results) {
    if (row.state === 'deleting') await deleteFile(env, siteId, row.id)
    else if (row.pending_upload !== null)
      await endUpload(
        env,
        siteId,
        row.id,
        row.pending_upload,
        row.job_state === 'processing'
          ? { state: 'failed', error: EDITOR_TEXT.fileProcessingIncomplete }
          : { state: 'cancelled', error: EDITOR_TEXT.fileUploadIncomplete },
        now,
      )
  }
}

/**
 * Deletes a file: the row marked `deleting` (no longer listed or served), every object of it
 * removed, then the row. A failure between leaves a `deleting` row that a repeated delete or
 * the sweep finishes.
 */
export async function deleteFile(
  env: EditorEnv,
  siteId: string,
  id: string,
  marked: () => Promise<void> = () => Promise.resolve(),
  now = Date.now(),
): Promise<boolean> {
  const marking = await env.DB.prepare(
    "UPDATE editor_files SET state = 'deleting', updated_at = ? WHERE site_id = ? AND id = ?",
  )
    .bind(now, siteId, id)
    .run()
  if (marking.meta.changes === 0) return false
  await marked()
  const row = await readFileRow(env.DB, siteId, id)
  const claims = row === null ? null : claimsOf(row)
  if (row?.pending_upload && claims?.r2UploadId)
    await abortMultipart(
      env.FILES,
      fileKeys.stagedOriginal(siteId, id, row.pending_upload),
      claims.r2UploadId,
    )
  await deletePrefix(env.FILES, fileKeys.uploads(siteId, id))
  await deletePrefix(env.FILES, fileKeys.served(siteId, id))
  await env.DB.prepare("DELETE FROM editor_files WHERE site_id = ? AND id = ? AND state = 'deleting'")
    .bind(siteId, id)
    .run()
  return true
}
