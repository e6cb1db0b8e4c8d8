/**
 * The files API (routes: shared/editing/files.ts, "THE ROUTES") through the editor's fetch
 * client, and `putBytes`, the one raw upload: an XMLHttpRequest, because only it reports upload
 * progress, with the same write headers as every editor call.
 */
import type {
  CompleteUploadBody,
  FileAnswer,
  FileDetailAnswer,
  FileJobAnswer,
  FilesAnswer,
  StartUploadAnswer,
  StartUploadBody,
  UpdateFileBody,
} from '../../shared/index'
import { request, writeHeaders } from '../api'
import type { Accept } from './check'

const FILES = '/config/api/files'
const fileUrl = (id: string) => `${FILES}/${encodeURIComponent(id)}`

/** An upload's base URL: its bytes go here (`single`), to `/parts/<n>` or `/variants/<width>`. */
export const uploadUrl = (id: string, upload: string) =>
  `${fileUrl(id)}/uploads/${encodeURIComponent(upload)}`

export const filesApi = {
  list: (q: string, kind: Accept, page: number) =>
    request<FilesAnswer>('GET', `${FILES}?${new URLSearchParams({ q, kind, page: String(page) })}`),
  start: (body: StartUploadBody) => request<StartUploadAnswer>('POST', FILES, body),
  replace: (id: string, body: StartUploadBody) =>
    request<StartUploadAnswer>('POST', `${fileUrl(id)}/replace`, body),
  complete: (id: string, upload: string, body: CompleteUploadBody) =>
    request<FileJobAnswer>('POST', `${uploadUrl(id, upload)}/complete`, body),
  cancel: (id: string, upload: string) => request<unknown>('DELETE', uploadUrl(id, upload)),
  /** The job's answer unchecked: the upload client checks its shape. */
  job: (id: string) => request<Partial<FileJobAnswer>>('GET', `${fileUrl(id)}/job`),
  detail: (id: string) => request<FileDetailAnswer>('GET', fileUrl(id)),
  update: (id: string, body: UpdateFileBody) => request<FileAnswer>('PATCH', fileUrl(id), body),
  remove: (id: string) => request<unknown>('DELETE', fileUrl(id)),
}

/** Why a PUT of bytes did not land: the server refused (`status`), the network failed, or it was aborted. */
export class PutError extends Error {
  constructor(
    readonly reason: 'refused' | 'network' | 'aborted',
    readonly status = 0,
  ) {
    super(reason)
  }
}

/** PUTs `body` to `url`, reporting bytes sent; `signal` aborts it. Rejects with a PutError. */
export function putBytes(
  url: string,
  body: Blob,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new PutError('aborted'))
      return
    }
    const xhr = new XMLHttpRequest()
    const abort = () => xhr.abort()
    signal.addEventListener('abort', abort, { once: true })
    const done = (error?: PutError) => {
      signal.removeEventListener('abort', abort)
      if (error === undefined) resolve()
      else reject(error)
    }
    xhr.open('PUT', url)
    xhr.withCredentials = true
    for (const [name, value] of Object.entries(writeHeaders())) xhr.setRequestHeader(name, value)
    xhr.setRequestHeader('Content-Type', body.type || 'application/octet-stream')
    xhr.upload.onprogress = (event) => onProgress(event.loaded)
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size)
        done()
      } else done(new PutError('refused', xhr.status))
    }
    xhr.onerror = () => done(new PutError('network'))
    xhr.ontimeout = () => done(new PutError('network'))
    xhr.onabort = () => done(new PutError('aborted'))
    xhr.send(body)
  })
}
