/**
 * The local test payment provider (development and tests): no network, outcomes decided by the
 * card number as a card processor's test mode does, and its own record of every charge in D1
 * (`test_payment_charges`), as Stripe keeps one: a charge under a key it has seen answers the
 * same outcome again, and `find` tells what happened to a charge whose answer was lost. Listed
 * in docs/cart-and-checkout.md and on the checkout page in development.
 */
import { cardDigits } from '../../shared/index'
import type { Env } from '../env'
import type { ChargeRequest, ChargeResult, FoundCharge, PaymentProvider } from './provider'

export const TEST_CARDS = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** The first attempt fails with a temporary error; the retry goes through. */
  retry: '4000 0000 0000 0119',
  /** The charge goes through, but its answer never reaches the shop (a dropped connection). */
  lostAnswer: '4000 0000 0000 0259',
} as const

const digits = (card: string) => cardDigits(card)

interface ChargeRow {
  status: 'succeeded' | 'declined' | 'refunded'
  payment_ref: string
}

async function recorded(env: Env, idempotencyKey: string): Promise<ChargeRow | null> {
  return env.DB.prepare('SELECT status, payment_ref FROM test_payment_charges WHERE idempotency_key = ?')
    .bind(idempotencyKey)
    .first<ChargeRow>()
}

async function record(
  env: Env,
  request: ChargeRequest,
  status: 'succeeded' | 'declined',
): Promise<ChargeRow> {
  const paymentRef = `test_${request.idempotencyKey}`
  await env.DB.prepare(
    `INSERT OR IGNORE INTO test_payment_charges (idempotency_key, reference, amount_cents, currency, status, payment_ref, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      request.idempotencyKey,
      request.reference,
      request.amountCents,
      request.currency,
      status,
      paymentRef,
      Date.now(),
    )
    .run()
  return (await recorded(env, request.idempotencyKey)) ?? { status, payment_ref: paymentRef }
}

function resultOf(row: ChargeRow): ChargeResult {
  return row.status === 'declined'
    ? { status: 'declined' }
    : { status: 'succeeded', paymentRef: row.payment_ref }
}

export const testProvider: PaymentProvider = {
  name: 'test',
  cardInForm: true,
  async charge(request: ChargeRequest, env: Env): Promise<ChargeResult> {
    // The same key charges once: a repeat answers what the first did.
    const seen = await recorded(env, request.idempotencyKey)
    if (seen !== null) return resultOf(seen)
    const card = digits(request.card)
    if (card === digits(TEST_CARDS.retry) && request.attempt === 1) return { status: 'retry' }
    const approved = [TEST_CARDS.approved, TEST_CARDS.retry, TEST_CARDS.lostAnswer].some(
      (number) => digits(number) === card,
    )
    const row = await record(env, request, approved ? 'succeeded' : 'declined')
    if (card === digits(TEST_CARDS.lostAnswer))
      throw new Error('test provider: the connection dropped after the charge')
    return resultOf(row)
  },
  async find(_reference: string, idempotencyKey: string, env: Env): Promise<FoundCharge> {
    const row = await recorded(env, idempotencyKey)
    if (row === null) return { status: 'none' }
    if (row.status === 'declined') return { status: 'declined' }
    return { status: row.status, paymentRef: row.payment_ref }
  },
  async refund(paymentRef: string, env: Env): Promise<boolean> {
    await env.DB.prepare(
      "UPDATE test_payment_charges SET status = 'refunded' WHERE payment_ref = ? AND status = 'succeeded'",
    )
      .bind(paymentRef)
      .run()
    return true
  },
}
