/**
 * The real card provider (`PAYMENT_PROVIDER = "stripe"`): a PaymentIntent confirmed with the
 * payment method the provider's own script made in the browser (its id arrives in the `card`
 * field, e.g. `pm_…`), under our charge key as Stripe's idempotency key and with the order id in
 * its metadata. The card number never reaches us. A lost answer is looked up by searching the
 * PaymentIntents of the order (`metadata['order']`); a refund is a Refund of the PaymentIntent.
 * Not reachable from development machines: the test provider stands in for it there.
 */
import { readSecret, secretProblem } from '../crypto/secrets'
import type { Env } from '../env'
import type {
  ChargeRequest,
  ChargeResult,
  FoundCharge,
  PaymentProvider,
  RefundProvider,
  RefundRequest,
  RefundResult,
} from './provider'

const API = 'https://api.stripe.com/v1'
/** A provider call that takes longer than this is treated as an unknown outcome (`find` tells). */
const TIMEOUT_MS = 20_000

interface PaymentIntent {
  id?: string
  status?: string
  metadata?: Record<string, string>
  latest_charge?: { refunded?: boolean } | string | null
}

function stripeFetch(env: Env, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${API}${path}`, {
    ...init,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { authorization: `Bearer ${readSecret(env, 'STRIPE_SECRET_KEY')}`, ...init.headers },
  })
}

export const stripeProvider: PaymentProvider = {
  name: 'stripe',
  cardInForm: false,
  async charge(request: ChargeRequest, env: Env): Promise<ChargeResult> {
    const problem = secretProblem('STRIPE_SECRET_KEY', env.STRIPE_SECRET_KEY, env.ENVIRONMENT)
    if (problem !== null) return { status: 'error', detail: problem }
    const body = new URLSearchParams({
      amount: String(request.amountCents),
      currency: request.currency.toLowerCase(),
      payment_method: request.card,
      confirm: 'true',
      receipt_email: request.email,
      'metadata[order]': request.reference,
      'metadata[charge_key]': request.idempotencyKey,
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    })
    const response = await stripeFetch(env, '/payment_intents', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': request.idempotencyKey,
      },
      body,
    })
    const json = (await response.json()) as PaymentIntent & { error?: { type?: string } }
    if (response.ok && json.status === 'succeeded' && json.id)
      return { status: 'succeeded', paymentRef: json.id }
    if (json.error?.type === 'card_error') return { status: 'declined' }
    if (response.status === 409 || response.status === 429 || response.status >= 500)
      return { status: 'retry' }
    return { status: 'error', detail: `stripe answered ${response.status}` }
  },
  async find(reference: string, idempotencyKey: string, env: Env): Promise<FoundCharge> {
    const problem = secretProblem('STRIPE_SECRET_KEY', env.STRIPE_SECRET_KEY, env.ENVIRONMENT)
    if (problem !== null) return { status: 'error', detail: problem }
    const query = new URLSearchParams({
      query: `metadata['order']:'${reference.replace(/'/g, '')}'`,
      expand: 'data.latest_charge',
    })
    const response = await stripeFetch(env, `/payment_intents/search?${query}`)
    if (!response.ok) return { status: 'error', detail: `stripe answered ${response.status}` }
    const { data = [] } = (await response.json()) as { data?: PaymentIntent[] }
    const intent = data.find((candidate) => candidate.metadata?.charge_key === idempotencyKey)
    if (intent?.id === undefined) return { status: 'none' }
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
    if (intent.status === 'succeeded') {
      return charge?.refunded
        ? { status: 'refunded', paymentRef: intent.id }
        : { status: 'succeeded', paymentRef: intent.id }
    }
    if (intent.status === 'requires_payment_method' || intent.status === 'canceled')
      return { status: 'declined' }
    return { status: 'error', detail: `payment intent is ${intent.status}` }
  },
  async refund(paymentRef: string, env: Env): Promise<boolean> {
    if (secretProblem('STRIPE_SECRET_KEY', env.STRIPE_SECRET_KEY, env.ENVIRONMENT) !== null) return false
    const response = await stripeFetch(env, '/refunds', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': `refund.${paymentRef}`,
      },
      body: new URLSearchParams({ payment_intent: paymentRef }),
    })
    return response.ok
  },
}

/** The merchant's refunds through this provider (worker/payments/refunds.ts). */
export const stripeRefunds: RefundProvider = {
  name: 'stripe',
  async refundAmount(request: RefundRequest, env: Env): Promise<RefundResult> {
    const problem = secretProblem('STRIPE_SECRET_KEY', env.STRIPE_SECRET_KEY, env.ENVIRONMENT)
    if (problem !== null) return { status: 'failed', message: problem }
    let response: Response
    try {
      response = await stripeFetch(env, '/refunds', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': request.idempotencyKey,
        },
        body: new URLSearchParams({
          payment_intent: request.paymentRef,
          amount: String(request.amountCents),
          'metadata[order]': request.reference,
        }),
      })
    } catch (error) {
      return { status: 'unknown', message: `The payment provider could not be reached (${String(error)}).` }
    }
    const json = (await response.json().catch(() => ({}))) as {
      id?: string
      status?: string
      failure_reason?: string
      error?: { message?: string }
    }
    // A refund Stripe accepted is `pending` or `succeeded`; `failed` and `canceled` gave nothing back.
    if (response.ok && json.id && json.status !== 'failed' && json.status !== 'canceled')
      return { status: 'succeeded', refundId: json.id }
    const message =
      json.error?.message ?? json.failure_reason ?? `The payment provider answered ${response.status}.`
    // 409 (the same key still in progress), 429 and 5xx: Stripe may yet refund under this key.
    if (response.status === 409 || response.status === 429 || response.status >= 500)
      return { status: 'unknown', message }
    return { status: 'failed', message }
  },
}
