/**
 * The order-emails queue's consumer (issue 25): each message is an order whose confirmation email
 * failed to send after checkout (worker/commerce/order-email.ts). The order is read again and
 * its email sent unless it went out meanwhile (the sweep, an earlier delivery): one email per
 * order however often a message is delivered, re-queued or replayed, since the send is keyed on
 * `order-confirmation:<site>:<order>` and the order is marked sent once the provider accepted it.
 * A failed send or D1 read is retried with back-off (10 s doubling to 5 minutes) and parked in
 * the dead letters after the last retry (retry.ts); a message that does not match the schema, or
 * names no order, is acknowledged and logged.
 */
import { deliverOrderConfirmation } from '../commerce/order-email'
import { orderById } from '../db/orders'
import type { Env, OrderEmailMessage } from '../env'
import { logError } from '../runtime/log'
import * as z from '../runtime/zod'
import { type FailedDelivery, retryOrPark } from './retry'

const orderEmailSchema = z.object({
  kind: z.literal('order-confirmation'),
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  siteId: z.string().check(z.minLength(1), z.maxLength(200)),
  orderId: z.string().check(z.regex(/^ord_[0-9a-f]{24}$/)),
})

export async function sendOrderEmailBatch(batch: MessageBatch<OrderEmailMessage>, env: Env): Promise<void> {
  const failures: FailedDelivery[] = []
  for (const message of batch.messages) {
    const parsed = orderEmailSchema.safeParse(message.body)
    if (!parsed.success) {
      logError('order-email-message-invalid', {
        messageId: message.id,
        issue: parsed.error.issues[0]?.message,
      })
      message.ack()
      continue
    }
    const { siteId, orderId } = parsed.data
    try {
      const order = await orderById(env.DB, siteId, orderId)
      if (order === null) logError('order-email-no-order', { messageId: message.id, siteId, order: orderId })
      else await deliverOrderConfirmation(env, order)
      message.ack()
    } catch (error) {
      logError('order-email-send-failed', {
        messageId: message.id,
        siteId,
        order: orderId,
        message: String(error),
      })
      failures.push({ message, error })
    }
  }
  await retryOrPark(env.DB, batch.queue, failures)
}
