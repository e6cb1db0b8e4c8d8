/**
 * The full-page cart (`/cart`, storefront.md section 2), rendered by React. The page itself is
 * the same for every visitor, so it can be cached; a visitor's entries are read by the cart
 * island from the cart API, which the cart issue adds.
 */
import { CART_TEXT } from '../../templates/shared'

export function CartPage() {
  return (
    <section className="cart-page" id="sqs-cart-root">
      <h1 className="page-title">{CART_TEXT.cartPageTitle}</h1>
      <div className="cart-container">
        <p className="empty-message">{CART_TEXT.cartEmpty}</p>
        <a className="cart-continue-button" href="/">
          {CART_TEXT.continueShopping}
        </a>
      </div>
    </section>
  )
}
