/** Shopper text of the pill cart, the cart page and checkout (storefront.md sections 2, 4 and 9). */
export const CART_TEXT = {
  /** Count shown above the cap of 100 (pill and template cart). */
  cartOverCap: '100+',
  /** Accessible wording of a cart holding more than the cap. */
  cartOverCapLabel: 'More than 100 items in cart',
  cartPageTitle: 'Shopping Cart',
  cartEmpty: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue Shopping',
} as const

export type CartTextName = keyof typeof CART_TEXT
