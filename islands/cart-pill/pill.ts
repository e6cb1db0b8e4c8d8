/**
 * The pill cart in the browser, without React or the text catalogues (it is on every page of a
 * store, so it must cost next to nothing: its words come from its own markup). The cart is
 * loaded only when `has-cart` is 'true' (storefront.md section 4, "Cart loading"; the worker
 * sets it whenever the visitor has a cart cookie or is signed in, since those cookies are
 * HttpOnly), otherwise no request is made. Afterwards it follows the `storefront:cart-change`
 * events of the add-to-cart button and the cart page. Its markup names the cookie and the cart's
 * URL (`API.shoppingCart`), so the pill bundles no API table. Hidden at 0, '100+' above 100.
 */

import { CART_PILL, ISLAND_EVENT, onIslandEvent } from '../constants'
import { cookieValue } from '../cookies'

const pills = () => [...document.querySelectorAll<HTMLElement>(`[${CART_PILL.attr}]`)]

function show(count: number): void {
  for (const pill of pills()) {
    const cap = Number(pill.getAttribute(CART_PILL.cap) ?? '100')
    const text = count > cap ? (pill.getAttribute(CART_PILL.overCap) ?? '') : String(count)
    pill.dataset.count = String(count)
    pill.setAttribute('aria-label', (pill.getAttribute(CART_PILL.label) ?? '').replace('{count}', text))
    pill.style.visibility = count > 0 ? '' : 'hidden'
    const counter = pill.querySelector(`.${CART_PILL.countClass}`)
    if (counter) counter.textContent = text
  }
}

let changed = false
onIslandEvent(
  document,
  ISLAND_EVENT.cartChange,
  ({ totalQuantity }) => {
    changed = true
    show(totalQuantity)
  },
  { last: true },
)

const cookie = pills()[0]?.getAttribute(CART_PILL.cookie)
const cartUrl = pills()[0]?.getAttribute(CART_PILL.cartUrl)
if (cookie && cartUrl && cookieValue(cookie) === 'true') {
  fetch(cartUrl, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { shoppingCart?: { totalQuantity?: number } } | null) => {
      // A change announced meanwhile is newer than this answer.
      if (!changed && typeof body?.shoppingCart?.totalQuantity === 'number')
        show(body.shoppingCart.totalQuantity)
    })
    .catch(() => {})
}
