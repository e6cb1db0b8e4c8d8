/**
 * Where a Zapier hook may deliver (worker/editor/zapier-api.ts): an `https` URL on a public host.
 * Plain `http` only where `ENVIRONMENT` is `development` (tests deliver to a local receiver).
 * In production, names and literal addresses that point inside a network are refused: loopback,
 * RFC 1918 and RFC 6598 ranges, link-local (169.254.0.0/16 holds cloud metadata services), IPv6
 * unique-local and link-local, `localhost` and `.internal` names. Workers' `fetch` cannot reach
 * private networks anyway; this keeps such hooks from being stored at all.
 */

/** First two bytes of each range and its prefix length. */
const PRIVATE_V4: readonly (readonly [number, number, number])[] = [
  [0, 0, 8],
  [10, 0, 8],
  [100, 64, 10],
  [127, 0, 8],
  [169, 254, 16],
  [172, 16, 12],
  [192, 168, 16],
]

function ipv4(host: string): number[] | null {
  const parts = host.split('.')
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null
  const bytes = parts.map(Number)
  return bytes.every((byte) => byte <= 255) ? bytes : null
}

function privateV4(bytes: number[]): boolean {
  const value = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)
  return PRIVATE_V4.some(([a, b, bits]) => {
    const mask = -1 << (32 - bits)
    return (value & mask) === (((a << 24) | (b << 16)) & mask)
  })
}

function privateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return true
  const v4 = ipv4(host)
  if (v4 !== null) return privateV4(v4)
  if (!host.includes(':')) return false
  // IPv6: loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10), IPv4-mapped.
  if (host === '::1' || host === '::') return true
  if (/^f[cd]/.test(host) || /^fe[89ab]/.test(host)) return true
  // The URL parser writes an IPv4-mapped address in hex: `::ffff:a00:1` is 10.0.0.1.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host)
  if (mapped === null) return false
  const [high, low] = [Number.parseInt(mapped[1] ?? '0', 16), Number.parseInt(mapped[2] ?? '0', 16)]
  return privateV4([high >> 8, high & 255, low >> 8, low & 255])
}

/** The target as stored, or null when a hook may not deliver there. */
export function hookTarget(value: string, environment: string | undefined): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  const development = environment === 'development'
  if (url.protocol !== 'https:' && !(development && url.protocol === 'http:')) return null
  if (url.username !== '' || url.password !== '') return null
  if (!development && privateHost(url.hostname)) return null
  return url.href
}
