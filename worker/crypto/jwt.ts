/**
 * JSON Web Tokens signed with HMAC-SHA256 (RFC 7519, JWS compact form of RFC 7515, `alg`
 * HS256), on WebCrypto: the site-user session (worker/auth/tokens.ts) and the checkout tokens
 * (worker/commerce/checkout-tokens.ts). HS256 with our own secrets is all the worker signs or
 * accepts, so this replaces jose (about 6 KiB gzip of the bundle, issue 26) with the checks
 * jose's `jwtVerify` made for those two callers, in its order: the signature first, then the
 * claims, so a token is only ever "expired" when everything else about it holds.
 */
import { base64url, fromBase64url } from './encoding'
import { hmacKey } from './secrets'

/** A token's claims: a JSON object. */
export type JwtClaims = Record<string, unknown>

/** What a verified token must hold besides a good signature. */
export interface JwtCheck {
  /** The `aud` claim (a string, or an array of strings holding it): the tenant's site id. */
  audience: string
  /** The `iss` claim, when the token names its issuer. */
  issuer?: string
  /** Claims that must be present (`aud` and `iss` are when checked). */
  required?: readonly string[]
}

/** Why a token was refused: its `exp` has passed (and nothing else is wrong), or anything else. */
export type JwtProblem = 'expired' | 'invalid'

const utf8 = new TextEncoder()
/** Fatal: a claims set that is not valid UTF-8 is refused, not read with replacement characters. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/** Now in epoch seconds, the unit of `iat`, `nbf` and `exp` (RFC 7519 §2, NumericDate). */
export function epochSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

function encodeJson(value: object): string {
  return base64url(utf8.encode(JSON.stringify(value)))
}

/** A JSON object (not an array or null) from a base64url part; null when it is none. */
function decodeJson(part: string): JwtClaims | null {
  const bytes = fromBase64url(part)
  if (bytes === null) return null
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(bytes))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JwtClaims) : null
  } catch {
    return null
  }
}

/**
 * The compact token of `claims`, in their order. `typ: "JWT"` in the header only where a token
 * carried it before: tokens keep the bytes jose gave them.
 */
export async function signJwt(secret: string, claims: JwtClaims, typ?: 'JWT'): Promise<string> {
  const header = typ === undefined ? { alg: 'HS256' } : { alg: 'HS256', typ }
  const input = `${encodeJson(header)}.${encodeJson(claims)}`
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), utf8.encode(input))
  return `${input}.${base64url(new Uint8Array(mac))}`
}

/**
 * The claims of a token signed with `secret` that passes `check`, or why not. A header other
 * than HS256 (`alg: none` included) or with `crit` extensions is refused before the signature is
 * checked; `iat`, `nbf` and `exp`, when present, must be numbers; `nbf` must have come and `exp`
 * not yet (no clock tolerance).
 */
export async function verifyJwt(
  secret: string,
  token: string,
  check: JwtCheck,
): Promise<JwtClaims | JwtProblem> {
  const parts = token.split('.')
  if (parts.length !== 3) return 'invalid'
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJson(headerPart)
  if (header === null || header.alg !== 'HS256' || header.crit !== undefined) return 'invalid'
  const signature = fromBase64url(signaturePart)
  if (signature === null) return 'invalid'
  const signed = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signature,
    utf8.encode(`${headerPart}.${payloadPart}`),
  )
  if (!signed) return 'invalid'
  const claims = decodeJson(payloadPart)
  if (claims === null) return 'invalid'

  const required = [...(check.required ?? []), 'aud', ...(check.issuer === undefined ? [] : ['iss'])]
  if (required.some((claim) => !Object.hasOwn(claims, claim))) return 'invalid'
  if (check.issuer !== undefined && claims.iss !== check.issuer) return 'invalid'
  const { aud } = claims
  if (!(aud === check.audience || (Array.isArray(aud) && aud.includes(check.audience)))) return 'invalid'
  const now = epochSeconds()
  const { iat, nbf, exp } = claims
  for (const date of [iat, nbf, exp]) if (date !== undefined && typeof date !== 'number') return 'invalid'
  if (typeof nbf === 'number' && nbf > now) return 'invalid'
  if (typeof exp === 'number' && exp <= now) return 'expired'
  return claims
}
