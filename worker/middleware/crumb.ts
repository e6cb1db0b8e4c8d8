/**
 * The crumb: a visitor id in the `crumb` cookie (storefront.md section 9), set at the edge on
 * the first response that lacks a valid one. The page body never depends on it, so pages stay
 * cacheable; scripts read it from the cookie and send it back as `X-CSRF-Token` on every
 * state-changing call (platform.md section 7), which `requireCrumb` checks.
 *
 * A crumb is minted and signed by the server: 128 random bits and an HMAC of them under
 * `SESSION_SECRET` (`<random><mac>`, base64url, 44 characters). A made-up crumb, or one from
 * before crumbs were signed, is not a crumb: the visitor gets a new one, and a call that sends
 * it is refused. (The cookie is the host's own, so a crumb never travels between tenants; one
 * taken there by hand gains nothing a visit to the other tenant would not give.) Per-visitor rate limits key on a crumb only
 * when it arrived in the request's cookie (`c.get('knownVisitor')`), never on one minted for this
 * very response, so dropping the cookie does not start a fresh bucket (rate-limit.ts).
 *
 * A plain HTML form post (no script, and a cacheable page carries no crumb) proves where it
 * came from with `Origin` or `Sec-Fetch-Site` instead (`requireSameOrigin`), as Hono's csrf
 * middleware does.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { CRUMB_HEADER } from '../../islands/index'
import { COMMERCE_TEXT, COOKIE } from '../../shared/index'
import { base64url, randomId, sameSecret } from '../crypto/encoding'
import { sessionSecret, sign } from '../crypto/secrets'
import type { AppEnv, Env } from '../env'
import { readCookie, writeCookie } from '../http/cookies'
import { SettledCache } from '../runtime/isolate-cache'

/** The header scripts send the crumb in (named once, in islands/constants.ts). */
export { CRUMB_HEADER } from '../../islands/index'

/** 22 characters of randomness, then 22 of signature. */
const CRUMB_PATTERN = /^[A-Za-z0-9_-]{44}$/
const RANDOM_LENGTH = 22
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

async function crumbMac(env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>, random: string) {
  return (await sign(sessionSecret(env), `crumb|${random}`)).slice(0, 16)
}

/** A new crumb: 128 random bits and their signature. */
export async function newCrumb(env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>): Promise<string> {
  const random = randomId(16)
  return `${random}${base64url(await crumbMac(env, random))}`
}

/** Crumbs this isolate has checked (settled booleans, isolate-cache.ts). */
const checked = new SettledCache<boolean>(4096)

/** The crumb when `value` is one this server minted, else null. */
export async function verifiedCrumb(
  env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>,
  value: string | undefined | null,
): Promise<string | null> {
  if (value === undefined || value === null || !CRUMB_PATTERN.test(value)) return null
  const known = checked.get(value)
  if (known !== undefined) return known ? value : null
  // Compared as text: base64url has several spellings of the same bytes in its last character.
  const valid = sameSecret(
    value.slice(RANDOM_LENGTH),
    base64url(await crumbMac(env, value.slice(0, RANDOM_LENGTH))),
  )
  checked.set(value, valid)
  return valid ? value : null
}

/** The request's crumb cookie when it is one this server minted, else null. */
export function cookieCrumb(c: Context<AppEnv>): Promise<string | null> {
  return verifiedCrumb(c.env, readCookie(c, COOKIE.visitor))
}

/**
 * Whether the request's crumb cookie is one this isolate already checked and found ours: then
 * `visitorCrumb` sets no cookie, and the answer needs no check (the held-page answer, app.ts).
 */
export function knownCrumb(c: Context<AppEnv>): boolean {
  const value = readCookie(c, COOKIE.visitor)
  return value !== undefined && CRUMB_PATTERN.test(value) && checked.get(value) === true
}

/**
 * Gives every visitor a crumb: `c.get('crumb')`, and the cookie on a response to a request that
 * had no valid one. `c.get('knownVisitor')` says whether the crumb came with the request.
 */
export function visitorCrumb(): MiddlewareHandler<AppEnv> {
  return async function visitorCrumb(c, next) {
    const existing = await cookieCrumb(c)
    c.set('knownVisitor', existing !== null)
    c.set('crumb', existing ?? (await newCrumb(c.env)))
    await next()
    // Scripts read it, so it cannot be HttpOnly; it lives for the browser session.
    if (existing === null) writeCookie(c, COOKIE.visitor, c.get('crumb'))
  }
}

/**
 * State-changing calls from scripts must send the crumb cookie's value as `X-CSRF-Token`. A
 * missing or wrong crumb is a 403 whose JSON carries `crumbFail: true`, which the client turns
 * into 'Your session has expired…' (or, with cookies off, 'Please enable cookies…').
 */
export function requireCrumb(
  /** `reads`: GETs need it too (a call that spends a paid third party's quota). */
  options: { reads?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async function requireCrumb(c, next) {
    if (!options.reads && SAFE_METHODS.has(c.req.method)) return next()
    if (!sendsCrumb(c)) return crumbRefusal(c)
    await next()
  }
}

/** Whether the call sends, as `X-CSRF-Token`, the crumb its cookie carried in. */
export function sendsCrumb(c: Context<AppEnv>): boolean {
  const cookie = c.get('knownVisitor') ? c.get('crumb') : null
  const header = c.req.header(CRUMB_HEADER)
  return cookie !== null && header !== undefined && sameSecret(cookie, header)
}

/** The 403 of a refused crumb (`crumbFail`: the client says 'Your session has expired…'). */
export function crumbRefusal(c: Context<AppEnv>): Response {
  return c.json({ crumbFail: true, message: COMMERCE_TEXT.sessionExpired }, 403)
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
