/**
 * File Detail (platform.md section 1): the preview, name, size, dimensions, type and URL (with
 * Copy), the alt text and focal point the file lends to every image record made from it; Rename
 * (old URLs keep working), Replace (new content, same id and URL: the same upload rows as Upload
 * File) and Delete behind "Delete '{filename}'?" with the pages that still use the file.
 */
import { useEffect, useId, useState } from 'react'
import { Link } from 'wouter'
import {
  EDITOR_TEXT,
  type FileAnswer,
  type FileDetailAnswer,
  type FocalPoint,
  fillText,
  formatBytes,
} from '../../shared/index'
import { ApiError, messageOf, recordRoute } from '../api'
import { filesApi } from '../files/api'
import { libraryChanged, useLibraryVersion } from '../files/uploads'
import { useLoad } from '../hooks'
import { ConfirmDialog } from './dialog'
import { FileStateBadge, thumbnailOf, typeLabel } from './file-list'
import { UploadPanel } from './file-upload'
import { FocalPointField } from './focal-point'
import { LoadError, Loading } from './load-error'

export function FileDetail({
  fileId,
  canManage,
  onBack,
  onUse,
  onLeave,
}: {
  fileId: string
  canManage: boolean
  onBack: () => void
  onUse?: (file: FileAnswer) => void
  /** Called before following a link to a record (the picker closes itself). */
  onLeave?: () => void
}) {
  const titleId = useId()
  const version = useLibraryVersion()
  const [load, reload] = useLoad(() => filesApi.detail(fileId), [fileId, version])
  return (
    <section className="file-detail" aria-labelledby={titleId}>
      <div className="file-detail-head">
        <h3 id={titleId}>{EDITOR_TEXT.fileDetail}</h3>
        <button type="button" className="button" onClick={onBack}>
          {EDITOR_TEXT.fileBack}
        </button>
      </div>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError
          title={load.status === 404 ? EDITOR_TEXT.unableToLocateContent : EDITOR_TEXT.unableToLoadTryAgain}
          detail={load.message}
          onRetry={reload}
        />
      ) : null}
      {load.state === 'ready' ? (
        <DetailBody
          key={`${load.data.file.id}-${load.data.file.version}`}
          answer={load.data}
          canManage={canManage}
          onDeleted={onBack}
          onUse={onUse}
          onLeave={onLeave}
        />
      ) : null}
    </section>
  )
}

function DetailBody({
  answer,
  canManage,
  onDeleted,
  onUse,
  onLeave,
}: {
  answer: FileDetailAnswer
  canManage: boolean
  onDeleted: () => void
  onUse?: (file: FileAnswer) => void
  onLeave?: () => void
}) {
  const id = useId()
  const [file, setFile] = useState(answer.file)
  const [name, setName] = useState(file.name)
  const [renameError, setRenameError] = useState<string | null>(null)
  const [renamed, setRenamed] = useState(false)
  const [alt, setAlt] = useState(file.altText ?? '')
  const [focal, setFocal] = useState<FocalPoint>(file.mediaFocalPoint ?? { x: 0.5, y: 0.5 })
  const [detailsState, setDetailsState] = useState<'idle' | 'saved' | string>('idle')
  const [copied, setCopied] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  useEffect(() => setFile(answer.file), [answer.file])
  const absoluteUrl = `${location.origin}${file.url}`
  const preview = thumbnailOf(file, 750)

  const rename = async () => {
    setRenamed(false)
    if (name.trim() === '') {
      setRenameError(EDITOR_TEXT.enterFileName)
      return
    }
    setRenameError(null)
    try {
      const next = await filesApi.update(file.id, { name: name.trim() })
      setFile(next)
      setName(next.name)
      setRenamed(true)
      libraryChanged()
    } catch (error) {
      // A refusal with one of the spec's sentences ('Please enter a file name') says what to fix.
      setRenameError(
        error instanceof ApiError && error.message === EDITOR_TEXT.enterFileName
          ? EDITOR_TEXT.enterFileName
          : EDITOR_TEXT.renameProblem,
      )
    }
  }
  const saveDetails = async () => {
    try {
      setFile(await filesApi.update(file.id, { altText: alt, mediaFocalPoint: focal }))
      setDetailsState('saved')
    } catch (error) {
      setDetailsState(messageOf(error))
    }
  }
  const remove = async () => {
    setDeleting(true)
    setDeleteError(null)
    try {
      await filesApi.remove(file.id)
      setConfirming(false)
      libraryChanged()
      onDeleted()
    } catch (error) {
      setDeleteError(messageOf(error))
    } finally {
      setDeleting(false)
    }
  }
  const uses = (
    <>
      {answer.usedBy.length === 0 ? (
        <p>{EDITOR_TEXT.fileUsedByNone}</p>
      ) : (
        <ul className="file-uses">
          {answer.usedBy.map((use) => (
            <li key={use.key}>
              <Link
                href={recordRoute(use.key)}
                onClick={() => {
                  setConfirming(false)
                  onLeave?.()
                }}
              >
                {use.title}
              </Link>{' '}
              <span className="meta-url">{use.url}</span>
              {use.draft ? <span className="badge badge-draft">{EDITOR_TEXT.fileUseDraft}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  )

  return (
    <div className="file-detail-body">
      <div className="file-preview">
        {preview !== null ? (
          canManage ? (
            <FocalPointField src={preview} value={focal} onChange={setFocal} />
          ) : (
            <img src={preview} alt={file.altText ?? ''} />
          )
        ) : (
          <span className="file-type file-type-large">{typeLabel(file)}</span>
        )}
      </div>
      <div className="file-facts">
        <dl className="facts">
          <dt>{EDITOR_TEXT.fileName}</dt>
          <dd>
            {file.name} <FileStateBadge file={file} />
          </dd>
          <dt>{EDITOR_TEXT.fileSize}</dt>
          <dd>{formatBytes(file.size)}</dd>
          {file.width !== undefined && file.height !== undefined ? (
            <>
              <dt>{EDITOR_TEXT.fileDimensions}</dt>
              <dd>
                {file.width}×{file.height}
              </dd>
            </>
          ) : null}
          <dt>{EDITOR_TEXT.fileType}</dt>
          <dd>{file.contentType}</dd>
        </dl>
        {file.state === 'failed' && file.error !== undefined ? (
          <p className="notice notice-error">{file.error}</p>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-url`}>{EDITOR_TEXT.fileUrl}</label>
          <div className="field-inline">
            <input id={`${id}-url`} readOnly value={absoluteUrl} onFocus={(e) => e.target.select()} />
            <button
              type="button"
              className="button"
              onClick={() =>
                navigator.clipboard.writeText(absoluteUrl).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {EDITOR_TEXT.fileCopyUrl}
            </button>
          </div>
          <p className="hint" role="status">
            {copied ? EDITOR_TEXT.fileCopied : ''}
          </p>
        </div>
        {onUse !== undefined ? (
          <button
            type="button"
            className="button button-primary"
            disabled={file.state !== 'ready'}
            onClick={() => onUse(file)}
          >
            {EDITOR_TEXT.fileUse}
          </button>
        ) : null}
        {!canManage ? <p className="notice">{EDITOR_TEXT.fileReadOnly}</p> : null}
        {canManage ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-name`}>{EDITOR_TEXT.fileName}</label>
              <div className="field-inline">
                <input
                  id={`${id}-name`}
                  value={name}
                  aria-invalid={renameError === null ? undefined : true}
                  aria-describedby={renameError === null ? undefined : `${id}-name-error`}
                  onChange={(e) => {
                    setName(e.target.value)
                    setRenamed(false)
                  }}
                />
                <button type="button" className="button" onClick={rename}>
                  {EDITOR_TEXT.fileRename}
                </button>
              </div>
              {renameError === null ? null : (
                <p className="field-error" id={`${id}-name-error`} role="alert">
                  {renameError}
                </p>
              )}
              <p className="hint" role="status">
                {renamed ? EDITOR_TEXT.fileRenamed : ''}
              </p>
            </div>
            {file.kind === 'image' ? (
              <div className="field">
                <label htmlFor={`${id}-alt`}>{EDITOR_TEXT.fieldAltText}</label>
                <input
                  id={`${id}-alt`}
                  value={alt}
                  onChange={(e) => {
                    setAlt(e.target.value)
                    setDetailsState('idle')
                  }}
                />
                <button type="button" className="button" onClick={saveDetails}>
                  {EDITOR_TEXT.fileSaveDetails}
                </button>
                <p
                  className={detailsState === 'saved' || detailsState === 'idle' ? 'hint' : 'field-error'}
                  role="status"
                >
                  {detailsState === 'saved'
                    ? EDITOR_TEXT.fileDetailsSaved
                    : detailsState === 'idle'
                      ? ''
                      : detailsState}
                </p>
              </div>
            ) : null}
            <div className="field">
              <p className="label">{EDITOR_TEXT.fileReplace}</p>
              <p className="hint">{EDITOR_TEXT.fileReplaceHint}</p>
              <UploadPanel
                accept={file.kind === 'image' ? 'image' : 'any'}
                replaceId={file.id}
                multiple={false}
              />
            </div>
          </>
        ) : null}
        <h4>{EDITOR_TEXT.fileUsedBy}</h4>
        {uses}
        {canManage ? (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            {EDITOR_TEXT.fileDelete}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={fillText(EDITOR_TEXT.confirmDeleteFile, { filename: file.name })}
        body={
          <>
            <p>{EDITOR_TEXT.confirmDeleteFileBody}</p>
            {answer.usedBy.length > 0 ? (
              <>
                <p>{EDITOR_TEXT.fileUsedBy}:</p>
                {uses}
              </>
            ) : null}
            {deleteError === null ? null : (
              <p className="field-error" role="alert">
                {deleteError}
              </p>
            )}
          </>
        }
        confirmLabel={EDITOR_TEXT.fileDelete}
        cancelLabel={EDITOR_TEXT.cancel}
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}
