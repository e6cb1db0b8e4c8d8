/** A cookie of the page, or '' (HttpOnly cookies are never visible to scripts). No imports: the pill cart uses it. */
export function readPageCookie(name: string): string {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return ''
}
