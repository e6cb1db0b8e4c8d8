/**
 * The local test payment provider (development and tests): no network, outcomes decided by the
 * card number as a card processor's test mode does, and its own record of every charge in D1
 * (`test_payment_charges`), as Stripe keeps one: a charge under a key it has seen answers the
 * same outcome again, and `find` tells what happened to a charge whose answer was lost. Listed
 * in docs/cart-and-checkout.md and on the checkout page in development.
 */
import { cardDigits } from '../../shared/index'
import { randomId } from '../crypto/encoding'
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

export const TEST_CARDS = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** The first attempt fails with a temporary error; the retry goes through. */
  retry: '4000 0000 0000 0119',
  /** The charge goes through, but its answer never reaches the shop (a dropped connection). */
  lostAnswer: '4000 0000 0000 0259',
  /** The charge goes through; a refund of it is refused (as Stripe's test card 4000 0000 0000 5126). */
  refundRefused: '4000 0000 0000 5126',
} as const

/** The refused refund's message (the site editor shows it). */
export const TEST_REFUND_REFUSED = 'The card issuer refused the refund.'

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
    `INSERT OR IGNORE INTO test_payment_charges (idempotency_key, reference, amount_cents, currency, status, payment_ref, created_at, card)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      request.idempotencyKey,
      request.reference,
      request.amountCents,
      request.currency,
      status,
      paymentRef,
      Date.now(),
      digits(request.card),
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
    const approved = [
      TEST_CARDS.approved,
      TEST_CARDS.retry,
      TEST_CARDS.lostAnswer,
      TEST_CARDS.refundRefused,
    ].some((number) => digits(number) === card)
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

/** The merchant's refunds through this provider (worker/payments/refunds.ts). */
export const testRefunds: RefundProvider = {
  name: 'test',
  async refundAmount(request: RefundRequest, env: Env): Promise<RefundResult> {
    const seen = await env.DB.prepare('SELECT refund_id FROM test_payment_refunds WHERE idempotency_key = ?')
      .bind(request.idempotencyKey)
      .first<{ refund_id: string }>()
    if (seen !== null) return { status: 'succeeded', refundId: seen.refund_id }
    const charge = await env.DB.prepare(
      `SELECT c.amount_cents, c.status, c.card, COALESCE((SELECT SUM(r.amount_cents) FROM test_payment_refunds r
         WHERE r.payment_ref = c.payment_ref), 0) AS refunded
       FROM test_payment_charges c WHERE c.payment_ref = ?`,
    )
      .bind(request.paymentRef)
      .first<{ amount_cents: number; status: string; card: string | null; refunded: number }>()
    if (charge === null || charge.status === 'declined')
      return { status: 'failed', message: `No such payment: '${request.paymentRef}'` }
    if (charge.card === digits(TEST_CARDS.refundRefused))
      return { status: 'failed', message: TEST_REFUND_REFUSED }
    // A refund of the whole charge by checkout (`refund`) leaves nothing to give back.
    const left =
      charge.status === 'refunded' && charge.refunded === 0 ? 0 : charge.amount_cents - charge.refunded
    if (request.amountCents > left)
      return {
        status: 'failed',
        message: `Refund amount (${request.amountCents}) is greater than unrefunded amount on charge (${left}).`,
      }
    const refundId = `re_test_${randomId(12)}`
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO test_payment_refunds (refund_id, idempotency_key, payment_ref, amount_cents, created_at) VALUES (?, ?, ?, ?, ?)',
      ).bind(refundId, request.idempotencyKey, request.paymentRef, request.amountCents, Date.now()),
      env.DB.prepare(
        `UPDATE test_payment_charges SET status = 'refunded' WHERE payment_ref = ? AND amount_cents <=
           (SELECT SUM(amount_cents) FROM test_payment_refunds WHERE payment_ref = ?)`,
      ).bind(request.paymentRef, request.paymentRef),
    ])
    return { status: 'succeeded', refundId }
  },
}
