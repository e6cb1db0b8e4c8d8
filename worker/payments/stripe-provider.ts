/**
 * The real card provider (`PAYMENT_PROVIDER = "stripe"`): a PaymentIntent confirmed with the
 * payment method the provider's own script made in the browser (its id arrives in the `card`
 * field, e.g. `pm_…`), the order id as the idempotency key. The card number never reaches us.
 * Not reachable from development machines: the test provider stands in for it there.
 */
import type { Env } from '../env'
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider'

const API = 'https://api.stripe.com/v1/payment_intents'

export const stripeProvider: PaymentProvider = {
  name: 'stripe',
  cardInForm: false,
  async charge(request: ChargeRequest, env: Env): Promise<ChargeResult> {
    if (!env.STRIPE_SECRET_KEY) return { status: 'error', detail: 'STRIPE_SECRET_KEY is not set' }
    const body = new URLSearchParams({
      amount: String(request.amountCents),
      currency: request.currency.toLowerCase(),
      payment_method: request.card,
      confirm: 'true',
      receipt_email: request.email,
      'metadata[order]': request.reference,
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    })
    const response = await fetch(API, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': request.idempotencyKey,
      },
      body,
    })
    const json = (await response.json()) as { id?: string; status?: string; error?: { type?: string } }
    if (response.ok && json.status === 'succeeded' && json.id)
      return { status: 'succeeded', paymentRef: json.id }
    if (json.error?.type === 'card_error') return { status: 'declined' }
    if (response.status === 409 || response.status === 429 || response.status >= 500)
      return { status: 'retry' }
    return { status: 'error', detail: `stripe answered ${response.status}` }
  },
}
