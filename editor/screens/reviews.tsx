/**
 * `/config/reviews`: the site's reviews, hidden ones too, a page of 50, newest first; Hide and
 * Show. A hidden review leaves product pages, their counts and averages from the next view
 * (the admin API turns the site's cached pages over). `moderateReviews` (ADMIN, STORE_MANAGER).
 */
import { useEffect, useState } from 'react'
import { RECORDS_TEXT, type RecordPage, type ReviewRow } from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { messageOf, request } from '../api'
import { formatWhen } from '../format'
import { useLoad } from '../hooks'
import { LoadError, Loading } from '../parts/load-error'
import { Cell, Outcome, Pager, RecordTable, useQuery } from '../parts/record-list'
import { screenTitle, useSession } from '../session'

const T = RECORDS_TEXT

export default function ReviewsScreen() {
  const { session } = useSession()
  const [query, setQuery] = useQuery()
  const cursor = query.get('cursor') ?? ''
  const [load, reload] = useLoad(
    () =>
      request<RecordPage<ReviewRow>>(
        'GET',
        `/config/api/reviews${cursor === '' ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
      ),
    [cursor],
  )
  const [hidden, setHidden] = useState<Record<string, boolean>>({})
  const [busy, setBusy] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null)
  useEffect(() => screenTitle(T.reviewsTitle, session.site.title), [session.site.title])
  useEffect(() => {
    if (load.state === 'ready')
      setHidden(Object.fromEntries(load.data.rows.map((row) => [row.id, row.hidden])))
  }, [load])

  const toggle = async (review: ReviewRow, hide: boolean) => {
    setBusy(review.id)
    setOutcome(null)
    try {
      const answer = await request<{ hidden: boolean }>(
        'POST',
        `/config/api/reviews/${encodeURIComponent(review.id)}/visibility`,
        { hidden: hide },
      )
      setHidden((known) => ({ ...known, [review.id]: answer.hidden }))
      setOutcome({ text: answer.hidden ? T.reviewHidden : T.reviewShown, error: false })
    } catch (error) {
      setOutcome({ text: messageOf(error), error: true })
    } finally {
      setBusy(null)
    }
  }
  return (
    <>
      <div className="screen-head">
        <h1>{T.reviewsTitle}</h1>
      </div>
      <Outcome text={outcome?.text ?? null} error={outcome?.error} />
      {load.state === 'loading' ? (
        <Loading />
      ) : load.state === 'error' ? (
        <LoadError title={T.reviewsLoadFailed} detail={load.message} onRetry={reload} />
      ) : load.data.rows.length === 0 ? (
        <p className="records-empty">{T.noReviews}</p>
      ) : (
        <>
          <RecordTable
            caption={T.reviewsCaption}
            columns={[
              { label: T.colProduct },
              { label: T.colRating },
              { label: T.colAuthor },
              { label: T.colDate },
              { label: T.colText },
              { label: T.colShown },
            ]}
          >
            {load.data.rows.map((review) => {
              const isHidden = hidden[review.id] ?? review.hidden
              return (
                <tr key={review.id} className={isHidden ? 'records-muted' : undefined}>
                  <Cell label={T.colProduct}>{review.product}</Cell>
                  <Cell label={T.colRating}>{fillText(T.ratingOf, { rating: review.rating })}</Cell>
                  <Cell label={T.colAuthor}>{review.author}</Cell>
                  <Cell label={T.colDate}>{formatWhen(review.reviewDate, session.site.timeZone)}</Cell>
                  <Cell label={T.colText}>
                    <span className="records-text">{review.text}</span>
                  </Cell>
                  <Cell label={T.colShown}>
                    <div className="row-actions">
                      <span className={isHidden ? 'badge badge-deleted' : 'badge badge-published'}>
                        {isHidden ? T.hidden : T.shown}
                      </span>
                      <button
                        type="button"
                        className="button"
                        disabled={busy === review.id}
                        aria-label={fillText(isHidden ? T.showOf : T.hideOf, { author: review.author })}
                        onClick={() => toggle(review, !isHidden)}
                      >
                        {isHidden ? T.show : T.hide}
                      </button>
                    </div>
                  </Cell>
                </tr>
              )
            })}
          </RecordTable>
          <Pager
            label={T.reviewsTitle}
            onPrevious={
              load.data.previousCursor === null ? null : () => setQuery({ cursor: load.data.previousCursor })
            }
            onNext={load.data.nextCursor === null ? null : () => setQuery({ cursor: load.data.nextCursor })}
          />
        </>
      )}
    </>
  )
}
