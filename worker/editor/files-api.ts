/**
 * The files API under `/config/api/files` (the routes are written down in shared/editing/files.ts):
 * list, detail with the records that use a file, start an upload (new or replace), its bytes in one
 * `PUT` or in parts, browser-made variants, complete (queues the job), cancel, the job's state,
 * rename and the rest, delete. Reads need `read`, writes `manageFiles` (editorSession() in
 * admin-api.ts has checked the session, XSRF, crumb and origin of every write before this).
 */
import { type Context, Hono } from 'hono'
import {
  type AllowedFileType,
  allowedType,
  EDITOR_TEXT,
  FILE_LIMITS,
  FILE_VARIANT_WIDTHS,
  type FileJobAnswer,
  type FilesAnswer,
  fileTypeMessage,
  fillText,
  formatBytes,
  imageSize,
  type StartUploadAnswer,
  sanitizeFileName,
  sniffFileType,
  typeOfName,
  variantTypeFits,
  withinImageLimits,
} from '../../shared/index'
import { InputError, jsonBody, queryOf, readBody } from '../http/body'
import * as z from '../runtime/zod'
import { refusedUnless } from './access'
import type { EditorAppEnv } from './env'
import {
  abortMultipart,
  claimsOf,
  deleteFile,
  endUpload,
  FILE_JOB_TIMEOUT_MS,
  type FileRow,
  fileAnswerOf,
  fileKeys,
  newFileId,
  newUploadId,
  readFileRow,
  sweepFiles,
  tidyFile,
  UPLOAD_ID,
  UPLOAD_TTL_MS,
  type UploadClaims,
} from './files-store'
import { filesUsedBy } from './files-used'
import { queueFilePurge } from './purge'

export const fileRoutes = new Hono<EditorAppEnv>()

const json = (
  c: Context<EditorAppEnv>,
  body: unknown,
  status: 200 | 201 | 202 | 400 | 404 | 409 | 413 | 415,
) => c.json(body as object, status)

function canManage(c: Context<EditorAppEnv>): Response | null {
  return refusedUnless(c, c.get('editor').capabilities.manageFiles)
}

function notFound(): never {
  throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
}

function unsupported(name: string): InputError {
  return new InputError(
    fillText(EDITOR_TEXT.unsupportedFile, { fileName: name, fileTypeMessage: fileTypeMessage('any') }),
    {},
    415,
  )
}

function incomplete(): InputError {
  return new InputError(EDITOR_TEXT.fileUploadIncomplete)
}

/** Runs after the answer (the sweep of abandoned uploads). */
function afterAnswer(c: Context<EditorAppEnv>, work: Promise<unknown>): void {
  const settled = work.catch(() => undefined)
  try {
    c.executionCtx.waitUntil(settled)
  } catch {
    // No execution context (a direct call of the app): the work runs on by itself.
  }
}

const listSchema = z.object({
  q: z.optional(z.string().check(z.maxLength(200))),
  kind: z.optional(z.enum(['image', 'any'])),
  page: z.optional(z.string().check(z.regex(/^[1-9]\d{0,4}$/))),
})

fileRoutes.get('/files', async (c) => {
  const query = queryOf(c, listSchema)
  const siteId = c.get('tenant').siteId
  const page = Number(query.page ?? '1')
  const search = `%${(query.q ?? '').trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  const where = `site_id = ? AND state IN ('processing', 'ready', 'failed') AND name LIKE ? ESCAPE '\\'${
    query.kind === 'image' ? " AND kind = 'image'" : ''
  }`
  const [count, rows] = await c.env.DB.batch([
    c.env.DB.prepare(`SELECT count(*) AS total FROM editor_files WHERE ${where}`).bind(siteId, search),
    c.env.DB.prepare(
      `SELECT * FROM editor_files WHERE ${where} ORDER BY updated_at DESC, id LIMIT ? OFFSET ?`,
    ).bind(siteId, search, FILE_LIMITS.pageSize, (page - 1) * FILE_LIMITS.pageSize),
  ])
  const total = Number((count?.results[0] as { total?: number } | undefined)?.total ?? 0)
  afterAnswer(c, sweepFiles(c.env, siteId))
  const answer: FilesAnswer = {
    files: ((rows?.results ?? []) as FileRow[]).map(fileAnswerOf),
    page,
    pages: Math.max(1, Math.ceil(total / FILE_LIMITS.pageSize)),
    total,
  }
  return c.json(answer)
})

const startSchema = z.object({
  name: z.string().check(z.maxLength(2000)),
  size: z.number().check(z.int(), z.minimum(0)),
  contentType: z.string().check(z.maxLength(200)),
})

/** The type a start names: its declared content type if allowed, else its name's extension's. */
function declaredType(body: { name: string; contentType: string }): AllowedFileType {
  const type = allowedType(body.contentType) ?? (body.contentType === '' ? typeOfName(body.name) : null)
  if (type === null) throw unsupported(body.name)
  return type
}

function checkStart(body: z.infer<typeof startSchema>): { type: AllowedFileType; name: string } {
  const type = declaredType(body)
  if (body.size > FILE_LIMITS.maxBytes)
    throw new InputError(
      fillText(EDITOR_TEXT.fileTooLarge, { fileName: body.name, maxSize: formatBytes(FILE_LIMITS.maxBytes) }),
      {},
      413,
    )
  if (body.size === 0) throw unsupported(body.name)
  const name = sanitizeFileName(body.name, type)
  if (name === '') throw new InputError(EDITOR_TEXT.enterFileName, { name: EDITOR_TEXT.enterFileName })
  return { type, name }
}

function claimsFor(body: z.infer<typeof startSchema>, type: AllowedFileType, name: string, replace: boolean) {
  const claims: UploadClaims = {
    name,
    size: body.size,
    contentType: type.contentType,
    kind: type.kind,
    mode: body.size > FILE_LIMITS.multipartThreshold ? 'multipart' : 'single',
    replace,
  }
  return claims
}

/** Starts R2's multipart upload when the claims ask for one (before any row names it). */
async function beginParts(c: Context<EditorAppEnv>, id: string, upload: string, claims: UploadClaims) {
  if (claims.mode !== 'multipart') return
  const multipart = await c.env.FILES.createMultipartUpload(
    fileKeys.stagedOriginal(c.get('tenant').siteId, id, upload),
    { httpMetadata: { contentType: claims.contentType } },
  )
  claims.r2UploadId = multipart.uploadId
}

function startAnswer(row: FileRow, upload: string, claims: UploadClaims): StartUploadAnswer {
  return {
    file: fileAnswerOf(row),
    upload: {
      id: upload,
      mode: claims.mode,
      partBytes: FILE_LIMITS.partBytes,
      variantWidths: claims.kind === 'image' ? FILE_VARIANT_WIDTHS : [],
    },
  }
}

/**
 * Runs the D1 write that names a new upload; when it fails or changes nothing, the multipart
 * upload begun for it in R2 is aborted (after the answer), so nothing of it is left.
 */
async function namingUpload(
  c: Context<EditorAppEnv>,
  id: string,
  upload: string,
  claims: UploadClaims,
  write: () => Promise<D1Result>,
): Promise<boolean> {
  let named = false
  try {
    named = (await write()).meta.changes > 0
  } finally {
    const key = fileKeys.stagedOriginal(c.get('tenant').siteId, id, upload)
    if (!named && claims.r2UploadId) afterAnswer(c, abortMultipart(c.env.FILES, key, claims.r2UploadId))
  }
  return named
}

fileRoutes.post('/files', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const body = await jsonBody(c, startSchema)
  const { type, name } = checkStart(body)
  const siteId = c.get('tenant').siteId
  const id = newFileId()
  const upload = newUploadId()
  const claims = claimsFor(body, type, name, false)
  await beginParts(c, id, upload, claims)
  const now = Date.now()
  const write = () =>
    c.env.DB.prepare(
      `INSERT INTO editor_files (site_id, id, name, content_type, kind, size, state, job_state,
       pending_upload, pending_claims, pending_parts, pending_at, created_by, created_at, updated_at)
     SELECT ?, ?, ?, ?, ?, ?, 'uploading', 'uploading', ?, ?, '{}', ?, ?, ?, ?
     WHERE (SELECT count(*) FROM editor_files WHERE site_id = ?) < ?`,
    )
      .bind(
        ...[siteId, id, name, type.contentType, type.kind, body.size, upload, JSON.stringify(claims), now],
        ...[c.get('editor').user.email, now, now, siteId, FILE_LIMITS.filesPerSite],
      )
      .run()
  const named = await namingUpload(c, id, upload, claims, write)
  afterAnswer(c, sweepFiles(c.env, siteId))
  if (!named) {
    return json(c, { message: fillText(EDITOR_TEXT.tooManyFiles, { max: FILE_LIMITS.filesPerSite }) }, 409)
  }
  const row = await readFileRow(c.env.DB, siteId, id)
  if (row === null) notFound()
  return json(c, startAnswer(row, upload, claims), 201)
})

fileRoutes.post('/files/:id/replace', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const body = await jsonBody(c, startSchema)
  const siteId = c.get('tenant').siteId
  const row = await readFileRow(c.env.DB, siteId, c.req.param('id'))
  if (row === null || row.state === 'deleting') notFound()
  const { type } = checkStart(body)
  // Same id and URL: the name stays, its extension follows the new type if that changed.
  const name = sanitizeFileName(row.name, type) || row.name
  const upload = newUploadId()
  const claims = claimsFor(body, type, name, row.version > 0)
  const now = Date.now()
  // One pending upload per file: a second replace while one is staged or processing is refused.
  const pendingSince = `(pending_upload IS NULL OR (job_state = 'uploading' AND pending_at < ?) OR (job_state = 'processing' AND pending_at < ?))`
  if (
    !(await c.env.DB.prepare(`SELECT 1 FROM editor_files WHERE site_id = ? AND id = ? AND ${pendingSince}`)
      .bind(siteId, row.id, now - UPLOAD_TTL_MS, now - FILE_JOB_TIMEOUT_MS)
      .first())
  )
    return json(c, { message: EDITOR_TEXT.fileReplacePending }, 409)
  await beginParts(c, row.id, upload, claims)
  const write = () =>
    c.env.DB.prepare(
      `UPDATE editor_files SET job_state = 'uploading', error = NULL, pending_upload = ?, pending_claims = ?,
       pending_parts = '{}', pending_at = ?, updated_at = ?,
       state = CASE WHEN state IN ('failed', 'uploading') THEN 'uploading' ELSE state END
     WHERE site_id = ? AND id = ? AND state <> 'deleting' AND ${pendingSince}`,
    )
      .bind(
        upload,
        JSON.stringify(claims),
        now,
        now,
        siteId,
        row.id,
        now - UPLOAD_TTL_MS,
        now - FILE_JOB_TIMEOUT_MS,
      )
      .run()
  if (!(await namingUpload(c, row.id, upload, claims, write))) {
    return json(c, { message: EDITOR_TEXT.fileReplacePending }, 409)
  }
  // The upload this one displaced (abandoned past its time), if any, is removed with its objects.
  afterAnswer(c, tidyFile(c.env, siteId, row.id))
  const fresh = await readFileRow(c.env.DB, siteId, row.id)
  if (fresh === null) notFound()
  return json(c, startAnswer(fresh, upload, claims), 201)
})

/** The file and its pending upload `upload`, still taking bytes; else 404 or 409. */
async function uploadingRow(
  c: Context<EditorAppEnv>,
): Promise<{ row: FileRow; claims: UploadClaims; upload: string }> {
  const upload = c.req.param('upload') ?? ''
  const row = await readFileRow(c.env.DB, c.get('tenant').siteId, c.req.param('id') ?? '')
  if (row === null || !UPLOAD_ID.test(upload) || row.pending_upload !== upload) notFound()
  const claims = claimsOf(row)
  if (claims === null || row.job_state !== 'uploading')
    throw new InputError(EDITOR_TEXT.uploadProblem, {}, 422)
  return { row, claims, upload }
}

/** Refuses bytes that are not the claimed type, or an image whose header is unreadable or too large. */
function checkBytes(bytes: Uint8Array, claims: UploadClaims): void {
  const type = sniffFileType(bytes)
  if (type === null || type.contentType !== claims.contentType) throw unsupported(claims.name)
  if (type.raster) {
    const size = imageSize(bytes, type.contentType)
    if (size === null || !withinImageLimits(size)) throw unsupported(claims.name)
  }
}

fileRoutes.put('/files/:id/uploads/:upload', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const { row, claims, upload } = await uploadingRow(c)
  if (claims.mode !== 'single') throw incomplete()
  const bytes = await readBody(c, claims.size, EDITOR_TEXT.fileUploadIncomplete)
  if (bytes.length !== claims.size) throw incomplete()
  checkBytes(bytes, claims)
  await c.env.FILES.put(fileKeys.stagedOriginal(row.site_id, row.id, upload), bytes, {
    httpMetadata: { contentType: claims.contentType },
  })
  return c.body(null, 204)
})

fileRoutes.put('/files/:id/uploads/:upload/parts/:n', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const { row, claims, upload } = await uploadingRow(c)
  const count = Math.ceil(claims.size / FILE_LIMITS.partBytes)
  const n = Number(c.req.param('n'))
  if (claims.mode !== 'multipart' || !claims.r2UploadId || !Number.isInteger(n) || n < 1 || n > count)
    throw incomplete()
  const expected = n < count ? FILE_LIMITS.partBytes : claims.size - FILE_LIMITS.partBytes * (count - 1)
  const bytes = await readBody(c, expected, EDITOR_TEXT.fileUploadIncomplete)
  if (bytes.length !== expected) throw incomplete()
  if (n === 1) checkBytes(bytes, claims)
  const part = await c.env.FILES.resumeMultipartUpload(
    fileKeys.stagedOriginal(row.site_id, row.id, upload),
    claims.r2UploadId,
  ).uploadPart(n, bytes)
  const stored = await c.env.DB.prepare(
    `UPDATE editor_files SET pending_parts = json_set(pending_parts, ?, ?)
     WHERE site_id = ? AND id = ? AND pending_upload = ? AND job_state = 'uploading' AND state <> 'deleting'`,
  )
    .bind(`$."${n}"`, part.etag, row.site_id, row.id, upload)
    .run()
  if (stored.meta.changes === 0) throw new InputError(EDITOR_TEXT.uploadProblem, {}, 422)
  return c.body(null, 204)
})

fileRoutes.put('/files/:id/uploads/:upload/variants/:width', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const { row, claims, upload } = await uploadingRow(c)
  const width = Number(c.req.param('width'))
  if (claims.kind !== 'image' || !FILE_VARIANT_WIDTHS.includes(width as never))
    throw new InputError(EDITOR_TEXT.fileProcessingFailed)
  const bytes = await readBody(c, FILE_LIMITS.maxBytes, EDITOR_TEXT.fileProcessingFailed)
  const type = sniffFileType(bytes)
  const fits = type !== null && variantTypeFits(claims.contentType, type.contentType)
  const size = fits ? imageSize(bytes, type.contentType) : null
  if (type === null || size === null || size.width !== width)
    throw new InputError(EDITOR_TEXT.fileProcessingFailed)
  await c.env.FILES.put(fileKeys.stagedVariant(row.site_id, row.id, upload, width), bytes, {
    httpMetadata: { contentType: type.contentType },
  })
  return c.body(null, 204)
})

const hex = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/))
const completeSchema = z.object({
  width: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(FILE_LIMITS.maxImageSide))),
  height: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(FILE_LIMITS.maxImageSide))),
  colorData: z.optional(
    z.object({
      topLeftAverage: hex,
      topRightAverage: hex,
      bottomLeftAverage: hex,
      bottomRightAverage: hex,
      centerAverage: hex,
      suggestedBgColor: hex,
    }),
  ),
  variants: z.optional(z.array(z.number().check(z.int())).check(z.maxLength(FILE_VARIANT_WIDTHS.length))),
})

/** Completes R2's multipart upload from the parts recorded (not again if the object is there). */
async function finishParts(c: Context<EditorAppEnv>, row: FileRow, claims: UploadClaims, upload: string) {
  const key = fileKeys.stagedOriginal(row.site_id, row.id, upload)
  if (claims.mode !== 'multipart' || !claims.r2UploadId) return
  const object = await c.env.FILES.head(key)
  if (object !== null) return
  const parts = JSON.parse(row.pending_parts ?? '{}') as Record<string, string>
  const count = Math.ceil(claims.size / FILE_LIMITS.partBytes)
  const list: R2UploadedPart[] = []
  for (let n = 1; n <= count; n++) {
    const etag = parts[String(n)]
    if (etag === undefined) throw incomplete()
    list.push({ partNumber: n, etag })
  }
  await c.env.FILES.resumeMultipartUpload(key, claims.r2UploadId).complete(list)
}

fileRoutes.post('/files/:id/uploads/:upload/complete', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const body = await jsonBody(c, completeSchema)
  const { row, claims, upload } = await uploadingRow(c)
  await finishParts(c, row, claims, upload)
  const original = await c.env.FILES.head(fileKeys.stagedOriginal(row.site_id, row.id, upload))
  if (original === null || original.size !== claims.size) throw incomplete()
  const now = Date.now()
  const completed: UploadClaims = { ...claims, ...body }
  const marked = await c.env.DB.prepare(
    `UPDATE editor_files SET job_state = 'processing', pending_claims = ?, pending_at = ?, updated_at = ?,
       state = CASE WHEN state = 'uploading' THEN 'processing' ELSE state END
     WHERE site_id = ? AND id = ? AND pending_upload = ? AND job_state = 'uploading' AND state <> 'deleting'`,
  )
    .bind(JSON.stringify(completed), now, now, row.site_id, row.id, upload)
    .run()
  if (marked.meta.changes === 0) return json(c, { message: EDITOR_TEXT.uploadProblem }, 409)
  if (c.env.EDITOR_QUEUE === undefined)
    throw new Error('EDITOR_QUEUE is not bound: files cannot be processed')
  await c.env.EDITOR_QUEUE.send({ kind: 'file', siteId: row.site_id, fileId: row.id, uploadId: upload })
  const fresh = await readFileRow(c.env.DB, row.site_id, row.id)
  if (fresh === null) notFound()
  const answer: FileJobAnswer = { state: 'processing', file: fileAnswerOf(fresh) }
  return json(c, answer, 202)
})

fileRoutes.delete('/files/:id/uploads/:upload', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const upload = c.req.param('upload')
  const row = await readFileRow(c.env.DB, c.get('tenant').siteId, c.req.param('id'))
  if (row === null || !UPLOAD_ID.test(upload)) notFound()
  // A replace being processed may be copying its bytes over the served ones: it runs to its end.
  if (row.pending_upload === upload && row.job_state === 'processing' && row.version > 0)
    return json(c, { message: EDITOR_TEXT.replaceProcessing }, 409)
  await endUpload(c.env, row.site_id, row.id, upload, {
    state: 'cancelled',
    error: EDITOR_TEXT.fileProcessingCancelled,
  })
  return c.body(null, 204)
})

fileRoutes.get('/files/:id/job', async (c) => {
  const siteId = c.get('tenant').siteId
  let row = await readFileRow(c.env.DB, siteId, c.req.param('id'))
  if (row === null || row.state === 'deleting') notFound()
  if (
    row.pending_upload !== null &&
    row.job_state === 'processing' &&
    (row.pending_at ?? 0) < Date.now() - FILE_JOB_TIMEOUT_MS
  ) {
    await endUpload(c.env, siteId, row.id, row.pending_upload, {
      state: 'failed',
      error: EDITOR_TEXT.fileProcessingIncomplete,
    })
    row = await readFileRow(c.env.DB, siteId, row.id)
    if (row === null) notFound()
  }
  const state = row.job_state ?? row.state
  const answer: FileJobAnswer = {
    state: state === 'deleting' ? 'failed' : state,
    ...((row.job_state === 'failed' || row.job_state === 'cancelled') && row.error !== null
      ? { error: row.error }
      : {}),
    file: fileAnswerOf(row),
  }
  return c.json(answer)
})

fileRoutes.get('/files/:id', async (c) => {
  const row = await readFileRow(c.env.DB, c.get('tenant').siteId, c.req.param('id'))
  if (row === null || row.state === 'deleting' || row.state === 'uploading') notFound()
  return c.json({ file: fileAnswerOf(row), usedBy: await filesUsedBy(c.env, c.get('tenant').siteId, row.id) })
})

const updateSchema = z.object({
  name: z.optional(z.string().check(z.maxLength(2000))),
  altText: z.optional(z.string().check(z.maxLength(1000))),
  mediaFocalPoint: z.optional(
    z.object({
      x: z.number().check(z.minimum(0), z.maximum(1)),
      y: z.number().check(z.minimum(0), z.maximum(1)),
    }),
  ),
})

fileRoutes.patch('/files/:id', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const body = await jsonBody(c, updateSchema)
  const row = await readFileRow(c.env.DB, c.get('tenant').siteId, c.req.param('id'))
  if (row === null || row.state === 'deleting' || row.state === 'uploading') notFound()
  const type = allowedType(row.content_type)
  let name = row.name
  if (body.name !== undefined) {
    name = type === null ? '' : sanitizeFileName(body.name, type)
    if (name === '') throw new InputError(EDITOR_TEXT.enterFileName, { name: EDITOR_TEXT.enterFileName })
  }
  const focal = body.mediaFocalPoint ?? { x: row.focal_x, y: row.focal_y }
  await c.env.DB.prepare(
    `UPDATE editor_files SET name = ?, alt_text = ?, focal_x = ?, focal_y = ?, updated_at = ?
     WHERE site_id = ? AND id = ? AND state <> 'deleting'`,
  )
    .bind(name, (body.altText ?? row.alt_text).trim(), focal.x, focal.y, Date.now(), row.site_id, row.id)
    .run()
  const fresh = await readFileRow(c.env.DB, row.site_id, row.id)
  if (fresh === null) notFound()
  return c.json(fileAnswerOf(fresh))
})

fileRoutes.delete('/files/:id', async (c) => {
  const refused = canManage(c)
  if (refused) return refused
  const siteId = c.get('tenant').siteId
  const row = await readFileRow(c.env.DB, siteId, c.req.param('id'))
  if (row === null) notFound()
  // Marked first (no longer served), then the zone's copies purged, then the objects and the row.
  await deleteFile(c.env, siteId, row.id, () =>
    row.version > 0 ? queueFilePurge(c.env, siteId, row.id, row.version + 1) : Promise.resolve(),
  )
  return c.body(null, 204)
})
