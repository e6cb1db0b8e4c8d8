/**
 * Shopper text of the product page and the add-to-cart flow (storefront.md sections 2, 4, 5 and
 * 8; platform.md section 9), word for word. Entries are named by the `localizedStrings` key
 * that overrides them where the platform has one; `COMMERCE_OVERRIDE_KEYS` maps the others that
 * share a platform key. Everything else imports these names: a spec sentence written as a
 * literal anywhere else in the application fails `tests/worker/text-catalogue.test.ts`.
 */
export const COMMERCE_TEXT = {
  /** The add-to-cart button (storefront.md section 2). */
  productAddToCartText: 'Add To Cart',
  /** A subscribable product's button. */
  productSubscribeText: 'Subscribe',
  /** A gift card's button when it has no custom label (storefront.md section 4). */
  productPurchaseText: 'Purchase',
  /** The default async-form (additional fields) button text. */
  asyncFormButtonText: 'Add to Cart',
  /** Button states (storefront.md section 4). */
  addToCartAdding: 'Adding…',
  addToCartAdded: 'Added!',
  productQuantityInputLabel: 'Quantity',
  productQuickViewText: 'Quick View',
  /** Placeholder of a variant option's dropdown; `{variantName}` is the option's name. */
  productVariantSelectText: 'Select {variantName}',
  giftCardVariantSelectText: 'Select Value',
  /** A gift card's single option is always called "Value" by the platform. */
  giftCardValueDisplayText: 'Value',
  /** Title of a variant option; `{name}` is the option's name. */
  variantOptionDisplayText: '{name}',
  /** The store-wide sold-out wording (storefront.md sections 4 and 9). */
  productSoldOutText: 'Sold Out',
  /** The `product-status` template mark uses the lower-case variant (same override key). */
  productSoldOutMarkText: 'sold out',
  productSaleText: 'sale',
  /** Price text when no subscription plan or no variant matches. */
  productPriceUnavailable: 'Unavailable',
  /** Default "from" wording of varied prices; `{fromPrice}` is the lowest price. */
  productPriceFromText: 'from {fromPrice}',
  /** Visually hidden labels of a sale price. */
  salePriceLabel: 'Sale Price:',
  originalPriceLabel: 'Original Price:',
  /** Summary of a form field the shopper left empty. */
  productSummaryFormNoAnswerText: 'N/A',

  /** Validation before an item is added (storefront.md section 5). */
  selectOneOption: 'Please select the {option} option.',
  selectTwoOptions: 'Please select the {option1} and {option2} options.',
  /** The list form: `{options}` is every name but the last, comma-separated. */
  selectManyOptions: 'Please select the {options} and {last} options.',
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  giftCardDenomination: 'Select a denomination for the Gift Card',

  /** Alert titles (storefront.md section 8). */
  unableToAddItem: 'Unable to Add Item',
  unableToPurchaseItem: 'Unable to Purchase Item',
  unableToPurchaseGiftCard: 'Unable to purchase Gift Card',
  /** A refused crumb, with cookies on and off. */
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  /** HTTP 429. */
  tryAgainShortly: 'Please try again in a few seconds.',
} as const

type CommerceTextName = keyof typeof COMMERCE_TEXT

/** Entries whose `localizedStrings` key is another entry's name. */
export const COMMERCE_OVERRIDE_KEYS: Readonly<Partial<Record<CommerceTextName, string>>> = {
  productSoldOutMarkText: 'productSoldOutText',
}

/** 'Please select the Size option.', '... the Size and Color options.', '... the A, B and C options.' */
export function selectOptionsMessage(names: readonly string[], text = COMMERCE_TEXT): string {
  const [first, second] = names
  if (names.length <= 1) return text.selectOneOption.replace('{option}', first ?? '')
  if (names.length === 2)
    return text.selectTwoOptions.replace('{option1}', first ?? '').replace('{option2}', second ?? '')
  return text.selectManyOptions
    .replace('{options}', names.slice(0, -1).join(', '))
    .replace('{last}', names[names.length - 1] ?? '')
}
