/**
 * The Orders screen's API (`manageOrders`: ADMIN, STORE_MANAGER):
 *
 *   GET  /orders?status=&from=&to=&cursor=   a page of 50, newest first (dates in the site's zone)
 *   GET  /orders/:id                          lines, totals, shopper, shipping, payment, history
 *   POST /orders/:id/fulfil                   paid → fulfilled, with who and when (a repeat: 200)
 *   POST /orders/:id/refund                   { idempotencyKey, amountCents? } through the provider
 *
 * A refund sets its amount aside on the order before the provider is asked (db/orders.ts
 * `reserveRefund`: never more than was paid, whoever presses at once), is stored under the
 * editor's idempotency key (the provider gets the same key: a repeated Refund gives back once),
 * and a refusal by the provider gives the amount back and answers the provider's message: the
 * order is as it was. When the provider does not answer, the refund stays set aside under its
 * key: Refund pressed again (after `REFUND_IN_FLIGHT_MS`) asks the provider again, which refunds
 * once per key.
 */
import { type Context, Hono } from 'hono'
import {
  ORDER_STATUS_FILTERS,
  type OrderAmountRow,
  type OrderDetail,
  type OrderEvent,
  type OrderStatusFilter,
  type OrderSummary,
  RECORDS_TEXT,
  type RefundAnswer,
} from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { amountRows } from '../commerce/receipt'
import {
  dropPendingRefund,
  insertPendingRefund,
  markRefundSucceeded,
  refundByKey,
  refundsOfOrder,
} from '../db/order-refunds'
import {
  amountsOf,
  type MerchantOrder,
  markFullyRefunded,
  markOrderFulfilled,
  merchantOrderById,
  merchantOrderPage,
  orderRange,
  releaseRefund,
  reserveRefund,
} from '../db/orders'
import { InputError, jsonBody, queryOf } from '../http/body'
import type { RefundResult } from '../payments/provider'
import { refundProvider } from '../payments/refunds'
import { logInfo } from '../runtime/log'
import * as z from '../runtime/zod'
import type { EditorAppEnv } from './env'
import { cursorQuery, editorName, pageAnswer, pageRequest, requireCapability } from './records-paging'
import { siteTimeZone, zonedTimeToEpoch } from './time'

export const orderRoutes = new Hono<EditorAppEnv>()

/** A pending refund younger than this may still be waiting for the provider (its calls time out at 20 s). */
export const REFUND_IN_FLIGHT_MS = 60_000
orderRoutes.use('/orders', requireCapability('manageOrders'))
orderRoutes.use('/orders/*', requireCapability('manageOrders'))

const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, RECORDS_TEXT.badDate))
const listQuery = z.object({
  status: z.optional(z.enum(ORDER_STATUS_FILTERS)),
  from: z.optional(date),
  to: z.optional(date),
  cursor: cursorQuery,
})

/**
 * The start of a day `YYYY-MM-DD` in the site's zone (ms), `plusDays` later; a 400 naming the
 * field for a day the calendar lacks (2024-02-30).
 */
function dayStart(field: 'from' | 'to', day: string, zone: string, plusDays = 0): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const real = new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === day
  const shifted = new Date(Date.UTC(y, m - 1, d + plusDays)).toISOString().slice(0, 10)
  const epoch = real ? zonedTimeToEpoch(`${shifted}T00:00`, zone) : null
  if (epoch === null)
    throw new InputError(`${field}: ${RECORDS_TEXT.badDate}`, { [field]: RECORDS_TEXT.badDate })
  return epoch
}

/** The merchant's status of an order (the filter's names). */
function statusOf(order: MerchantOrder): OrderStatusFilter {
  switch (order.status) {
    case 'paid':
      return order.fulfilledAt === null ? 'unfulfilled' : 'fulfilled'
    case 'pending':
    case 'charged':
      return 'pending'
    default:
      return order.status
  }
}

function summaryOf(order: MerchantOrder): OrderSummary {
  return {
    id: order.id,
    createdAt: order.createdAt,
    email: order.email,
    name: order.shipping?.name ?? '',
    status: statusOf(order),
    currency: order.currency,
    grandTotalCents: order.grandTotalCents,
    refundedCents: order.refundedCents,
  }
}

orderRoutes.get('/orders', async function listOrders(c) {
  const query = queryOf(c, listQuery)
  const zone = siteTimeZone(c.get('tenant').site.website)
  const from = query.from === undefined ? undefined : dayStart('from', query.from, zone)
  // `to` is the whole day: up to the start of the next.
  const to = query.to === undefined ? undefined : dayStart('to', query.to, zone, 1)
  if (from !== undefined && to !== undefined && to <= from)
    throw new InputError(RECORDS_TEXT.badDateRange, { to: RECORDS_TEXT.badDateRange })
  const range = orderRange(c.get('tenant').siteId, { status: query.status, from, to })
  const page = await merchantOrderPage(c.env.DB, range, pageRequest(query.cursor))
  return c.json(pageAnswer(page, summaryOf))
})

/** The rows between subtotal and total in the editor's words: the same rows as the shopper's receipt. */
function amountRowsOf(order: MerchantOrder): OrderAmountRow[] {
  return amountRows(amountsOf(order), RECORDS_TEXT, 'en-US')
}

async function detailOf(db: D1Database, order: MerchantOrder): Promise<OrderDetail> {
  const refunds = await refundsOfOrder(db, order.siteId, order.id)
  const history: OrderEvent[] = [{ kind: 'placed', at: order.createdAt }]
  if (order.fulfilledAt !== null)
    history.push({ kind: 'fulfilled', at: order.fulfilledAt, by: order.fulfilledBy ?? '' })
  for (const refund of refunds)
    if (refund.status === 'succeeded')
      history.push({
        kind: 'refunded',
        at: refund.createdAt,
        by: refund.refundedBy,
        amountCents: refund.amountCents,
        refundId: refund.providerRefundId ?? '',
      })
  if (order.failure !== null) history.push({ kind: 'failure', at: order.updatedAt, detail: order.failure })
  history.sort((a, b) => a.at - b.at)
  const lines = order.lines.map((line) => ({
    title: line.title,
    variant: Object.values(line.attributes ?? {}).join(' / '),
    sku: line.sku,
    quantity: line.quantity,
    unitCents: line.unitCents,
    totalCents: line.unitCents * line.quantity,
  }))
  const shipped = order.shipping !== null && Object.values(order.shipping).some((part) => part !== '')
  return {
    ...summaryOf(order),
    lines,
    subtotalCents: order.subtotalCents,
    amountRows: amountRowsOf(order),
    shipping: shipped ? order.shipping : null,
    paymentRef: order.paymentRef,
    signedIn: order.siteUserId !== null,
    history,
    refundableCents:
      order.status === 'paid' && order.paymentRef !== null ? order.grandTotalCents - order.refundedCents : 0,
    canFulfil: order.status === 'paid' && order.fulfilledAt === null,
  }
}

async function orderOr404(c: Context<EditorAppEnv>, id: string) {
  const order = await merchantOrderById(c.env.DB, c.get('tenant').siteId, id)
  if (order === null) throw new InputError(RECORDS_TEXT.orderNotFound, {}, 404)
  return order
}

orderRoutes.get('/orders/:id', async function showOrder(c) {
  const order = await orderOr404(c, c.req.param('id'))
  return c.json(await detailOf(c.env.DB, order))
})

orderRoutes.post('/orders/:id/fulfil', async function fulfilOrder(c) {
  const { siteId } = c.get('tenant')
  const order = await orderOr404(c, c.req.param('id'))
  if (order.status !== 'paid') throw new InputError(RECORDS_TEXT.onlyPaidFulfil, {}, 409)
  // A second press (or a second editor) finds it fulfilled: the first who and when stay.
  if (await markOrderFulfilled(c.env.DB, siteId, order.id, editorName(c), Date.now()))
    logInfo('order-fulfilled', { siteId, order: order.id, by: editorName(c) })
  return c.json(await detailOf(c.env.DB, await orderOr404(c, order.id)))
})

const refundBody = z.object({
  /** Made by the editor when its Refund dialog opens: the same dialog's repeats are one refund. */
  idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  /** Minor units; the whole amount left when absent. */
  amountCents: z.optional(z.number().check(z.int(), z.minimum(1))),
})

orderRoutes.post('/orders/:id/refund', async function refundOrder(c) {
  const { siteId } = c.get('tenant')
  const db = c.env.DB
  const body = await jsonBody(c, refundBody)
  const order = await orderOr404(c, c.req.param('id'))
  const key = `${order.id}.${body.idempotencyKey}`

  /** Asks the provider for a refund already set aside (pending), and settles it by the answer. */
  const settle = async (refund: { amountCents: number }, paymentRef: string) => {
    let result: RefundResult
    try {
      result = await refundProvider(c.env).refundAmount(
        {
          paymentRef,
          amountCents: refund.amountCents,
          currency: order.currency,
          reference: order.id,
          idempotencyKey: key,
        },
        c.env,
      )
    } catch (error) {
      result = { status: 'unknown', message: String(error) }
    }
    if (result.status !== 'succeeded') {
      // Refused: nothing was refunded, the order is as it was. No answer: the refund stays set
      // aside under its key, and pressing Refund again asks the provider again (it refunds once).
      if (result.status === 'failed' && (await dropPendingRefund(db, siteId, key)))
        await releaseRefund(db, siteId, order.id, refund.amountCents)
      logInfo('order-refund-refused', {
        siteId,
        order: order.id,
        status: result.status,
        message: result.message,
      })
      return c.json({ message: fillText(RECORDS_TEXT.refundRefused, { message: result.message }) }, 502)
    }
    await markRefundSucceeded(db, siteId, key, result.refundId)
    await markFullyRefunded(db, siteId, order.id, Date.now())
    logInfo('order-refunded', {
      siteId,
      order: order.id,
      amount: refund.amountCents,
      refund: result.refundId,
    })
    const answer: RefundAnswer = {
      order: await detailOf(db, await orderOr404(c, order.id)),
      refundId: result.refundId,
      amountCents: refund.amountCents,
    }
    return c.json(answer)
  }

  /** The refund this key stored: its answer again, or, left pending, the provider asked again. */
  const repeatOf = async () => {
    const known = await refundByKey(db, siteId, key)
    if (known === null) return null
    if (known.status === 'succeeded') {
      const answer: RefundAnswer = {
        order: await detailOf(db, await orderOr404(c, order.id)),
        refundId: known.providerRefundId ?? '',
        amountCents: known.amountCents,
      }
      return c.json(answer)
    }
    // Another request may still be waiting for the provider's answer under this key.
    if (Date.now() - known.createdAt < REFUND_IN_FLIGHT_MS || order.paymentRef === null)
      throw new InputError(RECORDS_TEXT.refundUnderWay, {}, 409)
    return settle(known, order.paymentRef)
  }

  const repeat = await repeatOf()
  if (repeat !== null) return repeat
  if (order.status !== 'paid' || order.paymentRef === null)
    throw new InputError(RECORDS_TEXT.onlyPaidRefund, {}, 409)
  const left = order.grandTotalCents - order.refundedCents
  if (left <= 0) throw new InputError(RECORDS_TEXT.nothingToRefund, {}, 409)
  const amount = body.amountCents ?? left
  if (amount > left) {
    const message = fillText(RECORDS_TEXT.refundTooMuch, { amount: String(left) })
    throw new InputError(message, { amountCents: message })
  }
  const pending = { orderId: order.id, idempotencyKey: key, amountCents: amount, currency: order.currency }
  if (
    !(await insertPendingRefund(db, siteId, { ...pending, refundedBy: editorName(c), createdAt: Date.now() }))
  )
    return (await repeatOf()) ?? c.json({ message: RECORDS_TEXT.refundUnderWay }, 409)
  if (!(await reserveRefund(db, siteId, order.id, amount))) {
    await dropPendingRefund(db, siteId, key)
    throw new InputError(RECORDS_TEXT.nothingToRefund, {}, 409)
  }
  return settle(pending, order.paymentRef)
})
