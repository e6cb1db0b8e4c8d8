/**
 * The notifications queue's consumer: each restock notification (queued by the owner's send
 * calls, worker/api/restock.ts) becomes one email through the configured provider
 * (worker/providers/email.ts), and its sign-up is marked sent only once the provider accepted it.
 * Double opt-in confirmations (worker/actions/subscriptions.ts) are emailed under their own id
 * while their token still waits for confirmation.
 *
 * Exactly one email per notification, however often a message is delivered, re-queued or
 * replayed: a sign-up already sent (or armed again since) is skipped, and the email goes out
 * under the notification's idempotency key (`restock:<site>:<sign-up>:<round>`), which the
 * provider keeps once (the local outbox's unique key; Resend's `Idempotency-Key`) for a crash
 * between the provider's acceptance and the mark. A message that does not match the schema is
 * acknowledged and logged; a failed send or D1 read is retried with back-off and parked in the
 * dead letters after the last retry (retry.ts).
 */

import { fillText, RESTOCK_TEXT } from '../../shared/index'
import { confirmationPending } from '../db/confirmations'
import { markSignUpSent, signUpForNotification } from '../db/restock-signups'
import type { ConfirmationMessage, Env, NotificationMessage, RestockNotificationMessage } from '../env'
import { type EmailSender, emailSender } from '../providers/email'
import { logError } from '../runtime/log'
import * as z from '../runtime/zod'
import { type FailedDelivery, retryOrPark } from './retry'

const restockSchema = z.object({
  kind: z.literal('restock'),
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  siteId: z.string().check(z.minLength(1)),
  signUpId: z.number().check(z.int()),
  round: z.optional(z.number().check(z.int(), z.minimum(0))),
  productId: z.string().check(z.minLength(1)),
  variantId: z.string().check(z.minLength(1)),
  email: z.string().check(z.minLength(3)),
  productTitle: z.string(),
  productUrl: z.string(),
})

const confirmationSchema = z.object({
  kind: z.literal('confirmation'),
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  siteId: z.string().check(z.minLength(1)),
  subscription: z.enum(['restock', 'newsletter']),
  email: z.string().check(z.minLength(3)),
  tokenHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  subject: z.string().check(z.minLength(1), z.maxLength(1000)),
  body: z.string().check(z.minLength(1), z.maxLength(10_000)),
})

const notificationSchema = z.discriminatedUnion('kind', [restockSchema, confirmationSchema])

/**
 * Emails a double opt-in confirmation while its token is still the subscription's and
 * unconfirmed (a newer sign-up replaced it, or the address was confirmed: nothing to send).
 */
async function sendConfirmation(
  confirmation: ConfirmationMessage,
  env: Env,
  sender: EmailSender,
): Promise<void> {
  const { siteId, subscription, tokenHash } = confirmation
  if (!(await confirmationPending(env.DB, siteId, subscription, tokenHash))) return
  await sender.send({
    messageId: confirmation.id,
    siteId,
    kind: `confirm-${subscription}`,
    recipient: confirmation.email,
    subject: confirmation.subject,
    body: confirmation.body,
    createdAt: Date.now(),
  })
}

/** Emails one restock notification, unless its sign-up no longer waits for it. */
async function sendRestockNotification(
  notification: RestockNotificationMessage,
  message: Message<unknown>,
  env: Env,
  sender: EmailSender,
): Promise<void> {
  const { siteId, signUpId, round, productTitle, productUrl } = notification
  const email = {
    messageId: notification.id ?? message.id,
    siteId,
    kind: 'restock',
    recipient: notification.email,
    subject: fillText(RESTOCK_TEXT.notificationSubject, { product: productTitle }),
    body: fillText(RESTOCK_TEXT.notificationBody, { product: productTitle, url: productUrl }),
    createdAt: Date.now(),
  }
  // Queued before sign-ups had states (the send marked them sent then): send as it was.
  if (round === undefined) return sender.send(email)
  const signUp = await signUpForNotification(env.DB, siteId, signUpId)
  const due =
    signUp !== null && signUp.round === round && (signUp.status === 'queued' || signUp.status === 'waiting')
  if (!due) return
  await sender.send({ ...email, recipient: signUp.email })
  await markSignUpSent(env.DB, siteId, signUpId, round, Date.now())
}

export async function sendNotificationBatch(
  batch: MessageBatch<NotificationMessage>,
  env: Env,
): Promise<void> {
  const sender = emailSender(env)
  const failures: FailedDelivery[] = []
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
    try {
      if (parsed.data.kind === 'restock') await sendRestockNotification(parsed.data, message, env, sender)
      else await sendConfirmation(parsed.data, env, sender)
      message.ack()
    } catch (error) {
      logError('notification-send-failed', {
        messageId: message.id,
        provider: sender.name,
        message: String(error),
      })
      failures.push({ message, error })
    }
  }
  await retryOrPark(env.DB, batch.queue, failures)
}
