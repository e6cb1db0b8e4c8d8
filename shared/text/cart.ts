/** Shopper text of the pill cart, the cart page and checkout (storefront.md sections 2, 4 and 9). */
export const CART_TEXT = {
  /** Count shown above the cap of 100 (pill and template cart). */
  cartOverCap: '100+',
  /** Accessible wording of a cart holding more than the cap. */
  cartOverCapLabel: 'More than 100 items in cart',
  cartPageTitle: 'Shopping Cart',
  cartEmpty: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue Shopping',

  /** The cart page's count for 100 items or fewer. */
  itemCount: '{count} items',
  itemCountOne: '1 item',
  /** The pill cart's accessible name; `{count}` is the count as shown ('3', '100+'). */
  pillLabel: 'Cart, {count} items',
  /** The cart page's entries (ours: the spec names the parts, not their words). */
  entryQuantity: 'Quantity',
  /** The quantity stepper's buttons. */
  quantityDecrease: 'Decrease quantity',
  quantityIncrease: 'Increase quantity',
  entryUpdate: 'Update',
  entryRemove: 'Remove',
  entryRemoveLabel: 'Remove {title}',
  entryEditDetails: 'Edit details',
  entryUnitPrice: 'Price',
  subtotal: 'Subtotal',
  total: 'Total',
  checkoutButton: 'Checkout',
  /** A quantity outside the input's range (storefront.md section 9 gives the range, not the words). */
  quantityRange: 'Quantity must be between 1 and 9999.',
  /** An item id the store does not sell (a stale page, a forged call). */
  itemNotFound: 'That item is no longer for sale.',
  /** An entry id the cart does not hold. */
  entryNotFound: 'That item is no longer in your cart.',
  /** 422 (ours, issue 19): an add's `Idempotency-Key` sent before with another item, variant, quantity or answers. */
  idempotencyKeyReused:
    'This add was already made with another item or quantity. Please reload the page and try again.',
  /** Additional fields sent for an item without an additional-fields form, or unreadable. */
  additionalFieldsInvalid: 'Could not read the item’s details, please check your entries.',
  /** The additional-fields modal's save button when editing from the cart. */
  additionalFieldsSave: 'Save',
  additionalFieldsCancel: 'Cancel',
  /** The alert's close button. */
  alertClose: 'OK',

  /** Checkout (ours). */
  checkoutTitle: 'Checkout',
  orderSummary: 'Order summary',
  contactHeading: 'Contact',
  emailLabel: 'Email',
  shippingHeading: 'Shipping address',
  nameLabel: 'Full name',
  addressLine1Label: 'Address',
  addressLine2Label: 'Apartment, suite, etc. (optional)',
  cityLabel: 'City',
  regionLabel: 'State / Province (optional)',
  postalCodeLabel: 'Postal code',
  countryLabel: 'Country',
  paymentHeading: 'Payment',
  cardNumberLabel: 'Card number',
  placeOrder: 'Place order',
  placingOrder: 'Placing order…',
  cardInvalid: 'Enter a card number of 12 to 19 digits.',
  countryInvalid: 'Choose a country from the list.',
  fieldTooLong: 'Use {max} characters or fewer.',
  paymentDeclined: 'Your card was declined. Please use another card.',
  paymentFailed: 'The payment could not be completed. Please try again.',
  /** A line whose stock ran out between the cart and the order. */
  stockChanged: 'Sorry, we do not have enough of {title} available. Please change your cart and try again.',
  /** Shown above the fields when any is invalid. */
  checkoutProblem: 'Please correct the fields marked below.',
  testCardsHeading: 'Test cards (development only)',
  testCardApproved: 'approved',
  testCardDeclined: 'declined',
  testCardRetry: 'needs a retry (the first attempt fails, checkout tries again)',

  /** Order confirmation (ours). */
  orderConfirmedTitle: 'Order confirmed',
  orderConfirmedThanks: 'Thank you for your order.',
  orderNumber: 'Order number',
  orderEmail: 'Receipt for',
  giftCardCodeLabel: 'Your gift card code',
  subscriptionPlanLabel: 'Subscription',

  /** Subscription and gift card pages (ours). */
  subscriptionTitle: 'Subscription',
  giftCardTitle: 'Gift Card',
  giftCardAmount: 'Amount',
  continueToCheckout: 'Continue to checkout',
  tokenInvalid: 'This link has expired or is not valid. Please go back to the product and try again.',
  notSubscribable: 'This item is not sold as a subscription.',
  notGiftCard: 'This item is not a gift card.',
  orderPending: 'Your order is being placed. Reload this page in a moment to see it confirmed.',
  /** A checkout that could not start (storage failed before any charge). */
  checkoutBusy: 'We could not place your order just now, and nothing was charged. Please try again.',
  /** A second checkout of a cart whose order is paid, or still being placed. */
  cartAlreadyPaid: 'This cart has already been paid for.',
  cartInCheckout: 'This cart’s order is already being placed.',
  seeOrder: 'See your order',
  /** Charged, but the last units went to someone else first: the charge is refunded. */
  soldOutRefunded: 'Sorry, {title} sold out while your payment went through, so we refunded it in full.',
  orderFailedTitle: 'Order not placed',
  orderFailed: 'This order was not placed, and nothing was charged.',
  orderRefundedTitle: 'Order refunded',
  orderRefunded: 'We could not fill this order, and your payment has been refunded in full.',
  backToCart: 'Back to your cart',
  /** The order page for a browser that did not place the order (ours). */
  orderLookupTitle: 'Find your order',
  orderLookupIntro: 'To see this order, enter its order number and the email address used at checkout.',
  orderLookupSubmit: 'Show my order',
  orderLookupFailed: 'We could not find an order with that number and email address.',
  /** A form post whose body could not be read (too large, not a form). */
  requestRefused: 'We could not read that form',
  /** Plain form posts (no script): the page after a refused add. */
  backToProduct: 'Back to the product',
} as const
