// Tiny valid files built in the test (a PNG with stored deflate blocks, header-true JPEG, GIF,
// WebP and PDF bytes) and the file picker's upload as the editor app makes it: start, bytes in
// one PUT or in parts, variants, complete, then the queued job's state until it settles.
import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import type { FileJobAnswer, StartUploadAnswer } from '../../shared/index'
import type { Editor } from './editor-client'

const text = (value: string) => new TextEncoder().encode(value)

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((part) => (part instanceof Uint8Array ? part : Uint8Array.from(part)))
  const out = new Uint8Array(arrays.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of arrays) {
    out.set(part, at)
    at += part.length
  }
  return out
}

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255]
const u16le = (n: number) => [n & 255, (n >>> 8) & 255]
const u16be = (n: number) => [(n >>> 8) & 255, n & 255]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 255] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat(text(type), data)
  return concat(u32be(data.length), body, u32be(crc32(body)))
}

/** zlib with stored (uncompressed) deflate blocks: valid, and no compressor needed. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const blocks: Uint8Array[] = [Uint8Array.from([0x78, 0x01])]
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const part = raw.subarray(at, at + 65535)
    const final = at + 65535 >= raw.length ? 1 : 0
    blocks.push(concat([final], u16le(part.length), u16le(~part.length & 0xffff), part))
    if (raw.length === 0) break
  }
  let a = 1
  let b = 0
  for (const byte of raw) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  blocks.push(Uint8Array.from(u32be(((b << 16) | a) >>> 0)))
  return concat(...blocks)
}

/** A real PNG of one colour (RGB, 8 bits). */
export function png(
  width: number,
  height: number,
  rgb: [number, number, number] = [40, 120, 200],
): Uint8Array {
  const row = new Uint8Array(1 + width * 3)
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3)
  const raw = new Uint8Array(row.length * height)
  for (let y = 0; y < height; y++) raw.set(row, y * row.length)
  const header = concat(u32be(width), u32be(height), [8, 2, 0, 0, 0])
  return concat(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array()),
  )
}

/** A JPEG's markers up to its frame header (what the server reads), then its end. */
export function jpeg(width: number, height: number): Uint8Array {
  return concat(
    [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10],
    text('JFIF\0'),
    [1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xc0, 0x00, 0x11, 0x08],
    u16be(height),
    u16be(width),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
    [0xff, 0xd9],
  )
}

export function gif(width: number, height: number): Uint8Array {
  return concat(text('GIF89a'), u16le(width), u16le(height), [0, 0, 0], [0x3b])
}

/** A lossless WebP's header (VP8L). */
export function webp(width: number, height: number): Uint8Array {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)
  const data = concat([0x2f], u32le(bits), [0, 0, 0])
  return concat(
    text('RIFF'),
    u32le(4 + 8 + data.length),
    text('WEBP'),
    text('VP8L'),
    u32le(data.length),
    data,
  )
}

export function pdf(size = 400): Uint8Array {
  const head = text('%PDF-1.4\n')
  const tail = text('\n%%EOF\n')
  return concat(head, new Uint8Array(Math.max(0, size - head.length - tail.length)).fill(0x20), tail)
}

/** A short fingerprint of bytes (SHA-256, hex): compared instead of the bytes, whose diff would be huge. */
export async function digest(bytes: Uint8Array | ArrayBuffer | Response): Promise<string> {
  const data = bytes instanceof Response ? await bytes.arrayBuffer() : bytes
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', data))
  return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('')
}

export interface UploadOptions {
  name: string
  bytes: Uint8Array
  contentType: string
  /** Width -> the browser-resized image. */
  variants?: Record<number, Uint8Array>
  /** What the browser measured (`complete`). */
  width?: number
  height?: number
}

export function filesPath(suffix = ''): string {
  return `/config/api/files${suffix}`
}

export function rawPut(editor: Editor, path: string, bytes: Uint8Array): Promise<Response> {
  return editor.call(path, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  })
}

/** Sends the bytes of a started upload (one PUT, or parts of `partBytes`). */
export async function sendBytes(editor: Editor, start: StartUploadAnswer, bytes: Uint8Array): Promise<void> {
  const base = filesPath(`/${start.file.id}/uploads/${start.upload.id}`)
  if (start.upload.mode === 'single') {
    expect((await rawPut(editor, base, bytes)).status).toBe(204)
    return
  }
  for (let n = 1, at = 0; at < bytes.length; n++, at += start.upload.partBytes) {
    const part = bytes.subarray(at, at + start.upload.partBytes)
    expect((await rawPut(editor, `${base}/parts/${n}`, part)).status).toBe(204)
  }
}

/** The job's answer once it is no longer `processing` (the queue delivers within seconds). */
export async function settled(editor: Editor, id: string): Promise<FileJobAnswer> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const answer = (await (await editor.call(filesPath(`/${id}/job`))).json()) as FileJobAnswer
    if (answer.state !== 'processing' || Date.now() > deadline) return answer
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export async function startUpload(
  editor: Editor,
  options: Pick<UploadOptions, 'name' | 'bytes' | 'contentType'>,
  replacing?: string,
): Promise<Response> {
  return editor.call(filesPath(replacing ? `/${replacing}/replace` : ''), {
    body: { name: options.name, size: options.bytes.length, contentType: options.contentType },
  })
}

/** The whole upload; the job's settled answer. */
export async function upload(
  editor: Editor,
  options: UploadOptions,
  replacing?: string,
): Promise<FileJobAnswer> {
  const started = await startUpload(editor, options, replacing)
  expect(started.status).toBe(201)
  const start = (await started.json()) as StartUploadAnswer
  await sendBytes(editor, start, options.bytes)
  const base = filesPath(`/${start.file.id}/uploads/${start.upload.id}`)
  for (const [width, bytes] of Object.entries(options.variants ?? {}))
    expect((await rawPut(editor, `${base}/variants/${width}`, bytes)).status).toBe(204)
  const completed = await editor.call(`${base}/complete`, {
    body: {
      ...(options.width ? { width: options.width, height: options.height } : {}),
      variants: Object.keys(options.variants ?? {}).map(Number),
    },
  })
  expect(completed.status).toBe(202)
  return settled(editor, start.file.id)
}

/** Every R2 key of a site's file (served and staged). */
export async function objectsOf(siteId: string, id: string): Promise<string[]> {
  const keys: string[] = []
  for (const prefix of [`sites/${siteId}/files/${id}/`, `sites/${siteId}/uploads/${id}/`]) {
    const listed = await env.FILES.list({ prefix })
    keys.push(...listed.objects.map((object) => object.key))
  }
  return keys.sort()
}

export interface StoredFile {
  state: string
  job_state: string | null
  error: string | null
  version: number
  name: string
  pending_upload: string | null
  variants: string
}

export function rowOf(siteId: string, id: string): Promise<StoredFile | null> {
  return env.DB.prepare('SELECT * FROM editor_files WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<StoredFile>()
}
