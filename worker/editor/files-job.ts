/**
 * The queued processing of a completed upload (EDITOR_QUEUE; consumed in worker/editor/index.ts):
 * checks the staged bytes against what the browser claimed (the signature is the claimed type,
 * the size is the declared one, an image's header gives the width and height claimed, each
 * variant is an image of its width and of the original's proportions), copies them to the served
 * keys, purges the zone's copies, and makes them the file's content in one conditional update
 * (`version` + 1). Refused bytes end the upload 'File processing failed'.
 *
 * Idempotent: a message for an upload that is no longer the pending one, or no longer
 * `processing`, only tidies; each step can run again. A storage failure throws, and the queue
 * delivers the message again; a job that never finishes is ended by its timeout
 * (FILE_JOB_TIMEOUT_MS: GET …/job and the sweep say 'File processing failed to complete').
 */
import {
  allowedType,
  EDITOR_TEXT,
  FILE_VARIANT_WIDTHS,
  imageSize,
  SNIFF_BYTES,
  sanitizeFileName,
  sniffFileType,
  variantTypeFits,
  withinImageLimits,
} from '../../shared/index'
import type { EditorEnv, FileJob } from './env'
import {
  claimsOf,
  deletePrefix,
  endUpload,
  fileKeys,
  readFileRow,
  tidyFile,
  type UploadClaims,
} from './files-store'
import { queueFilePurge } from './purge'

interface Checked {
  width: number | null
  height: number | null
  /** Width -> the variant's content type. */
  variants: Map<number, string>
}

async function head(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const object = await bucket.get(key, { range: { offset: 0, length: SNIFF_BYTES } })
  return object === null ? null : new Uint8Array(await object.arrayBuffer())
}

/** The staged upload checked against its claims, or null when its bytes are not what they claim. */
async function checkUpload(env: EditorEnv, siteId: string, id: string, upload: string, claims: UploadClaims) {
  const stat = await env.FILES.head(fileKeys.stagedOriginal(siteId, id, upload))
  if (stat === null || stat.size !== claims.size) return null
  const bytes = await head(env.FILES, fileKeys.stagedOriginal(siteId, id, upload))
  const type = bytes === null ? null : sniffFileType(bytes)
  if (bytes === null || type === null || type.contentType !== claims.contentType) return null
  const checked: Checked = { width: null, height: null, variants: new Map() }
  if (!type.raster) return (claims.variants ?? []).length === 0 ? checked : null
  const size = imageSize(bytes, type.contentType)
  if (size === null || !withinImageLimits(size)) return null
  if (claims.width !== undefined && claims.width !== size.width) return null
  if (claims.height !== undefined && claims.height !== size.height) return null
  checked.width = size.width
  checked.height = size.height
  for (const width of new Set(claims.variants ?? [])) {
    if (!FILE_VARIANT_WIDTHS.includes(width as never) || width >= size.width) return null
    const variant = await head(env.FILES, fileKeys.stagedVariant(siteId, id, upload, width))
    const variantType = variant === null ? null : sniffFileType(variant)
    if (
      variant === null ||
      variantType === null ||
      !variantTypeFits(type.contentType, variantType.contentType)
    )
      return null
    const variantSize = imageSize(variant, variantType.contentType)
    if (variantSize === null || variantSize.width !== width) return null
    // The original's proportions, to the pixel (a resize rounds its height).
    if (Math.abs(variantSize.height - (size.height * width) / size.width) > 1) return null
    checked.variants.set(width, variantType.contentType)
  }
  return checked
}

async function copy(bucket: R2Bucket, from: string, to: string, contentType: string): Promise<void> {
  const object = await bucket.get(from)
  if (object === null) throw new Error(`Staged object ${from} vanished during processing`)
  await bucket.put(to, object.body, { httpMetadata: { contentType } })
}

export async function processFile(env: EditorEnv, job: FileJob, now = Date.now()): Promise<void> {
  const { siteId, fileId: id, uploadId: upload } = job
  const row = await readFileRow(env.DB, siteId, id)
  if (row === null) {
    await deletePrefix(env.FILES, fileKeys.uploads(siteId, id))
    await deletePrefix(env.FILES, fileKeys.served(siteId, id))
    return
  }
  const claims = claimsOf(row)
  if (
    row.pending_upload !== upload ||
    row.job_state !== 'processing' ||
    claims === null ||
    row.state === 'deleting'
  ) {
    await tidyFile(env, siteId, id)
    return
  }
  const checked = await checkUpload(env, siteId, id, upload, claims)
  if (checked === null) {
    await endUpload(
      env,
      siteId,
      id,
      upload,
      { state: 'failed', error: EDITOR_TEXT.fileProcessingFailed },
      now,
    )
    return
  }
  await copy(
    env.FILES,
    fileKeys.stagedOriginal(siteId, id, upload),
    fileKeys.original(siteId, id),
    claims.contentType,
  )
  for (const [width, contentType] of checked.variants)
    await copy(
      env.FILES,
      fileKeys.stagedVariant(siteId, id, upload, width),
      fileKeys.variant(siteId, id, width),
      contentType,
    )
  // The served keys hold the new bytes now: the zone's copies go before the row says so.
  if (row.version > 0) await queueFilePurge(env, siteId, id, row.version + 1)
  const widths = [...checked.variants.keys()].sort((a, b) => a - b)
  // The name as it is now (a rename while this ran stands), its extension the new type's.
  const current = await readFileRow(env.DB, siteId, id)
  const type = allowedType(claims.contentType)
  const name = (current && type && sanitizeFileName(current.name, type)) || claims.name
  await env.DB.prepare(
    `UPDATE editor_files SET name = ?, content_type = ?, kind = ?, size = ?, width = ?, height = ?,
       color_data = ?, variants = ?, version = version + 1, state = 'ready', job_state = 'ready', error = NULL,
       pending_upload = NULL, pending_claims = NULL, pending_parts = NULL, pending_at = NULL, updated_at = ?
     WHERE site_id = ? AND id = ? AND pending_upload = ? AND job_state = 'processing' AND state <> 'deleting'`,
  )
    .bind(
      name,
      claims.contentType,
      claims.kind,
      claims.size,
      checked.width,
      checked.height,
      checked.width !== null && claims.colorData ? JSON.stringify(claims.colorData) : null,
      JSON.stringify(widths),
      now,
      siteId,
      id,
      upload,
    )
    .run()
  await tidyFile(env, siteId, id)
}
