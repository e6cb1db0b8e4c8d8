/**
 * Secrets never reach analytics (issue 18): every event's data passes through `scrubEventData`
 * before it is queued (gate.ts), whatever endpoint it came from and whatever field holds it
 * (page paths, query strings, referrers, destination URLs, error messages and stacks):
 *
 * - an order confirmation path `/commerce/orders/ord_<24 hex>` becomes
 *   `/commerce/orders/{orderId}`, and any other order id `ord_[redacted]`: whoever has an
 *   order's id has its page (routes/commerce-pages.tsx);
 * - query parameters that carry a secret are dropped (name and value) from every query string
 *   in a value, and from one URL-encoded inside another's parameter: `cartToken` (the
 *   subscription and gift-card checkout token), `access`, `token`, `key`, `code`, `crumb`,
 *   `password`, `session`, `signature` (any case), and any name whose last word is token, key,
 *   secret or password (`xsrfToken`, `captchaKey`, `idempotencyKey`, `access_token`,
 *   `api_key`); object properties with such a name are dropped too;
 * - gift-card codes (four groups of four of ABCDEFGHJKLMNPQRSTUVWXYZ23456789 joined by `-`,
 *   commerce/checkout.ts `newGiftCardCode`) become `[redacted]`.
 *
 * The HttpOnly cart id never comes from the client at all: the worker fills `cart_id` with an
 * id derived from it (cart-id.ts).
 */

/** What a secret is replaced with. */
export const REDACTED = '[redacted]'
/** What an order confirmation path's order id is replaced with. */
export const ORDER_ID_PLACEHOLDER = '{orderId}'

const ORDER_PATH = /\/commerce\/orders\/ord_[0-9a-f]{24}/gi
const ORDER_ID = /ord_[0-9a-f]{24}/gi
const GIFT_CARD_CODE = /(?<![A-Z0-9])[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}(?![A-Z0-9])/g
/** A query string: after `?` or `#`, or a whole value that starts as one (`page_query_params`). */
const QUERY = /(^|[?#])([^?#\s]*)/g
const SECRET_NAMES = new Set([
  'access',
  'carttoken',
  'code',
  'crumb',
  'key',
  'password',
  'session',
  'signature',
  'token',
])
/** A last word after a separator (`access_token`, `api-key`), or in camel case (`xsrfToken`; not `monkey`). */
const SECRET_WORD = /[_.-](?:token|key|secret|password)$/i
const SECRET_CAMEL_WORD = /[a-z0-9](?:Token|Key|Secret|Password)$/
/** Deeper than this, a value is dropped: no event the tracking script sends comes near it. */
const MAX_DEPTH = 16

/** Whether a parameter or property of this name carries a secret. */
export function isSecretName(name: string): boolean {
  let decoded = name
  try {
    decoded = decodeURIComponent(name)
  } catch {}
  const trimmed = decoded.trim()
  return (
    SECRET_NAMES.has(trimmed.toLowerCase()) || SECRET_WORD.test(trimmed) || SECRET_CAMEL_WORD.test(trimmed)
  )
}

/** One query string without its secret parameters (also inside a URL-encoded parameter value). */
function scrubQuery(query: string, nested: boolean): string {
  const kept: string[] = []
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=')
    const name = equals < 0 ? pair : pair.slice(0, equals)
    if (equals >= 0 && isSecretName(name)) continue
    if (nested || equals < 0) {
      kept.push(pair)
      continue
    }
    // A URL inside a parameter (`?next=%2Fcheckout%3FcartToken%3D…`) loses its secrets too.
    const value = pair.slice(equals + 1)
    let decoded = value
    try {
      decoded = decodeURIComponent(value.replace(/\+/g, ' '))
    } catch {}
    const clean = decoded === value ? value : scrubText(decoded, true)
    kept.push(clean === decoded ? pair : `${name}=${encodeURIComponent(clean)}`)
  }
  return kept.join('&')
}

/** `text` without order ids, secret query parameters and gift-card codes. */
export function scrubText(text: string, nested = false): string {
  let out = text.replace(ORDER_PATH, `/commerce/orders/${ORDER_ID_PLACEHOLDER}`)
  if (out.includes('=')) {
    out = out.replace(QUERY, (whole, lead: string, query: string) => {
      // At the start of a value only a bare query string (`a=1&b=2`) counts, not a path or a URL.
      if (!query.includes('=') || (lead === '' && !/^[^/:=&]+=/.test(query))) return whole
      const clean = scrubQuery(query, nested)
      if (clean === query) return whole
      return clean === '' ? '' : `${lead}${clean}`
    })
  }
  return out.replace(ORDER_ID, `ord_${REDACTED}`).replace(GIFT_CARD_CODE, REDACTED)
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return null
  if (Array.isArray(value)) return value.map((entry) => scrubValue(entry, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [name, entry] of Object.entries(value)) {
    if (isSecretName(name)) continue
    out[scrubText(name)] = scrubValue(entry, depth + 1)
  }
  return out
}

/** An event's data as it may be stored: every string (values and names) scrubbed, at any depth. */
export function scrubEventData(data: Record<string, unknown>): Record<string, unknown> {
  return scrubValue(data, 0) as Record<string, unknown>
}
