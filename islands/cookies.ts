/**
 * Cookies as the browser's scripts see them (those not HttpOnly: the crumb, the visit cookies,
 * `has-cart`). One reader for every island, the pill cart and the tracking script: values are
 * decoded with decodeURIComponent, a malformed one is given back as it is. No imports: the pill
 * cart, on every page, bundles it (islands/http.ts reads the crumb with it).
 */
/** A cookie's value, or undefined when the page has none by that name. */
export function cookieValue(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=')
    if (at <= 0 || part.slice(0, at).trim() !== name) continue
    const raw = part.slice(at + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return undefined
}
