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
