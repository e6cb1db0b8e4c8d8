/**
 * Shopper text of Quick View (issue 24): the product card's button, whose default text is the
 * spec's (platform.md section 9, "Default texts 'Quick View'"), and the dialog it opens. A
 * tenant overrides an entry by its name in `localizedStrings`, as every catalogue.
 */
export const QUICK_VIEW_TEXT = {
  quickView: 'Quick View',
  /** The dialog's close button's accessible name. */
  quickViewClose: 'Close',
  quickViewLoading: 'Loading…',
  /** The dialog's body when the product could not be loaded; its link goes to the product page. */
  quickViewFailed: 'This product could not be loaded here.',
  quickViewOpenPage: 'Open the product page',
  /** The link under the add-to-cart button to the product's own page. */
  quickViewDetails: 'View full details',
} as const
