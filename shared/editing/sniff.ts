/**
 * What a file is by its own bytes (issue 22): the signature of each type in the allow-list
 * (shared/editing/files.ts), the pixel size an image's header states, and the file name the
 * editor stores. The picker runs these before a byte is sent; the editor's Worker again on the
 * bytes it receives and in the processing job, so a `.png` that is a script is refused however
 * it is labelled.
 */
import { ALLOWED_FILE_TYPES, type AllowedFileType, FILE_LIMITS } from './files'

/** Bytes to read from a file's start to find its type and, for images, its pixel size. */
export const SNIFF_BYTES = 256 * 1024

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((byte, index) => bytes[offset + index] === byte)
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0))
}

function contentTypeOfBytes(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf'
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'video/mp4'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'application/zip'
  // MP3: an ID3v2 tag, or an MPEG audio frame's sync word (11 set bits, layer III).
  if (startsWith(bytes, ascii('ID3'))) return 'audio/mpeg'
  const [first, second] = [bytes[0] ?? 0, bytes[1] ?? 0]
  if (first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) === 0x02) return 'audio/mpeg'
  return null
}

/** The allowed type the bytes are, or null (not a type we accept, whatever the name says). */
export function sniffFileType(bytes: Uint8Array): AllowedFileType | null {
  const contentType = contentTypeOfBytes(bytes)
  return ALLOWED_FILE_TYPES.find((type) => type.contentType === contentType) ?? null
}

/** Whether a browser-made width of an image of `original` type may be `variant` (a GIF's: PNG). */
export function variantTypeFits(original: string, variant: string): boolean {
  return variant === original || (original === 'image/gif' && variant === 'image/png')
}

/** The allowed type of a content type, or null. */
export function allowedType(contentType: string): AllowedFileType | null {
  const bare = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return ALLOWED_FILE_TYPES.find((type) => type.contentType === bare) ?? null
}

/** The allowed type a file name's extension names, or null. */
export function typeOfName(name: string): AllowedFileType | null {
  const extension = extensionOf(name)
  return ALLOWED_FILE_TYPES.find((type) => type.extensions.includes(extension)) ?? null
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

export interface PixelSize {
  width: number
  height: number
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0)
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8)
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16)
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2)

/** JPEG: the first start-of-frame marker (SOF0 to SOF15 but DHT C4, JPG C8, DAC CC). */
/**
 * A JPEG's EXIF orientation (APP1 `Exif`, IFD0 tag 0x0112), 1 when it has none. 5 to 8 turn the
 * picture a quarter: browsers draw it (and measure it, and resize it) turned, so its size is the
 * header's sides swapped.
 */
function exifOrientation(bytes: Uint8Array, segment: number, length: number): number {
  const tiff = segment + 10
  if (!startsWith(bytes, ascii('Exif'), segment + 4) || tiff + 8 > bytes.length) return 1
  const little = bytes[tiff] === 0x49
  const u16 = (at: number) => (little ? u16le(bytes, at) : u16be(bytes, at))
  const u32 = (at: number) => (little ? u16le(bytes, at) + u16le(bytes, at + 2) * 65536 : u32be(bytes, at))
  const ifd = tiff + u32(tiff + 4)
  const end = Math.min(bytes.length, segment + 2 + length)
  if (ifd + 2 > end) return 1
  const count = u16(ifd)
  for (let entry = ifd + 2; entry + 12 <= end && entry < ifd + 2 + count * 12; entry += 12)
    if (u16(entry) === 0x0112) return u16(entry + 8)
  return 1
}

function jpegSize(bytes: Uint8Array): PixelSize | null {
  let at = 2
  let orientation = 1
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1] ?? 0
    if (marker === 0xff) {
      at++
      continue
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    if (marker === 0xe1) orientation = exifOrientation(bytes, at, u16be(bytes, at + 2))
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const [height, width] = [u16be(bytes, at + 5), u16be(bytes, at + 7)]
      return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height }
    }
    if (marker === 0xd9 || marker === 0xda) return null
    at += 2 + u16be(bytes, at + 2)
  }
  return null
}

/** WebP: the lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) header. */
function webpSize(bytes: Uint8Array): PixelSize | null {
  if (startsWith(bytes, ascii('VP8 '), 12) && startsWith(bytes, [0x9d, 0x01, 0x2a], 23))
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff }
  if (startsWith(bytes, ascii('VP8L'), 12) && bytes[20] === 0x2f) {
    const bits =
      (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (startsWith(bytes, ascii('VP8X'), 12))
    return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 }
  return null
}

/** The pixel size an image's header states, or null when it cannot be read from these bytes. */
export function imageSize(bytes: Uint8Array, contentType: string): PixelSize | null {
  let size: PixelSize | null = null
  if (contentType === 'image/png' && startsWith(bytes, ascii('IHDR'), 12))
    size = { width: u32be(bytes, 16), height: u32be(bytes, 20) }
  else if (contentType === 'image/gif' && bytes.length >= 10)
    size = { width: u16le(bytes, 6), height: u16le(bytes, 8) }
  else if (contentType === 'image/jpeg') size = jpegSize(bytes)
  else if (contentType === 'image/webp') size = webpSize(bytes)
  return size !== null && size.width > 0 && size.height > 0 ? size : null
}

/** Whether an image's sides are within what we process (FILE_LIMITS.maxImageSide). */
export function withinImageLimits(size: PixelSize): boolean {
  return size.width <= FILE_LIMITS.maxImageSide && size.height <= FILE_LIMITS.maxImageSide
}

// C0 and C1 controls, and the bidirectional overrides and isolates (a name that reads backwards).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/**
 * The name a file is stored and served under: Unicode NFC, no path separators or control
 * characters, trimmed, no leading dots, at most FILE_LIMITS.nameLength characters with the
 * extension kept, and the extension the one of the type the bytes are. '' when nothing is left
 * of the name but its extension (the caller asks for a name).
 */
export function sanitizeFileName(raw: string, type: AllowedFileType): string {
  // A path's parts joined ('../a/b.png' is 'a-b.png'): never a separator or a parent reference.
  const cleaned = raw
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '')
    .split(/[/\\]/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('-')
  const extension = extensionOf(cleaned)
  const known = ALLOWED_FILE_TYPES.some((allowed) => allowed.extensions.includes(extension))
  const keep = type.extensions.includes(extension) ? extension : (type.extensions[0] ?? '')
  let base = known ? cleaned.slice(0, cleaned.length - extension.length - 1) : cleaned
  base = base.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '')
  if (base === '') return ''
  const room = FILE_LIMITS.nameLength - keep.length - 1
  const characters = Array.from(base)
  if (characters.length > room) base = characters.slice(0, room).join('').trimEnd()
  return `${base}.${keep}`
}
