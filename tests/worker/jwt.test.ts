// The worker's HS256 JWTs (worker/crypto/jwt.ts) against jose, the library they replaced (issue
// 26): tokens either one signs the other reads, and the tokens jose refused are refused.
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { signSessionToken, verifySessionToken } from '../../worker/auth/tokens'
import { epochSeconds, signJwt, verifyJwt } from '../../worker/crypto/jwt'

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256'
const KEY = new TextEncoder().encode(SECRET)
const CHECK = { audience: 'aurora', issuer: 'storefront', required: ['sub', 'exp'] }

function joseToken(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256' }) {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(KEY)
}

function unsigned(header: object, claims: object): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${part(header)}.${part(claims)}.`
}

describe('HS256 tokens', () => {
  it('Should read a session token jose signed, and sign one jose reads with the same claims', async () => {
    const exp = epochSeconds() + 3600
    const claims = { roles: [8], iss: 'storefront', aud: 'aurora', sub: 'aurora-manager', jti: 's1', exp }
    await expect(
      verifyJwt(SECRET, await joseToken(claims, { alg: 'HS256', typ: 'JWT' }), CHECK),
    ).resolves.toEqual(claims)
    const ours = await signSessionToken(SECRET, {
      siteUserId: 'aurora-manager',
      siteId: 'aurora',
      sessionId: 's1',
      roles: [8],
      expiresAt: exp,
    })
    expect(decodeProtectedHeader(ours)).toEqual({ alg: 'HS256', typ: 'JWT' })
    const { payload } = await jwtVerify(ours, KEY, {
      issuer: 'storefront',
      audience: 'aurora',
      algorithms: ['HS256'],
    })
    expect(payload).toMatchObject({ roles: [8], sub: 'aurora-manager', jti: 's1', exp })
    await expect(verifySessionToken(SECRET, ours, 'aurora')).resolves.toEqual({
      siteUserId: 'aurora-manager',
      siteId: 'aurora',
      sessionId: 's1',
      roles: [8],
      expiresAt: exp,
    })
  })

  it('Should call a token expired only when its signature and every other claim hold', async () => {
    const past = epochSeconds() - 60
    const base = { iss: 'storefront', aud: 'aurora', sub: 'u', exp: past }
    expect(await verifyJwt(SECRET, await joseToken(base), CHECK)).toBe('expired')
    expect(await verifyJwt(SECRET, await joseToken({ ...base, aud: 'kissa' }), CHECK)).toBe('invalid')
    expect(await verifyJwt('another-secret-that-is-long-enough-for-it', await joseToken(base), CHECK)).toBe(
      'invalid',
    )
    // exp is the boundary itself: jose refuses `exp <= now`.
    expect(await verifyJwt(SECRET, await joseToken({ ...base, exp: epochSeconds() }), CHECK)).toBe('expired')
  })

  it('Should refuse what jose refused: other algorithms, missing or wrong claims, a future nbf, non-numeric dates', async () => {
    const exp = epochSeconds() + 600
    const good = { iss: 'storefront', aud: 'aurora', sub: 'u', exp }
    await expect(verifyJwt(SECRET, await joseToken(good), CHECK)).resolves.toEqual(good)
    await expect(
      verifyJwt(SECRET, await joseToken({ ...good, aud: ['kissa', 'aurora'] }), CHECK),
    ).resolves.toEqual({
      ...good,
      aud: ['kissa', 'aurora'],
    })
    const refused = [
      unsigned({ alg: 'none' }, good),
      await joseToken(good, { alg: 'HS512' }).catch(() => 'x.y.z'),
      await joseToken(good, { alg: 'HS256', crit: ['b64'], b64: true }),
      await joseToken({ ...good, iss: 'elsewhere' }),
      await joseToken({ iss: 'storefront', aud: 'aurora', exp }),
      await joseToken({ iss: 'storefront', sub: 'u', exp }),
      await joseToken({ ...good, nbf: epochSeconds() + 600 }),
      await joseToken({ ...good, iat: 'yesterday' }),
      await joseToken({ ...good, exp: String(exp) }),
      'garbage',
      'a.b',
      '',
    ]
    for (const token of refused) expect(await verifyJwt(SECRET, token, CHECK)).toBe('invalid')
  })

  it('Should refuse a token whose payload or signature was changed', async () => {
    const token = await signJwt(SECRET, { aud: 'aurora', exp: epochSeconds() + 60 })
    const [head, body, signature] = token.split('.') as [string, string, string]
    const other = (await signJwt(SECRET, { aud: 'aurora', exp: epochSeconds() + 6000 })).split('.')[1]
    expect(await verifyJwt(SECRET, `${head}.${other}.${signature}`, { audience: 'aurora' })).toBe('invalid')
    expect(await verifyJwt(SECRET, `${head}.${body}.${'A'.repeat(43)}`, { audience: 'aurora' })).toBe(
      'invalid',
    )
    await expect(verifyJwt(SECRET, token, { audience: 'aurora' })).resolves.toMatchObject({ aud: 'aurora' })
  })
})
