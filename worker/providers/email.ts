/**
 * Sending email (restock notifications, storefront.md section 7: the owner's send calls queue
 * them; double opt-in confirmations; worker/queues/notifications.ts hands each to this provider).
 *
 * - `local` (development and tests): the message is written to D1's `outbound_emails`, where
 *   a developer or a test reads it.
 * - `resend`: Resend's HTTP API with `EMAIL_API_KEY`, from `EMAIL_FROM`.
 *
 * `EMAIL_PROVIDER` in wrangler.toml picks one (docs/deployment.md, "Configuration").
 */

import { readSecret } from '../crypto/secrets'
import { insertOutboundEmail, type OutboundEmail } from '../db/outbound-emails'
import type { Env } from '../env'

export interface EmailSender {
  readonly name: string
  /**
   * Sends one message, resolving once the provider accepted it; the same `messageId` again is
   * sent once (the local outbox keeps one row per id; Resend drops a repeated key for 24 hours).
   */
  send(email: OutboundEmail): Promise<void>
}

export function localEmail(db: D1Database): EmailSender {
  return {
    name: 'local',
    async send(email) {
      await insertOutboundEmail(db, email).run()
    },
  }
}

/** Resend (https://resend.com/docs/api-reference/emails/send-email); `fetcher` is the network. */
export function resendEmail(apiKey: string, from: string, fetcher: typeof fetch = fetch): EmailSender {
  return {
    name: 'resend',
    async send(email) {
      const response = await fetcher('https://api.resend.com/emails', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          // The provider drops a second request with the same key: a redelivered message is sent once.
          'idempotency-key': email.messageId,
        },
        body: JSON.stringify({
          from,
          to: [email.recipient],
          subject: email.subject,
          text: email.body,
          ...(email.html === undefined ? {} : { html: email.html }),
        }),
      })
      if (!response.ok) throw new Error(`Resend answered ${response.status}`)
    },
  }
}

/** The sender `EMAIL_PROVIDER` names; a misconfiguration says how to fix it. */
export function emailSender(
  env: Pick<Env, 'DB' | 'EMAIL_PROVIDER' | 'EMAIL_API_KEY' | 'EMAIL_FROM'> &
    Partial<Pick<Env, 'ENVIRONMENT'>>,
): EmailSender {
  const provider = env.EMAIL_PROVIDER ?? 'local'
  if (provider === 'local') return localEmail(env.DB)
  if (provider === 'resend') {
    const key = readSecret(env, 'EMAIL_API_KEY')
    if (!env.EMAIL_FROM) throw new Error('EMAIL_PROVIDER is "resend": set EMAIL_FROM in [vars]')
    return resendEmail(key, env.EMAIL_FROM)
  }
  throw new Error(`EMAIL_PROVIDER must be "local" or "resend", not "${provider}"`)
}
