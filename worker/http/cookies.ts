/** Reading and writing the visitor's cookies (RFC 6265) with the attributes each one needs. */
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'

/** A cookie's value, or undefined when the request has none by that name. */
export function readCookie(c: Context, name: string): string | undefined {
  return getCookie(c, name)
}

/**
 * Sets a cookie on the response: path-wide, `Secure` (browsers accept it on `localhost` too) and
 * `SameSite=Lax` unless told otherwise. `HttpOnly` is the caller's choice: a cookie scripts must
 * read (the crumb) cannot have it.
 */
export function writeCookie(c: Context, name: string, value: string, options: CookieOptions = {}): void {
  setCookie(c, name, value, { path: '/', secure: true, sameSite: 'Lax', ...options })
}

/** Clears a cookie (the same path it was set with). */
export function clearCookie(c: Context, name: string): void {
  setCookie(c, name, '', { path: '/', secure: true, sameSite: 'Lax', maxAge: 0 })
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
  c.header('Set-Cookie', `${name}=${value}; Max-Age=${maxAge}; Path=/; Secure; SameSite=Lax`, {
    append: true,
  })
}
