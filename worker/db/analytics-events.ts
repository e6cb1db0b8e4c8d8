/** D1 access to `analytics_events` (worker/migrations/0001_analytics_events.sql). */

export interface AnalyticsEventRow {
  /** The id the message body carries (else the queue message id): one row per id. */
  messageId: string
  siteId: string
  event: string
  data: Record<string, unknown>
  occurredAt: number
  receivedAt: number
}

/** An insert that a redelivered or replayed message (same id) leaves as it was. */
export function insertAnalyticsEvent(db: D1Database, row: AnalyticsEventRow): D1PreparedStatement {
  return db
    .prepare(
      'INSERT OR IGNORE INTO analytics_events (message_id, site_id, event, data, occurred_at, received_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(row.messageId, row.siteId, row.event, JSON.stringify(row.data), row.occurredAt, row.receivedAt)
}
