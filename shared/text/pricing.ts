/**
 * Shopper text of shipping, tax and coupons in the cart and checkout (issue 25). The spec names
 * the cart's fields, not their words: these are ours.
 */
export const PRICING_TEXT = {
  shippingHeading: 'Shipping',
  shippingEstimateHeading: 'Shipping to',
  shippingOptionsLegend: 'Shipping option',
  shippingLocationSave: 'Update shipping',
  /** Shown until the shopper gives a country (the cart of a store that ships). */
  shippingNeedsLocation: 'Enter your country to see the shipping options and tax.',
  /** Nobody ships there: said before payment, and checkout refuses it. */
  shippingUnavailable: 'Sorry, we do not ship to {place}.',
  /** The option chosen before does not apply to the address now given. */
  shippingOptionGone:
    'The shipping option you chose is not available for this address. Please choose one of the options shown.',
  shippingChoose: 'Please choose a shipping option.',
  shippingFree: 'Free',
  discount: 'Discount',
  tax: 'Tax',
  /** A tax line of a store whose prices include it: '(Consumption tax 10%)'. */
  taxIncludedLine: 'Includes {name} {rate}: {amount}',
  taxAddedLine: '{name} {rate}',
  taxNotYet: 'Calculated from your address',
  couponLabel: 'Discount code',
  couponApply: 'Apply',
  couponRemove: 'Remove',
  couponRemoveLabel: 'Remove code {code}',
  couponApplied: 'Code {code}',
  couponFreeShipping: 'Free shipping',
  couponMissing: 'Please enter a discount code.',
  couponUnknown: 'The code {code} is not valid.',
  couponNotStarted: 'The code {code} is not valid yet.',
  couponExpired: 'The code {code} has expired.',
  couponUsedUp: 'The code {code} has reached its usage limit.',
  couponMinimum: 'The code {code} needs a subtotal of at least {amount}.',
  couponNoProducts: 'The code {code} does not apply to any product in your cart.',
  couponNothingToShip: 'The code {code} is for shipping, and nothing in your cart ships.',
  couponTooMany: 'A cart can hold at most {max} codes.',
  /** A code in the cart no longer applies at checkout: the order is not placed with other amounts than shown. */
  couponInvalidAtCheckout: 'A discount code no longer applies: {reason} Remove it to continue.',
  /** The total the page showed differs from the one the server computes now (prices, rates or a tampered form). */
  /** The first checkout post with an address (no script): shipping and tax are shown before any charge. */
  reviewTotal:
    'Shipping and tax for your address are shown now. Please check your total of {amount} and place your order again.',
  totalChanged: 'The total of your order is now {amount}. Please check it and place your order again.',
} as const
