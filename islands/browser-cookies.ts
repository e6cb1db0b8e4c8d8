/** Cookies as the browser's scripts see them (those not HttpOnly: the crumb, the visit cookies). */

/** A cookie's value, or undefined when the page has none by that name. */
export function cookieValue(name: string): string | undefined {
  for (const part of document.cookie.split('; ')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at) === name) return part.slice(at + 1)
  }
  return undefined
}
