/**
 * Who may see an order (issue 18: an order confirmation is its buyer's, not anyone's with the
 * URL). An order page opens for:
 *
 * - the browser that placed it: a signed, HttpOnly `ss_order` cookie scoped to the order's own
 *   path (`/commerce/orders/<id>`), an HMAC of the tenant and the order id;
 * - the signed-in site user who placed it;
 * - anyone with the link of the confirmation email: `?access=<expiry>.<HMAC>`, good for 30
 *   days; it sets the cookie and redirects to the bare URL at once, so the token leaves the
 *   address bar, the history and any `Referer`;
 * - anyone who types the order number and the email address used at checkout (rate limited,
 *   the form's crumb checked; a wrong email and an unknown number get the same answer);
 * - on `/account/orders/<id>`, the signed-in site user who placed it (worker/routes/account-orders.tsx).
 *
 * Everyone else gets the page asking for the order number and email, whether or not the order
 * exists. An order id alone opens nothing, so ids may appear in logs for operators.
 */
import type { Context } from 'hono'
import { COOKIE } from '../../shared/index'
import { liveSiteUser } from '../auth/site-user'
import { base64url, fromBase64url, sameBytes } from '../crypto/encoding'
import { sessionSecret, sign } from '../crypto/secrets'
import type { OrderRow } from '../db/orders'
import type { AppEnv, Env } from '../env'
import { readCookie, writeCookie } from '../http/cookies'

/** The order page's path. */
export function orderPath(orderId: string): string {
  return `/commerce/orders/${orderId}`
}

/** How long the placing browser's cookie opens the order: 90 days. */
const COOKIE_SECONDS = 90 * 24 * 60 * 60
/** How long the confirmation email's link opens the order: 30 days. */
export const ACCESS_LINK_SECONDS = 30 * 24 * 60 * 60

async function mac(env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>, message: string): Promise<Uint8Array> {
  return (await sign(sessionSecret(env), message)).slice(0, 18)
}

function cookieMac(env: Env, siteId: string, orderId: string) {
  return mac(env, `order-access|${siteId}|${orderId}`)
}

/** Opens the order to this browser (its placing browser, a valid link, a matching lookup). */
export async function grantOrderAccess(c: Context<AppEnv>, orderId: string): Promise<void> {
  writeCookie(c, COOKIE.orderAccess, base64url(await cookieMac(c.env, c.get('tenant').siteId, orderId)), {
    path: orderPath(orderId),
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: COOKIE_SECONDS,
  })
}

/** Whether this request may see `order`: its cookie, or the signed-in site user who placed it. */
export async function mayReadOrder(c: Context<AppEnv>, order: OrderRow): Promise<boolean> {
  const cookie = fromBase64url(readCookie(c, COOKIE.orderAccess) ?? '')
  if (
    cookie !== null &&
    cookie.length > 0 &&
    sameBytes(cookie, await cookieMac(c.env, order.siteId, order.id))
  )
    return true
  if (order.siteUserId === null) return false
  return (await liveSiteUser(c))?.user.id === order.siteUserId
}

/** The confirmation email's access token for an order, good until `expiresAt` (epoch seconds). */
export async function orderAccessToken(env: Env, siteId: string, orderId: string, expiresAt: number) {
  const expiry = expiresAt.toString(36)
  return `${expiry}.${base64url(await mac(env, `order-link|${siteId}|${orderId}|${expiry}`))}`
}

/** Whether `token` is a live access token of this order. */
export async function isOrderAccessToken(
  env: Env,
  siteId: string,
  orderId: string,
  token: string,
  now: number,
): Promise<boolean> {
  const [expiry = '', signature = '', ...rest] = token.split('.')
  const expiresAt = Number.parseInt(expiry, 36)
  if (rest.length > 0 || !/^[0-9a-z]{1,10}$/.test(expiry) || !(expiresAt * 1000 > now)) return false
  const given = fromBase64url(signature)
  return given !== null && sameBytes(given, await mac(env, `order-link|${siteId}|${orderId}|${expiry}`))
}

/** The email address an order was placed with, compared as typed (case and spaces aside). */
export function sameEmail(order: OrderRow, typed: string): boolean {
  return order.email.trim().toLowerCase() === typed.trim().toLowerCase()
}
