/**
 * What the cart's islands tell the page after a change: the pill cart the new count, the
 * tracking script the line added or removed (islands/constants.ts `ISLAND_EVENT`).
 */

import type { CartEntryView, ShoppingCart } from '../../shared/index'
import { type CartLineDetail, dispatchIslandEvent, ISLAND_EVENT } from '../constants'

/** Tells the page (the pill cart) the cart's new count. */
export function announceCart(totalQuantity: number): void {
  dispatchIslandEvent(document, ISLAND_EVENT.cartChange, { totalQuantity })
}

/**
 * Tells the tracking script a line was added or removed (CommerceShopping_AddToCart and
 * _RemoveFromCart), with the cart's id and count after the change.
 */
export function announceCartLine(
  change: 'add' | 'remove',
  cart: ShoppingCart,
  line: Omit<CartLineDetail, 'cartId' | 'cartQuantity'>,
): void {
  const name = change === 'add' ? ISLAND_EVENT.addToCart : ISLAND_EVENT.removeFromCart
  dispatchIslandEvent(document, name, { ...line, cartId: cart.id, cartQuantity: cart.totalQuantity })
}

/** A cart page entry as a changed line of `quantity` units (the cart page knows its title and type). */
export function entryLine(
  entry: CartEntryView,
  quantity: number,
): Omit<CartLineDetail, 'cartId' | 'cartQuantity'> {
  return {
    itemId: entry.itemId,
    sku: entry.chosenVariant.sku,
    quantity,
    variant: {
      sku: entry.chosenVariant.sku,
      attributes: entry.chosenVariant.attributes,
      priceMoney: entry.unitPrice,
    },
    title: entry.title,
    productType: entry.productType,
  }
}
