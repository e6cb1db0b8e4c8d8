/**
 * Signing site users in and out, shared by the session API (api/site-users.ts) and the member
 * page's plain HTML form (routes/protected-pages.ts): checking credentials, starting a session
 * (a D1 row, then the cookie) and ending one.
 */
import type { Context } from 'hono'
import { COOKIE } from '../../shared/index'
import { base64url, randomId } from '../crypto/encoding'
import { DECOY_PASSWORD_HASH, verifyPassword } from '../crypto/passwords'
import { sessionSecret, sign } from '../crypto/secrets'
import { insertSession, insertSessionOnce, revokeSession } from '../db/site-user-sessions'
import { findSiteUserByEmail, type SiteUser } from '../db/site-users'
import type { AppEnv } from '../env'
import { clearCookie, writeCookie } from '../http/cookies'
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
    checkCredentials(c.env.DB, c.get('tenant').siteId, email, password),
  )
}

/**
 * The session a sign-in with an idempotency key starts: its id derived from the key, the
 * visitor's crumb and the site user (HMAC under the session secret), stored once, so a retry of
 * the sign-in (its answer lost) answers the very same session rather than another row. A row
 * that was signed out or ran out since gives way to a new session. Null without a key.
 */
async function keyedSession(
  c: Context<AppEnv>,
  user: SiteUser,
  key: string | null,
  fresh: { createdAt: number; expiresAt: number },
): Promise<{ sessionId: string; expiresAt: number } | null> {
  if (key === null) return null
  const siteId = c.get('tenant').siteId
  const mac = await sign(sessionSecret(c.env), `session|${siteId}|${c.get('crumb')}|${user.id}|${key}`)
  const sessionId = base64url(mac.slice(0, 16))
  const stored = await insertSessionOnce(c.env.DB, { id: sessionId, siteId, siteUserId: user.id, ...fresh })
  const live =
    stored.siteUserId === user.id && stored.revokedAt === null && stored.expiresAt > fresh.createdAt
  return live ? { sessionId, expiresAt: stored.expiresAt } : null
}

/**
 * Starts a session for `user`: stored first (acknowledged only once written), then the cookie:
 * HttpOnly, Secure, SameSite=Lax; with `rememberMe` it lasts 30 days, without it it ends with
 * the browser session (and its token after a day). Returns the session's XSRF token. With an
 * idempotency key, a retry answers the session the first copy started (`keyedSession`).
 */
export async function startSession(
  c: Context<AppEnv>,
  user: SiteUser,
  rememberMe: boolean,
  idempotencyKey: string | null = null,
): Promise<string> {
  const secret = sessionSecret(c.env)
  const siteId = c.get('tenant').siteId
  const now = Date.now()
  const fresh = {
    createdAt: now,
    expiresAt: now + (rememberMe ? SESSION_LIFETIME_MS.remembered : SESSION_LIFETIME_MS.browserSession),
  }
  const keyed = await keyedSession(c, user, idempotencyKey, fresh)
  const sessionId = keyed?.sessionId ?? randomId()
  const expiresAt = keyed?.expiresAt ?? fresh.expiresAt
  if (keyed === null) await insertSession(c.env.DB, { id: sessionId, siteId, siteUserId: user.id, ...fresh })
  const token = await signSessionToken(secret, {
    siteUserId: user.id,
    siteId,
    sessionId,
    roles: user.roles,
    expiresAt: Math.floor(expiresAt / 1000),
  })
  writeCookie(c, COOKIE.siteUser, token, {
    httpOnly: true,
    ...(rememberMe ? { maxAge: Math.floor((expiresAt - now) / 1000) } : {}),
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
  if (sessionId !== null) await revokeSession(c.env.DB, c.get('tenant').siteId, sessionId)
  clearCookie(c, COOKIE.siteUser)
  if (!cloneCart) {
    clearCookie(c, COOKIE.cart)
    clearCookie(c, COOKIE.hasCart)
  }
}
