/**
 * The local test payment provider (development and tests): no network, outcomes decided by the
 * card number as a card processor's test mode does. Listed in the README and on the checkout
 * page in development.
 */
import { cardDigits } from '../../templates/shared'
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider'

export const TEST_CARDS = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** The first attempt fails with a temporary error; the retry goes through. */
  retry: '4000 0000 0000 0119',
} as const

const digits = (card: string) => cardDigits(card)

export const testProvider: PaymentProvider = {
  name: 'test',
  cardInForm: true,
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const card = digits(request.card)
    const ref = `test_${request.idempotencyKey}`
    if (card === digits(TEST_CARDS.approved)) return { status: 'succeeded', paymentRef: ref }
    if (card === digits(TEST_CARDS.retry))
      return request.attempt === 1 ? { status: 'retry' } : { status: 'succeeded', paymentRef: ref }
    return { status: 'declined' }
  },
}
