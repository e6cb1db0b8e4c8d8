/**
 * How every queue consumer retries (issue 19): the delay doubles with each failed delivery, so a
 * consumer outlasts a storage or email-provider outage of several minutes; after the last retry
 * a message is parked in `dead_letters` for an operator to replay (docs/deployment.md,
 * "Queues and dead letters"), never dropped.
 *
 * wrangler.toml gives every consumer `max_retries = MAX_RETRIES` and a `dead_letter_queue`
 * (tests/worker/queue-config.test.ts checks both environments). On its last delivery the
 * consumer parks a failing message itself, with the error, and acknowledges it; when D1 cannot
 * take the row either, it asks for a retry, which the queue (past the last one) turns into a move
 * to the dead-letter queue, whose consumer parks it once D1 answers (worker/queues/dead-letters.ts).
 */
import { parkDeadLetters } from '../db/dead-letters'
import { logError, logWarning } from '../runtime/log'

/** Retries after the first delivery: 9 deliveries over about 20 minutes (`totalRetryWaitSeconds`). */
export const MAX_RETRIES = 8
const FIRST_DELAY_SECONDS = 10
const MAX_DELAY_SECONDS = 300

/** `first` seconds after the first failed delivery, doubling with each (`attempts` is 1-based), at most `max`. */
export function backoffSeconds(attempts: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.max(0, attempts - 1))
}

/** Seconds before the next delivery once delivery `attempts` failed: 10, 20, 40, … then 300. */
export function retryDelaySeconds(attempts: number): number {
  return backoffSeconds(attempts, FIRST_DELAY_SECONDS, MAX_DELAY_SECONDS)
}

/** The wait between the first delivery and the last: 1,210 s (10 + 20 + 40 + 80 + 160 + 3 × 300). */
export function totalRetryWaitSeconds(): number {
  let total = 0
  for (let attempts = 1; attempts <= MAX_RETRIES; attempts++) total += retryDelaySeconds(attempts)
  return total
}

/** Whether the queue will not deliver this message again after this delivery. */
export function isLastAttempt(message: { attempts: number }): boolean {
  return message.attempts > MAX_RETRIES
}

export interface FailedDelivery {
  message: Message<unknown>
  error: unknown
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * Settles the messages a consumer could not handle: each is retried after its back-off, and
 * those on their last delivery are parked in `dead_letters` with their error and acknowledged
 * (or, when D1 refuses them too, retried: the queue hands them to the dead-letter queue instead).
 */
export async function retryOrPark(
  db: D1Database,
  queue: string,
  failures: readonly FailedDelivery[],
  now = Date.now(),
): Promise<void> {
  const last = failures.filter((failure) => isLastAttempt(failure.message))
  for (const { message } of failures) {
    if (!isLastAttempt(message)) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
  }
  if (last.length === 0) return
  try {
    await parkDeadLetters(
      db,
      last.map(({ message, error }) => ({
        queue,
        messageId: message.id,
        body: message.body,
        error: errorText(error),
        attempts: message.attempts,
        parkedAt: now,
      })),
    )
    for (const { message } of last) message.ack()
    logWarning('queue-messages-parked', { queue, messageIds: last.map(({ message }) => message.id) })
  } catch (error) {
    logError('queue-park-failed', { queue, size: last.length, message: String(error) })
    for (const { message } of last) message.retry()
  }
}
