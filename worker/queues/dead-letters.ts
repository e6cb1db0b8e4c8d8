/**
 * Dead letters (issue 19): the dead-letter queues' consumer, which parks every message in D1's
 * `dead_letters`, and the replay that puts parked messages back onto their queue
 * (worker/api/operator.ts; docs/deployment.md, "Queues and dead letters").
 *
 * A replayed message keeps its body, and the body keeps the id its consumer keys on (a body
 * from before ids were carried gets the id of the message it was): the analytics consumer
 * stores an event once per id, the notifications consumer sends an email once per sign-up
 * round or confirmation. Replaying twice, or replaying a message that had in fact been handled,
 * changes nothing.
 */
import { claimDeadLetters, type ParkedLetter, parkDeadLetters, releaseDeadLetters } from '../db/dead-letters'
import type { Env } from '../env'
import { logError, logWarning } from '../runtime/log'
import {
  ANALYTICS_QUEUE,
  CONNECTIONS_QUEUE,
  DEAD_LETTER_QUEUES,
  NOTIFICATIONS_QUEUE,
  ORDER_EMAILS_QUEUE,
  type ReplayableQueue,
} from './names'
import { backoffSeconds, MAX_RETRIES } from './retry'

/**
 * The dead-letter queue consumer keeps trying for about four days (a queue's default retention):
 * 60 s, doubling, at most an hour apart, 100 retries (wrangler.toml `max_retries`).
 */
export const DEAD_LETTER_MAX_RETRIES = 100
const DEAD_LETTER_FIRST_DELAY_SECONDS = 60
const DEAD_LETTER_MAX_DELAY_SECONDS = 3600

export function deadLetterRetryDelaySeconds(attempts: number): number {
  return backoffSeconds(attempts, DEAD_LETTER_FIRST_DELAY_SECONDS, DEAD_LETTER_MAX_DELAY_SECONDS)
}

/** Parks a dead-letter queue's batch in `dead_letters`; D1 failing, the batch is retried later. */
export async function parkDeadLetterBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const queue = DEAD_LETTER_QUEUES[batch.queue] ?? batch.queue
  const deliveries = MAX_RETRIES + 1
  try {
    await parkDeadLetters(
      env.DB,
      batch.messages.map((message) => ({
        queue,
        messageId: message.id,
        body: message.body,
        error: `Not acknowledged after ${deliveries} deliveries on ${queue}: its consumer's log lines with this message id say why.`,
        attempts: deliveries,
        parkedAt: Date.now(),
      })),
    )
    batch.ackAll()
    logWarning('queue-messages-parked', { queue, messageIds: batch.messages.map((message) => message.id) })
  } catch (error) {
    logError('dead-letters-park-failed', {
      queue: batch.queue,
      size: batch.messages.length,
      message: String(error),
    })
    for (const message of batch.messages) {
      message.retry({ delaySeconds: deadLetterRetryDelaySeconds(message.attempts) })
    }
  }
}

/** The body to queue again: with the id its consumer keys on. */
function replayBody(letter: ParkedLetter): unknown {
  const { body } = letter
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  return typeof (body as { id?: unknown }).id === 'string' ? body : { ...body, id: letter.messageId }
}

/** Queues limits: 100 messages and 256 KB a batch; stay below with room for the framing. */
const MESSAGES_PER_BATCH = 100
const BYTES_PER_BATCH = 200_000

function batchesOf(letters: readonly ParkedLetter[]): ParkedLetter[][] {
  const batches: ParkedLetter[][] = []
  let current: ParkedLetter[] = []
  let bytes = 0
  for (const letter of letters) {
    const size = JSON.stringify(replayBody(letter) ?? null).length
    if (current.length > 0 && (current.length === MESSAGES_PER_BATCH || bytes + size > BYTES_PER_BATCH)) {
      batches.push(current)
      current = []
      bytes = 0
    }
    current.push(letter)
    bytes += size
  }
  if (current.length > 0) batches.push(current)
  return batches
}

function producerOf(env: Env, queue: string): Queue<unknown> | null {
  if (queue === NOTIFICATIONS_QUEUE) return env.NOTIFICATIONS_QUEUE as Queue<unknown>
  if (queue === ANALYTICS_QUEUE) return env.ANALYTICS_QUEUE as Queue<unknown>
  if (queue === CONNECTIONS_QUEUE) return env.CONNECTIONS_QUEUE as Queue<unknown>
  if (queue === ORDER_EMAILS_QUEUE) return env.ORDER_EMAILS_QUEUE as Queue<unknown>
  return null
}

export interface ReplayResult {
  /** Dead letters put back on their queue, by queue. */
  replayed: Record<string, number>
}

/**
 * Puts up to `limit` waiting dead letters (of `queue`, or of every queue) back onto their queue,
 * oldest first. A letter is claimed before it is queued and released when queueing fails, so a
 * failed replay leaves it waiting for the next one.
 */
export async function replayDeadLetters(
  env: Env,
  options: { queue: ReplayableQueue | null; limit: number },
  now = Date.now(),
): Promise<ReplayResult> {
  const letters = await claimDeadLetters(env.DB, options, now)
  const replayed: Record<string, number> = {}
  const byQueue = new Map<string, ParkedLetter[]>()
  for (const letter of letters) {
    const queued = byQueue.get(letter.queue)
    if (queued) queued.push(letter)
    else byQueue.set(letter.queue, [letter])
  }
  const unsent = new Set(letters.map((letter) => letter.id))
  try {
    for (const [queue, queued] of byQueue) {
      const producer = producerOf(env, queue)
      if (producer === null) {
        logError('dead-letters-unknown-queue', { queue, ids: queued.map((letter) => letter.id) })
        continue
      }
      for (const batch of batchesOf(queued)) {
        await producer.sendBatch(batch.map((letter) => ({ body: replayBody(letter) })))
        for (const letter of batch) unsent.delete(letter.id)
        replayed[queue] = (replayed[queue] ?? 0) + batch.length
      }
    }
  } finally {
    if (unsent.size > 0) await releaseDeadLetters(env.DB, [...unsent])
  }
  return { replayed }
}
