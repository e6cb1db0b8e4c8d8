/**
 * `has-cart` for scripts (storefront.md section 4, "Cart loading": the cart is loaded when the
 * visitor is signed in, `has-cart` is 'true' or a cart cookie exists). The cart and site-user
 * cookies are HttpOnly, so a page's scripts cannot see them: when a request carries either but
 * no `has-cart`, the response sets `has-cart=true`, and the pill cart then loads the cart. Added
 * after rendering, so cacheable pages stay the same for everyone.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { COOKIE } from '../../shared/index'
import type { AppEnv } from '../env'
import { readCookie, writeCookie } from '../http/cookies'

/** Whether the request carries a cart or a site user but no `has-cart` (the response then sets it). */
export function cartHintDue(c: Context<AppEnv>): boolean {
  if (readCookie(c, COOKIE.hasCart) === 'true') return false
  return Boolean(readCookie(c, COOKIE.cart) || readCookie(c, COOKIE.siteUser))
}

export function cartHint(): MiddlewareHandler<AppEnv> {
  return async function cartHint(c, next) {
    await next()
    if (!cartHintDue(c)) return
    // The response already decided (a new cart, or an order that cleared it).
    if (c.res.headers.getAll('Set-Cookie').some((cookie) => cookie.startsWith(`${COOKIE.hasCart}=`))) return
    writeCookie(c, COOKIE.hasCart, 'true', { maxAge: 30 * 24 * 60 * 60 })
  }
}
