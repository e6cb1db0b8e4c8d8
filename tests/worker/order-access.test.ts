// Issue 18: an order confirmation belongs to its buyer. The browser that placed the order, the
// signed-in site user who placed it, the confirmation email's link and the order number with its
// email open it; a stranger with the URL, a replayed idempotency key or an old link sees only the
// page asking for the order number and email.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { orderAccessToken } from '../../worker/commerce/order-access'
import { ADDRESS, FLANNEL, Shopper } from './shopper'
import { DEMO_PASSWORDS } from './visitor'

const SKU = 'AO-RF-M-NAV'

async function placeOrder(shopper: Shopper, values: Record<string, string> = {}) {
  await shopper.add(FLANNEL.itemId, SKU, 1)
  const html = await (await shopper.fetch('/checkout')).text()
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const response = await shopper.form('/checkout', { ...ADDRESS, idempotencyKey: key, ...values })
  expect(response.status).toBe(303)
  const path = response.headers.get('location') ?? ''
  return { path, id: path.split('/').pop() ?? '', key }
}

/** The confirmation email to `email` (sent after the answer, in `waitUntil`). */
async function confirmationTo(email: string): Promise<{ body: string } | null> {
  for (let tries = 0; tries < 50; tries++) {
    const mail = await env.DB.prepare(
      "SELECT body FROM outbound_emails WHERE kind = 'order-confirmation' AND recipient = ?",
    )
      .bind(email)
      .first<{ body: string }>()
    if (mail !== null) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return null
}

function expectNoOrderShown(html: string, email: string) {
  expect(html).toContain('Find your order')
  expect(html).toContain('To see this order, enter its order number and the email address used at checkout.')
  expect(html).not.toContain(email)
  expect(html).not.toContain('Ridgeline Flannel Shirt')
  expect(html).not.toContain('Order confirmed')
}

describe('An order page', () => {
  it('Should show the order to the browser that placed it, and only the lookup form to a stranger with the URL', async () => {
    const buyer = new Shopper('aurora.localhost')
    const email = 'owner-1@example.com'
    const { path } = await placeOrder(buyer, { email })
    const own = await buyer.fetch(path)
    expect(own.status).toBe(200)
    const html = await own.text()
    expect(html).toContain('Order confirmed')
    expect(html).toContain(email)
    expect(own.headers.get('referrer-policy')).toBe('no-referrer')
    expect(own.headers.get('cache-control')).toBe('private, no-store')

    const stranger = await new Shopper('aurora.localhost').fetch(path)
    expect(stranger.status).toBe(404)
    expectNoOrderShown(await stranger.text(), email)
  })

  it('Should open the order cookie only on the order’s own path, HttpOnly and Secure', async () => {
    const buyer = new Shopper('aurora.localhost')
    await buyer.add(FLANNEL.itemId, SKU, 1)
    const html = await (await buyer.fetch('/checkout')).text()
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const response = await buyer.form('/checkout', { ...ADDRESS, idempotencyKey: key })
    const path = response.headers.get('location') ?? ''
    const cookie = response.headers.getAll('Set-Cookie').find((c) => c.startsWith('ss_order='))
    expect(cookie).toContain(`Path=${path}`)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/Secure/)
  })

  it('Should not open the order to another browser that replays the buyer’s idempotency key', async () => {
    const buyer = new Shopper('aurora.localhost')
    const email = 'owner-2@example.com'
    const { path, key } = await placeOrder(buyer, { email })
    const attacker = new Shopper('aurora.localhost')
    const replay = await attacker.form('/checkout', { ...ADDRESS, idempotencyKey: key })
    expect(replay.status).toBe(303)
    expect(replay.headers.getAll('Set-Cookie').some((c) => c.startsWith('ss_order='))).toBe(false)
    expectNoOrderShown(await (await attacker.fetch(path)).text(), email)
    // The buyer's own resubmit still reaches the order.
    const again = await buyer.form('/checkout', { ...ADDRESS, idempotencyKey: key })
    expect(again.headers.get('location')).toBe(path)
    expect((await buyer.fetch(path)).status).toBe(200)
  })

  it('Should open the order from the confirmation email’s link in any browser, and take the token out of the URL', async () => {
    const buyer = new Shopper('aurora.localhost')
    const email = 'owner-3@example.com'
    const { path, id } = await placeOrder(buyer, { email })
    const mail = await confirmationTo(email)
    const link = /https?:\/\/\S+\?access=\S+/.exec(mail?.body ?? '')?.[0] ?? ''
    expect(link).toContain(`${path}?access=`)
    const elsewhere = new Shopper('aurora.localhost')
    const opened = await elsewhere.fetch(new URL(link).pathname + new URL(link).search)
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe(path)
    const page = await elsewhere.fetch(path)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(email)
    expect(id).toMatch(/^ord_/)
  })

  it('Should refuse a forged, another order’s or an expired link', async () => {
    const buyer = new Shopper('aurora.localhost')
    const { path, id } = await placeOrder(buyer, { email: 'owner-4@example.com' })
    const other = await placeOrder(new Shopper('aurora.localhost'), { email: 'owner-5@example.com' })
    const expired = await orderAccessToken(env, 'aurora', id, Math.floor(Date.now() / 1000) - 10)
    const othersToken = await orderAccessToken(env, 'aurora', other.id, Math.floor(Date.now() / 1000) + 3600)
    for (const token of ['abc.def', expired, othersToken]) {
      const response = await new Shopper('aurora.localhost').fetch(
        `${path}?access=${encodeURIComponent(token)}`,
      )
      expect(response.status, token).toBe(403)
      expect(response.headers.getAll('Set-Cookie').some((c) => c.startsWith('ss_order='))).toBe(false)
      expectNoOrderShown(await response.text(), 'owner-4@example.com')
    }
  })

  it('Should open the order to whoever types its number and email, and say so when they do not match', async () => {
    const email = 'Owner-6@Example.com'
    const { path, id } = await placeOrder(new Shopper('aurora.localhost'), { email })
    const visitor = new Shopper('aurora.localhost')
    const wrong = await visitor.form(path, {
      orderNumber: id,
      email: 'someone@example.com',
      crumb: visitor.crumb,
    })
    expect(wrong.status).toBe(404)
    const wrongHtml = await wrong.text()
    expect(wrongHtml).toContain('We could not find an order with that number and email address.')
    expect(wrongHtml).not.toContain('Ridgeline Flannel Shirt')
    const right = await visitor.form('/commerce/orders', {
      orderNumber: id,
      email: ' owner-6@example.com ',
      crumb: visitor.crumb,
    })
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe(path)
    expect(await (await visitor.fetch(path)).text()).toContain('Order confirmed')
  })

  it('Should show a signed-in buyer their order from another browser', async () => {
    const buyerEmail = 'shopper@aurora.example'
    const password = DEMO_PASSWORDS[buyerEmail] as string
    const signIn = async (shopper: Shopper) => {
      const response = await shopper.api('POST', '/api/site-users/account/session', {
        email: buyerEmail,
        password,
      })
      expect(response.status).toBe(200)
    }
    const buyer = new Shopper('aurora.localhost')
    await signIn(buyer)
    const { path } = await placeOrder(buyer)
    const laptop = new Shopper('aurora.localhost')
    expect((await laptop.fetch(path)).status).toBe(404)
    await signIn(laptop)
    expect((await laptop.fetch(path)).status).toBe(200)
  })

  it('Should show a gift card’s code to its buyer only', async () => {
    const buyer = new Shopper('aurora.localhost')
    const item = JSON.parse((await env.CATALOG.get('site:aurora:item:gifts/aurora-gift-card')) ?? 'null') as {
      id: string
      structuredContent: { variants: { sku: string }[] }
    } | null
    if (item === null) return expect.unreachable('the demo gift card is missing')
    const sku = item.structuredContent.variants[0]?.sku ?? ''
    const page = await buyer.fetch(`/commerce/gift-card?itemId=${item.id}&sku=${sku}`)
    const checkoutUrl =
      /href="(\/checkout\?cartToken=[^"]+)"/.exec(await page.text())?.[1]?.replace(/&amp;/g, '&') ?? ''
    const form = await (await buyer.fetch(checkoutUrl)).text()
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(form)?.[1] ?? ''
    const placed = await buyer.form(checkoutUrl, { ...ADDRESS, idempotencyKey: key })
    const path = placed.headers.get('location') ?? ''
    const code = /<code>([A-Z0-9-]{19})<\/code>/.exec(await (await buyer.fetch(path)).text())?.[1]
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/)
    expect(await (await new Shopper('aurora.localhost').fetch(path)).text()).not.toContain(code ?? '')
  })
})
