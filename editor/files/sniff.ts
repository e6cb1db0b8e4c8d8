/**
 * What a file is by its own first bytes (never its name or the type the browser guesses): the
 * signatures of ALLOWED_FILE_TYPES. The picker reads the first 16 bytes before sending anything.
 */
import { ALLOWED_FILE_TYPES, type AllowedFileType } from '../../shared/index'

/** How many leading bytes sniffFileType needs. */
export const SNIFF_BYTES = 16

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte)
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0))

function contentTypeOf(b: Uint8Array): string | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(b, ascii('%PDF-'))) return 'application/pdf'
  if (startsWith(b, ascii('ftyp'), 4)) return 'video/mp4'
  if (startsWith(b, ascii('PK')) && (startsWith(b, [3, 4], 2) || startsWith(b, [5, 6], 2)))
    return 'application/zip'
  // MP3: an ID3 tag, or an MPEG audio frame's 11 sync bits.
  if (startsWith(b, ascii('ID3')) || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg'
  return null
}

/** The allowed type these leading bytes are, or null. */
export function sniffFileType(bytes: Uint8Array): AllowedFileType | null {
  const contentType = contentTypeOf(bytes)
  return ALLOWED_FILE_TYPES.find((type) => type.contentType === contentType) ?? null
}
