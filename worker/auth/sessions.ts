/**
 * Signing site users in and out, shared by the session API (api/site-users.ts) and the member
 * page's plain HTML form (routes/protected-pages.ts): checking credentials, starting a session
 * (a D1 row, then the cookie) and ending one.
 */
import type { Context } from 'hono'
import { COOKIE } from '../../templates/shared'
import type { AppEnv } from '../context'
import { insertSession, revokeSession } from '../db/site-user-sessions'
import { findSiteUserByEmail, type SiteUser } from '../db/site-users'
import { clearCookie, writeCookie } from '../middleware/cookies'
import { randomId } from './encoding'
import { DECOY_PASSWORD_HASH, verifyPassword } from './passwords'
import { sessionSecret } from './secret'
import { isKnownDevice, rememberDevice, signInKeys, throttledCheck } from './throttle'
import { signSessionToken, xsrfTokenFor } from './tokens'

const DAY_MS = 24 * 60 * 60 * 1000
/** How long a session lasts: remembered 30 days, otherwise a day (and the browser session). */
export const SESSION_LIFETIME_MS = { remembered: 30 * DAY_MS, browserSession: DAY_MS } as const

/** Rate-limit endpoint of sign-in (SIGN_IN_LIMITER, per visitor; ADDRESS_LIMITER per address). */
export const SIGN_IN = 'sign-in'

/**
 * The site user for `email` and `password`, or null. An unknown email is checked against a
 * decoy hash, so it takes as long as a wrong password (no telling which accounts exist).
 */
export async function checkCredentials(
  db: D1Database,
  siteId: string,
  email: string,
  password: string,
): Promise<SiteUser | null> {
  const user = await findSiteUserByEmail(db, siteId, email)
  const matches = await verifyPassword(password, user?.passwordHash ?? DECOY_PASSWORD_HASH)
  return matches && user !== null ? user : null
}

/**
 * A sign-in try under the password throttle (auth/throttle.ts): `{ waited }` seconds when it
 * must wait, else the site user (or null for a wrong email or password). A browser the
 * account signed in from before is never slowed.
 */
export async function signInAttempt(
  c: Context<AppEnv>,
  email: string,
  password: string,
): Promise<{ waited: number } | { result: SiteUser | null }> {
  const trusted = await isKnownDevice(c, email)
  return throttledCheck(c, signInKeys(c, email), trusted, () =>
    checkCredentials(c.env.DB, c.var.tenant.siteId, email, password),
  )
}

/**
 * Starts a session for `user`: stored first (acknowledged only once written), then the cookie:
 * HttpOnly, Secure, SameSite=Lax; with `rememberMe` it lasts 30 days, without it it ends with
 * the browser session (and its token after a day). Returns the session's XSRF token.
 */
export async function startSession(c: Context<AppEnv>, user: SiteUser, rememberMe: boolean): Promise<string> {
  const secret = sessionSecret(c.env)
  const siteId = c.var.tenant.siteId
  const now = Date.now()
  const expiresAt = now + (rememberMe ? SESSION_LIFETIME_MS.remembered : SESSION_LIFETIME_MS.browserSession)
  const sessionId = randomId()
  await insertSession(c.env.DB, { id: sessionId, siteId, siteUserId: user.id, createdAt: now, expiresAt })
  const token = await signSessionToken(secret, {
    siteUserId: user.id,
    siteId,
    sessionId,
    roles: user.roles,
    expiresAt: Math.floor(expiresAt / 1000),
  })
  writeCookie(c, COOKIE.siteUser, token, {
    httpOnly: true,
    ...(rememberMe ? { maxAge: SESSION_LIFETIME_MS.remembered / 1000 } : {}),
  })
  await rememberDevice(c, user.email)
  return xsrfTokenFor(secret, siteId, sessionId)
}

/**
 * Ends a session (when there is a live one) and takes the cookie away. The cart: until carts
 * are linked to accounts (the cart issue), a signed-in shopper's cart is the browser's own
 * cart, so keeping its cookies is the copy `cloneCart` asks for; without it the signed-out
 * browser starts with no cart.
 */
export async function endSession(
  c: Context<AppEnv>,
  sessionId: string | null,
  cloneCart: boolean,
): Promise<void> {
  if (sessionId !== null) await revokeSession(c.env.DB, c.var.tenant.siteId, sessionId)
  clearCookie(c, COOKIE.siteUser)
  if (!cloneCart) {
    clearCookie(c, COOKIE.cart)
    clearCookie(c, COOKIE.hasCart)
  }
}
