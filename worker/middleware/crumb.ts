/**
 * The crumb: a random visitor id in the `crumb` cookie (storefront.md section 9), set at the
 * edge on the first response that lacks one. The page body never depends on it, so pages stay
 * cacheable; scripts read it from the cookie and send it back as `X-CSRF-Token` on every
 * state-changing call (platform.md section 7), which `requireCrumb` checks.
 *
 * A plain HTML form post (no script, and a cacheable page carries no crumb) proves where it
 * came from with `Origin` or `Sec-Fetch-Site` instead (`requireSameOrigin`), as Hono's csrf
 * middleware does.
 */
import type { MiddlewareHandler } from 'hono'
import { CRUMB_HEADER } from '../../islands/constants'
import { COMMERCE_TEXT, COOKIE } from '../../templates/shared'
import { randomId } from '../auth/encoding'
import type { AppEnv } from '../context'
import { readCookie, writeCookie } from './cookies'

/** The header scripts send the crumb in (named once, in islands/constants.ts). */
export { CRUMB_HEADER } from '../../islands/constants'

const CRUMB_PATTERN = /^[A-Za-z0-9_-]{22,64}$/
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** 128 random bits, base64url. */
export function newCrumb(): string {
  return randomId(16)
}

/** The request's crumb cookie when it is well formed. */
export function crumbOf(cookie: string | undefined): string | null {
  return cookie !== undefined && CRUMB_PATTERN.test(cookie) ? cookie : null
}

/** Gives every visitor a crumb: `c.var.crumb`, and the cookie on a response to a request that had none. */
export function visitorCrumb(): MiddlewareHandler<AppEnv> {
  return async function visitorCrumb(c, next) {
    const existing = crumbOf(readCookie(c, COOKIE.visitor))
    c.set('crumb', existing ?? newCrumb())
    await next()
    // Scripts read it, so it cannot be HttpOnly; it lives for the browser session.
    if (existing === null) writeCookie(c, COOKIE.visitor, c.var.crumb)
  }
}

/** Equal strings in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * State-changing calls from scripts must send the crumb cookie's value as `X-CSRF-Token`. A
 * missing or wrong crumb is a 403 whose JSON carries `crumbFail: true`, which the client turns
 * into 'Your session has expired…' (or, with cookies off, 'Please enable cookies…').
 */
export function requireCrumb(): MiddlewareHandler<AppEnv> {
  return async function requireCrumb(c, next) {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const cookie = crumbOf(readCookie(c, COOKIE.visitor))
    const header = c.req.header(CRUMB_HEADER)
    if (cookie === null || header === undefined || !sameSecret(cookie, header)) {
      return c.json({ crumbFail: true, message: COMMERCE_TEXT.sessionExpired }, 403)
    }
    await next()
  }
}

/**
 * A form posted by the tenant's own page: `Origin` is the request's own origin, or the browser
 * says `Sec-Fetch-Site: same-origin`. Anything else (another site's form, a missing Origin on a
 * cross-site post) is refused.
 */
export function isSameOriginPost(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site')
  if (site === 'same-origin') return true
  if (site !== null && site !== 'none') return false
  const origin = request.headers.get('Origin')
  return origin !== null && origin === new URL(request.url).origin
}

/** The answer to a plain form post from elsewhere. */
export const SAME_ORIGIN_REFUSAL = 'This form can only be sent from the site’s own pages.'

/** Refuses a plain form post that did not come from the tenant's own pages (403, plain text). */
export function requireSameOrigin(): MiddlewareHandler<AppEnv> {
  return async function requireSameOrigin(c, next) {
    if (SAFE_METHODS.has(c.req.method) || isSameOriginPost(c.req.raw)) return next()
    return c.text(SAME_ORIGIN_REFUSAL, 403)
  }
}
