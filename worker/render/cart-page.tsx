/**
 * The full-page cart (`/cart`, storefront.md section 2): the visitor's own cart, so the page is
 * personal (`private, no-store`) and printed with its entries; the cart island makes quantity
 * changes and removals live.
 */
import type { CartProps } from '../../islands/cart/view'
import { islandHtml } from './islands'

export function cartPageHtml(props: CartProps): string {
  return islandHtml('cart', props)
}
