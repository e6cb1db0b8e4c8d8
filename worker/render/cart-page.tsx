/**
 * The full-page cart (`/cart`, storefront.md section 2): the visitor's own cart, so the page is
 * personal (`private, no-store`) and printed with its entries; the cart island makes quantity
 * changes and removals live.
 */

import { CartPageView, type CartProps } from '../../islands/index'
import { islandHtml } from './islands'
import { renderToString } from './react-server'

/** An empty cart has nothing to change: plain markup, no island. */
export function cartPageHtml(props: CartProps): string {
  if (props.cart.entries.length === 0) return renderToString(<CartPageView {...props} />)
  return islandHtml('cart', props)
}
