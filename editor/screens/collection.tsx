/** One collection's items: status filter (in the URL), create, duplicate, delete. */
import { useEffect, useId, useState } from 'react'
import { Link, useLocation, useParams, useSearch } from 'wouter'
import {
  type ContentStatus,
  canEdit,
  EDITOR_LIMITS,
  EDITOR_TEXT,
  fillText,
  type ItemSummary,
  type ItemsAnswer,
} from '../../shared/index'
import { api, messageOf, recordRoute } from '../api'
import { formatPrice, formatWhen } from '../format'
import { useLoad } from '../hooks'
import { CreateForm } from '../parts/create-form'
import { ConfirmDialog } from '../parts/dialog'
import { LoadError, Loading } from '../parts/load-error'
import { STATUS_LABEL, StatusBadge } from '../parts/status-badge'
import { screenTitle, useSession } from '../session'

const FILTERS: readonly ContentStatus[] = ['published', 'scheduled', 'review', 'draft', 'private']

const shownStatus = (item: { status: ContentStatus; needsReview: boolean }): ContentStatus =>
  item.needsReview ? 'review' : item.status

export default function CollectionScreen() {
  const { slug = '' } = useParams<{ slug: string }>()
  const { session, refreshChanges } = useSession()
  const [load, reload] = useLoad(() => api.items(decodeURIComponent(slug)), [slug])
  const search = useSearch()
  const [, navigate] = useLocation()
  const filter = new URLSearchParams(search).get('status') as ContentStatus | null
  const [error, setError] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<ItemSummary | null>(null)
  const [busy, setBusy] = useState(false)
  const title =
    load.state === 'ready'
      ? load.data.collection.title
      : load.state === 'error'
        ? load.status === 404
          ? EDITOR_TEXT.unableToLocateContent
          : EDITOR_TEXT.unableToLoadResults
        : EDITOR_TEXT.loading
  useEffect(() => screenTitle(title, session.site.title), [title, session.site.title])
  const filterId = useId()

  if (load.state === 'loading') return <Loading />
  if (load.state === 'error') return <LoadError title={title} detail={load.message} onRetry={reload} screen />
  const { collection, items } = load.data
  const editable = canEdit(session.capabilities, collection.area)
  const shown = filter === null ? items : items.filter((item) => shownStatus(item) === filter)
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try {
      await work()
      reload()
      refreshChanges()
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <div className="screen-head">
        <div>
          <p className="breadcrumb">
            <Link href="/">{EDITOR_TEXT.navCollections}</Link>
          </p>
          <h1>{collection.title}</h1>
          <p className="meta">
            <span>{fillText(EDITOR_TEXT.itemCount, { count: items.length })}</span>
            <Link href={recordRoute(collection.key)}>{EDITOR_TEXT.edit}</Link>
          </p>
        </div>
        <StatusBadge status={shownStatus(collection)} />
      </div>
      {editable ? <NewItem answer={load.data} onCreated={(key) => navigate(recordRoute(key))} /> : null}
      {error === null ? null : (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="field field-inline">
        <label htmlFor={filterId}>{EDITOR_TEXT.statusFilter}</label>
        <select
          id={filterId}
          value={filter ?? ''}
          onChange={(e) =>
            navigate(
              e.target.value === ''
                ? `/collections/${slug}`
                : `/collections/${slug}?status=${encodeURIComponent(e.target.value)}`,
              { replace: true },
            )
          }
        >
          <option value="">{EDITOR_TEXT.statusAll}</option>
          {FILTERS.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      </div>
      {shown.length === 0 ? (
        <p>{items.length === 0 ? EDITOR_TEXT.noItems : EDITOR_TEXT.noMatches}</p>
      ) : (
        <ul className="cards">
          {shown.map((item) => (
            <li key={item.key} className="card card-row">
              {item.mainImageUrl ? (
                <img className="thumb" src={item.mainImageUrl} alt="" loading="lazy" />
              ) : null}
              <div className="card-main">
                <h2 className="card-title">
                  <Link href={recordRoute(item.key)}>{item.title}</Link>
                </h2>
                <p className="meta">
                  {item.priceCents === undefined ? null : (
                    <span>
                      {fillText(EDITOR_TEXT.priceOf, {
                        price: formatPrice(item.priceCents, session.site.currency),
                      })}
                    </span>
                  )}
                  {item.status === 'scheduled' && item.publishOn !== undefined ? (
                    <span>
                      {fillText(EDITOR_TEXT.scheduledFor, {
                        when: formatWhen(item.publishOn, session.site.timeZone),
                      })}
                    </span>
                  ) : (
                    <span>
                      {fillText(EDITOR_TEXT.updatedOn, {
                        when: formatWhen(item.updatedAt, session.site.timeZone),
                      })}
                    </span>
                  )}
                </p>
              </div>
              <StatusBadge status={shownStatus(item)} />
              {editable ? (
                <div className="row-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={`${EDITOR_TEXT.duplicate}: ${item.title}`}
                    onClick={() =>
                      act(async () => {
                        // The copy opens at once: a copy is made to be changed.
                        const copy = await api.duplicate(item.key)
                        navigate(recordRoute(copy.key))
                      })
                    }
                  >
                    {EDITOR_TEXT.duplicate}
                  </button>
                  <button
                    type="button"
                    className="button button-danger-quiet"
                    disabled={busy}
                    aria-label={`${EDITOR_TEXT.delete}: ${item.title}`}
                    onClick={() => setDeleting(item)}
                  >
                    {EDITOR_TEXT.delete}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={fillText(EDITOR_TEXT.confirmDelete, { title: deleting?.title ?? '' })}
        body={EDITOR_TEXT.confirmDeleteBody}
        confirmLabel={EDITOR_TEXT.delete}
        cancelLabel={EDITOR_TEXT.cancel}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const item = deleting
          setDeleting(null)
          if (item !== null) act(() => api.remove(item.key))
        }}
      />
    </>
  )
}

function NewItem({ answer, onCreated }: { answer: ItemsAnswer; onCreated: (key: string) => void }) {
  const products = answer.collection.area === 'products'
  const max = products ? EDITOR_LIMITS.productsPerCollection : EDITOR_LIMITS.itemsPerCollection
  return (
    <CreateForm
      kind={EDITOR_TEXT.kindItem}
      button={EDITOR_TEXT.newItem}
      refusal={() =>
        answer.items.length >= max
          ? fillText(products ? EDITOR_TEXT.tooManyProducts : EDITOR_TEXT.tooManyItems, { max })
          : null
      }
      create={async (title) => onCreated((await api.createItem(answer.collection.key, { title })).key)}
    />
  )
}
