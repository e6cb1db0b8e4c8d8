/** Review Changes: every draft with its differences from what is live; discard one, publish all. */
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { type Change, EDITOR_TEXT, fillText, type PublishProblem } from '../../shared/index'
import { ApiError, api, changeRoute, messageOf, recordRoute } from '../api'
import { formatWhen } from '../format'
import { useLoad } from '../hooks'
import { ConfirmDialog } from '../parts/dialog'
import { DiffTable } from '../parts/diff'
import { LoadError, Loading } from '../parts/load-error'
import { StatusBadge } from '../parts/status-badge'
import { screenTitle, useSession } from '../session'

export default function ChangesScreen() {
  const { session, refreshChanges } = useSession()
  const [load, reload] = useLoad(() => api.changes(), [])
  const [discarding, setDiscarding] = useState<Change | null>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [problems, setProblems] = useState<PublishProblem[]>([])
  useEffect(() => screenTitle(EDITOR_TEXT.reviewChanges, session.site.title), [session.site.title])
  // The header's Publish comes here with `?publish=now`: publish once, with the answer shown here.
  const publishNow = new URLSearchParams(useSearch()).get('publish') === 'now'
  const [, navigate] = useLocation()

  const publish = async () => {
    setBusy(true)
    setError(null)
    setMessage(null)
    setProblems([])
    try {
      const answer = await api.publish({})
      setMessage(answer.published.length === 0 ? EDITOR_TEXT.nothingToPublish : EDITOR_TEXT.published)
      reload()
      refreshChanges()
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && Array.isArray(e.body.problems)) {
        setError(EDITOR_TEXT.publishRefused)
        setProblems(e.body.problems as PublishProblem[])
      } else setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  const discard = async (change: Change) => {
    setDiscarding(null)
    setBusy(true)
    setError(null)
    try {
      await api.discard(change.key)
      reload()
      refreshChanges()
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival with ?publish=now
  useEffect(() => {
    if (!publishNow) return
    navigate('/changes', { replace: true })
    void publish()
  }, [publishNow])

  const changes = load.state === 'ready' ? load.data.changes : []
  const publishable = changes.filter((c) => c.canPublish).length
  return (
    <>
      <div className="screen-head">
        <h1>{EDITOR_TEXT.reviewChanges}</h1>
        {publishable > 0 ? (
          <button type="button" className="button button-primary" disabled={busy} onClick={publish}>
            {busy ? EDITOR_TEXT.publishing : EDITOR_TEXT.publish}
          </button>
        ) : null}
      </div>
      {message === null ? null : (
        <p className="notice notice-ok" role="status">
          {message}
        </p>
      )}
      {error === null ? null : (
        <div className="notice notice-error" role="alert">
          <p className="notice-title">{error}</p>
          {problems.length > 0 ? (
            <ul>
              {problems.map((p) => (
                <li key={`${p.key}:${p.field}`}>
                  <Link href={recordRoute(p.key)}>
                    {fillText(EDITOR_TEXT.problemsFound, {
                      title: p.title,
                      field: p.field,
                      message: p.message,
                    })}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadResults} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' && changes.length === 0 ? <p>{EDITOR_TEXT.noChanges}</p> : null}
      <ul className="cards">
        {changes.map((change) => (
          <li key={change.key} className="card change">
            <div className="card-row">
              <div className="card-main">
                <h2 className="card-title">
                  <Link href={changeRoute(change)}>{change.title}</Link>
                </h2>
                <p className="meta">
                  {change.isNew ? <span className="badge badge-new">{EDITOR_TEXT.newRecord}</span> : null}
                  {change.deleted ? (
                    <span className="badge badge-deleted">{EDITOR_TEXT.deleteStaged}</span>
                  ) : null}
                  <span>
                    {fillText(EDITOR_TEXT.changedBy, {
                      who: change.updatedBy,
                      when: formatWhen(change.updatedAt, session.site.timeZone),
                    })}
                  </span>
                </p>
              </div>
              {change.liveStatus !== change.status ? <StatusBadge status={change.liveStatus} /> : null}
              {change.liveStatus !== change.status ? <span aria-hidden="true">→</span> : null}
              <StatusBadge status={change.needsReview ? 'review' : change.status} />
              <button
                type="button"
                className="button button-danger-quiet"
                disabled={busy}
                aria-label={`${EDITOR_TEXT.discardChanges}: ${change.title}`}
                onClick={() => setDiscarding(change)}
              >
                {EDITOR_TEXT.discardChanges}
              </button>
            </div>
            {change.fields.length > 0 ? (
              <DiffTable
                caption={change.title}
                leftLabel={EDITOR_TEXT.liveVersion}
                rightLabel={EDITOR_TEXT.draftVersion}
                rows={change.fields.map((f) => ({ field: f.field, left: f.live, right: f.draft }))}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={discarding !== null}
        title={fillText(EDITOR_TEXT.confirmDiscard, { title: discarding?.title ?? '' })}
        confirmLabel={EDITOR_TEXT.discard}
        cancelLabel={EDITOR_TEXT.cancel}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding !== null) void discard(discarding)
        }}
      />
    </>
  )
}
