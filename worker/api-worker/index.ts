/**
 * The API Worker's entry (its own deployment: worker/api-worker/wrangler.toml): the storefront's
 * public APIs (`/api*`) and the operator's calls (`/_operator*`), which the page Worker forwards
 * here over its `API` service binding (or production's routes send here directly), the queues'
 * consumers, and the cron's reconciliation sweep. It serves the whole app (pages too, answered
 * the same way as the page Worker's), so an API call meets the same middleware as before the
 * split; the page Worker's bundle holds none of the API's code (docs/budgets.md).
 */
import { operatorRoutes } from '../api/operator'
import { apiRoutes } from '../api/routes'
import { createApp, serve } from '../app'
import { sendOrderEmailBatch } from '../commerce/order-email'
import { reconcileOrders } from '../commerce/reconcile'
import type { AnalyticsMessage, Env, NotificationMessage, OrderEmailMessage } from '../env'
import { storeAnalyticsBatch } from '../queues/analytics'
import { parkDeadLetterBatch } from '../queues/dead-letters'
import { ANALYTICS_QUEUE, DEAD_LETTER_QUEUES, NOTIFICATIONS_QUEUE, ORDER_EMAILS_QUEUE } from '../queues/names'
import { sendNotificationBatch } from '../queues/notifications'

/** What the queues of wrangler.toml carry (a dead-letter queue: its source queue's messages). */
type QueueMessage = AnalyticsMessage | NotificationMessage | OrderEmailMessage

/** The whole app, its API mounted (tests call it with bindings of their own). */
export const app = createApp({ api: apiRoutes, operator: operatorRoutes })

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
    throw new Error(
      `No consumer for queue "${batch.queue}": add it to CONSUMERS in worker/api-worker/index.ts`,
    )
  }
  return consumer(batch as MessageBatch<never>, env)
}

/** The cron trigger (`[triggers]`): the reconciliation sweep of unfinished orders. */
async function scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  ctx.waitUntil(reconcileOrders(env).then(() => undefined))
}

export default {
  fetch: serve(app),
  queue,
  scheduled,
} satisfies ExportedHandler<Env, QueueMessage>
