/**
 * `/config/restock`: back-in-stock sign-ups per product and variant (counts: not confirmed,
 * waiting, notified), the addresses of one (`?group=<productId>/<variantId>`), and Notify,
 * confirmed, through the storefront's own send call (ADMIN, STORE_MANAGER: `manageOrders`).
 * These lists page forward (the storefront's sign-up order); Previous page goes back through the
 * cursors this screen came by.
 */
import { useEffect, useState } from 'react'
import { restockSend } from '../../shared/api-routes'
import {
  RECORDS_TEXT,
  type RecordPage,
  type RestockGroupRow,
  type RestockSignUpRow,
} from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { messageOf, request } from '../api'
import { formatWhen } from '../format'
import { useLoad } from '../hooks'
import { ConfirmDialog } from '../parts/dialog'
import { LoadError, Loading } from '../parts/load-error'
import { Cell, Outcome, Pager, RecordTable, useQuery } from '../parts/record-list'
import { screenTitle, useSession } from '../session'

const T = RECORDS_TEXT

/** A forward-only list's cursors: the one shown, and those before it (for Previous page). */
function useForwardCursor(): [string, (() => void) | null, (next: string) => void, () => void] {
  const [stack, setStack] = useState<string[]>([])
  const [cursor, setCursor] = useState('')
  const previous =
    cursor === ''
      ? null
      : () => {
          setCursor(stack[stack.length - 1] ?? '')
          setStack(stack.slice(0, -1))
        }
  const next = (to: string) => {
    setStack([...stack, cursor])
    setCursor(to)
  }
  const reset = () => {
    setStack([])
    setCursor('')
  }
  return [cursor, previous, next, reset]
}

export default function RestockScreen() {
  const { session } = useSession()
  const [query, setQuery] = useQuery()
  const [cursor, previous, next] = useForwardCursor()
  const [load, reload] = useLoad(
    () =>
      request<RecordPage<RestockGroupRow>>(
        'GET',
        `/config/api/restock/groups${cursor === '' ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
      ),
    [cursor],
  )
  const [sending, setSending] = useState<RestockGroupRow | null>(null)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null)
  useEffect(() => screenTitle(T.restockTitle, session.site.title), [session.site.title])
  const open = query.get('group')
  const send = async (group: RestockGroupRow) => {
    setBusy(true)
    setOutcome(null)
    try {
      const { queued } = await request<{ queued: number }>('POST', restockSend.path, {
        productId: group.productId,
        variantId: group.variantId,
      })
      setOutcome({
        text: fillText(T.sendDone, { count: queued, product: group.product, variant: group.variant }),
        error: false,
      })
      reload()
    } catch (error) {
      setOutcome({ text: messageOf(error), error: true })
    } finally {
      setBusy(false)
      setSending(null)
    }
  }
  const shown =
    load.state === 'ready'
      ? load.data.rows.find((group) => `${group.productId}/${group.variantId}` === open)
      : undefined
  return (
    <>
      <div className="screen-head">
        <h1>{T.restockTitle}</h1>
      </div>
      <Outcome text={outcome?.text ?? null} error={outcome?.error} />
      {load.state === 'loading' ? (
        <Loading />
      ) : load.state === 'error' ? (
        <LoadError title={T.restockLoadFailed} detail={load.message} onRetry={reload} />
      ) : load.data.rows.length === 0 ? (
        <p className="records-empty">{T.noSignUps}</p>
      ) : (
        <>
          <RecordTable
            caption={T.restockCaption}
            columns={[
              { label: T.colProduct },
              { label: T.colVariant },
              { label: T.colSignUps, numeric: true },
              { label: T.colPending, numeric: true },
              { label: T.colWaiting, numeric: true },
              { label: T.colNotified, numeric: true },
              { label: T.colActions },
            ]}
          >
            {load.data.rows.map((group) => {
              const key = `${group.productId}/${group.variantId}`
              const names = { product: group.product, variant: group.variant }
              return (
                <tr key={key}>
                  <Cell label={T.colProduct}>{group.product}</Cell>
                  <Cell label={T.colVariant}>{group.variant}</Cell>
                  <Cell label={T.colSignUps} numeric>
                    {group.signUpCount}
                  </Cell>
                  <Cell label={T.colPending} numeric>
                    {group.pendingCount}
                  </Cell>
                  <Cell label={T.colWaiting} numeric>
                    {group.waitingCount}
                  </Cell>
                  <Cell label={T.colNotified} numeric>
                    {group.sentCount + group.queuedCount}
                  </Cell>
                  <Cell label={T.colActions}>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button"
                        aria-pressed={open === key}
                        aria-label={fillText(T.showEmailsOf, names)}
                        onClick={() => setQuery({ group: open === key ? null : key }, false)}
                      >
                        {T.showEmails}
                      </button>
                      {group.waitingCount > 0 ? (
                        <button
                          type="button"
                          className="button button-primary"
                          disabled={busy}
                          aria-label={fillText(T.sendOf, names)}
                          onClick={() => setSending(group)}
                        >
                          {T.send}
                        </button>
                      ) : null}
                    </div>
                  </Cell>
                </tr>
              )
            })}
          </RecordTable>
          <Pager
            label={T.restockTitle}
            onPrevious={previous}
            onNext={load.data.nextCursor === null ? null : () => next(load.data.nextCursor as string)}
          />
        </>
      )}
      {shown === undefined ? null : <SignUps group={shown} />}
      <ConfirmDialog
        open={sending !== null}
        title={fillText(T.sendTitle, { count: sending?.waitingCount ?? 0 })}
        body={fillText(T.sendBody, { product: sending?.product ?? '', variant: sending?.variant ?? '' })}
        confirmLabel={T.sendConfirm}
        cancelLabel={T.cancel}
        busy={busy}
        onCancel={() => setSending(null)}
        onConfirm={() => {
          if (sending !== null) void send(sending)
        }}
      />
    </>
  )
}

function SignUps({ group }: { group: RestockGroupRow }) {
  const { session } = useSession()
  const [cursor, previous, next, reset] = useForwardCursor()
  const path = `/config/api/restock/groups/${encodeURIComponent(group.productId)}/${encodeURIComponent(group.variantId)}/sign-ups`
  // biome-ignore lint/correctness/useExhaustiveDependencies: another group starts at its first page
  useEffect(() => reset(), [path])
  const [load, reload] = useLoad(
    () =>
      request<RecordPage<RestockSignUpRow>>(
        'GET',
        `${path}${cursor === '' ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
      ),
    [path, cursor],
  )
  const caption = fillText(T.emailsCaption, { product: group.product, variant: group.variant })
  return (
    <section className="records-section" aria-label={caption}>
      {load.state === 'loading' ? (
        <Loading />
      ) : load.state === 'error' ? (
        <LoadError title={T.restockLoadFailed} detail={load.message} onRetry={reload} />
      ) : (
        <>
          <RecordTable
            caption={caption}
            columns={[
              { label: T.colEmail },
              { label: T.colSignedUp },
              { label: T.colStatus },
              { label: T.colMailingList },
            ]}
          >
            {load.data.rows.map((signUp) => (
              <tr key={signUp.id}>
                <Cell label={T.colEmail}>{signUp.email}</Cell>
                <Cell label={T.colSignedUp}>{formatWhen(signUp.created, session.site.timeZone)}</Cell>
                <Cell label={T.colStatus}>{T.signUpStatus[signUp.status]}</Cell>
                <Cell label={T.colMailingList}>{signUp.isJoinMailingList ? T.yes : T.no}</Cell>
              </tr>
            ))}
          </RecordTable>
          <Pager
            label={caption}
            onPrevious={previous}
            onNext={load.data.nextCursor === null ? null : () => next(load.data.nextCursor as string)}
          />
        </>
      )}
    </section>
  )
}
