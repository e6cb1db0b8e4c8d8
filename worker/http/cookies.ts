/**
 * Reading and writing the visitor's cookies (RFC 6265) with the attributes each one needs.
 *
 * Our own few lines rather than Hono's cookie helper (issue 26: 2.5 KiB of the bundle for the
 * signed cookies, prefixes, `Domain`, `Expires` and `Priority` we never use). Reading and the
 * attributes written are Hono's, byte for byte: the same parsing of the `Cookie` header, the
 * same attribute order, percent-encoded values and the 400-day cap on `Max-Age`.
 */
import type { Context } from 'hono'
import { tryDecodeURIComponent } from 'hono/utils/url'

/** What a cookie may set besides `Secure` (always) and `SameSite` (`Lax` unless told). */
export interface CookieOptions {
  /** `/` unless told. */
  path?: string
  httpOnly?: boolean
  /** Seconds; none: a session cookie. */
  maxAge?: number
  sameSite?: 'Strict' | 'Lax' | 'None'
}

/** Names and values a cookie header may carry (Hono's, RFC 6265 §4.1.1 with spaces allowed in values). */
const HEADER_NAME = /^[!#-:<>-[\]-~]+$/
const HEADER_VALUE = /^[ !#-:<-[\]-~]*$/
/** RFC 6265bis: user agents cap a cookie's lifetime at 400 days; a longer one is a mistake here. */
const MAX_AGE_LIMIT = 400 * 24 * 60 * 60

const trimSpaces = (text: string): string => text.replace(/^[ \t]+|[ \t]+$/g, '')

/**
 * Each request's cookies, parsed once: a page view reads some eight of them in as many
 * middlewares (the crumb, the visit cookies, the cart hint). Keyed by the request object, so
 * nothing outlives it. Per name the first valid value wins; the values are still encoded.
 */
const jars = new WeakMap<Request, Map<string, string>>()

function cookieJar(request: Request): Map<string, string> {
  const known = jars.get(request)
  if (known !== undefined) return known
  const jar = new Map<string, string>()
  for (const pair of request.headers.get('Cookie')?.split(';') ?? []) {
    const equals = pair.indexOf('=')
    if (equals === -1) continue
    const name = trimSpaces(pair.slice(0, equals))
    if (jar.has(name)) continue
    let value = trimSpaces(pair.slice(equals + 1))
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    if (HEADER_VALUE.test(value)) jar.set(name, value)
  }
  jars.set(request, jar)
  return jar
}

/** A cookie's value, or undefined when the request has none by that name (the first valid one wins). */
export function readCookie(c: Context, name: string): string | undefined {
  if (!HEADER_NAME.test(name)) return undefined
  const value = cookieJar(c.req.raw).get(name)
  return value === undefined ? undefined : tryDecodeURIComponent(value)
}

/**
 * Sets a cookie on the response: path-wide, `Secure` (browsers accept it on `localhost` too) and
 * `SameSite=Lax` unless told otherwise. `HttpOnly` is the caller's choice: a cookie scripts must
 * read (the crumb) cannot have it.
 */
export function writeCookie(c: Context, name: string, value: string, options: CookieOptions = {}): void {
  const { path = '/', httpOnly = false, maxAge, sameSite = 'Lax' } = options
  if (/[;\r\n]/.test(path)) throw new Error(`Cookie ${name}'s path must not contain ";", "\\r", or "\\n"`)
  let cookie = `${name}=${encodeURIComponent(value)}`
  if (maxAge !== undefined && maxAge >= 0) {
    if (maxAge > MAX_AGE_LIMIT) throw new Error(`Cookie ${name}'s Max-Age is over 400 days`)
    cookie += `; Max-Age=${maxAge | 0}`
  }
  if (path !== '') cookie += `; Path=${path}`
  if (httpOnly) cookie += '; HttpOnly'
  appendSetCookie(c, `${cookie}; Secure; SameSite=${sameSite}`)
}

/**
 * Adds a `Set-Cookie` line to the response. Once a response is produced (the visit cookies and
 * the crumb go on after the page), Hono's `c.header` copies the whole response, headers and
 * all, for each header it sets (issue 26: a cache hit that renews the visit timestamp paid for
 * one such copy); a response we built has headers we may change in place, so the line goes
 * there. Headers that may not be changed (a subrequest's answer) take Hono's copy.
 */
function appendSetCookie(c: Context, line: string): void {
  if (c.finalized) {
    try {
      c.res.headers.append('Set-Cookie', line)
      return
    } catch (error) {
      if (!(error instanceof TypeError)) throw error
    }
  }
  c.header('Set-Cookie', line, { append: true })
}

/** Clears a cookie (the same path it was set with). */
export function clearCookie(c: Context, name: string): void {
  writeCookie(c, name, '', { maxAge: 0 })
}

/** Characters a cookie value may hold as they are (RFC 6265 §4.1.1 cookie-octet). */
const COOKIE_OCTETS = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/

/**
 * Sets a cookie whose value is written as it is (no percent-encoding), readable by scripts:
 * the visit cookies, whose format the platform fixes (`id|first|previous|current|count`).
 * `maxAge` may exceed the 400 days Hono's helper allows: the spec's visitor record lasts two
 * years, and browsers that cap lifetimes (RFC 6265bis) simply keep it for their maximum.
 */
export function writePlainCookie(c: Context, name: string, value: string, maxAge: number): void {
  if (!COOKIE_OCTETS.test(value))
    throw new TypeError(`Cookie ${name} has characters a cookie value cannot hold`)
  appendSetCookie(c, `${name}=${value}; Max-Age=${maxAge}; Path=/; Secure; SameSite=Lax`)
}
