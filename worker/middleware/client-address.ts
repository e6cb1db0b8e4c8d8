/**
 * The client's network address, as limits see it. Cloudflare sets `CF-Connecting-IP` on every
 * request it forwards (a client cannot choose it in production). An IPv6 client is its /64:
 * one household or phone holds a whole /64 and can pick any address in it, so a limit per
 * full IPv6 address would be a limit per request.
 */

/** The header Cloudflare puts the visitor's address in. */
export const CLIENT_ADDRESS_HEADER = 'CF-Connecting-IP'

/** The eight groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const text = address.toLowerCase().split('%')[0] ?? ''
  if (!/^[0-9a-f:.]+$/.test(text) || !text.includes(':')) return null
  const halves = text.split('::')
  if (halves.length > 2) return null
  const part = (half: string | undefined) => (half === undefined || half === '' ? [] : half.split(':'))
  const head = part(halves[0])
  const tail = part(halves[1])
  // An embedded IPv4 tail (::ffff:192.0.2.1) counts as two groups.
  const last = tail.length > 0 ? tail : head
  if (last.length > 0 && (last[last.length - 1] ?? '').includes('.')) last.splice(-1, 1, '0', '0')
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail]
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null
  return groups.map((group) => group.replace(/^0+(?=.)/, ''))
}

/**
 * The limit key of an address: an IPv4 address as it is, an IPv6 address as its /64
 * (`2001:db8:1:2::/64`); anything else as given, shortened (it is only ever a key).
 */
export function addressKey(address: string): string {
  const groups = ipv6Groups(address)
  if (groups === null) return address.slice(0, 64)
  return `${groups.slice(0, 4).join(':')}::/64`
}

/** The request's client address key, or null when no address came with it (local tools, tests). */
export function clientAddressOf(request: Request): string | null {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim()
  return address ? addressKey(address) : null
}
