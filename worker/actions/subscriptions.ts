/**
 * Double opt-in (issue 18): with `website.doubleOptIn` on (the default), a newsletter subscriber
 * or a restock sign-up is stored pending with a confirmation token, and a confirmation email
 * goes through the notifications queue (durable, retried; the local provider's outbox shows
 * it). Its link opens `/subscriptions/confirm?token=…` (worker/routes/subscriptions.tsx), where
 * a button confirms: a mail scanner that fetches the link confirms nothing.
 *
 * The token is 256 random bits, base64url; only its SHA-256 is stored, it expires after
 * `CONFIRMATION_TTL_MS`, and one subscription gets at most one confirmation email per
 * `CONFIRMATION_RESEND_MS` (a stranger cannot flood an address through the form).
 */
import { fillText, localizedText } from '../../shared/index'
import type { Site } from '../catalogue/records'
import { hex, randomId, sha256 } from '../crypto/encoding'
import { forgetConfirmationQueued, type Subscription } from '../db/confirmations'
import type { ConfirmationMessage, Env, Tenant } from '../env'
import { logError } from '../runtime/log'

export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const CONFIRMATION_RESEND_MS = 5 * 60 * 1000
export const CONFIRM_PATH = '/subscriptions/confirm'
const TOKEN_BYTES = 32

/** Whether the site asks for confirmation (`website.doubleOptIn`, on unless `false`). */
export function doubleOptInOf(site: Site): boolean {
  return site.website.doubleOptIn !== false
}

/** SHA-256 of a token, hex: what D1 stores and looks tokens up by. */
export async function tokenHashOf(token: string): Promise<string> {
  return hex(await sha256(token))
}

/** A token as a link carries it: 43 base64url characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** A fresh confirmation token, its hash, and the times the stored row needs. */
export async function newConfirmation(now: number) {
  const token = randomId(TOKEN_BYTES)
  return {
    token,
    tokenHash: await tokenHashOf(token),
    tokenExpiresAt: now + CONFIRMATION_TTL_MS,
    resendAfter: now - CONFIRMATION_RESEND_MS,
  }
}

export interface ConfirmationRequest {
  subscription: Subscription
  email: string
  token: string
  tokenHash: string
  /** The restock sign-up's product title. */
  productTitle?: string
}

/** The confirmation email for the notifications queue, in the tenant's words. */
export function confirmationMessage(tenant: Tenant, request: ConfirmationRequest): ConfirmationMessage {
  const text = localizedText(tenant.site.localizedStrings).subscriptions
  const values = {
    site: tenant.site.website.siteTitle,
    email: request.email,
    product: request.productTitle ?? text.unknownProduct,
    link: `${tenant.origin}${CONFIRM_PATH}?token=${request.token}`,
  }
  const restock = request.subscription === 'restock'
  return {
    kind: 'confirmation',
    id: `confirmation:${randomId()}`,
    siteId: tenant.siteId,
    subscription: request.subscription,
    email: request.email,
    tokenHash: request.tokenHash,
    subject: fillText(restock ? text.restockEmailSubject : text.newsletterEmailSubject, values),
    body: fillText(restock ? text.restockEmailBody : text.newsletterEmailBody, values),
  }
}

/**
 * Queues the confirmation email. When the queue refuses it, the subscription forgets that a
 * confirmation was queued (signing up again sends one at once) and the error goes on.
 */
export async function queueConfirmation(
  env: Env,
  tenant: Tenant,
  request: ConfirmationRequest,
): Promise<void> {
  try {
    await env.NOTIFICATIONS_QUEUE.send(confirmationMessage(tenant, request))
  } catch (error) {
    logError('confirmation-not-queued', {
      siteId: tenant.siteId,
      subscription: request.subscription,
      message: String(error),
    })
    await forgetConfirmationQueued(env.DB, tenant.siteId, request.subscription, request.tokenHash)
    throw error
  }
}
