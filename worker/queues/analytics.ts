/**
 * The analytics queue's consumer: a batch of beacons becomes rows in D1 in one transaction.
 * Beacons are scrubbed of secrets before they are queued (analytics/gate.ts); the consumer
 * scrubs again (it changes nothing scrubbed already), so a message queued by an older worker
 * during a deploy is stored clean too.
 * A message that does not match the schema is acknowledged and logged (retrying cannot fix
 * it); a failed write retries every valid message of the batch with back-off, and parks it in
 * the dead letters after the last retry (retry.ts). Each event is stored under the id its body
 * carries (the queue message id for bodies from before), so a redelivered or replayed message
 * is stored once.
 */

import { scrubEventData } from '../analytics/scrub'
import { insertAnalyticsEvent } from '../db/analytics-events'
import type { AnalyticsMessage, Env } from '../env'
import { logError } from '../runtime/log'
import * as z from '../runtime/zod'
import { type FailedDelivery, retryOrPark } from './retry'

const analyticsMessageSchema = z.object({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  siteId: z.string().check(z.minLength(1)),
  event: z.string().check(z.minLength(1), z.maxLength(100)),
  data: z.record(z.string(), z.unknown()),
  occurredAt: z.number().check(z.int(), z.positive()),
})

export async function storeAnalyticsBatch(batch: MessageBatch<AnalyticsMessage>, env: Env): Promise<void> {
  const statements: D1PreparedStatement[] = []
  const stored: Message<AnalyticsMessage>[] = []
  const receivedAt = Date.now()
  for (const message of batch.messages) {
    const parsed = analyticsMessageSchema.safeParse(message.body)
    if (!parsed.success) {
      logError('analytics-message-invalid', { messageId: message.id, issue: parsed.error.issues[0]?.message })
      message.ack()
      continue
    }
    const { id, siteId, event, data, occurredAt } = parsed.data
    statements.push(
      insertAnalyticsEvent(env.DB, {
        messageId: id ?? message.id,
        siteId,
        event,
        data: scrubEventData(data),
        occurredAt,
        receivedAt,
      }),
    )
    stored.push(message)
  }
  if (statements.length === 0) return
  try {
    await env.DB.batch(statements)
    for (const message of stored) message.ack()
  } catch (error) {
    logError('analytics-batch-failed', { size: statements.length, message: String(error) })
    const failures: FailedDelivery[] = stored.map((message) => ({ message, error }))
    await retryOrPark(env.DB, batch.queue, failures)
  }
}
