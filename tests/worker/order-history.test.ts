// A signed-in site user's order history (issue 25): their orders on their own site, newest first
// in keyset pages, each opening its receipt; nobody else's order, on no other site. And the guest
// lookup: the order number with its email opens the order; a wrong email and an unknown number
// get the same answer; the form's crumb is checked and its tries are rate limited.
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { orderPath } from '../../worker/commerce/order-access'
import type { OrderRow } from '../../worker/db/orders'
import { ORDER_HISTORY_PAGE_SIZE } from '../../worker/routes/account-orders'
import { KISSA_AMOUNTS, orderRow, paidOrder } from './order-receipts'
import { Shopper } from './shopper'
import { DEMO_PASSWORDS } from './visitor'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

async function signedIn(host: string, email: string): Promise<Shopper> {
  const shopper = new Shopper(host)
  const response = await shopper.api('POST', '/api/site-users/account/session', {
    email,
    password: DEMO_PASSWORDS[email],
  })
  expect(response.status).toBe(200)
  return shopper
}

async function siteUserId(siteId: string, email: string): Promise<string> {
  const row = await env.DB.prepare('SELECT id FROM site_users WHERE site_id = ? AND email = ?')
    .bind(siteId, email)
    .first<{ id: string }>()
  return row?.id ?? ''
}

/** The order numbers a history page lists, in order, and its paging links. */
function historyOf(html: string) {
  return {
    ids: [...html.matchAll(/class="order-history-number" href="\/account\/orders\/(ord_[0-9a-f]+)"/g)].map(
      ([, id]) => id,
    ),
    older: /<a rel="next" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null,
    newer: /<a rel="prev" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null,
  }
}

describe('The order history', () => {
  it('Should list a site user’s orders newest first, a page at a time, and open each', async () => {
    // The manager places the orders here (the demo shopper's history is the browser spec's).
    const email = 'manager@aurora.example'
    const userId = await siteUserId('aurora', email)
    const base = Date.now() - 1_000_000
    const placed: OrderRow[] = []
    for (let i = 0; i < 23; i++)
      placed.push(await paidOrder(orderRow('aurora', { siteUserId: userId, createdAt: base + i * 1000 })))
    // Two orders at the same instant: the id breaks the tie, neither is skipped nor shown twice.
    placed.push(await paidOrder(orderRow('aurora', { siteUserId: userId, createdAt: base + 5_500 })))
    placed.push(await paidOrder(orderRow('aurora', { siteUserId: userId, createdAt: base + 5_500 })))
    // A checkout that never went through is not in the history.
    const failed = orderRow('aurora', { siteUserId: userId, createdAt: base + 50_000 })
    await paidOrder(failed)
    await env.DB.prepare("UPDATE orders SET status = 'failed' WHERE id = ?").bind(failed.id).run()
    const newestFirst = [...placed]
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
      .map((order) => order.id)

    const manager = await signedIn('aurora.localhost', email)
    const seen: string[] = []
    const pages: ReturnType<typeof historyOf>[] = []
    let next: string | null = '/account/orders'
    while (next !== null) {
      const response = await manager.fetch(next)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const page = historyOf(await response.text())
      expect(page.ids.length).toBeLessThanOrEqual(ORDER_HISTORY_PAGE_SIZE)
      pages.push(page)
      seen.push(...(page.ids as string[]))
      next = page.older
    }
    expect(seen.slice(0, newestFirst.length)).toEqual(newestFirst)
    expect(seen).not.toContain(failed.id)
    expect(pages.map((page) => page.ids.length)).toEqual([10, 10, 5])
    // Back from the last page: the page before it again.
    const back = historyOf(await (await manager.fetch(pages[2]?.newer ?? '')).text())
    expect(back.ids).toEqual(pages[1]?.ids)
    expect(pages[0]?.newer).toBeNull()

    const first = await (await manager.fetch('/account/orders')).text()
    expect(first).toContain('Your orders')
    expect(first).toContain('Signed in as manager@aurora.example')
    expect(first).toContain('$104.53')
    expect(first).toContain('2 items')
    const detail = await manager.fetch(`/account/orders/${newestFirst[0]}`)
    expect(detail.status).toBe(200)
    const detailHtml = await detail.text()
    expect(detailHtml).toContain('Discount (SAVE10)')
    expect(detailHtml).toContain('Back to your orders')

    const forged = await manager.fetch('/account/orders?cursor=bm90LWEtY3Vyc29y')
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('That page of your orders could not be found.')
  })

  it('Should show a site user only their own orders, and only on their own site', async () => {
    const viewerEmail = 'viewer@aurora.example'
    const viewerId = await siteUserId('aurora', viewerEmail)
    const adminId = await siteUserId('aurora', 'admin@aurora.example')
    const own = await paidOrder(orderRow('aurora', { siteUserId: viewerId }))
    const someoneElses = await paidOrder(orderRow('aurora', { siteUserId: adminId }))
    const guests = await paidOrder(orderRow('aurora', { siteUserId: null }))
    // Another tenant's order carrying the same user id: never Aurora's to show.
    const otherTenant = await paidOrder(
      orderRow('kissa', { siteUserId: viewerId, currency: 'JPY', amounts: KISSA_AMOUNTS }),
    )
    const viewer = await signedIn('aurora.localhost', viewerEmail)
    const { ids } = historyOf(await (await viewer.fetch('/account/orders')).text())
    expect(ids).toContain(own.id)
    for (const other of [someoneElses, guests, otherTenant]) {
      expect(ids).not.toContain(other.id)
      const response = await viewer.fetch(`/account/orders/${other.id}`)
      expect(response.status).toBe(404)
      const html = await response.text()
      expect(html).toContain('This order is not in your order history.')
      expect(html).not.toContain('Grace Hopper')
      expect(html).toContain('Back to your orders')
    }
    const unknown = await viewer.fetch('/account/orders/ord_000000000000000000000000')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('This order is not in your order history.')
    // Kissa's manager, signed in on Kissa, does not see the viewer's id's order there either.
    const kissa = await signedIn('kissa.localhost', 'manager@kissa.example')
    expect(historyOf(await (await kissa.fetch('/account/orders')).text()).ids).not.toContain(otherTenant.id)
  })

  it('Should ask a visitor to sign in, and sign in with a plain form post (no script)', async () => {
    const visitor = new Shopper('aurora.localhost')
    const page = await visitor.fetch('/account/orders')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Sign in with a member account to read your orders.')
    expect(html).toContain('Ordered without an account? Find your order')
    expect(html).not.toContain('class="order-history-row"')
    const wrong = await visitor.form('/account/orders', { email: 'viewer@aurora.example', password: 'nope' })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain('The email or password is incorrect. Please try again.')
    const right = await visitor.form('/account/orders', {
      email: 'viewer@aurora.example',
      password: DEMO_PASSWORDS['viewer@aurora.example'] as string,
    })
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe('/account/orders')
    expect(await (await visitor.fetch('/account/orders')).text()).toContain(
      'Signed in as viewer@aurora.example',
    )
  })

  it('Should show Kissa Tea’s history in Japanese and yen', async () => {
    const email = 'viewer@kissa.example'
    const order = await paidOrder(
      orderRow('kissa', {
        siteUserId: await siteUserId('kissa', email),
        currency: 'JPY',
        amounts: KISSA_AMOUNTS,
      }),
    )
    const html = await (await (await signedIn('kissa.localhost', email)).fetch('/account/orders')).text()
    expect(html).toContain('注文履歴')
    expect(html).toContain(order.id)
    expect(html).toContain('￥5,400')
    expect(html).toContain('確定')
  })
})

describe('The guest order lookup', () => {
  let address = 0
  /** A visitor with an address of its own (the per-address limit is the test's neighbours' too). */
  function visitor() {
    const shopper = new Shopper('aurora.localhost')
    const ip = `203.0.113.${++address}`
    const send = shopper.send
    shopper.send = (request) => {
      request.headers.set('CF-Connecting-IP', ip)
      return send(request)
    }
    return shopper
  }

  it('Should open the order with its number and email, and answer a wrong email and an unknown number alike', async () => {
    const order = await paidOrder(orderRow('aurora', { email: 'Lookup@Example.com' }))
    const guest = visitor()
    const form = await guest.fetch('/commerce/orders')
    expect(form.status).toBe(200)
    expect(await form.text()).toContain(`name="crumb" value="${guest.crumb}"`)
    const wrongEmail = await guest.form('/commerce/orders', {
      orderNumber: order.id,
      email: 'someone@example.com',
      crumb: guest.crumb,
    })
    const unknown = await guest.form('/commerce/orders', {
      orderNumber: 'ord_000000000000000000000000',
      email: 'someone@example.com',
      crumb: guest.crumb,
    })
    const shown = (html: string) =>
      html.replace(/ord_[0-9a-f]{24}/g, 'ORDER').replace(/name="crumb" value="[^"]*"/, '')
    expect(wrongEmail.status).toBe(404)
    expect(unknown.status).toBe(wrongEmail.status)
    const wrongHtml = await wrongEmail.text()
    expect(wrongHtml).toContain('We could not find an order with that number and email address.')
    expect(shown(await unknown.text())).toBe(shown(wrongHtml))
    expect(wrongHtml).not.toContain('Grace Hopper')

    const right = await guest.form('/commerce/orders', {
      orderNumber: order.id,
      email: ' lookup@example.com ',
      crumb: guest.crumb,
    })
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe(orderPath(order.id))
    const html = await (await guest.fetch(orderPath(order.id))).text()
    expect(html).toContain('Total')
    expect(html).toContain('$104.53')
  })

  it('Should refuse a lookup without the visitor’s crumb', async () => {
    const order = await paidOrder(orderRow('aurora', { email: 'crumb@example.com' }))
    const guest = visitor()
    for (const crumb of [undefined, 'forged-crumb-value']) {
      const response = await guest.form('/commerce/orders', {
        orderNumber: order.id,
        email: 'crumb@example.com',
        ...(crumb === undefined ? {} : { crumb }),
      })
      expect(response.status).toBe(403)
      expect(await response.text()).toContain(
        'Your session has expired. Please reload the page and try again.',
      )
    }
  })

  it('Should stop a visitor after 10 tries a minute, right email or not', async () => {
    const order = await paidOrder(orderRow('aurora', { email: 'limit@example.com' }))
    const guest = visitor()
    for (let i = 0; i < 10; i++) {
      const response = await guest.form('/commerce/orders', {
        orderNumber: order.id,
        email: `guess-${i}@example.com`,
        crumb: guest.crumb,
      })
      expect(response.status).toBe(404)
    }
    const limited = await guest.form('/commerce/orders', {
      orderNumber: order.id,
      email: 'limit@example.com',
      crumb: guest.crumb,
    })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    const html = await limited.text()
    expect(html).toContain('Too many attempts. Please wait a minute and try again.')
    expect(html).not.toContain('Grace Hopper')
  })
})
