/**
 * Signed-in site users (storefront.md sections 6 and 7). The site-user cookie holds a session
 * token (auth/tokens.ts); a session is live while its D1 row is neither revoked nor expired.
 *
 * - `siteUserClaims(c)`: the cookie's claims, checked cryptographically only (no D1): enough
 *   for analytics suppression, which only needs the roles.
 * - `liveSiteUser(c)`: the live session and its site user with their current roles (one D1
 *   read): member pages.
 * - `requireSiteUser()`: a session-protected call: a live session (else 401) and its XSRF token
 *   in `X-XSRF-Token` (else 403); the site user is `c.get('siteUser')` below it.
 * - `requireSiteUserRole(...roles)`: the same, and the site user must hold one of `roles`
 *   (else 403). Owner-only calls use it, e.g. the restock send and list calls:
 *   `requireSiteUserRole(...STORE_OWNER_ROLES)`.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { XSRF_HEADER } from '../../islands/index'
import { ACCOUNT_TEXT, COOKIE, WebsiteRole } from '../../shared/index'
import { sessionSecret } from '../crypto/secrets'
import { liveSessionUser } from '../db/site-user-sessions'
import type { SiteUser } from '../db/site-users'
import type { AppEnv } from '../env'
import { clearCookie, readCookie } from '../http/cookies'
import { isXsrfTokenOf, type SessionClaims, verifySessionToken } from './tokens'

/** The header session-protected calls send the sign-in's `xsrfToken` in (named in islands/constants.ts). */
export { XSRF_HEADER } from '../../islands/index'

/** Roles that may run the store: owner-only calls (restock send and list) require one. */
export const STORE_OWNER_ROLES = [WebsiteRole.ADMIN, WebsiteRole.STORE_MANAGER] as const

/** A signed-in site user as the routes below `requireSiteUser` see them. */
export interface SiteUserSession {
  sessionId: string
  user: Omit<SiteUser, 'passwordHash'>
}

type Claims = SessionClaims | 'expired' | 'invalid' | null

/** The cookie's verified token (memoized per request): claims, why it was refused, or null without a cookie. */
async function tokenOf(c: Context<AppEnv>): Promise<Claims> {
  const known = c.get('siteUserToken')
  if (known !== undefined) return known
  const cookie = readCookie(c, COOKIE.siteUser)
  const claims: Claims =
    cookie === undefined || cookie === ''
      ? null
      : await verifySessionToken(sessionSecret(c.env), cookie, c.get('tenant').siteId)
  c.set('siteUserToken', claims)
  return claims
}

/** The signed-in site user's token claims, or null (not signed in, expired, forged, another site's). */
export async function siteUserClaims(c: Context<AppEnv>): Promise<SessionClaims | null> {
  const claims = await tokenOf(c)
  return typeof claims === 'object' ? claims : null
}

/** The live session and its site user, or null. */
export async function liveSiteUser(c: Context<AppEnv>): Promise<SiteUserSession | null> {
  const claims = await siteUserClaims(c)
  if (claims === null) return null
  const user = await liveSessionUser(c.env.DB, c.get('tenant').siteId, claims.sessionId)
  return user === null ? null : { sessionId: claims.sessionId, user }
}

/** The 403 (flagged `xsrfFail`) for a call without the session's XSRF token; null when it has it. */
export async function xsrfRefusal(c: Context<AppEnv>, sessionId: string): Promise<Response | null> {
  const token = c.req.header(XSRF_HEADER)
  if (await isXsrfTokenOf(sessionSecret(c.env), c.get('tenant').siteId, sessionId, token)) return null
  return c.json({ xsrfFail: true, message: ACCOUNT_TEXT.xsrfMissing }, 403)
}

/** Session-protected call: 401 without a live session, 403 without its XSRF header. */
export function requireSiteUser(): MiddlewareHandler<AppEnv> {
  return async function requireSiteUser(c, next) {
    const session = await liveSiteUser(c)
    if (session === null) {
      const expired = (await tokenOf(c)) === 'expired'
      // A dead cookie is taken away, so the browser stops sending it.
      if (readCookie(c, COOKIE.siteUser) !== undefined) clearCookie(c, COOKIE.siteUser)
      return c.json(
        { message: ACCOUNT_TEXT.signInRequired, ...(expired ? { sessionExpired: true } : {}) },
        401,
      )
    }
    const refused = await xsrfRefusal(c, session.sessionId)
    if (refused !== null) return refused
    c.set('siteUser', session)
    await next()
  }
}

/** Whether a site user holds one of `roles`. */
export function hasRole(user: Pick<SiteUser, 'roles'>, roles: readonly number[]): boolean {
  return user.roles.some((role) => roles.includes(role))
}

/**
 * Session-protected and role-checked: `requireSiteUserRole(WebsiteRole.ADMIN,
 * WebsiteRole.STORE_MANAGER)` lets in a signed-in site user holding either role (with the XSRF
 * header), answers 401 or 403 as `requireSiteUser` does, and 403 to anyone else.
 */
export function requireSiteUserRole(...roles: number[]): MiddlewareHandler<AppEnv> {
  if (roles.length === 0) throw new Error('requireSiteUserRole needs at least one role (WebsiteRole.*)')
  const signedIn = requireSiteUser()
  return async function requireSiteUserRole(c, next) {
    let passed = false
    const refused = await signedIn(c, async () => {
      passed = true
    })
    if (!passed) return refused ?? c.json({ message: ACCOUNT_TEXT.signInRequired }, 401)
    if (!hasRole(c.get('siteUser').user, roles)) return c.json({ message: ACCOUNT_TEXT.roleMissing }, 403)
    await next()
  }
}
