/**
 * Existing Files (platform.md section 1): search by name, a kind filter, pages of
 * FILE_LIMITS.pageSize, thumbnails (the 300w variant of a ready image) and state badges. Each
 * file opens its File Detail; in the picker a ready file can be chosen at once.
 */
import { useEffect, useId, useState } from 'react'
import { EDITOR_TEXT, type FileAnswer, fillText, formatBytes } from '../../shared/index'
import { filesApi } from '../files/api'
import type { Accept } from '../files/check'
import { useLibraryVersion } from '../files/uploads'
import { useLoad } from '../hooks'
import { LoadError, Loading } from './load-error'

/** A small picture of a file for lists: the 300w variant of a ready image (the version busts the editor's cache after a replace). */
export function thumbnailOf(file: FileAnswer, width = 300): string | null {
  if (file.kind !== 'image' || file.state !== 'ready') return null
  return `${file.url}?format=${width}w&v=${file.version}`
}

/** The short type shown for a file without a picture: PDF, ZIP, MP3. */
export function typeLabel(file: FileAnswer): string {
  const dot = file.name.lastIndexOf('.')
  return dot > 0 ? file.name.slice(dot + 1).toUpperCase() : file.contentType
}

export function FileStateBadge({ file }: { file: FileAnswer }) {
  if (file.state === 'ready') return null
  const label =
    file.state === 'failed'
      ? EDITOR_TEXT.fileStateFailed
      : file.state === 'cancelled'
        ? EDITOR_TEXT.fileStateCancelled
        : file.state === 'uploading'
          ? EDITOR_TEXT.fileStateUploading
          : EDITOR_TEXT.fileStateProcessing
  return <span className={`badge badge-file-${file.state}`}>{label}</span>
}

export function FileList({
  accept,
  onOpen,
  onUse,
}: {
  /** 'image' lists images only (the picker asked for one); 'any' offers the kind filter. */
  accept: Accept
  onOpen: (file: FileAnswer) => void
  onUse?: (file: FileAnswer) => void
}) {
  const id = useId()
  const version = useLibraryVersion()
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [kind, setKind] = useState<Accept>(accept)
  const [page, setPage] = useState(1)
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim())
      setPage(1)
    }, 250)
    return () => clearTimeout(timer)
  }, [text])
  const [load, reload] = useLoad(() => filesApi.list(query, kind, page), [query, kind, page, version])
  return (
    <div className="file-browser">
      <div className="file-filters">
        <div className="field">
          <label htmlFor={`${id}-q`}>{EDITOR_TEXT.fileSearch}</label>
          <input id={`${id}-q`} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        {accept === 'any' ? (
          <div className="field">
            <label htmlFor={`${id}-kind`}>{EDITOR_TEXT.fileKind}</label>
            <select
              id={`${id}-kind`}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as Accept)
                setPage(1)
              }}
            >
              <option value="any">{EDITOR_TEXT.fileKindAll}</option>
              <option value="image">{EDITOR_TEXT.fileKindImages}</option>
            </select>
          </div>
        ) : null}
      </div>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadResults} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' ? (
        <>
          {load.data.files.length === 0 ? (
            <p className="notice">{query === '' ? EDITOR_TEXT.fileNone : EDITOR_TEXT.noMatches}</p>
          ) : (
            <ul className="file-grid" aria-label={EDITOR_TEXT.existingFiles}>
              {load.data.files.map((file) => (
                <FileCard key={file.id} file={file} onOpen={onOpen} onUse={onUse} />
              ))}
            </ul>
          )}
          {load.data.pages > 1 ? (
            <nav
              className="pager"
              aria-label={fillText(EDITOR_TEXT.filePageOf, { page, pages: load.data.pages })}
            >
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {EDITOR_TEXT.filePrevious}
              </button>
              <span>{fillText(EDITOR_TEXT.filePageOf, { page, pages: load.data.pages })}</span>
              <button
                type="button"
                className="button"
                disabled={page >= load.data.pages}
                onClick={() => setPage(page + 1)}
              >
                {EDITOR_TEXT.fileNext}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  )
}

function FileCard({
  file,
  onOpen,
  onUse,
}: {
  file: FileAnswer
  onOpen: (file: FileAnswer) => void
  onUse?: (file: FileAnswer) => void
}) {
  const thumb = thumbnailOf(file)
  return (
    <li className="file-card">
      <div className="file-thumb">
        {thumb === null ? (
          <span className="file-type" aria-hidden="true">
            {typeLabel(file)}
          </span>
        ) : (
          <img src={thumb} alt="" loading="lazy" />
        )}
      </div>
      <p className="file-card-name" title={file.name}>
        {file.name}
      </p>
      <p className="meta">
        {formatBytes(file.size)}
        {file.width !== undefined && file.height !== undefined ? ` · ${file.width}×${file.height}` : ''}{' '}
        <FileStateBadge file={file} />
      </p>
      <div className="row-actions">
        {onUse !== undefined ? (
          <button
            type="button"
            className="button button-primary"
            disabled={file.state !== 'ready'}
            aria-label={`${EDITOR_TEXT.fileUse}: ${file.name}`}
            onClick={() => onUse(file)}
          >
            {EDITOR_TEXT.fileUse}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          aria-label={`${EDITOR_TEXT.fileDetail}: ${file.name}`}
          onClick={() => onOpen(file)}
        >
          {EDITOR_TEXT.fileDetail}
        </button>
      </div>
    </li>
  )
}
