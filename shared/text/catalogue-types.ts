/**
 * Shopper text of products the store shows but does not sell through its cart (issue 24,
 * "Product types"): a paywall product (type 5, access to members' content) and a product of a
 * type the platform does not know. The spec gives their codes, not their words: these are ours.
 */
export const CATALOGUE_TYPES_TEXT = {
  /** The mark in place of the price of a paywall product (product page and product cards). */
  paywallLabel: 'Members only',
  /** The sentence in place of the add-to-cart block of a paywall product. */
  paywallNote: 'This is access to members-only content. It is not sold through the shop’s cart.',
  /** The mark in place of the price of a product of an unknown type. */
  unknownTypeLabel: 'Not available',
  /** The sentence in place of the add-to-cart block of a product of an unknown type. */
  unknownTypeNote: 'This product cannot be bought online.',
} as const
