/** D1 access to `outbound_emails`: the local email provider's outbox (worker/providers/email.ts). */

export interface OutboundEmail {
  /** The email's idempotency key (the message body's id): a redelivered or replayed message is stored once. */
  messageId: string
  siteId: string
  kind: string
  recipient: string
  subject: string
  /** The text part. */
  body: string
  /** The HTML part, when the email has one (the order confirmation). */
  html?: string
  createdAt: number
}

export function insertOutboundEmail(db: D1Database, email: OutboundEmail): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO outbound_emails (message_id, site_id, kind, recipient, subject, body, html, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      email.messageId,
      email.siteId,
      email.kind,
      email.recipient,
      email.subject,
      email.body,
      email.html ?? null,
      email.createdAt,
    )
}
