/**
 * Upload File (platform.md section 1): a drop zone with a keyboard-reachable file input, and a
 * row per upload with its progress bar, its state (uploading, processing, ready, failed,
 * cancelled) in the spec's words, and Cancel while it runs.
 */
import { type DragEvent, useId, useState, useSyncExternalStore } from 'react'
import {
  ALLOWED_FILE_TYPES,
  EDITOR_TEXT,
  FILE_LIMITS,
  type FileAnswer,
  fillText,
  formatBytes,
} from '../../shared/index'
import type { Accept } from '../files/check'
import type { FileUpload } from '../files/upload'
import { dismissUpload, startUploads, useUploads } from '../files/uploads'

/** The input's `accept` hint (the checks read the bytes whatever the browser lets through). */
export function acceptAttribute(accept: Accept): string {
  return ALLOWED_FILE_TYPES.filter((t) => accept === 'any' || t.kind === 'image')
    .flatMap((t) => [t.contentType, ...t.extensions.map((e) => `.${e}`)])
    .join(',')
}

export function UploadPanel({
  accept,
  onUse,
  replaceId,
  multiple = true,
}: {
  accept: Accept
  /** When the panel chooses a file (the picker): a ready upload offers "Use this file". */
  onUse?: (file: FileAnswer) => void
  /** Uploads replace this file's content (File Detail's Replace). */
  replaceId?: string
  multiple?: boolean
}) {
  const id = useId()
  const uploads = useUploads(replaceId)
  const [over, setOver] = useState(false)
  const add = (files: FileList | null) => {
    if (files === null || files.length === 0) return
    startUploads(multiple ? [...files] : [...files].slice(0, 1), accept, replaceId)
  }
  const types = ALLOWED_FILE_TYPES.filter((t) => accept === 'any' || t.kind === 'image')
    .map((t) => t.extensions[0]?.toUpperCase())
    .join(', ')
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    add(event.dataTransfer.files)
  }
  return (
    <div className="upload-panel">
      <section
        className={over ? 'drop-zone drop-over' : 'drop-zone'}
        aria-label={EDITOR_TEXT.uploadFile}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>
          {EDITOR_TEXT.fileDropHint}{' '}
          <input
            id={`${id}-input`}
            className="file-input"
            type="file"
            multiple={multiple}
            accept={acceptAttribute(accept)}
            onChange={(event) => {
              add(event.target.files)
              event.target.value = ''
            }}
          />
          <label htmlFor={`${id}-input`} className="button file-input-label">
            {EDITOR_TEXT.fileChooseFromDevice}
          </label>
        </p>
        <p className="hint">
          {fillText(EDITOR_TEXT.fileLimits, { maxSize: formatBytes(FILE_LIMITS.maxBytes), types })}
        </p>
      </section>
      {uploads.length > 0 ? (
        <ul className="upload-list">
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onUse={onUse} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

const PHASE_LABEL = {
  checking: EDITOR_TEXT.fileStateUploading,
  uploading: EDITOR_TEXT.fileStateUploading,
  processing: EDITOR_TEXT.fileStateProcessing,
  ready: EDITOR_TEXT.fileStateReady,
  failed: EDITOR_TEXT.fileStateFailed,
  cancelled: EDITOR_TEXT.fileStateCancelled,
} as const

function UploadRow({ upload, onUse }: { upload: FileUpload; onUse?: (file: FileAnswer) => void }) {
  const state = useSyncExternalStore(upload.subscribe, () => upload.state)
  const id = useId()
  const running = !upload.done
  const name = state.file?.name ?? upload.file.name
  return (
    <li className={`upload upload-${state.phase}`} aria-labelledby={`${id}-name`}>
      <div className="upload-head">
        <span className="upload-name" id={`${id}-name`}>
          {name}
        </span>
        <span className="upload-state" role="status">
          {PHASE_LABEL[state.phase]}
          {state.phase === 'processing' ? '…' : ''}
        </span>
      </div>
      {running ? (
        <div
          className="progress"
          role="progressbar"
          aria-label={fillText(EDITOR_TEXT.fileUploadOf, { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.percent}
        >
          <div className="progress-bar" style={{ width: `${state.percent}%` }} />
        </div>
      ) : null}
      {state.message === undefined || state.message === '' ? null : (
        <div className={state.phase === 'cancelled' ? 'notice' : 'notice notice-error'} role="alert">
          {state.title === undefined ? null : <p className="notice-title">{state.title}</p>}
          <p>{state.message}</p>
        </div>
      )}
      <div className="row-actions">
        {running && state.cancellable ? (
          <button
            type="button"
            className="button"
            aria-describedby={`${id}-name`}
            onClick={() => upload.cancel()}
          >
            {EDITOR_TEXT.cancel}
          </button>
        ) : running ? null : (
          <button
            type="button"
            className="button button-quiet"
            aria-describedby={`${id}-name`}
            onClick={() => dismissUpload(upload)}
          >
            {EDITOR_TEXT.fileDismiss}
          </button>
        )}
        {state.phase === 'ready' && state.file !== undefined && onUse !== undefined ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => onUse(state.file as FileAnswer)}
          >
            {EDITOR_TEXT.fileUse}
          </button>
        ) : null}
      </div>
    </li>
  )
}
