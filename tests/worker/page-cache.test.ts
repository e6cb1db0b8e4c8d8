// The full-page cache (issue #15): anonymous catalogue pages come from the Cache API with each
// visitor's own cookies added after the lookup; personal pages and visitors are never stored.
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { visit } from './helpers'
import { newCrumb } from './visitor'

/** A fresh content version per test: nothing a previous test stored is seen. */
async function publish(siteId = 'aurora'): Promise<void> {
  await env.CATALOG.put(`site:${siteId}:version`, `test-${crypto.randomUUID()}`)
}

/** A view by a first-time visitor: the response, its body and the cookies it sets. */
async function view(host: string, path: string, init: RequestInit = {}) {
  const response = await visit(host, path, init)
  const body = await response.text()
  return {
    response,
    body,
    status: response.headers.get('cache-status'),
    cookies: response.headers.getAll('Set-Cookie'),
  }
}

/** Lets the background store of a miss finish (it runs in `waitUntil`). */
async function settled(host: string, path: string, init: RequestInit = {}) {
  for (let i = 0; i < 20; i++) {
    const again = await view(host, path, init)
    if (again.status?.includes('hit')) return again
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return view(host, path, init)
}

describe('The page cache', () => {
  beforeEach(async () => {
    await publish('aurora')
    await publish('journal')
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('Should serve a repeated anonymous view from the cache, with the same body and headers as the miss', async () => {
    const miss = await view('aurora.localhost', '/apparel')
    expect(miss.status).toBe('storefront; fwd=miss; stored')
    const hit = await settled('aurora.localhost', '/apparel')
    expect(hit.status).toMatch(/^storefront; hit; ttl=\d+$/)
    expect(hit.body).toBe(miss.body)
    // A hit carries the miss's security headers, its own page's style hash in the policy.
    for (const name of [
      'content-type',
      'content-security-policy',
      'cache-control',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
    ]) {
      expect(hit.response.headers.get(name), name).toBe(miss.response.headers.get(name))
    }
    expect(hit.response.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-/)
    expect(hit.response.headers.has('x-sf-inline-style-hashes')).toBe(false)
    // A first view sets the crumb and visit cookies: never shareable (RFC 9111, RFC 6265 §8.1).
    expect(hit.response.headers.getAll('set-cookie').length).toBeGreaterThan(0)
    expect(hit.response.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate')
    // A returning visitor's view within the minute sets nothing, and stays public.
    const now = Date.now()
    const returning = await view('aurora.localhost', '/apparel', {
      headers: { cookie: `crumb=${newCrumb()}; ss_cvr=v1|${now}|${now}|${now}|1; ss_cvt=${now}` },
    })
    expect(returning.status).toMatch(/^storefront; hit/)
    expect(returning.response.headers.getAll('set-cookie')).toEqual([])
    // Each answer has headers of its own: one hit's security headers never reach the stored copy's.
    expect(returning.response.headers.get('content-security-policy')).toBe(
      miss.response.headers.get('content-security-policy'),
    )
    // Browsers check back on every view (a publish shows at once); shared caches keep it 5 minutes.
    expect(returning.response.headers.get('cache-control')).toBe(
      'public, max-age=0, must-revalidate, s-maxage=300',
    )
    expect(hit.response.headers.get('cache-tag')).toBe('site-aurora,site-aurora-collection-apparel')
    const product = await view('aurora.localhost', '/apparel/ridgeline-flannel-shirt')
    expect(product.response.headers.get('cache-tag')).toBe(
      'site-aurora,site-aurora-collection-apparel,site-aurora-item-apparel-ridgeline-flannel-shirt',
    )
  })

  it('Should answer a returning visitor’s hit as the whole path does, and still set what a view is due', async () => {
    await view('aurora.localhost', '/gear')
    await settled('aurora.localhost', '/gear')
    const now = Date.now()
    const record = `ss_cvr=v1|${now}|${now}|${now}|1`
    const cookie = `crumb=${newCrumb()}; ${record}; ss_cvt=${now}`
    // The first view checks the crumb; the isolate then knows it, and the next view is answered
    // before the middlewares that would only pass the page on (app.ts, heldPageAnswer).
    const checked = await view('aurora.localhost', '/gear', { headers: { cookie } })
    const held = await view('aurora.localhost', '/gear', { headers: { cookie } })
    for (const answer of [checked, held]) {
      expect(answer.status).toMatch(/^storefront; hit; ttl=\d+$/)
      expect(answer.cookies).toEqual([])
    }
    const headersOf = (response: Response) =>
      [...response.headers].filter(([name]) => name !== 'cache-status' && name !== 'date')
    expect(headersOf(held.response)).toEqual(headersOf(checked.response))
    expect(held.body).toBe(checked.body)
    expect(held.response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(held.response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(held.response.headers.get('cache-control')).toBe(
      'public, max-age=0, must-revalidate, s-maxage=300',
    )

    // A visit timestamp over a minute old is renewed, and the answer is then private.
    const due = await view('aurora.localhost', '/gear', {
      headers: { cookie: `crumb=${newCrumb()}; ${record}; ss_cvt=${now - 120_000}` },
    })
    expect(due.status).toMatch(/^storefront; hit/)
    expect(due.cookies.map((c) => c.split('=')[0])).toEqual(['ss_cvt'])
    expect(due.response.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate')
    // A cart but no `has-cart`: the hit sets it for the page's scripts.
    const cart = await view('aurora.localhost', '/gear', { headers: { cookie: `${cookie}; ss_cart=c-1` } })
    expect(cart.status).toMatch(/^storefront; hit/)
    expect(cart.cookies.map((c) => c.split(';')[0])).toEqual(['has-cart=true'])
    // A crumb this server never minted is replaced, hit or not.
    const forged = await view('aurora.localhost', '/gear', {
      headers: { cookie: `crumb=${'A'.repeat(44)}; ${record}; ss_cvt=${now}` },
    })
    expect(forged.status).toMatch(/^storefront; hit/)
    expect(forged.cookies.map((c) => c.split('=')[0])).toEqual(['crumb'])
  })

  it('Should give each visitor of a cached page their own crumb, never another visitor’s', async () => {
    const first = await view('aurora.localhost', '/about')
    await settled('aurora.localhost', '/about')
    const second = await view('aurora.localhost', '/about')
    expect(second.status).toContain('hit')
    const crumbOf = (cookies: string[]) => cookies.find((c) => c.startsWith('crumb='))?.split(';')[0]
    expect(crumbOf(first.cookies)).toBeDefined()
    expect(crumbOf(second.cookies)).toBeDefined()
    expect(crumbOf(second.cookies)).not.toBe(crumbOf(first.cookies))
    const returning = await view('aurora.localhost', '/about', {
      headers: { cookie: `crumb=${newCrumb()}` },
    })
    expect(returning.status).toContain('hit')
    expect(returning.cookies.filter((c) => c.startsWith('crumb='))).toEqual([])
  })

  it('Should show a publish on the next view (the content version is in the key)', async () => {
    await view('aurora.localhost', '/footwear')
    expect((await settled('aurora.localhost', '/footwear')).status).toContain('hit')
    await publish('aurora')
    expect((await view('aurora.localhost', '/footwear')).status).toBe('storefront; fwd=miss; stored')
  })

  it('Should share one entry for tracking parameters, unknown parameters, Host case and a trailing dot', async () => {
    await view('aurora.localhost', '/gear')
    await settled('aurora.localhost', '/gear')
    for (const [host, path] of [
      ['aurora.localhost', '/gear?utm_source=news&gclid=1&fbclid=2'],
      ['aurora.localhost', '/gear?anything=%3Cscript%3E'],
      ['AURORA.localhost', '/gear'],
      ['aurora.localhost.', '/gear'],
    ] as const) {
      const again = await view(host, path)
      expect(again.status, `${host}${path}`).toContain('hit')
      expect(again.body).not.toContain('%3Cscript%3E')
    }
    // Paging is part of the key.
    expect((await view('aurora.localhost', '/gear?page=1&utm_source=x')).status).not.toContain('hit; ttl')
  })

  it('Should store a page first requested by HEAD and serve it whole to a GET', async () => {
    const head = await visit('aurora.localhost', '/gifts', { method: 'HEAD' })
    expect(await head.text()).toBe('')
    const get = await settled('aurora.localhost', '/gifts')
    expect(get.status).toContain('hit')
    expect(get.body).toMatch(/<\/html>$/)
  })

  it('Should answer a conditional request for an unchanged cached page with 304', async () => {
    await view('aurora.localhost', '/footwear')
    const hit = await settled('aurora.localhost', '/footwear')
    const etag = hit.response.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/)
    const conditional = await visit('aurora.localhost', '/footwear', {
      headers: { 'If-None-Match': etag ?? '' },
    })
    expect(conditional.status).toBe(304)
    expect(await conditional.text()).toBe('')
    expect(conditional.headers.get('etag')).toBe(etag)
    expect(conditional.headers.get('content-security-policy')).toBe(
      hit.response.headers.get('content-security-policy'),
    )
  })

  it('Should never store the lock screen, the member screen or the cart', async () => {
    for (const [host, path] of [
      ['journal.localhost', '/workshop-drafts'],
      ['journal.localhost', '/members'],
      ['aurora.localhost', '/cart'],
    ] as const) {
      const first = await view(host, path)
      expect(first.response.headers.get('cache-control'), path).toBe('private, no-store')
      const second = await view(host, path)
      expect(second.status, path).toBe('storefront; fwd=miss')
    }
  })

  it('Should neither look up nor store for a signed-in or password-unlocked visitor, or with Authorization', async () => {
    await view('aurora.localhost', '/apparel')
    await settled('aurora.localhost', '/apparel')
    const personal: Record<string, string>[] = [
      { cookie: 'ss_site_user=a.b.c' },
      { cookie: 'ss_unlock_workshop-drafts=a.b.c' },
      { authorization: 'Bearer x' },
    ]
    for (const headers of personal) {
      const personal = await view('aurora.localhost', '/apparel', { headers })
      expect(personal.status).toBe('storefront; fwd=bypass')
    }
  })

  it('Should serve a stale page at once and refresh it in the background', async () => {
    await view('aurora.localhost', '/about')
    await settled('aurora.localhost', '/about')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 301_000)
    const stale = await view('aurora.localhost', '/about')
    expect(stale.status).toBe('storefront; fwd=stale')
    expect(stale.body).toMatch(/<\/html>$/)
    // Read back from the Cache API (the isolate's copy is too old to trust), with the security
    // headers of its page.
    expect(stale.response.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-/)
    expect(stale.response.headers.get('permissions-policy')).toContain('camera=()')
    expect(stale.response.headers.has('x-sf-inline-style-hashes')).toBe(false)
    // Nothing of the lookup's own: not the Cache API's `Date` of when it stored the copy (a shared
    // cache below would count the page that much older), its `Age`, its status or a chunked
    // encoding that hides the page's length.
    for (const name of ['date', 'age', 'cf-cache-status', 'transfer-encoding'])
      expect(stale.response.headers.get(name), name).toBeNull()
    vi.useRealTimers()
  })
})
