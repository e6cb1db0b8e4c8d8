// The site's files (issue 22): uploads to R2 through the editor's API, the queued job that makes
// them ready, and the storefront's `/s/<id>/<name>`, over the real R2, D1 and queue. After every
// operation the D1 row and the R2 objects agree.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  EDITOR_TEXT,
  type FileAnswer,
  type FileDetailAnswer,
  type FileJobAnswer,
  type FilesAnswer,
  type RecordAnswer,
  type StartUploadAnswer,
} from '../../shared/index'
import type { EditorEnv } from '../../worker/editor/env'
import { processFile } from '../../worker/editor/files-job'
import { type Editor, recordPath, signInEditor } from './editor-client'
import { failingQueue } from './faults'
import {
  digest,
  filesPath,
  gif,
  jpeg,
  objectsOf,
  pdf,
  png,
  rawPut,
  rowOf,
  sendBytes,
  settled,
  startUpload,
  upload,
  webp,
} from './files-client'
import { visit } from './helpers'

const HOST = 'aurora.localhost'
let admin: Editor

beforeAll(async () => {
  admin = await signInEditor(HOST, 'admin@aurora.example')
})

async function ready(options: Parameters<typeof upload>[1]): Promise<FileAnswer> {
  const answer = await upload(admin, options)
  expect(answer.state).toBe('ready')
  return answer.file
}

describe('Uploading files', { timeout: 30_000 }, () => {
  it('Should upload a PNG with its widths, make it ready through the queue and serve it with ETag and 304', async () => {
    const bytes = png(600, 400)
    const file = await ready({
      name: 'Lake at dusk.png',
      bytes,
      contentType: 'image/png',
      variants: { 100: png(100, 67), 300: png(300, 200), 500: png(500, 333) },
      width: 600,
      height: 400,
    })
    expect(file).toMatchObject({
      name: 'Lake at dusk.png',
      url: `/s/${file.id}/Lake%20at%20dusk.png`,
      contentType: 'image/png',
      kind: 'image',
      size: bytes.length,
      width: 600,
      height: 400,
      originalSize: '600x400',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      variants: [100, 300, 500],
      version: 1,
    })
    expect(await objectsOf('aurora', file.id)).toEqual(
      ['original', 'w100', 'w300', 'w500'].map((name) => `sites/aurora/files/${file.id}/${name}`),
    )

    const served = await visit(HOST, file.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=86400')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('set-cookie')).toBeNull()
    expect(await digest(served)).toBe(await digest(bytes))
    const etag = served.headers.get('etag') ?? ''
    expect(etag).toMatch(/^".+"$/)

    const again = await visit(HOST, file.url, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    const small = await visit(HOST, `${file.url}?format=300w`)
    expect(await digest(small)).toBe(await digest(png(300, 200)))
    expect(small.headers.get('etag')).not.toBe(etag)
    const between = await visit(HOST, `${file.url}?format=200w`)
    expect(await digest(between)).toBe(await digest(png(300, 200)))
    const wide = await visit(HOST, `${file.url}?format=2500w`)
    expect(await digest(wide)).toBe(await digest(bytes))

    const head = await visit(HOST, file.url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(etag)
    expect(await head.text()).toBe('')
  })

  it('Should read the header size of a JPEG, a GIF and a WebP, and take a PDF', async () => {
    const photo = await ready({ name: 'photo.jpeg', bytes: jpeg(1200, 800), contentType: 'image/jpeg' })
    expect(photo).toMatchObject({ originalSize: '1200x800', name: 'photo.jpeg' })
    const anim = await ready({ name: 'anim.gif', bytes: gif(64, 32), contentType: 'image/gif' })
    expect(anim.originalSize).toBe('64x32')
    const still = await ready({ name: 'still.webp', bytes: webp(320, 240), contentType: 'image/webp' })
    expect(still.originalSize).toBe('320x240')
    const doc = await ready({ name: 'Price list.pdf', bytes: pdf(), contentType: 'application/pdf' })
    expect(doc).toMatchObject({ kind: 'document', variants: [] })
    expect(doc.originalSize).toBeUndefined()
    const served = await visit(HOST, doc.url)
    expect(served.headers.get('content-type')).toBe('application/pdf')
    expect(served.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
    expect(served.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Price%20list.pdf")
    const odd = await ready({ name: "Tom's (draft) *.pdf", bytes: pdf(), contentType: 'application/pdf' })
    expect((await visit(HOST, odd.url)).headers.get('content-disposition')).toBe(
      "inline; filename*=UTF-8''Tom%27s%20%28draft%29%20%2A.pdf",
    )
  })

  it('Should upload a file above 8 MiB in parts (R2 multipart)', async () => {
    const bytes = pdf(8 * 1024 * 1024 + 4096)
    const started = await startUpload(admin, { name: 'catalogue.pdf', bytes, contentType: 'application/pdf' })
    const start = (await started.json()) as StartUploadAnswer
    expect(start.upload.mode).toBe('multipart')
    await sendBytes(admin, start, bytes)
    const completed = await admin.call(filesPath(`/${start.file.id}/uploads/${start.upload.id}/complete`), {
      body: {},
    })
    expect(completed.status).toBe(202)
    expect((await settled(admin, start.file.id)).state).toBe('ready')
    const served = await visit(HOST, `/s/${start.file.id}/catalogue.pdf`)
    expect(Number(served.headers.get('content-length'))).toBe(bytes.length)
    expect(await digest(served)).toBe(await digest(bytes))
    expect(await objectsOf('aurora', start.file.id)).toEqual([`sites/aurora/files/${start.file.id}/original`])
  })

  it('Should list ready files newest first, search them by name and hide uploads not yet sent', async () => {
    const started = await startUpload(admin, {
      name: 'half-sent.png',
      bytes: png(10, 10),
      contentType: 'image/png',
    })
    expect(started.status).toBe(201)
    const list = (await (await admin.call(filesPath())).json()) as FilesAnswer
    expect(list.files.map((f) => f.name)).not.toContain('half-sent.png')
    expect(list.files[0]?.name).toBe('catalogue.pdf')
    const found = (await (await admin.call(filesPath('?q=LAKE'))).json()) as FilesAnswer
    expect(found.files.map((f) => f.name)).toEqual(['Lake at dusk.png'])
    const images = (await (await admin.call(filesPath('?kind=image'))).json()) as FilesAnswer
    expect(images.files.every((f) => f.kind === 'image')).toBe(true)
    expect((await admin.call(filesPath('?page=0'))).status).toBe(400)
  })
})

describe('Refusing bad uploads', { timeout: 30_000 }, () => {
  it('Should refuse a .png that is a script, by its bytes, and keep nothing of it', async () => {
    const script = new TextEncoder().encode('<script>alert(1)</script>')
    const started = await startUpload(admin, { name: 'cat.png', bytes: script, contentType: 'image/png' })
    const start = (await started.json()) as StartUploadAnswer
    const put = await rawPut(admin, filesPath(`/${start.file.id}/uploads/${start.upload.id}`), script)
    expect(put.status).toBe(415)
    expect(((await put.json()) as { message: string }).message).toBe(
      'The file cat.png does not appear to be a supported file.',
    )
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
  })

  it('Should refuse a type outside the allow-list before any byte is sent', async () => {
    const started = await startUpload(admin, {
      name: 'page.html',
      bytes: new TextEncoder().encode('<html>'),
      contentType: 'text/html',
    })
    expect(started.status).toBe(415)
    expect(((await started.json()) as { message: string }).message).toBe(
      'The file page.html does not appear to be a supported file.',
    )
  })

  it('Should refuse a file above the limit with the size in the message', async () => {
    const response = await admin.call(filesPath(), {
      body: { name: 'huge.pdf', size: 26 * 1024 * 1024, contentType: 'application/pdf' },
    })
    expect(response.status).toBe(413)
    expect(((await response.json()) as { message: string }).message).toBe(
      'The file huge.pdf is too large. The maximum allowed file size is 25 MB.',
    )
  })

  it('Should refuse an empty file, and a name that is only an extension', async () => {
    const empty = await admin.call(filesPath(), {
      body: { name: 'empty.pdf', size: 0, contentType: 'application/pdf' },
    })
    expect(empty.status).toBe(415)
    const nameless = await admin.call(filesPath(), {
      body: { name: ' .png', size: 10, contentType: 'image/png' },
    })
    expect(nameless.status).toBe(400)
    expect(((await nameless.json()) as { message: string }).message).toBe(EDITOR_TEXT.enterFileName)
    const malformed = await admin.call(filesPath(), {
      body: { name: 'a.png', size: 'ten', contentType: 'image/png' },
    })
    expect(malformed.status).toBe(400)
  })

  it('Should refuse a truncated upload (fewer bytes than declared)', async () => {
    const bytes = png(20, 20)
    const started = await startUpload(admin, { name: 'cut.png', bytes, contentType: 'image/png' })
    const start = (await started.json()) as StartUploadAnswer
    const put = await rawPut(
      admin,
      filesPath(`/${start.file.id}/uploads/${start.upload.id}`),
      bytes.subarray(0, 30),
    )
    expect(put.status).toBe(400)
    expect(((await put.json()) as { message: string }).message).toBe(EDITOR_TEXT.fileUploadIncomplete)
    const completed = await admin.call(filesPath(`/${start.file.id}/uploads/${start.upload.id}/complete`), {
      body: {},
    })
    expect(completed.status).toBe(400)
    expect(((await completed.json()) as { message: string }).message).toBe(EDITOR_TEXT.fileUploadIncomplete)
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
  })

  it('Should sanitise names: no path separators or control characters, unicode kept, 120 characters with the extension', async () => {
    const bytes = png(8, 8)
    const named = async (name: string) => {
      const response = await startUpload(admin, { name, bytes, contentType: 'image/png' })
      expect(response.status).toBe(201)
      return ((await response.json()) as StartUploadAnswer).file.name
    }
    expect(await named('../../etc/passwd.png')).toBe('etc-passwd.png')
    expect(await named('a\\b\u0000c\u202e.png')).toBe('a-bc.png')
    expect(await named('  Cafe\u0301 茶 🍵.PNG ')).toBe('Café 茶 🍵.png')
    expect(await named('photo.jpg')).toBe('photo.png')
    expect(await named('notes')).toBe('notes.png')
    const long = await named(`${'ß'.repeat(300)}.png`)
    expect(Array.from(long)).toHaveLength(120)
    expect(long.endsWith('ß.png')).toBe(true)
  })

  it('Should refuse an image whose header disagrees with what the browser measured: File processing failed', async () => {
    const answer = await upload(admin, {
      name: 'liar.png',
      bytes: png(40, 30),
      contentType: 'image/png',
      width: 41,
      height: 30,
    })
    expect(answer.state).toBe('failed')
    expect(answer.error).toBe(EDITOR_TEXT.fileProcessingFailed)
    expect(answer.file.state).toBe('failed')
    expect(await objectsOf('aurora', answer.file.id)).toEqual([])
    expect((await visit(HOST, answer.file.url)).status).toBe(404)
  })

  it('Should refuse an image larger than the largest side we process', async () => {
    const bytes = jpeg(12_001, 10)
    const started = await startUpload(admin, { name: 'panorama.jpg', bytes, contentType: 'image/jpeg' })
    const start = (await started.json()) as StartUploadAnswer
    const put = await rawPut(admin, filesPath(`/${start.file.id}/uploads/${start.upload.id}`), bytes)
    expect(put.status).toBe(415)
  })
})

describe('Changing files', { timeout: 30_000 }, () => {
  let file: FileAnswer

  it('Should rename a file and keep its old URL working', async () => {
    file = await ready({ name: 'old name.png', bytes: png(200, 100), contentType: 'image/png' })
    const renamed = await admin.call(filesPath(`/${file.id}`), {
      method: 'PATCH',
      body: { name: 'new/name.gif', altText: ' A lake ', mediaFocalPoint: { x: 0.2, y: 0.8 } },
    })
    expect(renamed.status).toBe(200)
    const answer = (await renamed.json()) as FileAnswer
    expect(answer).toMatchObject({
      name: 'new-name.png',
      altText: 'A lake',
      mediaFocalPoint: { x: 0.2, y: 0.8 },
    })
    expect((await visit(HOST, file.url)).status).toBe(200)
    expect((await visit(HOST, answer.url)).status).toBe(200)
    const blank = await admin.call(filesPath(`/${file.id}`), { method: 'PATCH', body: { name: '   ' } })
    expect(blank.status).toBe(400)
    expect(((await blank.json()) as { message: string }).message).toBe(EDITOR_TEXT.enterFileName)
  })

  it('Should replace the content under the same id and URL with a new ETag', async () => {
    const before = await visit(HOST, file.url)
    const etag = before.headers.get('etag')
    const replaced = await upload(
      admin,
      { name: 'other.png', bytes: png(300, 150, [200, 10, 10]), contentType: 'image/png' },
      file.id,
    )
    expect(replaced.state).toBe('ready')
    expect(replaced.file).toMatchObject({
      id: file.id,
      name: 'new-name.png',
      version: 2,
      originalSize: '300x150',
    })
    const after = await visit(HOST, file.url)
    expect(await digest(after)).toBe(await digest(png(300, 150, [200, 10, 10])))
    expect(after.headers.get('etag')).not.toBe(etag)
    expect((await visit(HOST, file.url, { headers: { 'if-none-match': etag ?? '' } })).status).toBe(200)
    expect(await objectsOf('aurora', file.id)).toEqual([`sites/aurora/files/${file.id}/original`])
  })

  it('Should refuse a second replace while one is pending, and ignore a stale complete', async () => {
    const bytes = png(50, 50)
    // Two replaces of one file at once: one is taken, the other refused.
    const both = await Promise.all([
      startUpload(admin, { name: 'x.png', bytes, contentType: 'image/png' }, file.id),
      startUpload(admin, { name: 'y.png', bytes, contentType: 'image/png' }, file.id),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    const first = both.find((r) => r.status === 201) as Response
    const refused = both.find((r) => r.status === 409) as Response
    expect(((await refused.json()) as { message: string }).message).toBe(EDITOR_TEXT.fileReplacePending)
    const later = await startUpload(admin, { name: 'z.png', bytes, contentType: 'image/png' }, file.id)
    expect(later.status).toBe(409)
    const start = (await first.json()) as StartUploadAnswer
    await sendBytes(admin, start, bytes)
    const base = filesPath(`/${file.id}/uploads/${start.upload.id}`)
    expect((await admin.call(`${base}/complete`, { body: {} })).status).toBe(202)
    expect((await settled(admin, file.id)).file.version).toBe(3)
    // The same complete again: the upload is no longer pending, nothing changes.
    const stale = await admin.call(`${base}/complete`, { body: {} })
    expect(stale.status).toBe(404)
    expect((await rowOf('aurora', file.id))?.version).toBe(3)
  })

  it('Should do no harm when the queue delivers a job again', async () => {
    const row = await rowOf('aurora', file.id)
    const objects = await objectsOf('aurora', file.id)
    await processFile(env as unknown as EditorEnv, {
      kind: 'file',
      siteId: 'aurora',
      fileId: file.id,
      uploadId: 'aaaaaaaaaaaaaaaa',
    })
    expect(await rowOf('aurora', file.id)).toEqual(row)
    expect(await objectsOf('aurora', file.id)).toEqual(objects)
  })

  it('Should name the records that use a file, then delete its objects and row', async () => {
    const answer = (await (
      await admin.call(recordPath('item:apparel/cotton-camp-tee'))
    ).json()) as RecordAnswer
    const record: Record<string, unknown> = {
      ...(answer.draft?.record ?? answer.live),
      mainImage: { assetUrl: file.url },
    }
    const saved = await admin.call(recordPath('item:apparel/cotton-camp-tee'), {
      method: 'PUT',
      body: { record, baseRevision: answer.revision },
    })
    expect(saved.status).toBe(200)
    const detail = (await (await admin.call(filesPath(`/${file.id}`))).json()) as FileDetailAnswer
    expect(detail.usedBy).toEqual([
      {
        key: 'item:apparel/cotton-camp-tee',
        title: String(record.title),
        url: String(record.fullUrl),
        draft: true,
      },
    ])
    const published = await admin.call('/config/api/publish', {
      body: { keys: ['item:apparel/cotton-camp-tee'] },
    })
    expect(published.status).toBe(200)
    const live = (await (await admin.call(filesPath(`/${file.id}`))).json()) as FileDetailAnswer
    expect(live.usedBy).toEqual([
      {
        key: 'item:apparel/cotton-camp-tee',
        title: String(record.title),
        url: String(record.fullUrl),
        draft: false,
      },
    ])
    expect(await (await visit(HOST, String(record.fullUrl))).text()).toContain(`/s/${file.id}/`)
    const deleted = await admin.call(filesPath(`/${file.id}`), { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    expect(await rowOf('aurora', file.id)).toBeNull()
    expect(await objectsOf('aurora', file.id)).toEqual([])
    expect((await visit(HOST, file.url)).status).toBe(404)
    expect((await admin.call(filesPath(`/${file.id}`))).status).toBe(404)
  })
})

describe('Cancelling uploads', { timeout: 30_000 }, () => {
  it('Should cancel a single upload: no objects under its prefix, no row', async () => {
    const bytes = png(30, 30)
    const start = (await (
      await startUpload(admin, { name: 'c.png', bytes, contentType: 'image/png' })
    ).json()) as StartUploadAnswer
    await sendBytes(admin, start, bytes)
    expect(await objectsOf('aurora', start.file.id)).toHaveLength(1)
    const cancelled = await admin.call(filesPath(`/${start.file.id}/uploads/${start.upload.id}`), {
      method: 'DELETE',
    })
    expect(cancelled.status).toBe(204)
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
    expect(await rowOf('aurora', start.file.id)).toBeNull()
  })

  it('Should cancel a multipart upload between parts: aborted, nothing left', async () => {
    const bytes = pdf(9 * 1024 * 1024)
    const start = (await (
      await startUpload(admin, { name: 'big.pdf', bytes, contentType: 'application/pdf' })
    ).json()) as StartUploadAnswer
    const base = filesPath(`/${start.file.id}/uploads/${start.upload.id}`)
    expect((await rawPut(admin, `${base}/parts/1`, bytes.subarray(0, start.upload.partBytes))).status).toBe(
      204,
    )
    expect((await admin.call(base, { method: 'DELETE' })).status).toBe(204)
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
    expect(await rowOf('aurora', start.file.id)).toBeNull()
    const late = await rawPut(admin, `${base}/parts/2`, bytes.subarray(start.upload.partBytes))
    expect(late.status).toBe(404)
  })

  it("Should cancel a replace: the old content stays served, the job says 'File processing cancelled'", async () => {
    const first = png(14, 14)
    const file = await ready({ name: 'stay.png', bytes: first, contentType: 'image/png' })
    const bytes = png(16, 16)
    const response = await startUpload(admin, { name: 'n.png', bytes, contentType: 'image/png' }, file.id)
    const start = (await response.json()) as StartUploadAnswer
    await sendBytes(admin, start, bytes)
    const base = filesPath(`/${file.id}/uploads/${start.upload.id}`)
    expect((await admin.call(base, { method: 'DELETE' })).status).toBe(204)
    const job = (await (await admin.call(filesPath(`/${file.id}/job`))).json()) as FileJobAnswer
    expect(job).toMatchObject({ state: 'cancelled', error: EDITOR_TEXT.fileProcessingCancelled })
    expect(job.file).toMatchObject({ state: 'ready', version: 1, originalSize: '14x14' })
    expect(await digest(await visit(HOST, file.url))).toBe(await digest(first))
    expect(await objectsOf('aurora', file.id)).toEqual([`sites/aurora/files/${file.id}/original`])
  })

  it("Should end a job that never finishes: 'File processing failed to complete'", async () => {
    const bytes = png(12, 12)
    const start = (await (
      await startUpload(admin, { name: 'slow.png', bytes, contentType: 'image/png' })
    ).json()) as StartUploadAnswer
    await sendBytes(admin, start, bytes)
    // As if `complete` had marked it processing eleven minutes ago and its message were lost.
    await env.DB.prepare(
      "UPDATE editor_files SET state = 'processing', job_state = 'processing', pending_at = ? WHERE id = ?",
    )
      .bind(Date.now() - 11 * 60 * 1000, start.file.id)
      .run()
    const answer = await settled(admin, start.file.id)
    expect(answer).toMatchObject({ state: 'failed', error: EDITOR_TEXT.fileProcessingIncomplete })
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
    expect((await rowOf('aurora', start.file.id))?.state).toBe('failed')
  })
})

describe('Widths the browser made', { timeout: 30_000 }, () => {
  it("Should take a GIF's widths as PNG, and refuse a width of another type or of the wrong size", async () => {
    const file = await ready({
      name: 'wide.gif',
      bytes: gif(400, 200),
      contentType: 'image/gif',
      variants: { 100: png(100, 50) },
    })
    expect(file.variants).toEqual([100])
    const start = (await (
      await startUpload(admin, { name: 'p.png', bytes: png(400, 200), contentType: 'image/png' })
    ).json()) as StartUploadAnswer
    const base = filesPath(`/${start.file.id}/uploads/${start.upload.id}/variants`)
    for (const [width, bytes] of [
      [100, jpeg(100, 50)],
      [100, png(120, 60)],
      [120, png(120, 60)],
    ] as const) {
      const put = await rawPut(admin, `${base}/${width}`, bytes)
      expect(put.status).toBe(400)
      expect(((await put.json()) as { message: string }).message).toBe(EDITOR_TEXT.fileProcessingFailed)
    }
  })
})

describe('Sweeping abandoned uploads', { timeout: 30_000 }, () => {
  it('Should remove an upload nobody completed within the hour when the list is next read', async () => {
    const bytes = png(10, 10)
    const start = (await (
      await startUpload(admin, { name: 'left.png', bytes, contentType: 'image/png' })
    ).json()) as StartUploadAnswer
    await sendBytes(admin, start, bytes)
    await env.DB.prepare('UPDATE editor_files SET pending_at = ? WHERE id = ?')
      .bind(Date.now() - 2 * 60 * 60 * 1000, start.file.id)
      .run()
    expect((await admin.call(filesPath())).status).toBe(200)
    expect(await rowOf('aurora', start.file.id)).toBeNull()
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
  })

  it('Should refuse to cancel a replace whose new content is being processed, and let it finish', async () => {
    const file = await ready({ name: 'busy.png', bytes: png(10, 10), contentType: 'image/png' })
    const bytes = png(12, 12)
    const response = await startUpload(admin, { name: 'b.png', bytes, contentType: 'image/png' }, file.id)
    const start = (await response.json()) as StartUploadAnswer
    await sendBytes(admin, start, bytes)
    const base = filesPath(`/${file.id}/uploads/${start.upload.id}`)
    // Completed while its message waits (the queue refuses it once): `processing`, no job yet.
    const real = env as unknown as EditorEnv
    const queue = real.EDITOR_QUEUE
    if (queue === undefined) throw new Error('EDITOR_QUEUE is not bound in the tests')
    const bindings = { ...real, EDITOR_QUEUE: failingQueue(queue, { times: 1, hits: 0 }) }
    expect((await admin.call(`${base}/complete`, { body: {}, bindings })).status).toBe(500)
    const cancel = await admin.call(base, { method: 'DELETE' })
    expect(cancel.status).toBe(409)
    expect(((await cancel.json()) as { message: string }).message).toBe(EDITOR_TEXT.replaceProcessing)
    await processFile(real, { kind: 'file', siteId: 'aurora', fileId: file.id, uploadId: start.upload.id })
    expect((await settled(admin, file.id)).file.originalSize).toBe('12x12')
  })
})

describe('Who may change files', { timeout: 30_000 }, () => {
  it('Should let a VIEWER read but not write (403)', async () => {
    const viewer = await signInEditor(HOST, 'viewer@aurora.example')
    expect((await viewer.call(filesPath())).status).toBe(200)
    const start = await viewer.call(filesPath(), {
      body: { name: 'a.png', size: 10, contentType: 'image/png' },
    })
    expect(start.status).toBe(403)
    const file = await ready({ name: 'kept.png', bytes: png(10, 10), contentType: 'image/png' })
    expect((await viewer.call(filesPath(`/${file.id}`), { method: 'DELETE' })).status).toBe(403)
    expect(
      (await viewer.call(filesPath(`/${file.id}`), { method: 'PATCH', body: { name: 'b.png' } })).status,
    ).toBe(403)
    expect((await rowOf('aurora', file.id))?.state).toBe('ready')
  })

  it("Should keep a site's files from another tenant's host", async () => {
    const file = await ready({ name: 'mine.png', bytes: png(10, 10), contentType: 'image/png' })
    expect((await visit(HOST, file.url)).status).toBe(200)
    expect((await visit('journal.localhost', file.url)).status).toBe(404)
    const journal = await signInEditor('journal.localhost', 'admin@journal.example')
    expect((await journal.call(filesPath(`/${file.id}`))).status).toBe(404)
    expect((await journal.call(filesPath(`/${file.id}`), { method: 'DELETE' })).status).toBe(404)
    expect((await rowOf('aurora', file.id))?.state).toBe('ready')
  })

  it('Should refuse writes without a session', async () => {
    const response = await visit(HOST, filesPath(), { method: 'POST', body: '{}' })
    expect([401, 403]).toContain(response.status)
  })
})
