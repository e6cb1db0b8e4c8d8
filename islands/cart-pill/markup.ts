/**
 * The pill cart (storefront.md sections 2, 4 and 9): a link to `/cart` with the cart's count,
 * hidden while the count is 0, '100+' above 100. Printed by the `cart-pill` formatter in the
 * header's cart slot; pill.ts keeps it current in the browser. Hidden with `visibility` (not
 * `display`), so its appearing moves nothing else in the header.
 */
import { shoppingCart } from '../../shared/api-routes'
import {
  escapeHtmlAttribute as attr,
  CART_QUANTITY_CAP,
  CART_TEXT,
  COOKIE,
  cartQuantityText,
  fillText,
} from '../../shared/index'
import { CART_PILL } from '../constants'

const BAG =
  '<svg class="sqs-pill-shopping-cart-icon" aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M6 7h12l1 14H5z"/><path d="M9 7a3 3 0 0 1 6 0"/></svg>'

/** The pill's server markup: count 0, so hidden until the browser knows better. */
export function cartPillMarkup(): string {
  const text = cartQuantityText(0)
  const label = fillText(CART_TEXT.pillLabel, { count: text })
  return (
    `<a class="sqs-pill-shopping-cart site-cart-link" href="/cart" ${CART_PILL.attr} data-count="0"` +
    ` ${CART_PILL.label}="${attr(CART_TEXT.pillLabel)}" ${CART_PILL.overCap}="${attr(CART_TEXT.cartOverCap)}"` +
    ` ${CART_PILL.cap}="${CART_QUANTITY_CAP}" ${CART_PILL.cookie}="${attr(COOKIE.hasCart)}"` +
    ` ${CART_PILL.cartUrl}="${attr(shoppingCart.path)}"` +
    ` aria-label="${attr(label)}" style="visibility:hidden">${BAG}<span class="${CART_PILL.countClass}">${text}</span></a>`
  )
}
