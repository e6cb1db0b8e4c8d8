/** The dashboard: the site's pages and collections, and "New page". */
import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { canEdit, EDITOR_TEXT, fillText } from '../../shared/index'
import { api, recordRoute } from '../api'
import { useLoad } from '../hooks'
import { CreateForm } from '../parts/create-form'
import { LoadError, Loading } from '../parts/load-error'
import { StatusBadge } from '../parts/status-badge'
import { screenTitle, useSession } from '../session'

export function CollectionsScreen() {
  const { session } = useSession()
  const [load, reload] = useLoad(() => api.collections(), [])
  useEffect(() => screenTitle(EDITOR_TEXT.navCollections, session.site.title), [session.site.title])
  return (
    <>
      <div className="screen-head">
        <h1>{EDITOR_TEXT.navCollections}</h1>
      </div>
      {canEdit(session.capabilities, 'content') ? <NewPage /> : null}
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadCollections} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' ? (
        load.data.collections.length === 0 ? (
          <p>{EDITOR_TEXT.noItems}</p>
        ) : (
          <ul className="cards">
            {load.data.collections.map((c) => (
              <li key={c.key} className="card card-row">
                <div className="card-main">
                  <h2 className="card-title">
                    <Link
                      href={
                        c.typeName === 'page'
                          ? recordRoute(c.key)
                          : `/collections/${encodeURIComponent(c.slug)}`
                      }
                    >
                      {c.title}
                    </Link>
                  </h2>
                  <p className="meta">
                    <span>{fillText(EDITOR_TEXT.kindLabel, { kind: c.typeName })}</span>
                    {c.typeName === 'page' ? null : (
                      <span>{fillText(EDITOR_TEXT.itemCount, { count: c.itemCount })}</span>
                    )}
                    {c.draftCount > 0 ? (
                      <span>{fillText(EDITOR_TEXT.draftCount, { count: c.draftCount })}</span>
                    ) : null}
                    <span className="meta-url">{c.fullUrl}</span>
                  </p>
                </div>
                <StatusBadge status={c.needsReview ? 'review' : c.status} />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </>
  )
}

function NewPage() {
  const [, navigate] = useLocation()
  return (
    <CreateForm
      kind={EDITOR_TEXT.kindPage}
      button={EDITOR_TEXT.newPage}
      create={async (title) => {
        const answer = await api.createCollection({ title, typeName: 'page' })
        navigate(recordRoute(answer.key))
      }}
    />
  )
}
