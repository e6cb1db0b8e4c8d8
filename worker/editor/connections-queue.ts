/**
 * The connections queue's consumer (issue 23), in the editor's Worker: the storefront's events
 * (worker/queues/connection-events.ts) go to the site's connections.
 *
 * - `subscriber`: the address goes to the connected mailing list (worker/providers/mailing-lists.ts);
 *   without a connection nothing is sent (the storefront's subscriber row is all there is).
 * - `form_submission`, `order`, `restock_signup`: fanned out, one `delivery` message per Zapier
 *   hook subscribed to the event, on this same queue, so each hook retries on its own.
 * - `delivery`: POSTs the payload to the hook's target with a 10 s timeout. 2xx: done. 410: Zapier
 *   says the Zap is gone, the hook is removed. Anything else, or no answer in time: retried with
 *   back-off, then parked in D1's `dead_letters` (worker/queues/retry.ts), where an operator can
 *   replay it. A hook unsubscribed meanwhile gets nothing.
 *
 * A message that does not match the schema is acknowledged and logged (retrying cannot fix it).
 */
import { confirmedSubscriberOf, connectionOf } from '../db/mailing-list-store'
import { orderById } from '../db/orders'
import { deleteHook, hookById, hooksOf, type ZapierEvent } from '../db/zapier-hooks'
import type { ConnectionMessage, Env } from '../env'
import { MailingListGone, type MailingListProvider, mailingListService } from '../providers/mailing-lists'
import { type FailedDelivery, retryOrPark } from '../queues/retry'
import { logError, logWarning } from '../runtime/log'
import * as z from '../runtime/zod'

/** How deliveries reach the network: `fetch`, and how long a target may take to answer. */
export interface DeliveryNetwork {
  fetcher: typeof fetch
  timeoutMs: number
}

const NETWORK: DeliveryNetwork = { fetcher: (input, init) => fetch(input, init), timeoutMs: 10_000 }

const eventSchema = z.object({
  kind: z.literal('event'),
  siteId: z.string().check(z.minLength(1)),
  event: z.enum(['form_submission', 'order', 'restock_signup', 'subscriber']),
  data: z.record(z.string(), z.unknown()),
  occurredAt: z.number(),
})

const deliverySchema = z.object({
  kind: z.literal('delivery'),
  id: z.string().check(z.minLength(1)),
  siteId: z.string().check(z.minLength(1)),
  hookId: z.string().check(z.minLength(1)),
  payload: z.record(z.string(), z.unknown()),
})

const messageSchema = z.discriminatedUnion('kind', [eventSchema, deliverySchema])

type EventMessage = z.infer<typeof eventSchema>

/** A hook's target answered something other than 2xx or 410. */
export class HookRefused extends Error {
  override name = 'HookRefused'
}

/** Sends a confirmed address to the connected list. */
async function toMailingList(env: Env, message: EventMessage): Promise<void> {
  const connection = await connectionOf(env.DB, message.siteId)
  if (connection === null) return
  const { email, source, tokenHash } = message.data
  const subscriber =
    typeof email === 'string'
      ? { email, source: typeof source === 'string' ? source : 'sign-up' }
      : typeof tokenHash === 'string'
        ? await confirmedSubscriberOf(env.DB, message.siteId, tokenHash)
        : null
  if (subscriber === null) return
  const service = mailingListService(env, message.siteId, connection.provider as MailingListProvider)
  try {
    await service.subscribe(connection.listId, subscriber)
  } catch (error) {
    // A local list deleted while connected: nothing to retry for.
    if (!(error instanceof MailingListGone)) throw error
    logWarning('mailing-list-gone', { siteId: message.siteId, listId: connection.listId })
  }
}

/** What a hook receives: the event, when, and its data (an order read as it is now, paid). */
export async function payloadOf(
  env: Env,
  id: string,
  message: EventMessage,
): Promise<Record<string, unknown> | null> {
  let data: Record<string, unknown> = message.data
  if (message.event === 'order') {
    const order = await orderById(env.DB, message.siteId, String(message.data.orderId))
    if (order === null) return null
    data = {
      order_id: order.id,
      email: order.email,
      status: order.status,
      currency: order.currency,
      subtotal_cents: order.subtotalCents,
      total_cents: order.grandTotalCents,
      lines: order.lines.map((line) => ({
        sku: line.sku,
        title: line.title,
        attributes: line.attributes,
        quantity: line.quantity,
        unit_cents: line.unitCents,
      })),
      shipping: order.shipping,
      created_at: new Date(order.createdAt).toISOString(),
    }
  }
  return { id, event: message.event, occurred_at: new Date(message.occurredAt).toISOString(), data }
}

const DELIVERIES_PER_BATCH = 5

/**
 * One delivery message per hook subscribed to the event. A failure part-way retries the event,
 * so a hook may get a delivery twice: it carries the same `id` (Zapier deduplicates on it).
 */
async function fanOut(env: Env, messageId: string, message: EventMessage): Promise<void> {
  const hooks = await hooksOf(env.DB, message.siteId, message.event as ZapierEvent)
  if (hooks.length === 0) return
  const payload = await payloadOf(env, messageId, message)
  if (payload === null) return
  const deliveries = hooks.map((hook) => ({
    body: {
      kind: 'delivery' as const,
      id: `${messageId}:${hook.id}`,
      siteId: message.siteId,
      hookId: hook.id,
      payload,
    },
  }))
  // A batch holds at most 100 messages and 256 KB: a form's answers can be tens of KB each.
  for (let start = 0; start < deliveries.length; start += DELIVERIES_PER_BATCH) {
    await env.CONNECTIONS_QUEUE.sendBatch(deliveries.slice(start, start + DELIVERIES_PER_BATCH))
  }
}

/** POSTs one payload to its hook; 410 removes the hook; anything else but 2xx throws. */
export async function deliver(
  env: Env,
  delivery: z.infer<typeof deliverySchema>,
  network: DeliveryNetwork = NETWORK,
): Promise<void> {
  const hook = await hookById(env.DB, delivery.siteId, delivery.hookId)
  if (hook === null) return
  const response = await network.fetcher(hook.targetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-delivery-id': delivery.id },
    body: JSON.stringify(delivery.payload),
    redirect: 'manual',
    signal: AbortSignal.timeout(network.timeoutMs),
  })
  await response.body?.cancel()
  if (response.status === 410) {
    await deleteHook(env.DB, delivery.siteId, hook.id)
    logWarning('zapier-hook-gone', { siteId: delivery.siteId, hookId: hook.id })
    return
  }
  if (response.status < 200 || response.status > 299)
    throw new HookRefused(`Hook answered ${response.status}`)
}

export async function connectionsBatch(
  batch: MessageBatch<ConnectionMessage>,
  env: Env,
  network: DeliveryNetwork = NETWORK,
): Promise<void> {
  const failures: FailedDelivery[] = []
  for (const message of batch.messages) {
    const parsed = messageSchema.safeParse(message.body)
    if (!parsed.success) {
      logError('connection-message-invalid', {
        messageId: message.id,
        issue: parsed.error.issues[0]?.message,
      })
      message.ack()
      continue
    }
    const body = parsed.data
    try {
      if (body.kind === 'delivery') await deliver(env, body, network)
      else if (body.event === 'subscriber') await toMailingList(env, body)
      else await fanOut(env, message.id, body)
      message.ack()
    } catch (error) {
      logError('connection-message-failed', {
        messageId: message.id,
        kind: body.kind,
        siteId: body.siteId,
        message: String(error),
      })
      failures.push({ message, error })
    }
  }
  await retryOrPark(env.DB, batch.queue, failures)
}
