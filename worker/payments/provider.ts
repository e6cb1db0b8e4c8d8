/**
 * The payment provider behind checkout (a third party we cannot reach from here): one interface,
 * a local test provider that behaves like a card processor (docs/cart-and-checkout.md, "Payments"), and the real
 * one chosen by configuration (`PAYMENT_PROVIDER` in wrangler.toml `[vars]`).
 *
 * A checkout must end paid or not charged whatever fails (worker/commerce/order-states.ts), so
 * the provider is asked three things: charge (under an idempotency key: a repeat charges once),
 * what it did under a key whose answer was lost (`find`, the provider's own record), to
 * refund a charge the shop cannot fulfil, and to refund all or part of a charge when the
 * merchant asks (the site editor's Refund, worker/editor/records-orders.ts).
 */
import type { Env } from '../env'
import { stripeProvider } from './stripe-provider'
import { testProvider } from './test-provider'

export interface ChargeRequest {
  amountCents: number
  currency: string
  /** What the shopper typed in the card field (test provider), or the provider's payment method id. */
  card: string
  /** Our order id. */
  reference: string
  /** The same key on a retry, so the provider charges once (`<order id>.<attempt>`). */
  idempotencyKey: string
  /** 1 for the first try, 2 for the retry a temporary failure asks for. */
  attempt: number
  email: string
}

export type ChargeResult =
  | { status: 'succeeded'; paymentRef: string }
  | { status: 'declined' }
  /** A temporary failure: the same charge may be tried again. */
  | { status: 'retry' }
  /** Nothing is known: the charge may or may not have happened (ask `find`). */
  | { status: 'error'; detail: string }

/** What the provider's own record says about a charge key. */
export type FoundCharge =
  | { status: 'succeeded'; paymentRef: string }
  | { status: 'refunded'; paymentRef: string }
  | { status: 'declined' }
  /** The provider never charged under this key. */
  | { status: 'none' }
  | { status: 'error'; detail: string }

/** The merchant's refund of all or part of a charge. */
export interface RefundRequest {
  /** The charge's reference at the provider (`payment_ref`). */
  paymentRef: string
  amountCents: number
  currency: string
  /** Our order id. */
  reference: string
  /** The same key on a repeat, so the provider refunds once. */
  idempotencyKey: string
}

export type RefundResult =
  /** The provider accepted the refund under `refundId` (Stripe's `re_…`). */
  | { status: 'succeeded'; refundId: string }
  /** The provider refused it: nothing was refunded; `message` says why. */
  | { status: 'failed'; message: string }
  /** No answer (a timeout, a network failure, the provider's own error): ask again under the same key. */
  | { status: 'unknown'; message: string }

export interface PaymentProvider {
  readonly name: string
  /** Whether the checkout form asks for a card number itself (only the test provider). */
  readonly cardInForm: boolean
  charge(request: ChargeRequest, env: Env): Promise<ChargeResult>
  /** The provider's record of the charge made under `idempotencyKey` for order `reference`. */
  find(reference: string, idempotencyKey: string, env: Env): Promise<FoundCharge>
  /** Refunds a charge in full; true once the provider has accepted it (a repeat is harmless). */
  refund(paymentRef: string, env: Env): Promise<boolean>
}

/**
 * The merchant's refunds through the same provider (worker/payments/refunds.ts picks it by
 * `PAYMENT_PROVIDER`). Its own interface, beside `PaymentProvider`, so the storefront's bundle,
 * which never refunds on a merchant's word, does not carry it.
 */
export interface RefundProvider {
  readonly name: string
  /** Refunds `amountCents` of a charge under an idempotency key (a repeat refunds once). */
  refundAmount(request: RefundRequest, env: Env): Promise<RefundResult>
}

const PROVIDERS: Readonly<Record<string, PaymentProvider>> = { test: testProvider, stripe: stripeProvider }

/** The configured provider; an unknown name fails loudly (a misconfiguration, not a shopper's error). */
export function paymentProvider(env: Env): PaymentProvider {
  const name = env.PAYMENT_PROVIDER ?? 'test'
  const provider = PROVIDERS[name]
  if (provider === undefined)
    throw new Error(`PAYMENT_PROVIDER "${name}" is not one of: ${Object.keys(PROVIDERS).join(', ')}`)
  if (name === 'test' && env.ENVIRONMENT === 'production')
    throw new Error('PAYMENT_PROVIDER "test" cannot take payments in production: set "stripe"')
  return provider
}

/** The provider's idempotency key of an order's charge attempt. */
export function chargeKey(orderId: string, attempt: number): string {
  return `${orderId}.${attempt}`
}

/**
 * Charges, trying once more when the provider answers with a temporary failure. A thrown error
 * (a network failure, a timeout) is an `error`: the charge may have happened.
 */
export async function chargeWithRetry(
  provider: PaymentProvider,
  request: Omit<ChargeRequest, 'attempt'>,
  env: Env,
): Promise<ChargeResult> {
  const attempt = async (n: number): Promise<ChargeResult> => {
    try {
      return await provider.charge({ ...request, attempt: n }, env)
    } catch (error) {
      return { status: 'error', detail: String(error) }
    }
  }
  const first = await attempt(1)
  return first.status === 'retry' ? attempt(2) : first
}
