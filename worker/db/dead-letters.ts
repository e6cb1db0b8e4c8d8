/**
 * D1 access to `dead_letters` (worker/migrations/0007_dead_letters_opt_in.sql): queue messages
 * a consumer gave up on, parked until an operator replays them. Parking the same message twice
 * (the consumer parked it and the dead-letter queue brought it too) keeps one row.
 */
import { batchByIdChunks } from './id-chunks'

export interface DeadLetter {
  queue: string
  messageId: string
  body: unknown
  error: string
  attempts: number
  parkedAt: number
}

export interface ParkedLetter {
  id: number
  queue: string
  messageId: string
  body: unknown
}

/** Longest error text kept: the first lines of a stack say enough. */
const MAX_ERROR_LENGTH = 2000

/** Parks messages in one transaction; a message already parked stays as it was. */
export async function parkDeadLetters(db: D1Database, letters: readonly DeadLetter[]): Promise<void> {
  if (letters.length === 0) return
  await db.batch(
    letters.map((letter) =>
      db
        .prepare(
          `INSERT OR IGNORE INTO dead_letters (queue, message_id, body, error, attempts, parked_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          letter.queue,
          letter.messageId,
          JSON.stringify(letter.body ?? null),
          letter.error.slice(0, MAX_ERROR_LENGTH),
          letter.attempts,
          letter.parkedAt,
        ),
    ),
  )
}

function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Claims up to `limit` waiting dead letters (of one queue, or of all), oldest first, marking
 * them replayed in the same statement: two replays at once never both take a letter.
 */
export async function claimDeadLetters(
  db: D1Database,
  filter: { queue: string | null; limit: number },
  now: number,
): Promise<ParkedLetter[]> {
  const { results } = await db
    .prepare(
      `UPDATE dead_letters SET replayed_at = ?1
       WHERE id IN (SELECT id FROM dead_letters WHERE replayed_at IS NULL AND (?2 IS NULL OR queue = ?2)
                    ORDER BY id LIMIT ?3)
       RETURNING id, queue, message_id, body`,
    )
    .bind(now, filter.queue, filter.limit)
    .all<{ id: number; queue: string; message_id: string; body: string }>()
  return results
    .map((row) => ({ id: row.id, queue: row.queue, messageId: row.message_id, body: bodyOf(row.body) }))
    .sort((a, b) => a.id - b.id)
}

/** Puts claimed dead letters back to waiting (their replay could not be queued). */
export async function releaseDeadLetters(db: D1Database, ids: readonly number[]): Promise<void> {
  await batchByIdChunks(db, ids, (placeholders, chunk) =>
    db.prepare(`UPDATE dead_letters SET replayed_at = NULL WHERE id IN (${placeholders})`).bind(...chunk),
  )
}

/** Waiting dead letters by queue, and when the oldest was parked. */
export async function waitingDeadLetters(
  db: D1Database,
): Promise<{ queue: string; waiting: number; oldestParkedAt: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT queue, COUNT(*) AS waiting, MIN(parked_at) AS oldest FROM dead_letters
       WHERE replayed_at IS NULL GROUP BY queue ORDER BY queue`,
    )
    .all<{ queue: string; waiting: number; oldest: number }>()
  return results.map((row) => ({ queue: row.queue, waiting: row.waiting, oldestParkedAt: row.oldest }))
}
