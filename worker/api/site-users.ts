/**
 * Site-user sessions (storefront.md sections 4, 6 and 7):
 *
 * - `POST /api/site-users/account/session` {email, password, rememberMe}: signs in, sets the
 *   site-user cookie (auth/sessions.ts) and answers `xsrfToken`, which session-protected calls
 *   send back as `X-XSRF-Token`.
 * - `DELETE /api/site-users/account/session?cloneCart=true`: signs out; with `cloneCart` the
 *   signed-out visitor keeps a copy of the cart. A crumb failure is flagged (`crumbFail`) and
 *   the client retries once.
 * - `GET /api/site-users/account`: the signed-in site user (session-protected).
 *
 * Sign-in is rate-limited per visitor (10 a minute) and per client address, and wrong passwords
 * slow further tries per account and address with growing delays (auth/throttle.ts: 429 with
 * `Retry-After`), never per account alone: a browser the account signed in from before is
 * never slowed. A wrong email and a wrong password get the same answer after the same work.
 *
 * A retried sign-in (its answer lost) is harmless (issue 19): the right password again is a
 * success, never a failure, and clears the account's count at this address. With an
 * `Idempotency-Key` header the retry answers the same session (the same `xsrfToken`, the same
 * row) instead of starting another; without one each sign-in starts its own session, as many as
 * the rate limit lets through.
 */

import { ACCOUNT_TEXT, API } from '../../shared/index'
import { endSession, SIGN_IN, signInAttempt, startSession } from '../auth/sessions'
import { liveSiteUser, requireSiteUser, xsrfRefusal } from '../auth/site-user'
import { normalizeEmail, type SiteUser } from '../db/site-users'
import type { AppEnv } from '../env'
import { bodySchema, on } from '../http/api-route'
import { idempotencyKeyOf, jsonBody, queryOf } from '../http/body'
import { Hono } from '../http/hono'
import { requireCrumb } from '../middleware/crumb'
import { rateLimit } from '../middleware/rate-limit'
import * as z from '../runtime/zod'

const signInSchema = bodySchema(
  API.signIn,
  z.object({
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(3),
        z.maxLength(256),
        z.email('Enter an email address such as user@domain.com.'),
      ),
    password: z.string().check(z.minLength(1, 'Enter your password.'), z.maxLength(1024)),
    rememberMe: z._default(z.boolean(), false),
  }),
)

const signOutQuerySchema = z.object({
  cloneCart: z.pipe(
    z._default(z.enum(['true', 'false'], { message: 'cloneCart must be true or false.' }), 'false'),
    z.transform((value: 'true' | 'false') => value === 'true'),
  ),
})

/** What the answers show of a site user: never the password hash. */
function publicSiteUser(user: Omit<SiteUser, 'passwordHash'>) {
  return { id: user.id, email: user.email, displayName: user.displayName, roles: user.roles }
}

const NO_STORE = { 'cache-control': 'no-store' }

export const siteUserRoutes = new Hono<AppEnv>()

on(
  siteUserRoutes,
  API.signIn,
  rateLimit(SIGN_IN, { limiter: 'SIGN_IN_LIMITER', message: ACCOUNT_TEXT.tooManyAttempts }),
  requireCrumb(),
  async function signIn(c) {
    const idempotencyKey = idempotencyKeyOf(c)
    const { email, password, rememberMe } = await jsonBody(c, signInSchema, 4096)
    const attempt = await signInAttempt(c, normalizeEmail(email), password)
    if ('waited' in attempt)
      return c.json({ message: ACCOUNT_TEXT.tooManyAttempts }, 429, { 'Retry-After': String(attempt.waited) })
    if (attempt.result === null) return c.json({ message: ACCOUNT_TEXT.wrongCredentials }, 401)
    const xsrfToken = await startSession(c, attempt.result, rememberMe, idempotencyKey)
    return c.json({ xsrfToken, siteUser: publicSiteUser(attempt.result) }, 200, NO_STORE)
  },
)

on(siteUserRoutes, API.signOut, requireCrumb(), async function signOut(c) {
  const { cloneCart } = queryOf(c, signOutQuerySchema)
  const session = await liveSiteUser(c)
  // Ending a live session is a session call: its XSRF token must come with it (section 6).
  if (session !== null) {
    const refused = await xsrfRefusal(c, session.sessionId)
    if (refused !== null) return refused
  }
  await endSession(c, session?.sessionId ?? null, cloneCart)
  return c.json({ signedOut: true, cartCloned: cloneCart }, 200, NO_STORE)
})

on(siteUserRoutes, API.siteUserAccount, requireSiteUser(), function showAccount(c) {
  return c.json({ siteUser: publicSiteUser(c.get('siteUser').user) }, 200, NO_STORE)
})
