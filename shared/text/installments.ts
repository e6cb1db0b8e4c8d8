/**
 * Shopper text of the installment teaser and its dialog. `overMax` and `underMin` are the
 * spec's words (storefront.md section 4); the rest is ours, the spec gives no wording for it.
 * `{amount}` is money, `{count}` the number of payments, `{provider}` the provider's name.
 */
export const INSTALLMENTS_TEXT = {
  inRange: 'or {count} interest-free payments of {amount} with {provider}',
  overMax: 'available for orders up to {amount}',
  underMin: 'available for orders over {amount}',
  infoButton: 'Learn more about paying in installments with {provider}',
  dialogTitle: 'Pay in {count} interest-free installments',
  dialogIntro:
    'Choose {provider} at checkout to split your order into {count} payments, with no interest and no extra cost when you pay on time.',
  dialogStep1: 'Add the items you want to your cart.',
  dialogStep2: 'Choose {provider} as your payment method at checkout.',
  dialogStep3: 'Pay the first installment when you order and the rest every two weeks.',
  dialogTerms:
    'Orders above {min} and up to {max} qualify. {provider} approves each order; its terms apply and late fees may be charged.',
  close: 'Close',
  done: 'Got it',
} as const
