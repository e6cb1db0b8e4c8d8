/**
 * What the storefront tells the site's connections (issue 23): a form submission, a restock
 * sign-up or a paid order (for Zapier's hooks), and a mailing-list subscriber (for the connected
 * list) are queued once their row is stored. The editor's Worker consumes the queue
 * (worker/editor/connections-queue.ts); without a connection it drops the event. A queue that
 * refuses is logged and never fails the shopper's request: the row is stored already.
 */
import type { ConnectionEvent, Env } from '../env'
import { logError } from '../runtime/log'

export async function queueConnectionEvents(
  env: Env,
  siteId: string,
  events: [ConnectionEvent, Record<string, unknown>][],
): Promise<void> {
  const occurredAt = Date.now()
  try {
    await env.CONNECTIONS_QUEUE.sendBatch(
      events.map(([event, data]) => ({ body: { kind: 'event', siteId, event, data, occurredAt } })),
    )
  } catch (error) {
    logError('connection-event-not-queued', { siteId, message: String(error) })
  }
}
