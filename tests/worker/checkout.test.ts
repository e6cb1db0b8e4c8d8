// Checkout end to end in workerd: the order in D1, stock taken, the cart closed and its cookies
// cleared; declined and retried cards; idempotent submits; personal pages never cached;
// subscriptions and gift cards through their signed tokens.
import { env } from 'cloudflare:workers'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { AXE, FLANNEL, Shopper } from './shopper'

async function stockOf(shopper: Shopper, itemId: string, sku: string): Promise<number> {
  const body = (await (await shopper.fetch(`/api/commerce/inventory/stock/?itemId=${itemId}`)).json()) as {
    results: { sku: string; qtyInStock: number }[]
  }
  return body.results.find((r) => r.sku === sku)?.qtyInStock ?? -1
}

async function orderRows(siteId: string) {
  const { results } = await env.DB.prepare('SELECT * FROM orders WHERE site_id = ? ORDER BY created_at')
    .bind(siteId)
    .all()
  return results as Record<string, unknown>[]
}

describe('Checkout', () => {
  it('Should place the order: stored paid in D1, stock taken, cart purchased, cookies cleared, confirmation page', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-XL-FOR', 2)
    const before = await stockOf(shopper, FLANNEL.itemId, 'AO-RF-XL-FOR')
    const cartId = shopper.cookies.get('ss_cart')
    const response = await shopper.checkout()
    expect(response.status).toBe(303)
    const location = response.headers.get('location') ?? ''
    expect(location).toMatch(/^\/commerce\/orders\/ord_[0-9a-f]{24}$/)
    const cleared = response.headers.getAll('Set-Cookie')
    expect(cleared).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ss_cart=; Max-Age=0/),
        expect.stringMatching(/^has-cart=; Max-Age=0/),
      ]),
    )
    expect(shopper.cookies.has('ss_cart')).toBe(false)
    const orderId = location.split('/').pop()
    const row = await env.DB.prepare('SELECT * FROM orders WHERE id = ?')
      .bind(orderId)
      .first<Record<string, unknown>>()
    expect(row).toMatchObject({
      site_id: 'aurora',
      cart_id: cartId,
      status: 'paid',
      email: 'ada@example.com',
      currency: 'USD',
      subtotal_cents: 15600,
      // Standard shipping to Vermont (2 × 450 g: $8.00) and its 6% sales tax on the goods ($9.36).
      grand_total_cents: 15600 + 800 + 936,
    })
    expect(JSON.parse(String(row?.lines))).toEqual([
      expect.objectContaining({ sku: 'AO-RF-XL-FOR', quantity: 2, unitCents: 7800 }),
    ])
    expect(await stockOf(shopper, FLANNEL.itemId, 'AO-RF-XL-FOR')).toBe(before - 2)
    const page = await shopper.fetch(location)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const html = await page.text()
    expect(html).toContain('Order confirmed')
    expect(html).toContain(orderId)
    // The old cart is closed: an old cookie reads a purchased cart; its checkout is refused with
    // a link to the order.
    const old = new Shopper('aurora.localhost')
    old.cookies.set('ss_cart', cartId ?? '')
    const oldCart = (await (await old.fetch('/api/commerce/shopping-cart')).json()) as {
      shoppingCart: { isPurchased: boolean; orderId: string }
    }
    expect(oldCart.shoppingCart).toMatchObject({ isPurchased: true, orderId })
    const again = await old.fetch('/checkout')
    expect(again.status).toBe(409)
    const refusal = await again.text()
    expect(refusal).toContain('This cart has already been paid for.')
    expect(refusal).toContain(`href="/commerce/orders/${orderId}"`)
  })

  it('Should refuse a declined card: no order, the reservation released, the cart kept', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(AXE.itemId, AXE.sku, 1)
    const before = await stockOf(shopper, AXE.itemId, AXE.sku)
    const response = await shopper.checkout({ card: '4000 0000 0000 0002' })
    expect(response.status).toBe(402)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.text()).toContain('Your card was declined. Please use another card.')
    expect(await stockOf(shopper, AXE.itemId, AXE.sku)).toBe(before)
    expect(shopper.cookies.has('ss_cart')).toBe(true)
    expect((await orderRows('aurora')).filter((r) => r.email === 'declined@example.com')).toEqual([])
  })

  it('Should place the order with the card that needs a retry (the second attempt goes through)', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-L-RED', 1)
    const response = await shopper.checkout({ card: '4000-0000-0000-0119', email: 'retry@example.com' })
    expect(response.status).toBe(303)
    const row = (await orderRows('aurora')).find((r) => r.email === 'retry@example.com')
    expect(row?.status).toBe('paid')
  })

  it('Should place one order for a repeated submit with the same idempotency key', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-L-FOR', 1)
    const key = 'repeat0000000000000000'
    const cart = shopper.cookies.get('ss_cart') ?? ''
    const first = await shopper.checkout({ email: 'twice@example.com' }, key)
    shopper.cookies.set('ss_cart', cart)
    const second = await shopper.checkout({ email: 'twice@example.com' }, key)
    expect(second.headers.get('location')).toBe(first.headers.get('location'))
    expect((await orderRows('aurora')).filter((r) => r.email === 'twice@example.com')).toHaveLength(1)
  })

  it('Should answer invalid fields with every message and keep the entries (422)', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-L-FOR', 1)
    const response = await shopper.checkout({ email: 'not-an-email', name: '', country: 'XX', card: '12' })
    expect(response.status).toBe(422)
    const html = await response.text()
    expect(html).toContain('Email is not valid. Email addresses should follow the format user@domain.com.')
    expect(html).toContain('Required')
    expect(html).toContain('Choose a country from the list.')
    expect(html).toContain('Enter a card number of 12 to 19 digits.')
  })

  it('Should send an empty cart back to /cart, and refuse a checkout post from another site', async () => {
    const shopper = new Shopper('aurora.localhost')
    const page = await shopper.fetch('/checkout')
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toBe('/cart')
    await shopper.add(AXE.itemId, AXE.sku, 1)
    const forged = await shopper.fetch('/checkout', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'idempotencyKey=aaaaaaaaaaaaaaaaaaaa',
    })
    expect(forged.status).toBe(403)
  })

  it('Should show the test cards on the checkout page in development, with the cart’s entries and total', async () => {
    const shopper = new Shopper('kissa.localhost')
    await shopper.add('kissa-item-0001', 'KT-SEN-100G', 2)
    const page = await shopper.fetch('/checkout')
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const html = await page.text()
    expect(html).toContain('4242 4242 4242 4242')
    expect(html).toContain('4000 0000 0000 0002')
    expect(html).toContain('4000 0000 0000 0119')
    // JPY: no decimals.
    expect(html).toContain('￥6,800')
  })
})

describe('Personal pages', () => {
  it('Should mark the cart, checkout, order, subscription and gift card pages private, no-store', async () => {
    const shopper = new Shopper('aurora.localhost')
    for (const path of [
      '/cart',
      '/commerce/gift-card?itemId=aurora-item-0055&sku=AO-GC-50',
      '/commerce/subscription?cartToken=x',
    ]) {
      expect((await shopper.fetch(path)).headers.get('cache-control'), path).toBe('private, no-store')
    }
  })

  it('Should print the visitor’s entries on /cart, with ‘More than 100 items in cart’ above 100', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-M-NAV', 38)
    await shopper.add(
      'aurora-item-0012',
      'AO-EB-CHR',
      1,
      JSON.stringify({ initials: 'A', 'thread-color': 'Black', placement: 'Side of cuff' }),
    )
    let html = await (await shopper.fetch('/cart')).text()
    expect(html).toContain('Ridgeline Flannel Shirt')
    expect(html).toContain('39 items')
    expect((await shopper.add('aurora-item-0055', 'AO-GC-25', 62)).status).toBe(200)
    html = await (await shopper.fetch('/cart')).text()
    expect(html).toContain('More than 100 items in cart')
  })
})

describe('Subscriptions', () => {
  const SOCKS = { itemId: 'aurora-item-0056', sku: 'AO-SC-M' }

  it('Should answer a signed cart token, show the plan on the subscription page and record it with the order', async () => {
    const shopper = new Shopper('aurora.localhost')
    const response = await shopper.api('POST', '/api/3/commerce/cart/subscription', {
      ...SOCKS,
      qty: 1,
      additionalFields: null,
    })
    expect(response.status).toBe(200)
    const { cartToken } = (await response.json()) as { cartToken: string }
    expect(cartToken.split('.')).toHaveLength(3)
    const page = await shopper.fetch(`/commerce/subscription?cartToken=${cartToken}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('every month')
    const checkout = await shopper.fetch(`/checkout?cartToken=${cartToken}`)
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(await checkout.text())?.[1] ?? ''
    const placed = await shopper.form(`/checkout?cartToken=${cartToken}`, {
      email: 'socks@example.com',
      name: 'Ada',
      address1: '1 Main St',
      city: 'Burlington',
      postalCode: '05401',
      country: 'US',
      card: '4242424242424242',
      idempotencyKey: key,
    })
    expect(placed.status).toBe(303)
    const row = (await orderRows('aurora')).find((r) => r.email === 'socks@example.com')
    expect(JSON.parse(String(row?.subscription_plan))).toEqual({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 0,
    })
  })

  it('Should refuse a forged, expired or other tenant’s token, and a product that is not a subscription', async () => {
    const shopper = new Shopper('aurora.localhost')
    const { cartToken } = (await (
      await shopper.api('POST', '/api/3/commerce/cart/subscription', { ...SOCKS, qty: 1 })
    ).json()) as { cartToken: string }
    const [head, body] = cartToken.split('.')
    const forged = `${head}.${body}.${'A'.repeat(43)}`
    const secret = new TextEncoder().encode(env.CART_TOKEN_SECRET)
    const expired = await new SignJWT({ kind: 'subscription', ...SOCKS, qty: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('aurora')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret)
    for (const token of [forged, expired, 'garbage']) {
      const page = await shopper.fetch(`/commerce/subscription?cartToken=${token}`)
      expect(page.status).toBe(400)
      expect(await page.text()).toContain('This link has expired or is not valid.')
    }
    const kissa = new Shopper('kissa.localhost')
    expect((await kissa.fetch(`/commerce/subscription?cartToken=${cartToken}`)).status).toBe(400)
    const notSub = await shopper.api('POST', '/api/3/commerce/cart/subscription', { ...AXE, qty: 1 })
    expect(notSub.status).toBe(400)
    expect(await notSub.json()).toEqual({ message: 'This item is not sold as a subscription.' })
    const noCrumb = await shopper.api(
      'POST',
      '/api/3/commerce/cart/subscription',
      { ...SOCKS, qty: 1 },
      { crumb: false },
    )
    expect(noCrumb.status).toBe(403)
  })
})

describe('Gift cards', () => {
  it('Should show the gift card and its amount, and issue a code on the confirmation', async () => {
    const shopper = new Shopper('aurora.localhost')
    const page = await shopper.fetch('/commerce/gift-card?itemId=aurora-item-0055&sku=AO-GC-50')
    const html = await page.text()
    expect(html).toContain('$50.00')
    const token = /href="\/checkout\?cartToken=([^"]+)"/.exec(html)?.[1] ?? ''
    const checkout = await shopper.fetch(`/checkout?cartToken=${token}`)
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(await checkout.text())?.[1] ?? ''
    const placed = await shopper.form(`/checkout?cartToken=${token}`, {
      email: 'gift@example.com',
      name: 'Ada',
      address1: '1 Main St',
      city: 'Burlington',
      postalCode: '05401',
      country: 'US',
      card: '4242424242424242',
      idempotencyKey: key,
    })
    const confirmation = await (await shopper.fetch(placed.headers.get('location') ?? '')).text()
    expect(confirmation).toMatch(/<code>[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}<\/code>/)
  })

  it('Should refuse a gift card without a denomination, and an item that is not a gift card', async () => {
    const shopper = new Shopper('aurora.localhost')
    const none = await shopper.fetch('/commerce/gift-card?itemId=aurora-item-0055&sku=')
    expect(none.status).toBe(400)
    const html = await none.text()
    expect(html).toContain('Unable to purchase Gift Card')
    expect(html).toContain('Select a denomination for the Gift Card')
    expect((await shopper.fetch(`/commerce/gift-card?itemId=${AXE.itemId}&sku=${AXE.sku}`)).status).toBe(404)
  })
})

describe('The plain HTML form (no script)', () => {
  it('Should add from the product form and go to /cart, refusing a missing option with the spec’s message', async () => {
    const shopper = new Shopper('aurora.localhost')
    const added = await shopper.form('/cart/add', {
      itemId: FLANNEL.itemId,
      'variant-option-Size': 'M',
      'variant-option-Color': 'Red',
      quantity: '2',
    })
    expect(added.status).toBe(303)
    expect(added.headers.get('location')).toBe('/cart')
    expect(shopper.cookies.has('ss_cart')).toBe(true)
    const missing = await shopper.form('/cart/add', { itemId: FLANNEL.itemId, quantity: '1' })
    expect(missing.status).toBe(400)
    const html = await missing.text()
    expect(html).toContain('Unable to Add Item')
    expect(html).toContain('Please select the Size and Color options.')
    const foreign = await shopper.fetch('/cart/add', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: `itemId=${AXE.itemId}&sku=${AXE.sku}`,
    })
    expect(foreign.status).toBe(403)
  })
})
