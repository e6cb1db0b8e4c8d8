/**
 * HS256 JSON Web Tokens (RFC 7519) as compact JWS (RFC 7515) on WebCrypto's HMAC-SHA256: the
 * site-user session token and the checkout tokens. It replaces jose (20 KB of the worker bundle,
 * issue 15) and checks what jose checked for us: the header names HS256 and nothing else (`none`
 * and every other algorithm are refused, as is any `crit` extension), the signature (compared by
 * `crypto.subtle.verify`, in constant time), then the claims in jose's order: required claims
 * present, `iss`, `aud`, `iat` a number, `nbf` not in the future, `exp` not passed, with no
 * clock tolerance unless a caller gives one. Only a well-signed token whose `exp` has passed is
 * `expired`; everything else wrong is `invalid`.
 */
import { base64url, fromBase64url } from './encoding'
import { hmacKey } from './secret'

const ALGORITHM = 'HS256'
const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** A token's claims: the registered ones (RFC 7519 section 4.1) and the caller's own. */
export interface JwtClaims {
  iss?: string
  sub?: string
  aud?: string | string[]
  /** Epoch seconds. */
  exp?: number
  nbf?: number
  iat?: number
  jti?: string
  [claim: string]: unknown
}

export interface JwtHeader {
  /** `JWT` for tokens that say so (the session token does; checkout tokens never did). */
  typ?: 'JWT'
}

/** Why a token was refused. */
export type JwtProblem = 'expired' | 'invalid'

export type JwtVerification = { valid: true; claims: JwtClaims } | { valid: false; problem: JwtProblem }

export interface JwtVerifyOptions {
  /** The `aud` the token must carry (or list): the tenant's site id. */
  audience: string
  /** The `iss` the token must carry, when the signer sets one. */
  issuer?: string
  /** Claims that must be present besides `aud` (and `iss` when an issuer is given). */
  requiredClaims?: readonly string[]
  /** Seconds of clock skew allowed on `exp` and `nbf`; 0 unless given. */
  clockTolerance?: number
  /** Epoch seconds to check `exp` and `nbf` against; the current time unless given. */
  now?: number
}

/** Epoch seconds now, as the `iat` and `exp` claims count time. */
export function epochSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

function encodeJson(value: unknown): string {
  return base64url(encoder.encode(JSON.stringify(value)))
}

/** The JSON object a base64url segment holds; null when it holds anything else. */
function decodeObject(segment: string): Record<string, unknown> | null {
  const bytes = fromBase64url(segment)
  if (bytes === null) return null
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** The compact token for `claims`, signed with HMAC-SHA256 under `secret`. */
export async function signJwt(secret: string, claims: JwtClaims, header: JwtHeader = {}): Promise<string> {
  const signingInput = `${encodeJson({ alg: ALGORITHM, ...header })}.${encodeJson(claims)}`
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(signingInput))
  return `${signingInput}.${base64url(new Uint8Array(mac))}`
}

const INVALID: JwtVerification = { valid: false, problem: 'invalid' }

function hasAudience(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience))
}

/** RFC 7519 section 4.1 claim checks, in the order jose made them (so the same token gets the same answer). */
function checkClaims(claims: JwtClaims, options: JwtVerifyOptions): JwtVerification {
  const required = [
    ...(options.requiredClaims ?? []),
    'aud',
    ...(options.issuer === undefined ? [] : ['iss']),
  ]
  if (required.some((claim) => !(claim in claims))) return INVALID
  if (options.issuer !== undefined && claims.iss !== options.issuer) return INVALID
  if (!hasAudience(claims.aud, options.audience)) return INVALID
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return INVALID
  const now = options.now ?? epochSeconds()
  const tolerance = options.clockTolerance ?? 0
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now + tolerance))
    return INVALID
  if (claims.exp !== undefined) {
    if (typeof claims.exp !== 'number') return INVALID
    if (claims.exp <= now - tolerance) return { valid: false, problem: 'expired' }
  }
  return { valid: true, claims }
}

/** The claims of `token` when it is a well-formed HS256 token signed under `secret` that passes `options`. */
export async function verifyJwt(
  secret: string,
  token: string,
  options: JwtVerifyOptions,
): Promise<JwtVerification> {
  const parts = token.split('.')
  if (parts.length !== 3) return INVALID
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeObject(headerPart)
  // RFC 7515 section 4.1.11: a `crit` extension we do not understand makes the token invalid.
  if (header === null || header.alg !== ALGORITHM || 'crit' in header) return INVALID
  const signature = fromBase64url(signaturePart)
  if (signature === null) return INVALID
  const signed = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signature,
    encoder.encode(`${headerPart}.${payloadPart}`),
  )
  if (!signed) return INVALID
  const claims = decodeObject(payloadPart)
  return claims === null ? INVALID : checkClaims(claims as JwtClaims, options)
}
