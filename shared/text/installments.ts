/**
 * Shopper text of the installment teaser and its dialog. `overMax` and `underMin` are the
 * spec's words (storefront.md section 4); the rest is ours, the spec gives no wording for it.
 * The dialog's terms are the provider's own page (worker/providers/installment-terms.ts), never
 * ours: nothing here says how or when the payments fall due.
 * `{amount}` is money, `{count}` the number of payments, `{provider}` the provider's name.
 */
export const INSTALLMENTS_TEXT = {
  inRange: 'or {count} interest-free payments of {amount} with {provider}',
  overMax: 'available for orders up to {amount}',
  underMin: 'available for orders over {amount}',
  infoButton: 'Learn more about paying in installments with {provider}',
  dialogTitle: 'Pay in {count} interest-free installments',
  /** The accessible name of the frame that holds the provider's page. */
  providerPageTitle: '{provider} terms',
  close: 'Close',
  /**
   * The console warning when the provider's page does not load (storefront.md section 8: only a
   * logged warning; the dialog keeps the teaser's sentence and its close button).
   */
  pageLoadFailed: 'Installment provider page failed to load: {url} ({reason})',
} as const
