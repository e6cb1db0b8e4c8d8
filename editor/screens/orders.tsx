/**
 * `/config/orders` (a page of 50, newest first; status and dates in the URL) and
 * `/config/orders/:id` (lines, totals, the shopper, shipping, payment, history; Mark fulfilled;
 * Refund, confirmed, through the payment provider). `manageOrders` only (ADMIN, STORE_MANAGER).
 */
import { type FormEvent, Fragment, useEffect, useId, useRef, useState } from 'react'
import { Link, useParams } from 'wouter'
import {
  ORDER_STATUS_FILTERS,
  type OrderDetail,
  type OrderEvent,
  type OrderStatusFilter,
  type OrderSummary,
  RECORDS_TEXT,
  type RecordPage,
  type RefundAnswer,
} from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { messageOf, request } from '../api'
import { decimalAmount, formatPrice, formatWhen, parseAmount } from '../format'
import { useLoad } from '../hooks'
import { Dialog } from '../parts/dialog'
import { LoadError, Loading } from '../parts/load-error'
import { Cell, Outcome, Pager, RecordTable, useQuery } from '../parts/record-list'
import { screenTitle, useSession } from '../session'

const T = RECORDS_TEXT

export default function OrdersScreen() {
  const { id } = useParams<{ id?: string }>()
  return id === undefined ? <OrdersList /> : <OrderView id={decodeURIComponent(id)} />
}

/** The status badges' colours (parts/status-badge.tsx): green done, amber to do, red money back or none. */
const BADGE: Record<OrderStatusFilter, string> = {
  unfulfilled: 'review',
  fulfilled: 'published',
  refunded: 'deleted',
  failed: 'deleted',
  pending: 'draft',
}

function StatusTag({ status }: { status: OrderStatusFilter }) {
  return <span className={`badge badge-${BADGE[status]}`}>{T.orderStatus[status]}</span>
}

function OrdersList() {
  const { session } = useSession()
  const [query, setQuery] = useQuery()
  const status = query.get('status') ?? ''
  const from = query.get('from') ?? ''
  const to = query.get('to') ?? ''
  const cursor = query.get('cursor') ?? ''
  const [load, reload] = useLoad(() => {
    const params = new URLSearchParams()
    for (const [name, value] of [
      ['status', status],
      ['from', from],
      ['to', to],
      ['cursor', cursor],
    ] as const)
      if (value !== '') params.set(name, value)
    return request<RecordPage<OrderSummary>>('GET', `/config/api/orders?${params}`)
  }, [status, from, to, cursor])
  useEffect(() => screenTitle(T.ordersTitle, session.site.title), [session.site.title])
  const statusId = useId()
  const fromId = useId()
  const toId = useId()
  const filtered = status !== '' || from !== '' || to !== ''

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setQuery({
      status: String(data.get('status') ?? ''),
      from: String(data.get('from') ?? ''),
      to: String(data.get('to') ?? ''),
      cursor: null,
    })
  }
  const { timeZone, currency } = session.site
  return (
    <>
      <div className="screen-head">
        <h1>{T.ordersTitle}</h1>
      </div>
      <form
        className="records-filters"
        onSubmit={apply}
        aria-label={T.filters}
        key={`${status}|${from}|${to}`}
      >
        <div className="field">
          <label htmlFor={statusId}>{T.statusLabel}</label>
          <select id={statusId} name="status" defaultValue={status}>
            <option value="">{T.statusAll}</option>
            {ORDER_STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {T.orderStatus[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={fromId}>{T.fromDate}</label>
          <input id={fromId} name="from" type="date" defaultValue={from} />
        </div>
        <div className="field">
          <label htmlFor={toId}>{T.toDate}</label>
          <input id={toId} name="to" type="date" defaultValue={to} />
        </div>
        <div className="records-filter-actions">
          <button type="submit" className="button button-primary">
            {T.apply}
          </button>
          {filtered ? (
            <button
              type="button"
              className="button"
              onClick={() => setQuery({ status: null, from: null, to: null, cursor: null })}
            >
              {T.clearFilters}
            </button>
          ) : null}
        </div>
      </form>
      {load.state === 'loading' ? (
        <Loading />
      ) : load.state === 'error' ? (
        <LoadError title={T.ordersLoadFailed} detail={load.message} onRetry={reload} />
      ) : load.data.rows.length === 0 ? (
        <p className="records-empty">{filtered || cursor !== '' ? T.noOrdersMatch : T.noOrders}</p>
      ) : (
        <>
          <RecordTable
            caption={T.ordersCaption}
            columns={[
              { label: T.colOrder },
              { label: T.colDate },
              { label: T.colShopper },
              { label: T.colStatus },
              { label: T.colTotal, numeric: true },
            ]}
          >
            {load.data.rows.map((order) => (
              <tr key={order.id}>
                <Cell label={T.colOrder}>
                  <Link href={`/orders/${encodeURIComponent(order.id)}`} className="mono">
                    {order.id}
                  </Link>
                </Cell>
                <Cell label={T.colDate}>{formatWhen(order.createdAt, timeZone)}</Cell>
                <Cell label={T.colShopper}>
                  {order.name === '' ? null : <span className="records-strong">{order.name}</span>}{' '}
                  <span className="records-soft">{order.email}</span>
                </Cell>
                <Cell label={T.colStatus}>
                  <StatusTag status={order.status} />
                </Cell>
                <Cell label={T.colTotal} numeric>
                  {formatPrice(order.grandTotalCents, order.currency || currency)}
                </Cell>
              </tr>
            ))}
          </RecordTable>
          <Pager
            label={T.ordersTitle}
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

function historyText(event: OrderEvent, currency: string): string {
  switch (event.kind) {
    case 'placed':
      return T.historyPlaced
    case 'fulfilled':
      return fillText(T.historyFulfilled, { by: event.by ?? '' })
    case 'refunded':
      return fillText(T.historyRefunded, {
        amount: formatPrice(event.amountCents ?? 0, currency),
        by: event.by ?? '',
        refundId: event.refundId ?? '',
      })
    case 'failure':
      return fillText(T.historyFailure, { failure: event.detail ?? '' })
    default:
      return T.historyUpdated
  }
}

function OrderView({ id }: { id: string }) {
  const { session } = useSession()
  const [load, reload] = useLoad(
    () => request<OrderDetail>('GET', `/config/api/orders/${encodeURIComponent(id)}`),
    [id],
  )
  const [order, setOrder] = useState<OrderDetail | null>(null)
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const [refunding, setRefunding] = useState(false)
  const title = fillText(T.orderTitle, { number: id })
  useEffect(() => screenTitle(title, session.site.title), [title, session.site.title])
  useEffect(() => {
    if (load.state === 'ready') setOrder(load.data)
  }, [load])

  if (order === null) {
    if (load.state === 'error')
      return <LoadError title={T.orderLoadFailed} detail={load.message} onRetry={reload} screen />
    return <Loading />
  }
  const { timeZone } = session.site
  const money = (minor: number) => formatPrice(minor, order.currency)
  const fulfil = async () => {
    setBusy(true)
    setOutcome(null)
    try {
      setOrder(await request<OrderDetail>('POST', `/config/api/orders/${encodeURIComponent(id)}/fulfil`, {}))
      setOutcome({ text: T.fulfilledDone, error: false })
    } catch (error) {
      setOutcome({ text: messageOf(error), error: true })
    } finally {
      setBusy(false)
    }
  }
  const s = order.shipping
  return (
    <>
      <p className="breadcrumb">
        <Link href="/orders">{T.backToOrders}</Link>
      </p>
      <div className="screen-head">
        <div>
          <h1 className="records-title">{title}</h1>
          <p className="meta">
            <span>{formatWhen(order.createdAt, timeZone)}</span>
            <StatusTag status={order.status} />
            {order.refundedCents > 0 && order.status !== 'refunded' ? (
              <span>{fillText(T.partlyRefunded, { amount: money(order.refundedCents) })}</span>
            ) : null}
          </p>
        </div>
        <div className="head-actions">
          {order.canFulfil ? (
            <button type="button" className="button button-primary" disabled={busy} onClick={fulfil}>
              {T.markFulfilled}
            </button>
          ) : null}
          {order.refundableCents > 0 ? (
            <button
              type="button"
              className="button button-danger-quiet"
              disabled={busy}
              onClick={() => setRefunding(true)}
            >
              {T.refund}
            </button>
          ) : null}
        </div>
      </div>
      <Outcome text={outcome?.text ?? null} error={outcome?.error} />
      <RecordTable
        caption={T.linesCaption}
        columns={[
          { label: T.colItem },
          { label: T.colVariant },
          { label: T.colSku },
          { label: T.colQuantity, numeric: true },
          { label: T.colUnitPrice, numeric: true },
          { label: T.colLineTotal, numeric: true },
        ]}
      >
        {order.lines.map((line) => (
          <tr key={`${line.sku}|${line.title}`}>
            <Cell label={T.colItem}>{line.title}</Cell>
            <Cell label={T.colVariant}>{line.variant || T.never}</Cell>
            <Cell label={T.colSku}>
              <span className="mono">{line.sku}</span>
            </Cell>
            <Cell label={T.colQuantity} numeric>
              {line.quantity}
            </Cell>
            <Cell label={T.colUnitPrice} numeric>
              {money(line.unitCents)}
            </Cell>
            <Cell label={T.colLineTotal} numeric>
              {money(line.totalCents)}
            </Cell>
          </tr>
        ))}
      </RecordTable>
      <dl className="records-totals">
        <dt>{T.subtotal}</dt>
        <dd>{money(order.subtotalCents)}</dd>
        {order.amountRows.map((row) => (
          <Fragment key={`${row.kind}|${row.label}`}>
            <dt>
              {row.label}
              {row.note ? <span className="records-note">{row.note}</span> : null}
            </dt>
            <dd>
              {row.kind === 'discount'
                ? `\u2212${money(row.cents)}`
                : row.kind === 'shipping' && row.cents === 0
                  ? T.shippingFree
                  : money(row.cents)}
            </dd>
          </Fragment>
        ))}
        <dt>{T.grandTotal}</dt>
        <dd className="records-strong">{money(order.grandTotalCents)}</dd>
        {order.refundedCents > 0 ? (
          <>
            <dt>{T.refundedSoFar}</dt>
            <dd>−{money(order.refundedCents)}</dd>
          </>
        ) : null}
      </dl>
      <div className="records-panels">
        <section className="records-panel" aria-labelledby="order-shopper">
          <h2 id="order-shopper">{T.shopperTitle}</h2>
          <p>
            {order.name === '' ? null : (
              <>
                {order.name}
                <br />
              </>
            )}
            <a href={`mailto:${order.email}`}>{order.email}</a>
          </p>
          {order.signedIn ? <p className="records-soft">{T.signedInShopper}</p> : null}
        </section>
        <section className="records-panel" aria-labelledby="order-shipping">
          <h2 id="order-shipping">{T.shippingTitle}</h2>
          {s === null ? (
            <p>{T.noShipping}</p>
          ) : (
            <address>
              {[
                s.name,
                s.address1,
                s.address2,
                [s.city, s.region, s.postalCode].filter(Boolean).join(' '),
                s.country,
              ]
                .filter((line) => line !== '')
                .map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
            </address>
          )}
        </section>
        <section className="records-panel" aria-labelledby="order-payment">
          <h2 id="order-payment">{T.paymentTitle}</h2>
          <p>
            {T.paymentRef}: <span className="mono">{order.paymentRef ?? T.noPaymentRef}</span>
          </p>
        </section>
        <section className="records-panel" aria-labelledby="order-history">
          <h2 id="order-history">{T.historyTitle}</h2>
          <ol className="records-history">
            {order.history.map((event) => (
              <li key={`${event.kind}-${event.at}-${event.refundId ?? ''}`}>
                <time dateTime={new Date(event.at).toISOString()}>{formatWhen(event.at, timeZone)}</time>{' '}
                {historyText(event, order.currency)}
              </li>
            ))}
          </ol>
        </section>
      </div>
      {refunding ? (
        <RefundDialog
          order={order}
          onClose={() => setRefunding(false)}
          onDone={(answer) => {
            setRefunding(false)
            setOrder(answer.order)
            setOutcome({
              text: fillText(T.refundDone, { amount: money(answer.amountCents), refundId: answer.refundId }),
              error: false,
            })
          }}
        />
      ) : null}
    </>
  )
}

/** A random key made when the dialog opens: pressing Refund twice in it refunds once. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: OrderDetail
  onClose: () => void
  onDone: (answer: RefundAnswer) => void
}) {
  const key = useRef(newKey())
  const [amount, setAmount] = useState(decimalAmount(order.refundableCents, order.currency))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const amountId = useId()
  const hintId = useId()
  const errorId = useId()
  const minor = parseAmount(amount, order.currency)
  const valid = minor !== null && minor > 0 && minor <= order.refundableCents
  const money = (value: number) => formatPrice(value, order.currency)
  const confirm = async () => {
    if (!valid || minor === null) {
      setError(fillText(T.refundBadAmount, { amount: money(order.refundableCents) }))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const answer = await request<RefundAnswer>(
        'POST',
        `/config/api/orders/${encodeURIComponent(order.id)}/refund`,
        {
          idempotencyKey: key.current,
          ...(minor === order.refundableCents ? {} : { amountCents: minor }),
        },
      )
      onDone(answer)
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      title={fillText(T.refundTitle, { number: order.id })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {T.cancel}
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={confirm}>
            {busy
              ? T.working
              : fillText(T.refundConfirm, { amount: valid && minor !== null ? money(minor) : '' })}
          </button>
        </>
      }
    >
      <div className="dialog-body">
        <p>
          {fillText(T.refundBody, {
            amount: valid && minor !== null ? money(minor) : money(order.refundableCents),
          })}
        </p>
        <div className="field">
          <label htmlFor={amountId}>{T.refundAmount}</label>
          <input
            id={amountId}
            inputMode="decimal"
            value={amount}
            aria-describedby={error === null ? hintId : `${hintId} ${errorId}`}
            aria-invalid={!valid || undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          <p id={hintId} className="hint">
            {fillText(T.refundAmountHint, { amount: money(order.refundableCents) })}
          </p>
          {error === null ? null : (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </Dialog>
  )
}
