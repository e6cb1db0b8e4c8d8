/**
 * The site's files (issue 22): what the editor's file picker and the editor's Worker agree on.
 * Files live in R2 (`FILES` binding) under keys by file id, never by the user's file name; one
 * D1 row per file (`editor_files`) says its name, type, size, image facts and state. Shoppers
 * fetch them from the tenant's own host at `/s/<id>/<name>` (the name is decoration: a rename
 * keeps every old URL working), image widths as `?format=500w`.
 *
 * The limits are ours (the spec gives none) and live here only: the picker checks them before a
 * byte is sent, the server again on every call.
 */
/*
 * The files API, under the editor's admin API `/config/api/` (the editor's Worker,
 * worker/editor/files-api.ts; the picker, editor/files/upload.ts), and the shoppers' route:
 * - GET    /config/api/files?q=<search>&kind=image|any&page=<n>   → 200 FilesAnswer (ready, processing and failed files; newest first; search by name)
 * - POST   /config/api/files                     body StartUploadBody → 201 StartUploadAnswer (a new file row in state `uploading`; type and size checked from the declared name/type/size first: 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.' / 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.' / 'Please enter a file name')
 * - POST   /config/api/files/:id/replace         body StartUploadBody → 201 StartUploadAnswer (same id and URL; the old content stays served until the new one is processed; a second replace while one is pending: 409 with a message)
 * - PUT    /config/api/files/:id/uploads/:upload                      raw bytes (mode single) → 204
 * - PUT    /config/api/files/:id/uploads/:upload/parts/:n              raw bytes (mode multipart, n from 1, every part but the last exactly partBytes) → 204
 * - PUT    /config/api/files/:id/uploads/:upload/variants/:width       raw bytes of the browser-resized image (same content type as the original; GIFs may be sent as PNG variants) → 204
 * - POST   /config/api/files/:id/uploads/:upload/complete   body CompleteUploadBody → 202 FileJobAnswer (state `processing`; a queued job checks the bytes' signature and header dimensions against the claims and each variant's, then makes the file `ready`, or `failed` with the spec's 'File processing failed')
 * - DELETE /config/api/files/:id/uploads/:upload  → 204 (cancel: multipart aborted, staged objects deleted; a new file's row removed; a replace leaves the old content)
 * - GET    /config/api/files/:id/job             → 200 FileJobAnswer (the picker polls this every ~500 ms while `processing`)
 * - GET    /config/api/files/:id                 → 200 FileDetailAnswer (file + usedBy: every record, live or draft, whose JSON mentions `/s/<id>/`)
 * - PATCH  /config/api/files/:id                 body UpdateFileBody → 200 FileAnswer (rename: the URL's id part stays, so old URLs keep working; alt text; focal point)
 * - DELETE /config/api/files/:id                 → 204 (objects and row removed; cached copies purged)
 * Reads need the `read` capability, writes `manageFiles`. Writes (all non-GET, including the raw PUTs) need the same headers as every editor write (X-XSRF-Token, X-CSRF-Token from the crumb cookie, same origin) — editor/api.ts shows how the app sends them.
 * Shoppers: GET/HEAD `/s/<id>/<any name>` on the tenant's host (the storefront Worker, FILES R2 binding), `?format=<w>w` for a srcset width (the stored variant, or the original when the width is not below the original's), ETag + If-None-Match → 304, `Cache-Control: public, max-age=60, s-maxage=86400` (browsers revalidate within a minute; the edge copy is purged by a replace or delete through worker/editor/purge.ts), `X-Content-Type-Options: nosniff`, `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox` for non-images, Content-Disposition inline with the file's current name. 404 for a file of another tenant, an unknown id, or one not yet ready.
 * R2 keys: `sites/<siteId>/files/<fileId>/original` and `…/w<width>` for served content; uploads staged under `sites/<siteId>/uploads/<fileId>/<uploadId>/…` and moved (stream-copied) to the served keys by the job. Never the user's file name in a key.
 */
import { IMAGE_SRCSET_WIDTHS } from '../enumerations'

export const FILE_LIMITS = {
  /** Ours: the largest file, 25 MiB (a print-size photo or a long PDF; video belongs on a host). */
  maxBytes: 25 * 1024 * 1024,
  /** Ours: files above this upload in parts (R2 multipart), each cancellable between parts. */
  multipartThreshold: 8 * 1024 * 1024,
  /** R2's smallest part (every part but the last): 5 MiB. */
  partBytes: 5 * 1024 * 1024,
  /** Ours: a file name's length after sanitising (extension included). */
  nameLength: 120,
  /** Ours: the largest image side we process (a larger one is refused: decoding it is a memory bomb). */
  maxImageSide: 12_000,
  /** Ours: files per site. */
  filesPerSite: 5000,
  /** Ours: Existing Files per page. */
  pageSize: 24,
} as const

/** The srcset widths (platform.md section 9) the picker produces below an image's own width. */
export const FILE_VARIANT_WIDTHS = IMAGE_SRCSET_WIDTHS

/** What a file is, by its own bytes. */
export type FileKind = 'image' | 'document' | 'audio' | 'video' | 'archive'

export interface AllowedFileType {
  readonly kind: FileKind
  readonly contentType: string
  /** Lower-case extensions the name may end with (the first is the canonical one). */
  readonly extensions: readonly string[]
  /** Whether the picker makes width variants and the server reads its dimensions. */
  readonly raster: boolean
}

/**
 * The allow-list. A file is accepted only when its bytes are one of these (shared/editing/sniff.ts
 * reads the signature); the declared type and the name's extension must agree with the bytes.
 * No SVG or HTML: they carry script, and files are served from the shop's own origin.
 */
export const ALLOWED_FILE_TYPES: readonly AllowedFileType[] = [
  { kind: 'image', contentType: 'image/png', extensions: ['png'], raster: true },
  { kind: 'image', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], raster: true },
  { kind: 'image', contentType: 'image/gif', extensions: ['gif'], raster: true },
  { kind: 'image', contentType: 'image/webp', extensions: ['webp'], raster: true },
  { kind: 'document', contentType: 'application/pdf', extensions: ['pdf'], raster: false },
  { kind: 'audio', contentType: 'audio/mpeg', extensions: ['mp3'], raster: false },
  { kind: 'video', contentType: 'video/mp4', extensions: ['mp4', 'm4v'], raster: false },
  { kind: 'archive', contentType: 'application/zip', extensions: ['zip'], raster: false },
]

/** `uploading` until the bytes are in; `processing` while the queued job checks them; then `ready` or `failed`. */
export type FileState = 'uploading' | 'processing' | 'ready' | 'failed' | 'cancelled'

/** Averages of an image's corners and centre as hex colours (platform.md section 3, `colorData`). */
export interface ColorData {
  topLeftAverage: string
  topRightAverage: string
  bottomLeftAverage: string
  bottomRightAverage: string
  centerAverage: string
  /** The whole image's average (what a placeholder shows before the image loads). */
  suggestedBgColor: string
}

export interface FocalPoint {
  x: number
  y: number
}

/** A file as the picker lists and shows it. */
export interface FileAnswer {
  id: string
  /** The sanitised name, extension included. */
  name: string
  /** `/s/<id>/<name>` on the site's host: what records store as `assetUrl`. */
  url: string
  contentType: string
  kind: FileKind
  /** Bytes of the original. */
  size: number
  state: FileState
  /** Why processing failed (the spec's words), when `state` is `failed`. */
  error?: string
  /** Images: the original's pixels and `WIDTHxHEIGHT`. */
  width?: number
  height?: number
  originalSize?: string
  colorData?: ColorData
  /** Default 0.5, 0.5. */
  mediaFocalPoint?: FocalPoint
  altText?: string
  /** The srcset widths stored below the original's width. */
  variants: number[]
  /** Increases with each replace; the served ETag changes with it. */
  version: number
  createdAt: number
  updatedAt: number
}

/** `GET /config/api/files?q=&kind=image&page=1`. */
export interface FilesAnswer {
  files: FileAnswer[]
  page: number
  pages: number
  total: number
}

/** A record that still links to a file (File Detail and the delete warning list them). */
export interface FileUse {
  key: string
  title: string
  /** The page a shopper sees it on. */
  url: string
  /** Whether the use is in a draft only (not yet published). */
  draft: boolean
}

/** `GET /config/api/files/<id>`. */
export interface FileDetailAnswer {
  file: FileAnswer
  usedBy: FileUse[]
}

/**
 * `POST /config/api/files` (a new file) and `POST /config/api/files/<id>/replace` (new content for
 * the same id and URL): the name, size and type the browser sees, checked before any byte is sent.
 */
export interface StartUploadBody {
  name: string
  size: number
  contentType: string
}

export interface StartUploadAnswer {
  file: FileAnswer
  upload: {
    id: string
    /** `single`: one `PUT …/uploads/<upload>`; `multipart`: `PUT …/uploads/<upload>/parts/<n>` from 1. */
    mode: 'single' | 'multipart'
    partBytes: number
    /** The widths the picker should send as variants (below the original's width). */
    variantWidths: readonly number[]
  }
}

/**
 * `POST /config/api/files/<id>/uploads/<upload>/complete`: what the browser measured. The queued job
 * checks width and height against the file's header (and each variant's), then publishes it.
 */
export interface CompleteUploadBody {
  width?: number
  height?: number
  colorData?: ColorData
  /** The widths already sent with `PUT …/uploads/<upload>/variants/<width>`. */
  variants?: number[]
}

/** `PATCH /config/api/files/<id>`: rename, alt text, focal point. */
export interface UpdateFileBody {
  name?: string
  altText?: string
  mediaFocalPoint?: FocalPoint
}

/** `GET /config/api/files/<id>/job`: the processing job's state (the picker polls it). */
export interface FileJobAnswer {
  state: FileState
  error?: string
  file: FileAnswer
}

/** The image record a picked file becomes in an item, a product or the logo (imageSchema). */
export interface ImageValue {
  assetUrl: string
  originalSize?: string
  colorData?: ColorData
  mediaFocalPoint?: FocalPoint
  altText?: string
  /** The file it came from (absent for a demo image or an outside URL). */
  fileId?: string
}

/** A picked file as the image record items store. */
export function imageValueOf(file: FileAnswer): ImageValue {
  return {
    assetUrl: file.url,
    fileId: file.id,
    ...(file.originalSize === undefined ? {} : { originalSize: file.originalSize }),
    ...(file.colorData === undefined ? {} : { colorData: file.colorData }),
    mediaFocalPoint: file.mediaFocalPoint ?? { x: 0.5, y: 0.5 },
    ...(file.altText === undefined || file.altText === '' ? {} : { altText: file.altText }),
  }
}

/** A file's public path: `/s/<id>/<name>` (the name URI-encoded). */
export function filePath(id: string, name: string): string {
  return `/s/${id}/${encodeURIComponent(name)}`
}

/** The `Cache-Tag` of a file's responses, by which a replace or delete purges the zone's copies. */
export function fileCacheTag(siteId: string, id: string): string {
  return `site-${siteId}-file-${id}`
}

/** 'image ' when only images are asked for, else '' (the `{fileTypeMessage}` of the spec's message). */
export function fileTypeMessage(accept: 'image' | 'any'): string {
  return accept === 'image' ? 'image ' : ''
}

/** `25 MB`: a byte count as the size messages show it (binary units, whole when round). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'] as const
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1)
  return `${shown} ${units[unit]}`
}
