/** Worker entry: pages and APIs over HTTP, analytics from the queue, and the Durable Objects. */
import { app } from './app'
import { reconcileOrders } from './commerce/reconcile'
import type { AnalyticsMessage, Env, NotificationMessage } from './env'
import { storeAnalyticsBatch } from './queues/analytics'
import { sendNotificationBatch } from './queues/notifications'

export { CartObject } from './durable/cart'
export { InventoryObject } from './durable/inventory'

/**
 * HEAD is answered by the GET code path with the body cancelled (RFC 9110 §9.3.2: the same
 * headers, no content). Cancelling stops a streamed page at once, so nothing keeps rendering
 * for a body nobody reads.
 */
async function fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== 'HEAD') return app.fetch(request, env, ctx)
  const response = await app.fetch(new Request(request, { method: 'GET' }), env, ctx)
  await response.body?.cancel()
  return new Response(null, response)
}

/** Queue names (wrangler.toml) whose batches are not analytics. */
const NOTIFICATIONS_QUEUE_NAMES = new Set(['storefront-notifications'])

/** Each queue's batches go to their consumer. */
async function queue(batch: MessageBatch<AnalyticsMessage | NotificationMessage>, env: Env): Promise<void> {
  if (NOTIFICATIONS_QUEUE_NAMES.has(batch.queue)) {
    return sendNotificationBatch(batch as MessageBatch<NotificationMessage>, env)
  }
  return storeAnalyticsBatch(batch as MessageBatch<AnalyticsMessage>, env)
}

/** The cron trigger (wrangler.toml `[triggers]`): the reconciliation sweep of unfinished orders. */
async function scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  ctx.waitUntil(reconcileOrders(env).then(() => undefined))
}

export default {
  fetch,
  queue,
  scheduled,
} satisfies ExportedHandler<Env, AnalyticsMessage | NotificationMessage>
