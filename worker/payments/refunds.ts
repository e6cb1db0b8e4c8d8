/**
 * The configured provider's refunds (the site editor's Refund, worker/editor/records-orders.ts):
 * the same `PAYMENT_PROVIDER` as checkout's charges, so a refund goes to whoever took the money.
 * Only the editor's Worker imports this file.
 */
import type { Env } from '../env'
import { paymentProvider, type RefundProvider } from './provider'
import { stripeRefunds } from './stripe-provider'
import { testRefunds } from './test-provider'

const REFUNDS: Readonly<Record<string, RefundProvider>> = { test: testRefunds, stripe: stripeRefunds }

/** The refunds of the configured provider; a name checkout refuses is refused here too. */
export function refundProvider(env: Env): RefundProvider {
  const { name } = paymentProvider(env)
  const refunds = REFUNDS[name]
  if (refunds === undefined) throw new Error(`PAYMENT_PROVIDER "${name}" has no refunds`)
  return refunds
}
