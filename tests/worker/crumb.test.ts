import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../../worker/env'
import { isSameOriginPost, requireCrumb, visitorCrumb } from '../../worker/middleware/crumb'
import { visit } from './helpers'
import { newCrumb } from './visitor'

function setCookies(response: Response): string[] {
  return response.headers.getAll('Set-Cookie')
}

/** A crumb the worker signed (the pool fills before the tests run). */
let CRUMB = ''
beforeAll(() => {
  CRUMB = newCrumb()
})

/** A tiny app with the crumb middleware in front of one state-changing call. */
function appWithCrumb() {
  const app = new Hono<AppEnv>()
  app.use(visitorCrumb())
  app.use(requireCrumb())
  app.post('/change', (c) => c.json({ ok: true }))
  app.get('/read', (c) => c.text(c.var.crumb))
  return app
}

describe('The crumb', () => {
  it('Should give a first-time visitor a crumb cookie: random, path-wide, Secure, SameSite=Lax, readable by scripts', async () => {
    const first = setCookies(await visit('aurora.localhost', '/'))
    const second = setCookies(await visit('aurora.localhost', '/'))
    const crumb = first.find((cookie) => cookie.startsWith('crumb='))
    expect(crumb).toMatch(/^crumb=[A-Za-z0-9_-]{44}; Path=\/; Secure; SameSite=Lax$/)
    expect(crumb).not.toMatch(/HttpOnly/i)
    expect(second.find((cookie) => cookie.startsWith('crumb='))).not.toBe(crumb)
  })

  it('Should not set a new crumb when the visitor already has one', async () => {
    const response = await visit('aurora.localhost', '/', { headers: { cookie: `crumb=${CRUMB}` } })
    expect(setCookies(response).filter((cookie) => cookie.startsWith('crumb='))).toEqual([])
  })

  it('Should replace a malformed crumb', async () => {
    const response = await visit('aurora.localhost', '/', { headers: { cookie: 'crumb=<script>' } })
    expect(setCookies(response).some((cookie) => /^crumb=[A-Za-z0-9_-]{44};/.test(cookie))).toBe(true)
  })

  it('Should replace a made-up crumb of the right shape: only the server mints crumbs', async () => {
    const madeUp = `${CRUMB.slice(0, 22)}${'A'.repeat(22)}`
    const response = await visit('aurora.localhost', '/', { headers: { cookie: `crumb=${madeUp}` } })
    const fresh = setCookies(response).find((cookie) => cookie.startsWith('crumb='))
    expect(fresh).toMatch(/^crumb=[A-Za-z0-9_-]{44};/)
    expect(fresh).not.toContain(madeUp)
  })

  it('Should refuse a state-changing call that sends a made-up crumb as cookie and header', async () => {
    for (const madeUp of ['AbCdEfGhIjKlMnOpQrStUv', `${CRUMB.slice(0, 22)}${'A'.repeat(22)}`]) {
      const response = await appWithCrumb().request(
        '/change',
        { method: 'POST', headers: { cookie: `crumb=${madeUp}`, 'X-CSRF-Token': madeUp } },
        env,
      )
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ crumbFail: true })
    }
  })

  it('Should serve the same page body with or without a crumb (pages stay cacheable)', async () => {
    const without = await (await visit('aurora.localhost', '/about')).text()
    const withCrumb = await (
      await visit('aurora.localhost', '/about', { headers: { cookie: `crumb=${CRUMB}` } })
    ).text()
    expect(withCrumb).toBe(without)
  })

  it('Should accept a state-changing call that sends its crumb cookie as X-CSRF-Token', async () => {
    const response = await appWithCrumb().request(
      '/change',
      { method: 'POST', headers: { cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB } },
      env,
    )
    expect(response.status).toBe(200)
  })

  for (const [what, headersOf] of [
    ['no header', () => ({ cookie: `crumb=${CRUMB}` })],
    ['a wrong header', () => ({ cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': `${CRUMB.slice(0, -1)}x` })],
    ['no cookie', () => ({ 'X-CSRF-Token': CRUMB })],
  ] as const) {
    it(`Should refuse a state-changing call with ${what}, flagging the crumb failure`, async () => {
      const response = await appWithCrumb().request('/change', { method: 'POST', headers: headersOf() }, env)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        crumbFail: true,
        message: 'Your session has expired. Please reload the page and try again.',
      })
    })
  }

  it('Should let reads through without a crumb header', async () => {
    const response = await appWithCrumb().request('/read', {}, env)
    expect(response.status).toBe(200)
  })
})

describe('A plain form post', () => {
  const post = (headers: Record<string, string>) =>
    new Request('https://aurora.localhost/form', { method: 'POST', headers })

  it('Should count as the tenant’s own when Origin is the page’s origin or Sec-Fetch-Site is same-origin', () => {
    expect(isSameOriginPost(post({ Origin: 'https://aurora.localhost' }))).toBe(true)
    expect(isSameOriginPost(post({ 'Sec-Fetch-Site': 'same-origin' }))).toBe(true)
  })

  it('Should be refused from another site or without proof of origin', () => {
    expect(isSameOriginPost(post({ Origin: 'https://evil.example' }))).toBe(false)
    expect(
      isSameOriginPost(post({ 'Sec-Fetch-Site': 'cross-site', Origin: 'https://aurora.localhost' })),
    ).toBe(false)
    expect(isSameOriginPost(post({ Origin: 'https://kissa.localhost' }))).toBe(false)
    expect(isSameOriginPost(post({}))).toBe(false)
  })
})

describe('The API', () => {
  it('Should answer an unknown API path with a JSON 404, not the HTML page', async () => {
    const response = await visit('aurora.localhost', '/api/commerce/no-such-call')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    expect(await response.json()).toEqual({ message: 'There is no such API call.' })
  })
})
