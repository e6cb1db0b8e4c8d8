/**
 * Shopper text of what follows checkout (issue 25): the receipt on the order page and in the
 * confirmation email, a signed-in site user's order history, and the guest lookup's link (ours:
 * the spec names none of it). Names start with `order` so a tenant's `localizedStrings` override
 * them without touching the cart's entries (Kissa Tea words them in Japanese).
 */
export const ORDERS_TEXT = {
  /** The receipt (page and email): one row per amount of `OrderAmounts`. */
  orderSubtotal: 'Subtotal',
  /** A coupon's discount; `{code}` is the code as the shopper typed it. */
  orderDiscountCode: 'Discount ({code})',
  orderDiscount: 'Discount',
  /** The shipping row; `{option}` is the shipping option's name. */
  orderShippingOption: 'Shipping ({option})',
  orderShipping: 'Shipping',
  /** Under the shipping row when a coupon waived it. */
  orderFreeShippingCode: 'Free shipping with code {code}',
  orderFree: 'Free',
  /** A tax line added to the total; `{name}` and `{rate}` ('8.25%') are the rule's. */
  orderTaxLine: '{name} ({rate})',
  orderTax: 'Tax',
  /** A tax line already inside the prices (taxIncluded): shown, not added. */
  orderTaxIncludedLine: 'Includes {name} ({rate})',
  orderTaxIncluded: 'Includes tax',
  orderTotal: 'Total',
  orderShipTo: 'Shipping address',
  orderDate: 'Date',
  /** The confirmation email. */
  orderEmailSubject: 'Order confirmed: {site}',
  orderEmailLink: 'See your order online:',
  orderEmailItems: 'Items',
  /** A signed-in site user's order history (`/account/orders`). */
  orderHistoryTitle: 'Your orders',
  /** The sign-in form's intro reads 'Sign in with a member account to read {title}.' */
  orderHistorySignInTitle: 'your orders',
  orderHistoryEmpty: 'You have not placed any orders with this account yet.',
  orderHistoryNewer: 'Newer orders',
  orderHistoryOlder: 'Older orders',
  orderHistoryBack: 'Back to your orders',
  orderHistoryItems: '{count} items',
  orderHistoryItemsOne: '1 item',
  orderHistoryStatus: 'Status',
  orderStatusPaid: 'Confirmed',
  orderStatusPending: 'Being placed',
  orderStatusFailed: 'Not placed',
  orderStatusRefunded: 'Refunded',
  /** Not the signed-in user's order, or no such order: the same answer either way. */
  orderHistoryNotFound: 'This order is not in your order history.',
  /** A `?cursor=` the history never gave out (edited by hand, or from another account). */
  orderHistoryBadCursor: 'That page of your orders could not be found. Start again from your newest orders.',
  /** From the history and the lookup form to each other. */
  orderHistoryGuestLink: 'Ordered without an account? Find your order',
  orderHistoryLink: 'Your orders',
} as const
