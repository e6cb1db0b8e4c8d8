// The cart API of storefront.md section 7 (and our quantity and removal calls), every outcome
// with its status and message, the crumb, bad bodies, tenant isolation and the rate limit.
import { describe, expect, it } from 'vitest'
import type { ShoppingCart } from '../../shared/cart/types'
import { AXE, FLANNEL, Shopper } from './shopper'
import { inOneRateWindow, RATE_WINDOW_TIMEOUT } from './visitor'

type CartAnswer = {
  shoppingCart: ShoppingCart
  newlyAdded?: { id: string }
  updatedEntry?: { id: string; quantity: number }
}

const ENTRIES = '/api/commerce/shopping-cart/entries'
const BEANIE = { itemId: 'aurora-item-0012', sku: 'AO-EB-NAV' }
const MONOGRAM = JSON.stringify({ initials: 'JMO', 'thread-color': 'Mustard', placement: 'Front of cuff' })

describe('GET /api/commerce/shopping-cart', () => {
  it('Should answer an empty cart with every field of the spec, and set no cart cookie, for a visitor without one', async () => {
    const shopper = new Shopper('aurora.localhost')
    const response = await shopper.fetch('/api/commerce/shopping-cart?mock=false&timecode=1')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const { shoppingCart } = (await response.json()) as CartAnswer
    expect(shoppingCart).toEqual({
      id: null,
      websiteId: 'aurora',
      orderId: null,
      created: null,
      isPurchased: false,
      entries: [],
      shippingOptions: [],
      selectedShippingOption: null,
      shippingLocation: null,
      applicableTaxRules: [],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
      subtotalCents: 0,
      taxCents: 0,
      taxIncluded: false,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      shippingProblem: null,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
      subtotal: { value: '0.00', currency: 'USD' },
    })
    expect(shopper.cookies.has('ss_cart')).toBe(false)
  })
})

describe('POST /api/commerce/shopping-cart/entries', () => {
  it('Should add the variant, answer the cart and the new entry, and set the HttpOnly cart cookie and has-cart', async () => {
    const shopper = new Shopper('aurora.localhost')
    const response = await shopper.add(FLANNEL.itemId, 'AO-RF-M-RED', 2)
    expect(response.status).toBe(200)
    const cookies = response.headers.getAll('Set-Cookie')
    expect(cookies.find((c) => c.startsWith('ss_cart='))).toMatch(
      /^ss_cart=[A-Za-z0-9_-]{22}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    )
    expect(cookies.find((c) => c.startsWith('has-cart='))).toMatch(
      /^has-cart=true; Max-Age=2592000; Path=\/; Secure; SameSite=Lax$/,
    )
    const body = (await response.json()) as CartAnswer
    const cart = body.shoppingCart
    // The HttpOnly cookie's id never leaves the cookie: the cart shows a public id of its own.
    expect(cart.id).toMatch(/^[\w-]{22}$/)
    expect(cart.id).not.toBe(shopper.cookies.get('ss_cart'))
    expect(JSON.stringify(body)).not.toContain(shopper.cookies.get('ss_cart'))
    expect(cart.entries).toHaveLength(1)
    expect(cart.entries[0]).toMatchObject({
      itemId: FLANNEL.itemId,
      chosenVariant: { sku: 'AO-RF-M-RED', attributes: { Size: 'M', Color: 'Red' } },
      quantity: 2,
      title: 'Ridgeline Flannel Shirt',
      unitPriceCents: 7800,
      lineCents: 15600,
    })
    expect(body.newlyAdded?.id).toBe(cart.entries[0]?.id)
    expect(cart).toMatchObject({
      subtotalCents: 15600,
      grandTotalCents: 15600,
      totalQuantity: 2,
      requiresShipping: true,
      hasDigital: false,
      subtotal: { value: '156.00', currency: 'USD' },
    })
  })

  it('Should add to the same entry for the same variant, and keep the cart across calls', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-M-RED', 1)
    const second = (await (await shopper.add(FLANNEL.itemId, 'AO-RF-M-RED', 3)).json()) as CartAnswer
    expect(second.shoppingCart.entries.map((e) => e.quantity)).toEqual([4])
    const read = (await (await shopper.fetch('/api/commerce/shopping-cart')).json()) as CartAnswer
    expect(read.shoppingCart.totalQuantity).toBe(4)
  })

  it('Should refuse more than the stock covers, counting what the cart already holds', async () => {
    const shopper = new Shopper('aurora.localhost')
    expect((await shopper.add(AXE.itemId, AXE.sku, 2)).status).toBe(200)
    const over = await shopper.add(AXE.itemId, AXE.sku, 2)
    expect(over.status).toBe(409)
    expect(await over.json()).toEqual({ message: 'Sorry, we do not have enough of that item available.' })
  })

  it('Should refuse a sold-out variant', async () => {
    const response = await new Shopper('aurora.localhost').add(FLANNEL.itemId, 'AO-RF-S-RED', 1)
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ message: 'Sorry, we do not have enough of that item available.' })
  })

  for (const [quantity, message] of [
    ['two', 'Quantity must be a number.'],
    ['', 'Quantity must be a number.'],
    [1.5, 'Quantity must be a whole number'],
    ['2.5', 'Quantity must be a whole number'],
    [0, 'Quantity must be between 1 and 9999.'],
    [10000, 'Quantity must be between 1 and 9999.'],
  ] as const) {
    it(`Should refuse the quantity ${JSON.stringify(quantity)} with '${message}'`, async () => {
      const response = await new Shopper('aurora.localhost').add(FLANNEL.itemId, 'AO-RF-M-RED', quantity)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
    })
  }

  it('Should refuse an unknown variant with the spec’s message, and an unknown item with a 404', async () => {
    const sku = await new Shopper('aurora.localhost').add(FLANNEL.itemId, 'NO-SUCH-SKU', 1)
    expect(sku.status).toBe(400)
    expect(await sku.json()).toEqual({
      message: 'Sorry, that item variant is unavailable. Please select another variant.',
    })
    const item = await new Shopper('aurora.localhost').add('no-such-item', 'AO-RF-M-RED', 1)
    expect(item.status).toBe(404)
    expect(await item.json()).toEqual({ message: 'That item is no longer for sale.' })
  })

  it('Should answer malformed JSON, wrong types and missing fields with a 400 and a message, never a 500', async () => {
    const shopper = new Shopper('aurora.localhost')
    const broken = await shopper.api('POST', ENTRIES, undefined, { raw: '{"itemId":' })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ message: 'The request body is not valid JSON.' })
    for (const body of [
      { sku: 'AO-RF-M-RED' },
      { itemId: 7, sku: 'x' },
      { itemId: 'a', sku: 'b', quantity: true },
      [],
      null,
    ]) {
      const response = await shopper.api('POST', ENTRIES, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as { message: string }).message, JSON.stringify(body)).toEqual(
        expect.any(String),
      )
    }
  })

  it('Should refuse a call without the crumb, or with another visitor’s, flagging the crumb failure', async () => {
    const shopper = new Shopper('aurora.localhost')
    const missing = await shopper.api('POST', ENTRIES, { ...AXE, quantity: 1 }, { crumb: false })
    expect(missing.status).toBe(403)
    expect(await missing.json()).toEqual({
      crumbFail: true,
      message: 'Your session has expired. Please reload the page and try again.',
    })
    const other = await shopper.fetch(ENTRIES, {
      method: 'POST',
      headers: { 'X-CSRF-Token': Shopper.newCrumb(), 'content-type': 'application/json' },
      body: JSON.stringify({ ...AXE, quantity: 1 }),
    })
    expect(other.status).toBe(403)
    expect(shopper.cookies.has('ss_cart')).toBe(false)
  })

  it(
    'Should answer 429 with ‘Please try again in a few seconds.’ once a visitor adds too often',
    async () => {
      // In one window of the limiter (a window the test waits for), so the count is exact.
      const { statuses, last } = await inOneRateWindow(async () => {
        const shopper = new Shopper('aurora.localhost')
        const statuses: number[] = []
        let last: Response | null = null
        for (let i = 0; i < 62; i++) {
          last = await shopper.add('no-such-item', 'x', 1)
          statuses.push(last.status)
        }
        return { statuses, last }
      })
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      expect(await last?.json()).toEqual({ message: 'Please try again in a few seconds.' })
      // Another visitor is not slowed down.
      expect((await new Shopper('aurora.localhost').add('no-such-item', 'x', 1)).status).toBe(404)
    },
    RATE_WINDOW_TIMEOUT,
  )
})

describe('Changing and removing entries', () => {
  async function cartWithFlannel() {
    const shopper = new Shopper('aurora.localhost')
    const body = (await (await shopper.add(FLANNEL.itemId, 'AO-RF-M-RED', 1)).json()) as CartAnswer
    return { shopper, entryId: body.shoppingCart.entries[0]?.id ?? '' }
  }

  it('Should change an entry’s quantity (PUT …/entries/{id}/quantity) within the stock', async () => {
    const { shopper, entryId } = await cartWithFlannel()
    const ok = await shopper.api('PUT', `${ENTRIES}/${entryId}/quantity`, { quantity: 5 })
    expect(ok.status).toBe(200)
    const body = (await ok.json()) as CartAnswer
    expect(body.updatedEntry).toMatchObject({ id: entryId, quantity: 5 })
    expect(body.shoppingCart.subtotalCents).toBe(39000)
    const over = await shopper.api('PUT', `${ENTRIES}/${entryId}/quantity`, { quantity: 11 })
    expect(over.status).toBe(409)
    expect(await over.json()).toEqual({ message: 'Sorry, we do not have enough of that item available.' })
    const bad = await shopper.api('PUT', `${ENTRIES}/${entryId}/quantity`, { quantity: 'x' })
    expect(await bad.json()).toEqual({ message: 'Quantity must be a number.' })
  })

  it('Should remove an entry (DELETE …/entries/{id}), and answer 404 for an entry the cart does not hold', async () => {
    const { shopper, entryId } = await cartWithFlannel()
    const removed = await shopper.api('DELETE', `${ENTRIES}/${entryId}`)
    expect(removed.status).toBe(200)
    expect(((await removed.json()) as CartAnswer).shoppingCart).toMatchObject({
      entries: [],
      totalQuantity: 0,
    })
    const again = await shopper.api('DELETE', `${ENTRIES}/${entryId}`)
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ message: 'That item is no longer in your cart.' })
  })
})

describe('Additional fields', () => {
  it('Should refuse an item with a required form when its answers are missing or too long', async () => {
    const shopper = new Shopper('aurora.localhost')
    const missing = await shopper.add(BEANIE.itemId, BEANIE.sku, 1, null)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ message: 'Required', errors: { initials: 'Required' } })
    const long = await shopper.add(
      BEANIE.itemId,
      BEANIE.sku,
      1,
      JSON.stringify({ ...JSON.parse(MONOGRAM), initials: 'ABCD' }),
    )
    expect(await long.json()).toMatchObject({
      errors: { initials: 'You have exceeded the character limit.' },
    })
    const junk = await shopper.add(BEANIE.itemId, BEANIE.sku, 1, '[1,2]')
    expect(await junk.json()).toEqual({
      message: 'Could not read the item’s details, please check your entries.',
      errors: { additionalFields: 'Could not read the item’s details, please check your entries.' },
    })
  })

  it('Should keep the answers with the entry, and replace them with PUT …/additionalFields', async () => {
    const shopper = new Shopper('aurora.localhost')
    const added = (await (await shopper.add(BEANIE.itemId, BEANIE.sku, 1, MONOGRAM)).json()) as CartAnswer
    const entry = added.shoppingCart.entries[0]
    expect(JSON.parse(entry?.additionalFields ?? '{}')).toEqual(JSON.parse(MONOGRAM))
    expect(entry?.additionalFieldsSummary).toEqual([
      { title: 'Initials', value: 'JMO' },
      { title: 'Thread colour', value: 'Mustard' },
      { title: 'Placement', value: 'Front of cuff' },
    ])
    const changed = {
      initials: 'AL',
      'thread-color': 'Black',
      placement: 'Side of cuff',
      'gift-note': 'Happy trails',
    }
    const response = await shopper.api('PUT', `${ENTRIES}/${entry?.id}/additionalFields`, {
      ...BEANIE,
      additionalFields: JSON.stringify(changed),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as CartAnswer & { updatedEntry: { additionalFields: string } }
    expect(JSON.parse(body.updatedEntry.additionalFields)).toEqual(changed)
    const refused = await shopper.api('PUT', `${ENTRIES}/${entry?.id}/additionalFields`, {
      ...BEANIE,
      additionalFields: JSON.stringify({ ...changed, 'thread-color': 'Purple' }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ errors: { 'thread-color': 'Required' } })
  })
  it('Should read the answers in their public-form shapes: a name is its list of parts', async () => {
    const shopper = new Shopper('kissa.localhost')
    const tasting = { itemId: 'kissa-item-0018', sku: 'KT-TS-SAT1100' }
    const added = await shopper.add(
      tasting.itemId,
      tasting.sku,
      1,
      JSON.stringify({ 'guest-name': ['Ada', 'Lovelace'], language: 'English', extra: 'dropped' }),
    )
    expect(added.status).toBe(200)
    const entry = ((await added.json()) as CartAnswer).shoppingCart.entries[0]
    expect(JSON.parse(entry?.additionalFields ?? '{}')).toEqual({
      'guest-name': ['Ada', 'Lovelace'],
      language: 'English',
    })
    expect(entry?.additionalFieldsSummary).toEqual([
      { title: '参加者のお名前 Guest name', value: 'Ada Lovelace' },
      { title: 'ご案内の言語 Language', value: 'English' },
    ])
    // A blank name is missing; a name in another shape cannot be read.
    const blank = await shopper.add(
      tasting.itemId,
      tasting.sku,
      1,
      JSON.stringify({ 'guest-name': [' ', ''], language: 'English' }),
    )
    expect(await blank.json()).toMatchObject({ errors: { 'guest-name': 'Required' } })
    const shaped = await shopper.add(
      tasting.itemId,
      tasting.sku,
      1,
      JSON.stringify({ 'guest-name': { First: 'Ada', Last: 'Lovelace' }, language: 'English' }),
    )
    expect(shaped.status).toBe(400)
    expect(await shaped.json()).toMatchObject({
      message: 'Could not read the item’s details, please check your entries.',
    })
  })
})

describe('Tenant isolation', () => {
  it('Should make an aurora cart id useless on kissa', async () => {
    const aurora = new Shopper('aurora.localhost')
    await aurora.add(FLANNEL.itemId, 'AO-RF-M-RED', 1)
    const kissa = new Shopper('kissa.localhost')
    kissa.cookies.set('ss_cart', aurora.cookies.get('ss_cart') ?? '')
    const read = (await (await kissa.fetch('/api/commerce/shopping-cart')).json()) as CartAnswer
    expect(read.shoppingCart).toMatchObject({ entries: [], totalQuantity: 0, websiteId: 'kissa' })
    // Adding on kissa with that id starts kissa's own cart; aurora's is untouched.
    const added = (await (await kissa.add('kissa-item-0001', 'KT-SEN-50G', 1)).json()) as CartAnswer
    expect(added.shoppingCart.entries.map((e) => e.itemId)).toEqual(['kissa-item-0001'])
    expect(added.shoppingCart.subtotal).toEqual({ value: '1800', currency: 'JPY' })
    const again = (await (await aurora.fetch('/api/commerce/shopping-cart')).json()) as CartAnswer
    expect(again.shoppingCart.entries.map((e) => e.itemId)).toEqual([FLANNEL.itemId])
    // An aurora item cannot be added on kissa.
    expect((await kissa.add(FLANNEL.itemId, 'AO-RF-M-RED', 1)).status).toBe(404)
  })
})

describe('GET /api/commerce/inventory/stock/', () => {
  it('Should answer unlimited and qtyInStock per variant, live', async () => {
    const shopper = new Shopper('aurora.localhost')
    const before = (await (
      await shopper.fetch(`/api/commerce/inventory/stock/?itemId=${AXE.itemId}`)
    ).json()) as {
      results: { sku: string; unlimited: boolean; qtyInStock: number }[]
    }
    expect(before.results).toEqual([
      { sku: 'AO-AX', variantId: 'aurora-item-0047-v01', unlimited: false, qtyInStock: 3 },
    ])
    const gift = (await (
      await shopper.fetch('/api/commerce/inventory/stock/?itemId=aurora-item-0055')
    ).json()) as {
      results: { unlimited: boolean }[]
    }
    expect(gift.results.every((r) => r.unlimited)).toBe(true)
  })

  it('Should answer 400 without an item id and 404 for an unknown item', async () => {
    const shopper = new Shopper('aurora.localhost')
    const missing = await shopper.fetch('/api/commerce/inventory/stock/')
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ message: expect.stringContaining('itemId') })
    const unknown = await shopper.fetch('/api/commerce/inventory/stock/?itemId=nope')
    expect(unknown.status).toBe(404)
  })
})
