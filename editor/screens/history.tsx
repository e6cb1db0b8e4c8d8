/** History: the site's published versions; an admin may restore one. */
import { useEffect, useState } from 'react'
import { EDITOR_TEXT, fillText, type Revision } from '../../shared/index'
import { api, messageOf } from '../api'
import { formatWhen } from '../format'
import { useLoad } from '../hooks'
import { ConfirmDialog } from '../parts/dialog'
import { LoadError, Loading } from '../parts/load-error'
import { screenTitle, useSession } from '../session'

export default function HistoryScreen() {
  const { session, refreshChanges } = useSession()
  const [load, reload] = useLoad(() => api.revisions(), [])
  const [restoring, setRestoring] = useState<Revision | null>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => screenTitle(EDITOR_TEXT.navHistory, session.site.title), [session.site.title])
  const rollback = async (revision: Revision) => {
    setRestoring(null)
    setBusy(true)
    setError(null)
    setMessage(null)
    try {
      await api.rollback(revision.version)
      setMessage(fillText(EDITOR_TEXT.rolledBack, { version: revision.version }))
      reload()
      refreshChanges()
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  const may = session.capabilities.rollback
  return (
    <>
      <div className="screen-head">
        <h1>{EDITOR_TEXT.navHistory}</h1>
      </div>
      {!may ? <p className="notice">{EDITOR_TEXT.notAllowed}</p> : null}
      {message === null ? null : (
        <p className="notice notice-ok" role="status">
          {message}
        </p>
      )}
      {error === null ? null : (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadResults} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' && load.data.revisions.length === 0 ? <p>{EDITOR_TEXT.noRevisions}</p> : null}
      {load.state === 'ready' ? (
        <ol className="cards">
          {load.data.revisions.map((revision, index) => {
            // Newest first: the first is what is live (a rollback adds a version too).
            const live = index === 0
            return (
              <li key={revision.version} className="card card-row">
                <div className="card-main">
                  <h2 className="card-title">
                    {fillText(EDITOR_TEXT.revisionLine, {
                      version: revision.version,
                      when: formatWhen(revision.publishedAt, session.site.timeZone),
                      who: revision.publishedBy,
                    })}
                  </h2>
                  <p className="meta">
                    <span>{fillText(EDITOR_TEXT.revisionRecords, { count: revision.keys.length })}</span>
                    {revision.restoredFrom === undefined ? null : (
                      <span>
                        {fillText(EDITOR_TEXT.revisionRestored, { version: revision.restoredFrom })}
                      </span>
                    )}
                    {live ? (
                      <span className="badge badge-published">{EDITOR_TEXT.statusPublished}</span>
                    ) : null}
                  </p>
                </div>
                {may && !live ? (
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => setRestoring(revision)}
                  >
                    {EDITOR_TEXT.rollback}
                  </button>
                ) : null}
              </li>
            )
          })}
        </ol>
      ) : null}
      <ConfirmDialog
        open={restoring !== null}
        title={fillText(EDITOR_TEXT.confirmRollback, { version: restoring?.version ?? '' })}
        confirmLabel={EDITOR_TEXT.rollback}
        cancelLabel={EDITOR_TEXT.cancel}
        onCancel={() => setRestoring(null)}
        onConfirm={() => {
          if (restoring !== null) void rollback(restoring)
        }}
      />
    </>
  )
}
