// Double opt-in from the shopper's side in the worker tests: the confirmation email the
// notifications consumer leaves in the local provider's outbox, its link's token, and the
// confirmation page's button.
import { expect, vi } from 'vitest'
import { formPost, rows } from './form-helpers'

/** The local queue delivers a message in about a second. */
export const QUEUE_WAIT = { timeout: 10_000, interval: 100 }

export interface SentEmail {
  kind: string
  subject: string
  body: string
}

/** The confirmation emails to `email` in the outbox, once the consumer has sent at least one. */
export async function confirmationEmailsTo(email: string): Promise<SentEmail[]> {
  let emails: SentEmail[] = []
  await vi.waitFor(async () => {
    emails = await rows<SentEmail>(
      "SELECT kind, subject, body FROM outbound_emails WHERE recipient = ? AND kind LIKE 'confirm-%' ORDER BY id",
      email,
    )
    expect(emails.length).toBeGreaterThan(0)
  }, QUEUE_WAIT)
  return emails
}

/** The token of a confirmation email's link. */
export function tokenOf(email: SentEmail): string {
  const token = /\/subscriptions\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(email.body)?.[1]
  if (token === undefined) throw new Error(`No confirmation link in: ${email.body}`)
  return token
}

/** The confirmation page's button, pressed (a plain form post from the tenant's page). */
export function pressConfirm(host: string, token: string): Promise<Response> {
  return formPost(host, '/subscriptions/confirm', [['token', token]])
}

/** Confirms the address of the one confirmation email sent to `email`, as the shopper would. */
export async function confirmFromEmail(host: string, email: string): Promise<void> {
  const [sent] = await confirmationEmailsTo(email)
  if (sent === undefined) throw new Error(`No confirmation email to ${email}`)
  expect((await pressConfirm(host, tokenOf(sent))).status).toBe(200)
}
