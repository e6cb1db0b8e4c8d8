/** Worker entry: pages and APIs over HTTP, the queues' consumers, and the Durable Objects. */
import { app } from './app'
import { sendOrderEmailBatch } from './commerce/order-email'
import { reconcileOrders } from './commerce/reconcile'
import type { AnalyticsMessage, Env, NotificationMessage, OrderEmailMessage } from './env'
import { storeAnalyticsBatch } from './queues/analytics'
import { parkDeadLetterBatch } from './queues/dead-letters'
import { ANALYTICS_QUEUE, DEAD_LETTER_QUEUES, NOTIFICATIONS_QUEUE, ORDER_EMAILS_QUEUE } from './queues/names'
import { sendNotificationBatch } from './queues/notifications'

/** What the queues of wrangler.toml carry (a dead-letter queue: its source queue's messages). */
type QueueMessage = AnalyticsMessage | NotificationMessage | OrderEmailMessage

export { CartObject } from './durable/cart'
export { InventoryObject } from './durable/inventory'

/**
 * HEAD is answered by the GET code path with the body cancelled (RFC 9110 §9.3.2: the same
 * headers, no content). Cancelling stops a streamed page at once, so nothing keeps rendering
 * for a body nobody reads. The GET is built from the URL, headers and `cf` alone: a HEAD may
 * carry a body (it has no meaning), and a GET made from such a request would throw (a 500).
 */
async function fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== 'HEAD') return app.fetch(request, env, ctx)
  const get = new Request(request.url, { method: 'GET', headers: request.headers, cf: request.cf })
  const response = await app.fetch(get, env, ctx)
  await response.body?.cancel()
  return new Response(null, response)
}

/** Each queue of wrangler.toml and its consumer; a dead-letter queue's consumer parks its messages. */
const CONSUMERS: Readonly<Record<string, (batch: MessageBatch<never>, env: Env) => Promise<void>>> = {
  [ANALYTICS_QUEUE]: storeAnalyticsBatch,
  [NOTIFICATIONS_QUEUE]: sendNotificationBatch,
  [ORDER_EMAILS_QUEUE]: sendOrderEmailBatch,
  ...Object.fromEntries(Object.keys(DEAD_LETTER_QUEUES).map((name) => [name, parkDeadLetterBatch])),
}

/** Each queue's batches go to their consumer. */
async function queue(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  const consumer = CONSUMERS[batch.queue]
  if (consumer === undefined) {
    // Retried, then dead-lettered by the queue: nothing is lost while the consumer is added.
    throw new Error(`No consumer for queue "${batch.queue}": add it to CONSUMERS in worker/index.ts`)
  }
  return consumer(batch as MessageBatch<never>, env)
}

/** The cron trigger (wrangler.toml `[triggers]`): the reconciliation sweep of unfinished orders. */
async function scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  ctx.waitUntil(reconcileOrders(env).then(() => undefined))
}

export default {
  fetch,
  queue,
  scheduled,
} satisfies ExportedHandler<Env, QueueMessage>
