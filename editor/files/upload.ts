/**
 * One file's upload, start to finish: the checks (before any byte is sent), the image facts and
 * srcset variants (raster images), the start call (a new file, or a replace of one), the bytes
 * (one PUT, or parts of `partBytes` when the server says `multipart`), the variants, `complete`,
 * then the processing job polled until the file is ready or failed. Cancellable at every step:
 * the running XHR is aborted and the upload deleted on the server.
 *
 * What the picker shows, in the spec's words (platform.md section 8):
 * - a refusal before sending: the server's or our check's sentence (too large, not supported);
 * - a PUT answered with an error: 'Error uploading' and 'There was a problem while uploading your file.';
 * - a PUT or `complete` cut off by the network: 'Error uploading' and 'File upload failed to complete';
 * - a job answer without a state: 'No response data from job request';
 * - a job that fails: its error, else 'File processing failed';
 * - a job the server ends after ten minutes, or still processing after PROCESSING_TIMEOUT_MS: 'File processing failed to complete';
 * - Cancel, at any step (or a job the server cancelled): 'File processing cancelled'.
 */
import {
  EDITOR_TEXT,
  type FileAnswer,
  type FileJobAnswer,
  type StartUploadAnswer,
  type StartUploadBody,
} from '../../shared/index'
import { ApiError } from '../api'
import { filesApi, PutError, putBytes, uploadUrl } from './api'
import { type Accept, checkFile, unsupportedMessage } from './check'
import { type MeasuredImage, measureImage, resizedImage, variantType } from './image-facts'

/**
 * How often the job is asked, and how long before the picker gives up on it: a minute after the
 * server's own limit (FILE_JOB_TIMEOUT_MS, ten minutes), whose 'File processing failed to
 * complete' it normally shows first.
 */
export const JOB_POLL_MS = 500
export const PROCESSING_TIMEOUT_MS = 11 * 60_000
/** Job polls in a row that may fail on the network before the upload says so. */
const JOB_POLL_RETRIES = 3

export type UploadPhase = 'checking' | 'uploading' | 'processing' | 'ready' | 'failed' | 'cancelled'

export interface UploadSnapshot {
  phase: UploadPhase
  /** 0 to 100: bytes sent of the original and its variants. */
  percent: number
  /** Whether Cancel can still stop it (not once a replacement's bytes are being processed: the server refuses). */
  cancellable: boolean
  /** A heading for a failure ('Error uploading'), when the message needs one. */
  title?: string
  message?: string
  /** The file once the server knows it (ready at the end). */
  file?: FileAnswer
}

/** A stop the upload made on purpose: the snapshot it ends in. */
class Stop extends Error {
  constructor(readonly snapshot: Omit<UploadSnapshot, 'cancellable'>) {
    super(snapshot.message)
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

let uploadsMade = 0

export class FileUpload {
  /** Unique in this tab (a list key). */
  readonly key = ++uploadsMade
  readonly file: File
  readonly accept: Accept
  /** Set for a replace: the file whose content is replaced (same id and URL). */
  readonly replaceId: string | undefined
  private snapshot: UploadSnapshot = { phase: 'checking', percent: 0, cancellable: true }
  private readonly listeners = new Set<() => void>()
  private readonly controller = new AbortController()
  private started: StartUploadAnswer | null = null
  /** Whether `complete` was sent: from then on the job owns the staged bytes. */
  private completed = false

  constructor(file: File, accept: Accept, replaceId?: string) {
    this.file = file
    this.accept = accept
    this.replaceId = replaceId
  }

  /** The current state (a new object after each change: React's useSyncExternalStore reads it). */
  get state(): UploadSnapshot {
    return this.snapshot
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private set(next: Partial<UploadSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next }
    for (const listener of this.listeners) listener()
  }

  get done(): boolean {
    return ['ready', 'failed', 'cancelled'].includes(this.snapshot.phase)
  }

  /** Stops the upload wherever it is; the server forgets the staged bytes. */
  cancel(): void {
    if (this.done || !this.snapshot.cancellable) return
    this.controller.abort()
    this.set({
      phase: 'cancelled',
      cancellable: false,
      title: undefined,
      message: EDITOR_TEXT.fileProcessingCancelled,
    })
    const started = this.started
    if (started !== null) filesApi.cancel(started.file.id, started.upload.id).catch(() => {})
  }

  /** Runs the upload to its end; never throws (the end is in `state`). */
  async run(): Promise<void> {
    try {
      const file = await this.send()
      if (!this.controller.signal.aborted)
        this.set({ phase: 'ready', percent: 100, file, cancellable: false })
    } catch (error) {
      if (this.controller.signal.aborted) return
      this.set(
        error instanceof Stop ? error.snapshot : { phase: 'failed', message: EDITOR_TEXT.somethingWentWrong },
      )
      // A failed upload leaves nothing behind: the server deletes the staged bytes (and a new file's row).
      const started = this.started
      if (started !== null && !this.completed)
        filesApi.cancel(started.file.id, started.upload.id).catch(() => {})
    }
  }

  private async send(): Promise<FileAnswer> {
    const signal = this.controller.signal
    const check = await checkFile(this.file, this.accept)
    if (!check.ok) throw new Stop({ phase: 'failed', percent: 0, message: check.message })
    const { type } = check
    let image: MeasuredImage | null = null
    if (type.raster) {
      try {
        image = await measureImage(this.file)
      } catch {
        // The signature says image but the browser cannot decode it: truncated or not an image.
        throw new Stop({ phase: 'failed', percent: 0, message: unsupportedMessage(check.name, this.accept) })
      }
    }
    try {
      const body: StartUploadBody = { name: check.name, size: this.file.size, contentType: type.contentType }
      const started = await this.call(() =>
        this.replaceId === undefined ? filesApi.start(body) : filesApi.replace(this.replaceId, body),
      )
      this.started = started
      if (signal.aborted) {
        // Cancelled while the server was starting it: nothing of it may stay.
        filesApi.cancel(started.file.id, started.upload.id).catch(() => {})
        throw new Stop({ phase: 'cancelled', percent: 0 })
      }
      this.set({ phase: 'uploading', file: started.file })
      const variants: [number, Blob][] = []
      if (image !== null)
        for (const width of started.upload.variantWidths)
          if (width < image.width && !signal.aborted)
            variants.push([width, await resizedImage(image.bitmap, width, variantType(type))])
      image?.bitmap.close()
      const total = this.file.size + variants.reduce((sum, [, blob]) => sum + blob.size, 0)
      let sentBefore = 0
      const put = async (url: string, blob: Blob) => {
        await this.put(url, blob, (sent) =>
          this.set({ percent: Math.min(99, Math.floor(((sentBefore + sent) * 100) / Math.max(1, total))) }),
        )
        sentBefore += blob.size
      }
      const base = uploadUrl(started.file.id, started.upload.id)
      if (started.upload.mode === 'single')
        await put(base, this.file.slice(0, this.file.size, type.contentType))
      else {
        const size = started.upload.partBytes
        for (let n = 1, at = 0; at < this.file.size; n++, at += size)
          await put(`${base}/parts/${n}`, this.file.slice(at, at + size, type.contentType))
      }
      for (const [width, blob] of variants) await put(`${base}/variants/${width}`, blob)
      this.set({ phase: 'processing', percent: 100 })
      const job = await this.call(() =>
        filesApi.complete(started.file.id, started.upload.id, {
          ...(image === null ? {} : { width: image.width, height: image.height, colorData: image.colorData }),
          variants: variants.map(([width]) => width),
        }),
      )
      this.completed = true
      // A new file's processing can still be cancelled (its row goes); a replacement's cannot.
      if (this.replaceId !== undefined) this.set({ cancellable: false })
      return await this.waitForJob(started.file.id, job, signal)
    } finally {
      image?.bitmap.close()
    }
  }

  /** An admin API call; a refusal becomes the server's message, a network failure 'File upload failed to complete'. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof ApiError && error.status === 0)
        throw new Stop({
          phase: 'failed',
          percent: 0,
          title: EDITOR_TEXT.errorUploading,
          message: EDITOR_TEXT.fileUploadIncomplete,
        })
      if (error instanceof ApiError) throw new Stop({ phase: 'failed', percent: 0, message: error.message })
      throw error
    }
  }

  private async put(url: string, blob: Blob, onProgress: (sent: number) => void): Promise<void> {
    try {
      await putBytes(url, blob, onProgress, this.controller.signal)
    } catch (error) {
      const reason = error instanceof PutError ? error.reason : 'network'
      throw new Stop({
        phase: reason === 'aborted' ? 'cancelled' : 'failed',
        percent: this.snapshot.percent,
        title: reason === 'aborted' ? undefined : EDITOR_TEXT.errorUploading,
        message:
          reason === 'refused'
            ? EDITOR_TEXT.uploadProblem
            : reason === 'network'
              ? EDITOR_TEXT.fileUploadIncomplete
              : EDITOR_TEXT.fileProcessingCancelled,
      })
    }
  }

  /** One poll of the job; a network failure is tried again a few times before it counts. */
  private async pollJob(id: string): Promise<Partial<FileJobAnswer>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await filesApi.job(id)
      } catch (error) {
        const network = error instanceof ApiError && error.status === 0
        if (!network || attempt >= JOB_POLL_RETRIES || this.controller.signal.aborted)
          return await this.call(() => Promise.reject(error))
        await sleep(JOB_POLL_MS * attempt, this.controller.signal)
      }
    }
  }

  private async waitForJob(
    id: string,
    first: Partial<FileJobAnswer>,
    signal: AbortSignal,
  ): Promise<FileAnswer> {
    const deadline = Date.now() + PROCESSING_TIMEOUT_MS
    let job = first
    for (;;) {
      if (signal.aborted) throw new Stop({ phase: 'cancelled', percent: 100 })
      if (
        typeof job !== 'object' ||
        job === null ||
        typeof job.state !== 'string' ||
        typeof job.file !== 'object'
      )
        throw new Stop({ phase: 'failed', percent: 100, message: EDITOR_TEXT.noJobResponse })
      if (job.state === 'ready') return job.file
      if (job.state === 'failed')
        throw new Stop({
          phase: 'failed',
          percent: 100,
          message: job.error || EDITOR_TEXT.fileProcessingFailed,
        })
      if (job.state === 'cancelled')
        throw new Stop({ phase: 'cancelled', percent: 100, message: EDITOR_TEXT.fileProcessingCancelled })
      if (Date.now() > deadline)
        throw new Stop({ phase: 'failed', percent: 100, message: EDITOR_TEXT.fileProcessingIncomplete })
      await sleep(JOB_POLL_MS, signal)
      job = await this.pollJob(id)
    }
  }
}
