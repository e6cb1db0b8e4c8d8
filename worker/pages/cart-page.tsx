/**
 * The full-page cart (`/cart`, storefront.md section 2), rendered by React. The page itself is
 * the same for every visitor, so it can be cached; a visitor's entries are read by the cart
 * island from the cart API, which the cart issue adds.
 */
export function CartPage() {
  return (
    <section className="cart-page" id="sqs-cart-root">
      <h1 className="page-title">Shopping Cart</h1>
      <div className="cart-container">
        <p className="empty-message">You have nothing in your shopping cart.</p>
        <a className="cart-continue-button" href="/">
          Continue Shopping
        </a>
      </div>
    </section>
  )
}
