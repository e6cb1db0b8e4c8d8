/**
 * The payment provider behind checkout (a third party we cannot reach from here): one interface,
 * a local test provider that behaves like a card processor (README, "Payments"), and the real
 * one chosen by configuration (`PAYMENT_PROVIDER` in wrangler.toml `[vars]`).
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
  /** The same key on a retry, so the provider charges once. */
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
  | { status: 'error'; detail: string }

export interface PaymentProvider {
  readonly name: string
  /** Whether the checkout form asks for a card number itself (only the test provider). */
  readonly cardInForm: boolean
  charge(request: ChargeRequest, env: Env): Promise<ChargeResult>
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

/** Charges, trying once more when the provider answers with a temporary failure. */
export async function chargeWithRetry(
  provider: PaymentProvider,
  request: Omit<ChargeRequest, 'attempt'>,
  env: Env,
) {
  const first = await provider.charge({ ...request, attempt: 1 }, env)
  return first.status === 'retry' ? provider.charge({ ...request, attempt: 2 }, env) : first
}
