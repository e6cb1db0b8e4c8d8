/**
 * The visitor's cart: its id in the HttpOnly cart cookie, `has-cart` for scripts (storefront.md
 * section 4, "Cart loading"), and the cart object addressed by tenant and id, so an id from one
 * tenant names an empty cart on any other.
 */
import type { Context } from 'hono'
import { COOKIE } from '../../shared/index'
import { base64url, randomId, sha256 } from '../crypto/encoding'
import type { StoredCart } from '../durable/cart'
import type { AppEnv, Env } from '../env'
import { clearCookie, readCookie, writeCookie } from '../http/cookies'

const CART_ID = /^[A-Za-z0-9_-]{22}$/
/** A cart is kept for 30 days after it was last changed. */
const CART_COOKIE_MAX_AGE = 30 * 24 * 60 * 60

export function newCartId(): string {
  return randomId(16)
}

/**
 * The id a cart shows the world (the cart API's `id`, the page's island props, events and
 * analytics): derived from the HttpOnly cookie's id, which never leaves the cookie, and useless
 * to address the cart with.
 */
export async function publicCartId(siteId: string, cartId: string): Promise<string> {
  return base64url((await sha256(`cart-public|${siteId}|${cartId}`)).slice(0, 16))
}

/** The cart id of the request's cookie when it is well formed. */
export function cartIdOf(c: Context<AppEnv>): string | null {
  const id = readCookie(c, COOKIE.cart)
  return id !== undefined && CART_ID.test(id) ? id : null
}

/** The cart object of `cartId` under this request's tenant. */
export function cartObject(c: Context<AppEnv>, cartId: string) {
  return cartObjectOf(c.env, c.get('tenant').siteId, cartId)
}

/** The cart object of `cartId` under `siteId` (the reconciliation sweep has no request). */
export function cartObjectOf(env: Env, siteId: string, cartId: string) {
  return env.CART.get(env.CART.idFromName(`${siteId}/${cartId}`))
}

/** The visitor's stored cart, or null when they have none (no call is made without a cookie). */
export async function storedCartOf(c: Context<AppEnv>): Promise<StoredCart | null> {
  const cartId = cartIdOf(c)
  if (cartId === null) return null
  return cartObject(c, cartId).snapshot(c.get('tenant').siteId)
}

/** The cart cookie (HttpOnly) and `has-cart` = 'true' (readable by scripts). */
export function rememberCart(c: Context<AppEnv>, cartId: string): void {
  writeCookie(c, COOKIE.cart, cartId, { httpOnly: true, maxAge: CART_COOKIE_MAX_AGE })
  writeCookie(c, COOKIE.hasCart, 'true', { maxAge: CART_COOKIE_MAX_AGE })
}

/** After an order: the cart and `has-cart` cookies are cleared. */
export function forgetCart(c: Context<AppEnv>): void {
  clearCookie(c, COOKIE.cart)
  clearCookie(c, COOKIE.hasCart)
}

/** Signed in: for now, a site-user cookie is present (the session itself is another issue's). */
export function isSignedIn(c: Context<AppEnv>): boolean {
  return (readCookie(c, COOKIE.siteUser) ?? '') !== ''
}
