/**
 * The signed values of a site-user session (storefront.md sections 6 and 7):
 *
 * - the session token in the site-user cookie: a JWT (HS256, worker/crypto/jwt.ts) naming the site user
 *   (`sub`), the tenant (`aud`: a token from one site is refused by every other), the session
 *   (`jti`), the site user's website roles and its expiry;
 * - the XSRF token the sign-in answer returns and session-protected calls send back as
 *   `X-XSRF-Token`: an HMAC of the session id, so nothing needs storing and it dies with the
 *   session;
 * - a locked page's unlock cookie: an HMAC over the tenant, the page, the page's password hash
 *   (a new password locks everyone out again) and the expiry.
 */
import { base64url, fromBase64url, sameBytes } from '../crypto/encoding'
import { epochSeconds, signJwt, verifyJwt } from '../crypto/jwt'
import { sign } from '../crypto/secrets'

const ISSUER = 'storefront'

export interface SessionClaims {
  siteUserId: string
  siteId: string
  sessionId: string
  roles: number[]
  /** Epoch seconds. */
  expiresAt: number
}

/** The session token for the cookie. */
export function signSessionToken(secret: string, claims: SessionClaims): Promise<string> {
  return signJwt(
    secret,
    {
      roles: claims.roles,
      iss: ISSUER,
      aud: claims.siteId,
      sub: claims.siteUserId,
      jti: claims.sessionId,
      iat: epochSeconds(),
      exp: claims.expiresAt,
    },
    'JWT',
  )
}

/** Why a session token was refused. */
export type TokenProblem = 'expired' | 'invalid'

/** The claims of a valid, unexpired token of this site, or why it is not one. */
export async function verifySessionToken(
  secret: string,
  token: string,
  siteId: string,
): Promise<SessionClaims | TokenProblem> {
  const payload = await verifyJwt(secret, token, {
    issuer: ISSUER,
    audience: siteId,
    required: ['sub', 'jti', 'exp'],
  })
  if (typeof payload === 'string') return payload
  const roles = Array.isArray(payload.roles) ? payload.roles.filter((r) => Number.isInteger(r)) : []
  return {
    siteUserId: String(payload.sub),
    siteId,
    sessionId: String(payload.jti),
    roles: roles as number[],
    expiresAt: Number(payload.exp),
  }
}

/** The XSRF token of a session. */
export async function xsrfTokenFor(secret: string, siteId: string, sessionId: string): Promise<string> {
  return base64url(await sign(secret, `xsrf|${siteId}|${sessionId}`))
}

/** Whether `token` is the session's XSRF token. */
export async function isXsrfTokenOf(
  secret: string,
  siteId: string,
  sessionId: string,
  token: string | undefined,
): Promise<boolean> {
  const given = fromBase64url(token ?? '')
  if (given === null || given.length === 0) return false
  const expected = fromBase64url(await xsrfTokenFor(secret, siteId, sessionId)) as Uint8Array
  return sameBytes(given, expected)
}

function unlockMessage(siteId: string, pageId: string, passwordHash: string, expiresAt: number): string {
  return `unlock|${siteId}|${pageId}|${passwordHash}|${expiresAt}`
}

/** The unlock cookie's value: `<expiry epoch seconds>.<signature>`. */
export async function unlockTokenFor(
  secret: string,
  siteId: string,
  pageId: string,
  passwordHash: string,
  expiresAt: number,
): Promise<string> {
  return `${expiresAt}.${base64url(await sign(secret, unlockMessage(siteId, pageId, passwordHash, expiresAt)))}`
}

/** Whether an unlock cookie opens this page of this site now. */
export async function unlockTokenOpens(
  secret: string,
  token: string | undefined,
  siteId: string,
  pageId: string,
  passwordHash: string,
  nowSeconds: number,
): Promise<boolean> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '')
  if (match === null) return false
  const expiresAt = Number(match[1])
  if (expiresAt <= nowSeconds) return false
  const given = fromBase64url(match[2] as string) as Uint8Array
  const expected = await sign(secret, unlockMessage(siteId, pageId, passwordHash, expiresAt))
  return sameBytes(given, expected)
}
