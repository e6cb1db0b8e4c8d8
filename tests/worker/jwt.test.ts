// The HS256 tokens of worker/auth/jwt.ts (site-user sessions, checkout tokens): what it signs,
// what it refuses, and that jose (which the worker used before) reads its tokens and it reads
// jose's, so tokens issued before the switch stay valid.
import { jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { base64url } from '../../worker/auth/encoding'
import { type JwtClaims, signJwt, verifyJwt } from '../../worker/auth/jwt'
import { signSessionToken, verifySessionToken } from '../../worker/auth/tokens'

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters'
const OTHER_SECRET = 'another-secret-of-at-least-thirty-two-characters'
const NOW = Math.floor(Date.now() / 1000)
const CLAIMS: JwtClaims = {
  roles: [8],
  iss: 'storefront',
  aud: 'aurora',
  sub: 'u1',
  jti: 's1',
  exp: NOW + 600,
}
const OPTIONS = { audience: 'aurora', issuer: 'storefront', requiredClaims: ['sub', 'jti', 'exp'] }

const segment = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)))

/** A token with any header and payload, signed with HMAC-SHA256 under `secret` whatever the header says. */
async function handMade(header: unknown, payload: unknown, secret = SECRET): Promise<string> {
  const input = `${segment(header)}.${segment(payload)}`
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input))
  return `${input}.${base64url(new Uint8Array(mac))}`
}

describe('HS256 tokens', () => {
  it('Should give back the claims of a token it signed', async () => {
    const token = await signJwt(SECRET, CLAIMS, { typ: 'JWT' })
    expect(JSON.parse(atob(token.split('.')[0] as string))).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(await verifyJwt(SECRET, token, OPTIONS)).toEqual({ valid: true, claims: CLAIMS })
  })

  it('Should sign tokens jose accepts, and accept the tokens jose signs', async () => {
    const key = new TextEncoder().encode(SECRET)
    const ours = await signJwt(SECRET, CLAIMS)
    const { payload } = await jwtVerify(ours, key, {
      algorithms: ['HS256'],
      audience: 'aurora',
      issuer: 'storefront',
    })
    expect(payload).toEqual(CLAIMS)
    const theirs = await new SignJWT({ roles: [8] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('storefront')
      .setAudience('aurora')
      .setSubject('u1')
      .setJti('s1')
      .setIssuedAt()
      .setExpirationTime(NOW + 600)
      .sign(key)
    expect(await verifyJwt(SECRET, theirs, OPTIONS)).toMatchObject({
      valid: true,
      claims: { sub: 'u1', jti: 's1' },
    })
  })

  it('Should refuse a token signed with another secret', async () => {
    const token = await signJwt(OTHER_SECRET, CLAIMS)
    expect(await verifyJwt(SECRET, token, OPTIONS)).toEqual({ valid: false, problem: 'invalid' })
  })

  it('Should refuse a token whose payload was changed after signing', async () => {
    const [header, , signature] = (await signJwt(SECRET, CLAIMS)).split('.')
    const tampered = `${header}.${segment({ ...CLAIMS, roles: [1] })}.${signature}`
    expect(await verifyJwt(SECRET, tampered, OPTIONS)).toEqual({ valid: false, problem: 'invalid' })
  })

  it('Should refuse an unsigned token (alg "none"), with or without a signature', async () => {
    const unsigned = `${segment({ alg: 'none', typ: 'JWT' })}.${segment(CLAIMS)}.`
    expect(await verifyJwt(SECRET, unsigned, OPTIONS)).toEqual({ valid: false, problem: 'invalid' })
    const macUnderNone = await handMade({ alg: 'none' }, CLAIMS)
    expect(await verifyJwt(SECRET, macUnderNone, OPTIONS)).toEqual({ valid: false, problem: 'invalid' })
  })

  it('Should refuse every algorithm but HS256, and any critical header extension', async () => {
    for (const header of [
      { alg: 'HS512' },
      { alg: 'hs256' },
      { alg: 'RS256' },
      {},
      { alg: 'HS256', crit: ['exp'] },
    ]) {
      const token = await handMade(header, CLAIMS)
      expect(await verifyJwt(SECRET, token, OPTIONS), JSON.stringify(header)).toEqual({
        valid: false,
        problem: 'invalid',
      })
    }
    expect((await verifyJwt(SECRET, await handMade({ alg: 'HS256' }, CLAIMS), OPTIONS)).valid).toBe(true)
  })

  it('Should call a well-signed token past its expiry expired, from the second it expires', async () => {
    for (const exp of [NOW - 3600, NOW]) {
      const token = await signJwt(SECRET, { ...CLAIMS, exp })
      expect(await verifyJwt(SECRET, token, { ...OPTIONS, now: NOW })).toEqual({
        valid: false,
        problem: 'expired',
      })
    }
    const lastSecond = await signJwt(SECRET, { ...CLAIMS, exp: NOW + 1 })
    expect((await verifyJwt(SECRET, lastSecond, { ...OPTIONS, now: NOW })).valid).toBe(true)
    const late = await signJwt(SECRET, { ...CLAIMS, exp: NOW - 30 })
    expect((await verifyJwt(SECRET, late, { ...OPTIONS, now: NOW, clockTolerance: 60 })).valid).toBe(true)
  })

  it('Should call an expired token invalid when its signature or audience is wrong too', async () => {
    const expired = { ...CLAIMS, exp: NOW - 3600 }
    expect(await verifyJwt(SECRET, await signJwt(OTHER_SECRET, expired), OPTIONS)).toEqual({
      valid: false,
      problem: 'invalid',
    })
    expect(await verifyJwt(SECRET, await signJwt(SECRET, { ...expired, aud: 'kissa' }), OPTIONS)).toEqual({
      valid: false,
      problem: 'invalid',
    })
  })

  it("Should refuse another site's token, and accept one that lists this site among its audiences", async () => {
    for (const aud of ['kissa', ['kissa', 'journal'], 'Aurora', undefined]) {
      const token = await signJwt(SECRET, { ...CLAIMS, aud })
      expect(await verifyJwt(SECRET, token, OPTIONS), JSON.stringify(aud)).toEqual({
        valid: false,
        problem: 'invalid',
      })
    }
    const listed = await signJwt(SECRET, { ...CLAIMS, aud: ['kissa', 'aurora'] })
    expect((await verifyJwt(SECRET, listed, OPTIONS)).valid).toBe(true)
  })

  it('Should refuse a wrong or missing issuer and a missing required claim', async () => {
    const { sub: _sub, ...withoutSubject } = CLAIMS
    const { iss: _iss, ...withoutIssuer } = CLAIMS
    for (const claims of [{ ...CLAIMS, iss: 'elsewhere' }, withoutIssuer, withoutSubject]) {
      expect(await verifyJwt(SECRET, await signJwt(SECRET, claims), OPTIONS)).toEqual({
        valid: false,
        problem: 'invalid',
      })
    }
  })

  it('Should refuse a token not valid yet, and time claims that are not numbers', async () => {
    const early = await signJwt(SECRET, { ...CLAIMS, nbf: NOW + 120 })
    expect(await verifyJwt(SECRET, early, { ...OPTIONS, now: NOW })).toEqual({
      valid: false,
      problem: 'invalid',
    })
    expect((await verifyJwt(SECRET, early, { ...OPTIONS, now: NOW, clockTolerance: 120 })).valid).toBe(true)
    for (const claims of [{ iat: 'yesterday' }, { nbf: '0' }, { exp: String(NOW + 600) }]) {
      const token = await handMade({ alg: 'HS256' }, { ...CLAIMS, ...claims })
      expect(await verifyJwt(SECRET, token, OPTIONS), JSON.stringify(claims)).toEqual({
        valid: false,
        problem: 'invalid',
      })
    }
  })

  it('Should refuse anything that is not a compact token of JSON objects', async () => {
    const good = await signJwt(SECRET, CLAIMS)
    const [header, payload, signature] = good.split('.') as [string, string, string]
    const arrayPayload = await handMade({ alg: 'HS256' }, [CLAIMS])
    for (const token of [
      '',
      'garbage',
      `${header}.${payload}`,
      `${good}.${signature}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}!.${signature}`,
      arrayPayload,
    ]) {
      expect(await verifyJwt(SECRET, token, OPTIONS), token).toEqual({ valid: false, problem: 'invalid' })
    }
  })

  it("Should read back a site user's session token, and tell an expired one from a forged one", async () => {
    const claims = {
      siteUserId: 'u1',
      siteId: 'aurora',
      sessionId: 's1',
      roles: [8, 1],
      expiresAt: NOW + 600,
    }
    const token = await signSessionToken(SECRET, claims)
    expect(await verifySessionToken(SECRET, token, 'aurora')).toEqual(claims)
    expect(await verifySessionToken(SECRET, token, 'kissa')).toBe('invalid')
    expect(await verifySessionToken(OTHER_SECRET, token, 'aurora')).toBe('invalid')
    const expired = await signSessionToken(SECRET, { ...claims, expiresAt: NOW - 1 })
    expect(await verifySessionToken(SECRET, expired, 'aurora')).toBe('expired')
  })
})
