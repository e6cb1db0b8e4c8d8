// What a file is by its own bytes (shared/editing/sniff.ts): the signature of every allowed type,
// the pixel size in each image header the server reads, and the names it stores.
import { describe, expect, it } from 'vitest'
import { ALLOWED_FILE_TYPES, imageSize, sanitizeFileName, sniffFileType } from '../../shared/index'
import { gif, jpeg, pdf, png, webp } from './files-client'

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part)),
  )
const type = (contentType: string) => {
  const found = ALLOWED_FILE_TYPES.find((t) => t.contentType === contentType)
  if (found === undefined) throw new Error(contentType)
  return found
}

describe('Sniffing a file', () => {
  it('Should know every allowed type by its signature, and nothing else', () => {
    expect(sniffFileType(png(1, 1))?.contentType).toBe('image/png')
    expect(sniffFileType(jpeg(1, 1))?.contentType).toBe('image/jpeg')
    expect(sniffFileType(gif(1, 1))?.contentType).toBe('image/gif')
    expect(sniffFileType(webp(1, 1))?.contentType).toBe('image/webp')
    expect(sniffFileType(pdf())?.contentType).toBe('application/pdf')
    expect(sniffFileType(bytes('ID3', [4, 0, 0, 0, 0, 0, 0]))?.contentType).toBe('audio/mpeg')
    expect(sniffFileType(bytes([0xff, 0xfb, 0x90, 0x64]))?.contentType).toBe('audio/mpeg')
    expect(sniffFileType(bytes([0, 0, 0, 0x20], 'ftypisom'))?.contentType).toBe('video/mp4')
    expect(sniffFileType(bytes('PK', [3, 4, 20, 0]))?.contentType).toBe('application/zip')
    expect(sniffFileType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull()
    expect(sniffFileType(bytes('<!doctype html><script>'))).toBeNull()
    expect(sniffFileType(new Uint8Array())).toBeNull()
  })

  it('Should read a phone photo turned a quarter by its EXIF orientation as the browser draws it', () => {
    // APP1: "Exif\0\0", a little-endian TIFF header, IFD0 with one entry: Orientation (0x0112) = 6.
    const tiff = [
      'II',
      [0x2a, 0, 8, 0, 0, 0],
      [1, 0],
      [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0],
      [0, 0, 0, 0],
    ]
    const app1 = (orientation: number) => {
      const body = bytes('Exif', [0, 0], ...(tiff as (number[] | string)[]))
      body[6 + 8 + 2 + 8] = orientation
      return [0xff, 0xe1, 0, body.length + 2, ...body]
    }
    // A 4032×3024 sensor frame (SOF0: height 3024, width 4032).
    const frame = [
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x0b, 0xd0, 0x0f, 0xc0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]
    const photo = (orientation: number) => bytes([0xff, 0xd8], app1(orientation), frame, [0xff, 0xd9])
    expect(imageSize(photo(6), 'image/jpeg')).toEqual({ width: 3024, height: 4032 })
    expect(imageSize(photo(8), 'image/jpeg')).toEqual({ width: 3024, height: 4032 })
    expect(imageSize(photo(1), 'image/jpeg')).toEqual({ width: 4032, height: 3024 })
    expect(imageSize(photo(3), 'image/jpeg')).toEqual({ width: 4032, height: 3024 })
  })

  it('Should read the size of a JPEG whose frame header follows an EXIF block (progressive SOF2)', () => {
    const exif = [0xff, 0xe1, 0x01, 0x02, ...new Array(0x100).fill(0)]
    const frame = [
      0xff, 0xc2, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]
    expect(imageSize(bytes([0xff, 0xd8], exif, frame, [0xff, 0xd9]), 'image/jpeg')).toEqual({
      width: 800,
      height: 600,
    })
    expect(imageSize(bytes([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'image/jpeg')).toBeNull()
  })

  it('Should read the size of a lossy, a lossless and an extended WebP', () => {
    const lossy = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8 ',
      [0, 0, 0, 0],
      [0, 0, 0, 0x9d, 0x01, 0x2a],
      [0x40, 0x01, 0xf0, 0x00],
    )
    expect(imageSize(lossy, 'image/webp')).toEqual({ width: 320, height: 240 })
    expect(imageSize(webp(1000, 3), 'image/webp')).toEqual({ width: 1000, height: 3 })
    const extended = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8X',
      [10, 0, 0, 0],
      [0, 0, 0, 0],
      [0x7f, 0x07, 0x00],
      [0x37, 0x04, 0x00],
    )
    expect(imageSize(extended, 'image/webp')).toEqual({ width: 1920, height: 1080 })
  })

  it('Should read PNG and GIF headers, and nothing from a header that is cut short', () => {
    expect(imageSize(png(7, 5), 'image/png')).toEqual({ width: 7, height: 5 })
    expect(imageSize(gif(640, 480), 'image/gif')).toEqual({ width: 640, height: 480 })
    expect(imageSize(png(7, 5).subarray(0, 12), 'image/png')).toBeNull()
  })
})

describe('Naming a file', () => {
  it('Should make the extension agree with the type and keep the name readable', () => {
    expect(sanitizeFileName('Report.PDF', type('application/pdf'))).toBe('Report.pdf')
    expect(sanitizeFileName('holiday.jpeg', type('image/jpeg'))).toBe('holiday.jpeg')
    expect(sanitizeFileName('holiday.webp', type('image/jpeg'))).toBe('holiday.jpg')
    expect(sanitizeFileName('v1.2 final', type('application/zip'))).toBe('v1.2 final.zip')
    expect(sanitizeFileName('C:\\Users\\me\\..\\scan.pdf', type('application/pdf'))).toBe(
      'C:-Users-me-scan.pdf',
    )
    expect(sanitizeFileName('...', type('application/pdf'))).toBe('')
    expect(sanitizeFileName('\u202egnp.exe', type('image/png'))).toBe('gnp.exe.png')
  })
})
