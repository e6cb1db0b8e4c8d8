/**
 * The picker's checks before a byte is sent (the server repeats them): a name, the size limit,
 * and the type read from the file's own first bytes (shared/editing/sniff.ts, the server's own
 * check), which the name's extension must agree with; an image's header must state a size within
 * FILE_LIMITS.maxImageSide (decoding a larger one is a memory bomb, here as on the server).
 * Each refusal is the spec's sentence (platform.md section 5).
 */
import {
  type AllowedFileType,
  EDITOR_TEXT,
  FILE_LIMITS,
  fileTypeMessage,
  fillText,
  formatBytes,
  imageSize,
  SNIFF_BYTES,
  sniffFileType,
  withinImageLimits,
} from '../../shared/index'

export type Accept = 'image' | 'any'

export type FileCheck = { ok: true; type: AllowedFileType; name: string } | { ok: false; message: string }

/** The name's extension, lower case ('' without one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.' */
export function unsupportedMessage(name: string, accept: Accept): string {
  return fillText(EDITOR_TEXT.unsupportedFile, { fileName: name, fileTypeMessage: fileTypeMessage(accept) })
}

/** Whether `file` may be uploaded where `accept` is asked for; the name to send (an extension added when it had none). */
export async function checkFile(file: Blob & { name: string }, accept: Accept): Promise<FileCheck> {
  const name = file.name.trim()
  if (name === '') return { ok: false, message: EDITOR_TEXT.enterFileName }
  if (file.size > FILE_LIMITS.maxBytes)
    return {
      ok: false,
      message: fillText(EDITOR_TEXT.fileTooLarge, {
        fileName: name,
        maxSize: formatBytes(FILE_LIMITS.maxBytes),
      }),
    }
  const unsupported = { ok: false as const, message: unsupportedMessage(name, accept) }
  if (file.size === 0) return unsupported
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())
  const type = sniffFileType(head)
  if (type === null || (accept === 'image' && type.kind !== 'image')) return unsupported
  if (type.raster) {
    const size = imageSize(head, type.contentType)
    if (size === null || !withinImageLimits(size)) return unsupported
  }
  const extension = extensionOf(name)
  if (extension === '') return { ok: true, type, name: `${name}.${type.extensions[0]}` }
  if (!type.extensions.includes(extension)) return unsupported
  return { ok: true, type, name }
}
