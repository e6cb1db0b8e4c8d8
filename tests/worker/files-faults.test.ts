// Files when storage fails (issue 22): R2 and D1 fail on purpose at each step of an upload, its
// completion, the processing job and a delete (tests/worker/faults.ts, around the real bindings).
// After each failure the row and the objects agree (no ready row without its original, no
// object without its row), and the next attempt (a retried call, the queue's redelivery, the
// sweep) ends where an undisturbed run would have.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { EDITOR_TEXT, type FileJobAnswer, type StartUploadAnswer } from '../../shared/index'
import type { EditorEnv } from '../../worker/editor/env'
import { processFile } from '../../worker/editor/files-job'
import { type Editor, signInEditor } from './editor-client'
import { failingD1, failingQueue, failingR2, InjectedFault } from './faults'
import {
  digest,
  filesPath,
  objectsOf,
  pdf,
  png,
  rawPut,
  rowOf,
  sendBytes,
  settled,
  startUpload,
} from './files-client'
import { visit } from './helpers'

const HOST = 'aurora.localhost'
const real = env as unknown as EditorEnv
let admin: Editor

beforeAll(async () => {
  admin = await signInEditor(HOST, 'admin@aurora.example')
})

const once = () => ({ times: 1, hits: 0 })

/** Every object of the site's files (served and staged). */
async function siteObjects(): Promise<string[]> {
  const listed = await env.FILES.list({ prefix: 'sites/aurora/' })
  return listed.objects.map((object) => object.key).sort()
}

/** The row and the objects agree: the invariant every step keeps. */
async function agree(id: string): Promise<void> {
  const row = await rowOf('aurora', id)
  const keys = await objectsOf('aurora', id)
  const served = keys.filter((key) => key.startsWith(`sites/aurora/files/${id}/`))
  const staged = keys.filter((key) => key.startsWith(`sites/aurora/uploads/${id}/`))
  if (row === null) {
    expect(keys).toEqual([])
    return
  }
  if (row.state === 'ready') expect(served).toContain(`sites/aurora/files/${id}/original`)
  if (row.state === 'failed' || row.state === 'uploading') expect(served).toEqual([])
  if (row.state !== 'deleting') {
    const pending = row.pending_upload === null ? null : `sites/aurora/uploads/${id}/${row.pending_upload}/`
    // Only a promote's last step (its tidy) may leave an earlier upload's objects; the next run removes them.
    for (const key of staged) if (pending !== null) expect(key.startsWith(pending)).toBe(true)
  }
}

async function started(
  bytes: Uint8Array,
  name = 'f.png',
  contentType = 'image/png',
): Promise<StartUploadAnswer> {
  const response = await startUpload(admin, { name, bytes, contentType })
  expect(response.status).toBe(201)
  return (await response.json()) as StartUploadAnswer
}

function uploadPath(start: StartUploadAnswer, suffix = ''): string {
  return filesPath(`/${start.file.id}/uploads/${start.upload.id}${suffix}`)
}

/** The queue refusing its next message. */
function queueDown(): EditorEnv {
  if (real.EDITOR_QUEUE === undefined) throw new Error('EDITOR_QUEUE is not bound in the tests')
  return { ...real, EDITOR_QUEUE: failingQueue(real.EDITOR_QUEUE, once()) }
}

/** An upload completed while the queue is unreachable: `processing`, with no job on its way. */
async function processing(
  bytes: Uint8Array,
  variants: Record<number, Uint8Array> = {},
): Promise<StartUploadAnswer> {
  const start = await started(bytes)
  await sendBytes(admin, start, bytes)
  for (const [width, variant] of Object.entries(variants))
    expect((await rawPut(admin, uploadPath(start, `/variants/${width}`), variant)).status).toBe(204)
  const completed = await admin.call(uploadPath(start, '/complete'), {
    body: { variants: Object.keys(variants).map(Number) },
    bindings: queueDown(),
  })
  expect(completed.status).toBe(500)
  expect((await rowOf('aurora', start.file.id))?.state).toBe('processing')
  return start
}

function job(start: StartUploadAnswer) {
  return { kind: 'file' as const, siteId: 'aurora', fileId: start.file.id, uploadId: start.upload.id }
}

describe('Uploading when storage fails', { timeout: 30_000 }, () => {
  it('Should leave no row and no object when the row cannot be stored at the start', async () => {
    const before = await siteObjects()
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM editor_files WHERE site_id = 'aurora'",
    ).first<{
      n: number
    }>()
    const bytes = pdf(9 * 1024 * 1024)
    const response = await admin.call(filesPath(), {
      body: { name: 'big.pdf', size: bytes.length, contentType: 'application/pdf' },
      bindings: { ...real, DB: failingD1(env.DB, /INSERT INTO editor_files/, once()) },
    })
    expect(response.status).toBe(500)
    expect(await siteObjects()).toEqual(before)
    const after = await env.DB.prepare(
      "SELECT count(*) AS n FROM editor_files WHERE site_id = 'aurora'",
    ).first<{
      n: number
    }>()
    expect(after?.n).toBe(rows?.n)
  })

  it('Should keep a staged upload whose bytes could not be stored, and take them on the next try', async () => {
    const bytes = png(16, 16)
    const start = await started(bytes)
    const failed = await admin.call(uploadPath(start), {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
      bindings: { ...real, FILES: failingR2(env.FILES, 'put', once()) },
    })
    expect(failed.status).toBe(500)
    await agree(start.file.id)
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
    await sendBytes(admin, start, bytes)
    await agree(start.file.id)
  })

  it('Should take a part again when R2 or D1 failed on it, and complete once R2 does', async () => {
    const bytes = pdf(8 * 1024 * 1024 + 100)
    const start = await started(bytes, 'parts.pdf', 'application/pdf')
    const part = bytes.subarray(0, start.upload.partBytes)
    const put = (bindings: EditorEnv) =>
      admin.call(uploadPath(start, '/parts/1'), {
        method: 'PUT',
        body: part,
        headers: { 'content-type': 'application/octet-stream' },
        bindings,
      })
    expect((await put({ ...real, FILES: failingR2(env.FILES, 'uploadPart', once()) })).status).toBe(500)
    expect((await put({ ...real, DB: failingD1(env.DB, /json_set/, once()) })).status).toBe(500)
    await agree(start.file.id)
    await sendBytes(admin, start, bytes)
    const complete = (bindings: EditorEnv) =>
      admin.call(uploadPath(start, '/complete'), { body: {}, bindings })
    expect((await complete({ ...real, FILES: failingR2(env.FILES, 'complete', once()) })).status).toBe(500)
    await agree(start.file.id)
    // R2 completed the upload, then D1 failed: the next complete finds the object and goes on.
    expect(
      (await complete({ ...real, DB: failingD1(env.DB, /job_state = 'processing'/, once()) })).status,
    ).toBe(500)
    await agree(start.file.id)
    expect((await rowOf('aurora', start.file.id))?.state).toBe('uploading')
    expect((await complete(real)).status).toBe(202)
    expect((await settled(admin, start.file.id)).state).toBe('ready')
    await agree(start.file.id)
    expect(await objectsOf('aurora', start.file.id)).toEqual([`sites/aurora/files/${start.file.id}/original`])
  })

  it("Should report a job whose message was never queued as 'File processing failed to complete' after its timeout", async () => {
    const start = await processing(png(20, 20))
    await agree(start.file.id)
    await env.DB.prepare('UPDATE editor_files SET pending_at = ? WHERE id = ?')
      .bind(Date.now() - 11 * 60 * 1000, start.file.id)
      .run()
    const answer = (await (await admin.call(filesPath(`/${start.file.id}/job`))).json()) as FileJobAnswer
    expect(answer).toMatchObject({ state: 'failed', error: EDITOR_TEXT.fileProcessingIncomplete })
    await agree(start.file.id)
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
  })
})

describe('Processing when storage fails', { timeout: 30_000 }, () => {
  const steps: [string, () => Partial<EditorEnv>][] = [
    ['reading the staged bytes', () => ({ FILES: failingR2(env.FILES, 'get', once(), /uploads/) })],
    ['copying a width to its served key', () => ({ FILES: failingR2(env.FILES, 'put', once(), /\/w100$/) })],
    ['making the row ready', () => ({ DB: failingD1(env.DB, /state = 'ready'/, once()) })],
    ['removing the staged objects', () => ({ FILES: failingR2(env.FILES, 'delete', once(), /uploads/) })],
  ]
  for (const [step, failing] of steps) {
    it(`Should end ready, row and objects agreeing, when storage fails ${step}`, async () => {
      const bytes = png(200, 100)
      const start = await processing(bytes, { 100: png(100, 50) })
      await expect(processFile({ ...real, ...failing() }, job(start))).rejects.toThrow(InjectedFault)
      await agree(start.file.id)
      expect((await visit(HOST, start.file.url)).status).toBe(
        (await rowOf('aurora', start.file.id))?.state === 'ready' ? 200 : 404,
      )
      // The queue delivers the message again.
      await processFile(real, job(start))
      await agree(start.file.id)
      expect((await rowOf('aurora', start.file.id))?.state).toBe('ready')
      expect(await objectsOf('aurora', start.file.id)).toEqual([
        `sites/aurora/files/${start.file.id}/original`,
        `sites/aurora/files/${start.file.id}/w100`,
      ])
      expect(await digest(await visit(HOST, start.file.url))).toBe(await digest(bytes))
    })
  }

  it('Should fail the upload and remove its objects when the bytes are not what was claimed, even if a removal failed first', async () => {
    const start = await processing(png(200, 100), { 100: png(100, 80) })
    await expect(
      processFile({ ...real, FILES: failingR2(env.FILES, 'delete', once()) }, job(start)),
    ).rejects.toThrow(InjectedFault)
    await agree(start.file.id)
    await processFile(real, job(start))
    const row = await rowOf('aurora', start.file.id)
    expect(row).toMatchObject({ state: 'failed', error: EDITOR_TEXT.fileProcessingFailed })
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
  })

  it('Should keep serving the old content when a replace fails while being processed', async () => {
    const first = png(60, 30)
    const start = await processing(first)
    await processFile(real, job(start))
    const bytes = png(80, 40, [1, 2, 3])
    const response = await startUpload(
      admin,
      { name: 'r.png', bytes, contentType: 'image/png' },
      start.file.id,
    )
    const replace = (await response.json()) as StartUploadAnswer
    await sendBytes(admin, replace, bytes)
    expect(
      (await admin.call(uploadPath(replace, '/complete'), { body: {}, bindings: queueDown() })).status,
    ).toBe(500)
    await expect(
      processFile({ ...real, FILES: failingR2(env.FILES, 'get', once(), /uploads/) }, job(replace)),
    ).rejects.toThrow(InjectedFault)
    await agree(start.file.id)
    expect(await digest(await visit(HOST, start.file.url))).toBe(await digest(first))
    await processFile(real, job(replace))
    expect((await rowOf('aurora', start.file.id))?.version).toBe(2)
    expect(await digest(await visit(HOST, start.file.url))).toBe(await digest(bytes))
    await agree(start.file.id)
  })
})

describe('Deleting when storage fails', { timeout: 30_000 }, () => {
  const steps: [string, () => Partial<EditorEnv>][] = [
    ['removing the objects', () => ({ FILES: failingR2(env.FILES, 'delete', once()) })],
    ['removing the row', () => ({ DB: failingD1(env.DB, /DELETE FROM editor_files/, once()) })],
  ]
  for (const [step, failing] of steps) {
    it(`Should finish a delete that failed ${step}, on the next try or the sweep`, async () => {
      const start = await processing(png(200, 100), { 100: png(100, 50) })
      await processFile(real, job(start))
      const id = start.file.id
      const failed = await admin.call(filesPath(`/${id}`), {
        method: 'DELETE',
        bindings: { ...real, ...failing() },
      })
      expect(failed.status).toBe(500)
      await agree(id)
      expect((await rowOf('aurora', id))?.state).toBe('deleting')
      expect((await visit(HOST, start.file.url)).status).toBe(404)
      expect((await admin.call(filesPath(`/${id}`))).status).toBe(404)
      // The list's sweep finishes it (as a repeated DELETE would).
      expect((await admin.call(filesPath())).status).toBe(200)
      expect(await rowOf('aurora', id)).toBeNull()
      expect(await objectsOf('aurora', id)).toEqual([])
    })
  }

  it('Should not bring back a file deleted while its job was on its way', async () => {
    const start = await processing(png(40, 20))
    expect((await admin.call(filesPath(`/${start.file.id}`), { method: 'DELETE' })).status).toBe(204)
    await processFile(real, job(start))
    expect(await rowOf('aurora', start.file.id)).toBeNull()
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
  })

  it('Should finish a delete that met a job half way (the job copies after the objects went)', async () => {
    const start = await processing(png(40, 20))
    // Marked `deleting`, its objects removed, then the row left: the job runs in between.
    const failed = await admin.call(filesPath(`/${start.file.id}`), {
      method: 'DELETE',
      bindings: { ...real, DB: failingD1(env.DB, /DELETE FROM editor_files/, once()) },
    })
    expect(failed.status).toBe(500)
    await processFile(real, job(start))
    await agree(start.file.id)
    expect((await rowOf('aurora', start.file.id))?.state).toBe('deleting')
    expect((await visit(HOST, start.file.url)).status).toBe(404)
    expect((await admin.call(filesPath(`/${start.file.id}`), { method: 'DELETE' })).status).toBe(204)
    expect(await rowOf('aurora', start.file.id)).toBeNull()
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
  })

  it('Should leave nothing of a cancelled upload whose objects could not all be removed at first', async () => {
    const bytes = png(30, 30)
    const start = await started(bytes)
    await sendBytes(admin, start, bytes)
    const failed = await admin.call(uploadPath(start), {
      method: 'DELETE',
      bindings: { ...real, FILES: failingR2(env.FILES, 'delete', once()) },
    })
    expect(failed.status).toBe(500)
    await agree(start.file.id)
    expect((await admin.call(uploadPath(start), { method: 'DELETE' })).status).toBe(204)
    expect(await rowOf('aurora', start.file.id)).toBeNull()
    expect(await objectsOf('aurora', start.file.id)).toEqual([])
  })
})
