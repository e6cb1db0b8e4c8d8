/**
 * An order's confirmation email handed to the order-emails queue, whose consumer (the API
 * Worker's, `sendOrderEmailBatch` in worker/commerce/order-email.ts) sends it. The page Worker
 * sends no email itself: its checkout queues the confirmation, which keeps the sender, the
 * email's text and HTML parts out of the bundle every page view loads (issue 26). A failed
 * direct send (the API's checkout) is queued the same way. A queue that refuses leaves the
 * email to the reconciliation sweep, which sends every paid order's unsent confirmation within
 * a minute; every path sends under the one message id, so the buyer gets one email.
 */
import type { OrderRow } from '../db/orders'
import type { Env, OrderEmailMessage } from '../env'
import { logError } from '../runtime/log'

/** The email's idempotency key, and the queue message's id. */
export function confirmationMessageId(order: Pick<OrderRow, 'siteId' | 'id'>): string {
  return `order-confirmation:${order.siteId}:${order.id}`
}

/** Queues the order's confirmation; false (logged) when the queue refused it. */
export async function queueOrderConfirmation(
  env: Pick<Env, 'ORDER_EMAILS_QUEUE'>,
  order: Pick<OrderRow, 'siteId' | 'id'>,
): Promise<boolean> {
  const message: OrderEmailMessage = {
    kind: 'order-confirmation',
    id: confirmationMessageId(order),
    siteId: order.siteId,
    orderId: order.id,
  }
  try {
    await env.ORDER_EMAILS_QUEUE.send(message)
    return true
  } catch (error) {
    logError('order-confirmation-queue-failed', {
      siteId: order.siteId,
      order: order.id,
      message: String(error),
    })
    return false
  }
}
