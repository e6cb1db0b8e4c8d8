/**
 * The queues of wrangler.toml, in both environments: each consumer's queue and the dead-letter
 * queue its messages go to after the last retry (tests/worker/queue-config.test.ts holds
 * wrangler.toml to these names).
 */
export const ANALYTICS_QUEUE = 'storefront-analytics'
export const NOTIFICATIONS_QUEUE = 'storefront-notifications'
/** Order confirmation emails to retry (issue 25; worker/commerce/order-email.ts). */
export const ORDER_EMAILS_QUEUE = 'storefront-order-emails'
/** Consumed by the editor's Worker (worker/editor/wrangler.toml; worker/editor/connections-queue.ts). */
export const CONNECTIONS_QUEUE = 'storefront-connections'
export const CONNECTIONS_DEAD_LETTER_QUEUE = 'storefront-connections-dlq'

/** Dead-letter queue -> the queue whose messages it takes (where a replay sends them back). */
export const DEAD_LETTER_QUEUES: Readonly<Record<string, string>> = {
  'storefront-analytics-dlq': ANALYTICS_QUEUE,
  'storefront-notifications-dlq': NOTIFICATIONS_QUEUE,
  'storefront-order-emails-dlq': ORDER_EMAILS_QUEUE,
  [CONNECTIONS_DEAD_LETTER_QUEUE]: CONNECTIONS_QUEUE,
}

/** The queues a dead letter may be replayed onto. */
export const REPLAYABLE_QUEUES = [
  ANALYTICS_QUEUE,
  NOTIFICATIONS_QUEUE,
  CONNECTIONS_QUEUE,
  ORDER_EMAILS_QUEUE,
] as const
export type ReplayableQueue = (typeof REPLAYABLE_QUEUES)[number]
