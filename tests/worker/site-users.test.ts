// Site-user sessions (storefront.md sections 4, 6 and 7): sign-in and its cookie, the XSRF
// token on session-protected calls, expired and forged tokens, sign-out with cloneCart, the
// rate limits, the stored password hashes, and the role check owner-only calls use.
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { WebsiteRole } from '../../shared/index'
import { requireSiteUserRole, STORE_OWNER_ROLES } from '../../worker/auth/site-user'
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../../worker/crypto/passwords'
import type { AppEnv } from '../../worker/env'
import { visitorCrumb } from '../../worker/middleware/crumb'
import { resolveTenant } from '../../worker/middleware/tenant'
import { visit } from './helpers'
import {
  callApi,
  cookieValue,
  DEMO_PASSWORDS,
  inOneRateWindow,
  newCrumb,
  RATE_WINDOW_TIMEOUT,
  type SignedIn,
  setCookie,
  signIn,
} from './visitor'

const SESSION = '/api/site-users/account/session'
const ACCOUNT = '/api/site-users/account'
const AURORA = 'aurora.localhost'
// Sign-in is limited to 10 attempts a minute per account: each test signs in as whom it can.
const MANAGER = 'manager@aurora.example'
const ADMIN = 'admin@aurora.example'
const VIEWER = 'viewer@aurora.example'
const SHOPPER = 'shopper@aurora.example'

function account(host: string, cookie: string, xsrfToken?: string) {
  return callApi(host, ACCOUNT, {
    method: 'GET',
    cookies: [cookie],
    headers: xsrfToken === undefined ? {} : { 'X-XSRF-Token': xsrfToken },
  })
}

describe('Signing in', () => {
  it('Should answer the right password with the xsrfToken and an HttpOnly, Secure, SameSite=Lax session cookie', async () => {
    const { response, xsrfToken } = await signIn(AURORA, MANAGER, DEMO_PASSWORDS[MANAGER] as string)
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body.siteUser).toEqual({
      id: 'aurora-manager',
      email: MANAGER,
      displayName: 'Sam Reyes',
      roles: [WebsiteRole.STORE_MANAGER],
    })
    expect(xsrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Without rememberMe it ends with the browser session.
    expect(setCookie(response, 'ss_site_user')).toMatch(
      /^ss_site_user=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('Should keep a remembered session for 30 days', async () => {
    const { response } = await signIn(AURORA, SHOPPER, DEMO_PASSWORDS[SHOPPER] as string, true)
    expect(setCookie(response, 'ss_site_user')).toMatch(
      /; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    )
  })

  it('Should accept every demo site user with the password the README lists', async () => {
    for (const [email, password] of Object.entries(DEMO_PASSWORDS)) {
      const site = email.split('@')[1]?.split('.')[0] as string
      const { response } = await signIn(`${site}.localhost`, email, password)
      expect(response.status, email).toBe(200)
    }
    // One PBKDF2 check per demo user (13 of them): over 5 s on a busy two-core machine.
  }, 20_000)

  it('Should refuse a wrong password and an unknown email with the same message', async () => {
    for (const [email, password] of [
      [ADMIN, 'not-the-password'],
      ['nobody@aurora.example', 'aurora-manager-2026'],
    ]) {
      const { response } = await signIn(AURORA, email as string, password as string)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({
        message: 'The email or password is incorrect. Please try again.',
      })
      expect(setCookie(response, 'ss_site_user')).toBeUndefined()
    }
  })

  it('Should refuse an account of another site', async () => {
    const { response } = await signIn('kissa.localhost', MANAGER, DEMO_PASSWORDS[MANAGER] as string)
    expect(response.status).toBe(401)
  })

  it('Should refuse a sign-in without the crumb header, flagging the crumb failure', async () => {
    const response = await visit(AURORA, SESSION, {
      method: 'POST',
      headers: { cookie: `crumb=${newCrumb()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: MANAGER, password: 'x' }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ crumbFail: true })
  })

  for (const [what, body, reason] of [
    ['a body that is not JSON', '{email', 'The request body is not valid JSON.'],
    ['no email', { password: 'x' }, 'email:'],
    ['an email that is not one', { email: 'manager', password: 'x' }, 'email:'],
    ['an empty password', { email: MANAGER, password: '' }, 'password: Enter your password.'],
    [
      'rememberMe that is not true or false',
      { email: MANAGER, password: 'x', rememberMe: 'yes' },
      'rememberMe:',
    ],
  ] as const) {
    it(`Should answer ${what} with a 400 that says why`, async () => {
      const response = await callApi(AURORA, SESSION, { body })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain(reason)
    })
  }

  it('Should store passwords only as PBKDF2-SHA256 hashes at 100,000 iterations', async () => {
    const { results } = await env.DB.prepare('SELECT email, password_hash FROM site_users').all<{
      email: string
      password_hash: string
    }>()
    expect(results.length).toBe(Object.keys(DEMO_PASSWORDS).length)
    for (const row of results) {
      expect(row.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/)
      expect(row.password_hash).not.toContain(DEMO_PASSWORDS[row.email] as string)
    }
    const hash = await hashPassword('a new password')
    expect(hash.split('$')[1]).toBe(String(PBKDF2_ITERATIONS))
    expect(await hashPassword('a new password')).not.toBe(hash)
    expect(await verifyPassword('a new password', hash)).toBe(true)
    expect(await verifyPassword('a new passworD', hash)).toBe(false)
    expect(await verifyPassword('a new password', 'plain text')).toBe(false)
  })
})

describe('Rate limits on sign-in', () => {
  it(
    'Should refuse the 11th attempt of one visitor within a minute with a 429 and a message',
    async () => {
      const { statuses, message } = await inOneRateWindow(async () => {
        const crumb = newCrumb()
        const statuses: number[] = []
        let message: unknown = null
        for (let i = 0; i < 11; i++) {
          const response = await callApi(AURORA, SESSION, {
            crumb,
            body: { email: `guess-${i}@aurora.example`, password: 'guess' },
          })
          statuses.push(response.status)
          if (response.status === 429) message = await response.json()
        }
        return { statuses, message }
      })
      expect(statuses).toEqual([...Array(10).fill(401), 429])
      expect(message).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' })
    },
    RATE_WINDOW_TIMEOUT,
  )

  it('Should never lock an account: ten wrong passwords from others leave the owner’s right one accepted', async () => {
    for (let i = 0; i < 10; i++) {
      const body = { email: MANAGER, password: `guess${i}` }
      const wrong = await callApi(AURORA, SESSION, { body, headers: { 'CF-Connecting-IP': '203.0.113.7' } })
      expect(wrong.status).toBe(401)
    }
    const owner = await callApi(AURORA, SESSION, {
      body: { email: MANAGER, password: DEMO_PASSWORDS[MANAGER] },
      headers: { 'CF-Connecting-IP': '198.51.100.20' },
    })
    expect(owner.status).toBe(200)
  })
})

describe('Session-protected calls', () => {
  let manager: SignedIn
  beforeAll(async () => {
    manager = await signIn(AURORA, MANAGER, DEMO_PASSWORDS[MANAGER] as string)
  })

  it('Should answer with the signed-in site user when the XSRF token comes as X-XSRF-Token', async () => {
    const response = await account(AURORA, manager.cookie, manager.xsrfToken)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ siteUser: { email: MANAGER, roles: [8] } })
  })

  it('Should refuse a call without the XSRF header, or with another session’s token, flagging it', async () => {
    const { cookie } = await signIn(AURORA, VIEWER, DEMO_PASSWORDS[VIEWER] as string)
    const other = await signIn(AURORA, VIEWER, DEMO_PASSWORDS[VIEWER] as string)
    for (const token of [undefined, other.xsrfToken, 'x']) {
      const response = await account(AURORA, cookie, token)
      expect(response.status, String(token)).toBe(403)
      expect(await response.json()).toEqual({
        xsrfFail: true,
        message: 'Your session could not be verified. Please reload the page and try again.',
      })
    }
  })

  it('Should refuse an expired token with a 401 and take the cookie away', async () => {
    const expired = await new SignJWT({ roles: [8] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('storefront')
      .setAudience('aurora')
      .setSubject('aurora-manager')
      .setJti('some-session')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(env.SESSION_SECRET))
    const response = await account(AURORA, `ss_site_user=${expired}`, 'x')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Please sign in to continue.', sessionExpired: true })
    expect(setCookie(response, 'ss_site_user')).toBe('ss_site_user=; Max-Age=0; Path=/; Secure; SameSite=Lax')
  })

  it('Should refuse a forged token, a token of another site, and no token at all', async () => {
    const { cookie, xsrfToken } = manager
    const forged = `${cookie.slice(0, -4)}AAAA`
    expect((await account(AURORA, forged, xsrfToken)).status).toBe(401)
    expect((await account('kissa.localhost', cookie, xsrfToken)).status).toBe(401)
    expect((await callApi(AURORA, ACCOUNT, { method: 'GET' })).status).toBe(401)
  })
})

describe('Signing out', () => {
  it('Should refuse to end a live session without its XSRF token, and leave it live', async () => {
    const { cookie, xsrfToken } = await signIn(AURORA, ADMIN, DEMO_PASSWORDS[ADMIN] as string)
    const response = await callApi(AURORA, `${SESSION}?cloneCart=true`, {
      method: 'DELETE',
      cookies: [cookie],
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ xsrfFail: true })
    expect((await account(AURORA, cookie, xsrfToken)).status).toBe(200)
  })

  it('Should end the session: the cookie is cleared and the old token no longer works', async () => {
    const { cookie, xsrfToken } = await signIn(AURORA, ADMIN, DEMO_PASSWORDS[ADMIN] as string)
    const response = await callApi(AURORA, `${SESSION}?cloneCart=false`, {
      method: 'DELETE',
      cookies: [cookie, 'ss_cart=cart-1', 'has-cart=true'],
      headers: { 'X-XSRF-Token': xsrfToken },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ signedOut: true, cartCloned: false })
    expect(cookieValue(response, 'ss_site_user')).toBe('')
    // Without cloneCart the signed-out browser starts with no cart.
    expect(cookieValue(response, 'ss_cart')).toBe('')
    expect(cookieValue(response, 'has-cart')).toBe('')
    expect((await account(AURORA, cookie, xsrfToken)).status).toBe(401)
  })

  it('Should keep the cart for the signed-out visitor with cloneCart', async () => {
    const { cookie, xsrfToken } = await signIn(AURORA, SHOPPER, DEMO_PASSWORDS[SHOPPER] as string)
    const response = await callApi(AURORA, `${SESSION}?cloneCart=true`, {
      method: 'DELETE',
      cookies: [cookie, 'ss_cart=cart-1', 'has-cart=true'],
      headers: { 'X-XSRF-Token': xsrfToken },
    })
    expect(await response.json()).toEqual({ signedOut: true, cartCloned: true })
    expect(setCookie(response, 'ss_cart')).toBeUndefined()
    expect(setCookie(response, 'has-cart')).toBeUndefined()
  })

  it('Should flag a crumb failure (the client retries once), with a fresh crumb cookie to retry with', async () => {
    const response = await visit(AURORA, `${SESSION}?cloneCart=true`, { method: 'DELETE' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ crumbFail: true })
    expect(cookieValue(response, 'crumb')).toMatch(/^[\w-]{44}$/)
  })

  it('Should answer a cloneCart that is not true or false with a 400', async () => {
    const response = await callApi(AURORA, `${SESSION}?cloneCart=maybe`, { method: 'DELETE' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'cloneCart: cloneCart must be true or false.' })
  })

  it('Should sign out a visitor whose session is already gone without asking for a token', async () => {
    const response = await callApi(AURORA, SESSION, { method: 'DELETE', cookies: ['ss_site_user=stale'] })
    expect(response.status).toBe(200)
    expect(cookieValue(response, 'ss_site_user')).toBe('')
  })
})

describe('requireSiteUserRole, for owner-only calls', () => {
  const app = new Hono<AppEnv>()
  app.use(resolveTenant(), visitorCrumb())
  app.post('/owner-only', requireSiteUserRole(...STORE_OWNER_ROLES), (c) =>
    c.json({ ok: c.var.siteUser.user.email }),
  )

  const sessions = new Map<string, SignedIn>()
  async function callOwnerOnly(email: string | null, withXsrf = true) {
    if (email !== null && !sessions.has(email)) {
      sessions.set(email, await signIn(AURORA, email, DEMO_PASSWORDS[email] as string))
    }
    const session = email === null ? null : (sessions.get(email) as SignedIn)
    const headers: Record<string, string> = { cookie: session?.cookie ?? '' }
    if (session && withXsrf) headers['X-XSRF-Token'] = session.xsrfToken
    return app.request(`http://${AURORA}/owner-only`, { method: 'POST', headers }, env)
  }

  it('Should let in a store manager and an admin', async () => {
    expect(await (await callOwnerOnly(MANAGER)).json()).toEqual({ ok: MANAGER })
    expect((await callOwnerOnly(ADMIN)).status).toBe(200)
  })

  it('Should refuse a viewer and a site user without roles with a 403 that says so', async () => {
    for (const email of [VIEWER, SHOPPER]) {
      const response = await callOwnerOnly(email)
      expect(response.status, email).toBe(403)
      expect(await response.json()).toEqual({ message: 'Your account does not have permission to do this.' })
    }
  })

  it('Should refuse a visitor who is not signed in (401) and a call without the XSRF header (403)', async () => {
    expect((await callOwnerOnly(null)).status).toBe(401)
    expect((await callOwnerOnly(MANAGER, false)).status).toBe(403)
  })

  it('Should refuse to be built without a role', () => {
    expect(() => requireSiteUserRole()).toThrow(/at least one role/)
  })
})
