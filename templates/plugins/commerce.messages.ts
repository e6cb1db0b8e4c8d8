/**
 * User-visible strings of the commerce widgets (storefront.md sections 2 and 9, platform.md
 * section 9), in one catalogue. Each has a `localizedStrings` key that replaces it when the
 * page carries one; these are the fallbacks. Tests assert them word for word.
 */

/** Default texts, by the `localizedStrings` key that overrides each. */
export const CommerceText = {
  productAddToCartText: 'Add To Cart',
  productSubscribeText: 'Subscribe',
  productQuantityInputLabel: 'Quantity',
  productQuickViewText: 'Quick View',
  /** Placeholder of a variant option's dropdown; `{variantName}` is the option's name. */
  productVariantSelectText: 'Select {variantName}',
  giftCardVariantSelectText: 'Select Value',
  /** A gift card's single option is always called "Value" by the platform. */
  giftCardValueDisplayText: 'Value',
  /** Title of a variant option; `{name}` is the option's name. */
  variantOptionDisplayText: '{name}',
  /** Product mark of a sold-out product (the template form is lower case). */
  productSoldOutText: 'sold out',
  productSaleText: 'sale',
  /** Summary of a form field the shopper left empty. */
  productSummaryFormNoAnswerText: 'N/A',
} as const

/** The store-wide sold-out wording outside templates (storefront.md section 9). */
export const SOLD_OUT_TEXT = 'Sold Out'

/** Time parts a submitted time field lacks print as this. */
export const TIME_PART_DEFAULT = '00'

/**
 * Likert answers -2..2 with the `localizedStrings` key that overrides each label; the labels
 * themselves are the platform's (`LIKERT_LABELS`). An unknown answer reads as Neutral.
 */
export const LIKERT_LABEL_KEYS: Readonly<Record<string, string>> = {
  '-2': 'productAnswerMapStronglyDisagree',
  '-1': 'productAnswerMapDisagree',
  '0': 'productAnswerMapNeutral',
  '1': 'productAnswerMapAgree',
  '2': 'productAnswerMapStronglyAgree',
}
export { LIKERT_LABELS } from '../constants'
