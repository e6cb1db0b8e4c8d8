/**
 * The notifications queue's consumer: each restock notification (queued by the owner's send
 * calls, worker/api/restock.ts) becomes one email through the configured provider
 * (worker/providers/email.ts). A message that does not match the schema is acknowledged and
 * logged; a failed send is retried; the queue message id keeps a redelivered message one email.
 */

import type { Env, NotificationMessage } from '../env'
import { logError } from '../log'
import { emailSender } from '../providers/email'
import * as z from '../zod'

const notificationSchema = z.object({
  kind: z.literal('restock'),
  siteId: z.string().check(z.minLength(1)),
  signUpId: z.number().check(z.int()),
  productId: z.string().check(z.minLength(1)),
  variantId: z.string().check(z.minLength(1)),
  email: z.string().check(z.minLength(3)),
  productTitle: z.string(),
  productUrl: z.string(),
})

export async function sendNotificationBatch(
  batch: MessageBatch<NotificationMessage>,
  env: Env,
): Promise<void> {
  const sender = emailSender(env)
  for (const message of batch.messages) {
    const parsed = notificationSchema.safeParse(message.body)
    if (!parsed.success) {
      logError('notification-message-invalid', {
        messageId: message.id,
        issue: parsed.error.issues[0]?.message,
      })
      message.ack()
      continue
    }
    const { siteId, email, productTitle, productUrl } = parsed.data
    try {
      await sender.send({
        messageId: message.id,
        siteId,
        kind: 'restock',
        recipient: email,
        subject: `${productTitle} is back in stock`,
        body: `${productTitle} is back in stock: ${productUrl}`,
        createdAt: Date.now(),
      })
      message.ack()
    } catch (error) {
      logError('notification-send-failed', {
        messageId: message.id,
        provider: sender.name,
        message: String(error),
      })
      message.retry({ delaySeconds: 30 })
    }
  }
}
