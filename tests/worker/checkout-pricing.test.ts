// Issue 25 in workerd: shipping options, tax and discount codes in the cart API and the plain
// form posts, the same amounts at checkout and in the order row, and the refusals (a place
// nobody ships to, an option gone with the address, a code that no longer applies, a tampered
// total). The demo tenants' settings are in kv-fixtures/site/aurora.json and kissa.json.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { ShoppingCart } from '../../shared/index'
import type { OrderAmounts } from '../../worker/db/orders'
import { Shopper } from './shopper'

const MUG = { itemId: 'aurora-item-0057', sku: 'AO-MG-CRM' } // $18.00, unlimited, 200 g
const SOCKS = { itemId: 'aurora-item-0032', sku: 'AO-HS-S-GRY' } // $24.00, footwear, 1400 g
const GENMAICHA_200 = { itemId: 'kissa-item-0003', sku: 'KT-GEN-200G' } // ¥3,000 tax included
const EBOOK = { itemId: 'kissa-item-0017', sku: 'KT-EB-PDF' } // ¥1,200, digital

async function cartOf(shopper: Shopper): Promise<ShoppingCart> {
  const response = await shopper.fetch('/api/commerce/shopping-cart')
  return ((await response.json()) as { shoppingCart: ShoppingCart }).shoppingCart
}

async function shipTo(shopper: Shopper, fields: Record<string, string>) {
  const response = await shopper.form('/cart/shipping', fields)
  expect(response.status).toBe(303)
}

async function enterCode(shopper: Shopper, code: string, back = '/cart') {
  const response = await shopper.form('/cart/coupons', { code, back })
  expect(response.status).toBe(303)
  expect(response.headers.get('location')).toBe(back)
}

async function orderRow(id: string) {
  return env.DB.prepare('SELECT * FROM orders WHERE id = ?').bind(id).first<Record<string, unknown>>()
}

async function ordersOf(email: string) {
  const { results } = await env.DB.prepare('SELECT * FROM orders WHERE email = ?').bind(email).all()
  return results as Record<string, unknown>[]
}

/** The total the checkout page shows, as its form sends it back. */
async function checkoutTotal(shopper: Shopper): Promise<string> {
  const html = await (await shopper.fetch('/checkout')).text()
  return /name="expectedTotalCents" value="(\d+)"/.exec(html)?.[1] ?? ''
}

describe('Shipping and tax in the cart', () => {
  it('Should ask for a location first, then list the options of its zone with prices and add the state’s tax', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(MUG.itemId, MUG.sku, 2)
    const before = await cartOf(shopper)
    expect(before).toMatchObject({
      subtotalCents: 3600,
      shippingOptions: [],
      selectedShippingOption: null,
      shippingProblem: 'Enter your country to see the shipping options and tax.',
      grandTotalCents: 3600,
    })

    await shipTo(shopper, { country: 'US', region: 'CA', postalCode: '94110' })
    const cart = await cartOf(shopper)
    expect(cart.shippingLocation).toEqual({ country: 'US', region: 'CA', postalCode: '94110' })
    expect(cart.shippingOptions).toEqual([
      { id: 'standard', name: 'Standard (3–5 business days)', kind: 'weight', cents: 800 },
      { id: 'express', name: 'Express (1–2 business days)', kind: 'flat', cents: 2500 },
    ])
    expect(cart.selectedShippingOption?.id).toBe('standard')
    // California: 7.25% of $36.00 = $2.61, shipping not taxed.
    expect(cart.applicableTaxRules).toEqual([
      { name: 'California sales tax', rateBasisPoints: 725, cents: 261 },
    ])
    expect(cart).toMatchObject({
      shippingCostCents: 800,
      taxCents: 261,
      taxIncluded: false,
      shippingProblem: null,
    })
    expect(cart.grandTotalCents).toBe(3600 + 800 + 261)

    // Vermont has its own zone with local pickup; express chosen, then the page shows it.
    await shipTo(shopper, { country: 'US', region: 'VT', shippingOption: 'pickup' })
    const vermont = await cartOf(shopper)
    expect(vermont.shippingOptions.map((o) => o.id)).toEqual(['standard', 'express', 'pickup'])
    expect(vermont).toMatchObject({ shippingCostCents: 0, taxCents: 216, grandTotalCents: 3816 })
    const page = await (await shopper.fetch('/cart')).text()
    expect(page).toContain('Shipping (Local pickup (Burlington store))')
    expect(page).toContain('Vermont sales tax 6%')
    expect(page).toContain('$38.16')
  })

  it('Should say before payment that nobody ships to the place, and refuse the checkout without an order', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(MUG.itemId, MUG.sku, 1)
    await shipTo(shopper, { country: 'JP' })
    const cart = await cartOf(shopper)
    expect(cart.shippingOptions).toEqual([])
    expect(cart.shippingProblem).toBe('Sorry, we do not ship to Japan.')
    expect(await (await shopper.fetch('/cart')).text()).toContain('Sorry, we do not ship to Japan.')
    const response = await shopper.checkout({ email: 'japan@example.com', country: 'JP', region: 'Tokyo' })
    expect(response.status).toBe(422)
    expect(await response.text()).toContain('Sorry, we do not ship to Tokyo, Japan.')
    expect(await ordersOf('japan@example.com')).toHaveLength(0)
  })

  it('Should let a shopper in a US territory name it, and answer for that territory rather than the US', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(MUG.itemId, MUG.sku, 1)
    // Puerto Rico is in the checkout's list (its own ISO code); Aurora's zones name the US only.
    await shipTo(shopper, { country: 'PR' })
    const cart = await cartOf(shopper)
    expect(cart.shippingOptions).toEqual([])
    expect(cart.shippingProblem).toBe('Sorry, we do not ship to Puerto Rico.')
    expect(await (await shopper.fetch('/cart')).text()).toContain(
      '<option value="PR" selected="">Puerto Rico</option>',
    )
  })

  it('Should refuse an option that no longer applies after the address changed, then take the one shown', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(MUG.itemId, MUG.sku, 1)
    await shipTo(shopper, { country: 'US', region: 'VT', shippingOption: 'pickup' })
    const moved = await shopper.checkout({
      email: 'moved@example.com',
      region: 'NY',
      shippingOption: 'pickup',
    })
    expect(moved.status).toBe(422)
    const html = await moved.text()
    expect(html).toContain(
      'The shipping option you chose is not available for this address. Please choose one of the options shown.',
    )
    expect(html).not.toContain('value="pickup"')
    expect(await ordersOf('moved@example.com')).toHaveLength(0)
    const placed = await shopper.checkout({
      email: 'moved@example.com',
      region: 'NY',
      shippingOption: 'express',
    })
    expect(placed.status).toBe(303)
    const [row] = await ordersOf('moved@example.com')
    const amounts = JSON.parse(String(row?.amounts)) as OrderAmounts
    // New York taxes shipping: 4% of ($18.00 + $25.00) = $1.72.
    expect(amounts).toMatchObject({
      subtotalCents: 1800,
      shippingCents: 2500,
      taxCents: 172,
      grandTotalCents: 1800 + 2500 + 172,
      shippingOption: { id: 'express', name: 'Express (1–2 business days)', cents: 2500 },
    })
  })

  it('Should show Kissa Tea’s tax included and free shipping from ¥5,000, and no shipping for a digital cart', async () => {
    const shopper = new Shopper('kissa.localhost')
    await shopper.add(GENMAICHA_200.itemId, GENMAICHA_200.sku, 1)
    const one = await cartOf(shopper)
    // The home country's tax before any address: ¥3,000 holds round(3000 × 10/110) = ¥273.
    expect(one).toMatchObject({ taxIncluded: true, taxCents: 273, grandTotalCents: 3000 })
    await shipTo(shopper, { country: 'JP', region: 'Kyoto' })
    const below = await cartOf(shopper)
    expect(below.selectedShippingOption).toEqual({
      id: 'standard',
      name: '通常配送 Standard',
      kind: 'flat',
      cents: 600,
    })
    // Shipping is taxed in Japan: (3000 + 600) × 10/110 = 327.27… → ¥327, not added to the total.
    expect(below).toMatchObject({ shippingCostCents: 600, taxCents: 327, grandTotalCents: 3600 })
    await shopper.add(GENMAICHA_200.itemId, GENMAICHA_200.sku, 1)
    const over = await cartOf(shopper)
    expect(over).toMatchObject({
      subtotalCents: 6000,
      shippingCostCents: 0,
      taxCents: 545,
      grandTotalCents: 6000,
    })
    expect(over.selectedShippingOption?.cents).toBe(0)

    const digital = new Shopper('kissa.localhost')
    await digital.add(EBOOK.itemId, EBOOK.sku, 1)
    expect(await cartOf(digital)).toMatchObject({
      purelyDigital: true,
      requiresShipping: false,
      shippingOptions: [],
      shippingProblem: null,
      shippingCostCents: 0,
      taxCents: 109,
      grandTotalCents: 1200,
    })
  })
})

describe('Discount codes', () => {
  it('Should apply a percentage code, list an unknown, expired or too-early one with its reason, and remove one', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(MUG.itemId, MUG.sku, 2)
    await enterCode(shopper, ' welcome10 ')
    await enterCode(shopper, 'NOPE')
    await enterCode(shopper, 'SUMMER2025')
    const cart = await cartOf(shopper)
    expect(cart.coupons).toEqual(['WELCOME10', 'NOPE', 'SUMMER2025'])
    expect(cart.validCoupons).toEqual([{ code: 'WELCOME10', discountCents: 360, freeShipping: false }])
    expect(cart.invalidCoupons).toEqual([
      { code: 'NOPE', reason: 'The code NOPE is not valid.' },
      { code: 'SUMMER2025', reason: 'The code SUMMER2025 has expired.' },
    ])
    expect(cart).toMatchObject({ discountCents: 360, grandTotalCents: 3240 })
    const page = await (await shopper.fetch('/cart')).text()
    expect(page).toContain('The code SUMMER2025 has expired.')
    expect(page).toContain('−$3.60')
    const removed = await shopper.form('/cart/coupons/remove', { code: 'nope', back: '/cart' })
    expect(removed.status).toBe(303)
    expect((await cartOf(shopper)).coupons).toEqual(['WELCOME10', 'SUMMER2025'])
    const empty = await shopper.form('/cart/coupons', { code: '  ', back: '/cart' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Please enter a discount code.')
  })

  it('Should check a code again when a product is removed or the subtotal changes', async () => {
    const shopper = new Shopper('aurora.localhost')
    const added = await shopper.add(SOCKS.itemId, SOCKS.sku, 1)
    const socksEntry = ((await added.json()) as { newlyAdded: { id: string } }).newlyAdded.id
    await shopper.add(MUG.itemId, MUG.sku, 2)
    await shipTo(shopper, { country: 'US', region: 'TX' })
    await enterCode(shopper, 'FREESHIP')
    await enterCode(shopper, 'FOOTWEAR15')
    const both = await cartOf(shopper)
    // FOOTWEAR15 is 15% of the socks only ($3.60); FREESHIP waives the $8.00 of standard shipping.
    expect(both.validCoupons).toEqual([
      { code: 'FREESHIP', discountCents: 800, freeShipping: true },
      { code: 'FOOTWEAR15', discountCents: 360, freeShipping: false },
    ])
    expect(both).toMatchObject({ subtotalCents: 6000, discountCents: 360, shippingCostCents: 0 })
    // Texas taxes shipping; here it is waived: 6.25% of $56.40 = $3.525 → $3.53 (half up).
    expect(both.taxCents).toBe(353)
    expect(both.grandTotalCents).toBe(6000 - 360 + 0 + 353)

    await shopper.api('DELETE', `/api/commerce/shopping-cart/entries/${socksEntry}`)
    const after = await cartOf(shopper)
    expect(after.validCoupons).toEqual([])
    expect(after.invalidCoupons).toEqual([
      { code: 'FREESHIP', reason: 'The code FREESHIP needs a subtotal of at least $50.00.' },
      { code: 'FOOTWEAR15', reason: 'The code FOOTWEAR15 does not apply to any product in your cart.' },
    ])
    expect(after).toMatchObject({ discountCents: 0, shippingCostCents: 800 })
    // At checkout a code that no longer applies stops the order until it is removed.
    const refused = await shopper.checkout({ email: 'recheck@example.com', region: 'TX' })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain(
      'A discount code no longer applies: The code FREESHIP needs a subtotal of at least $50.00. Remove it to continue.',
    )
    expect(await ordersOf('recheck@example.com')).toHaveLength(0)
  })
})

describe('The cart API’s shipping and codes', () => {
  it('Should set the location and option and enter and remove codes through the API, refusing bad input with a message', async () => {
    const shopper = new Shopper('aurora.localhost')
    const none = await shopper.api('POST', '/api/commerce/shopping-cart/coupons', { code: 'WELCOME10' })
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({ message: 'You have nothing in your shopping cart.' })
    await shopper.add(MUG.itemId, MUG.sku, 1)
    const shipping = await shopper.api('PUT', '/api/commerce/shopping-cart/shipping', {
      country: 'CA',
      region: 'BC',
      optionId: 'express',
    })
    expect(shipping.status).toBe(200)
    const { shoppingCart } = (await shipping.json()) as { shoppingCart: ShoppingCart }
    // Canada: GST 5% on goods and shipping, BC PST 7% on goods only.
    expect(shoppingCart.selectedShippingOption?.cents).toBe(4500)
    expect(shoppingCart.applicableTaxRules).toEqual([
      { name: 'GST', rateBasisPoints: 500, cents: 315 },
      { name: 'BC PST', rateBasisPoints: 700, cents: 126 },
    ])
    expect(shoppingCart.grandTotalCents).toBe(1800 + 4500 + 315 + 126)
    const coupon = await shopper.api('POST', '/api/commerce/shopping-cart/coupons', { code: 'welcome10' })
    expect(((await coupon.json()) as { shoppingCart: ShoppingCart }).shoppingCart.discountCents).toBe(180)
    const removed = await shopper.api('DELETE', '/api/commerce/shopping-cart/coupons/WELCOME10')
    expect(((await removed.json()) as { shoppingCart: ShoppingCart }).shoppingCart.coupons).toEqual([])
    const badCountry = await shopper.api('PUT', '/api/commerce/shopping-cart/shipping', { country: 'ZZ' })
    expect(badCountry.status).toBe(400)
    expect(await badCountry.json()).toEqual({ message: 'Choose a country from the list.' })
    const badBody = await shopper.api('POST', '/api/commerce/shopping-cart/coupons', { code: 42 })
    expect(badBody.status).toBe(400)
    const tooMany = ['A1A', 'B2B', 'C3C', 'D4D', 'E5E', 'F6F']
    const answers = []
    for (const code of tooMany)
      answers.push(await shopper.api('POST', '/api/commerce/shopping-cart/coupons', { code }))
    expect(answers.at(-1)?.status).toBe(400)
    expect(await answers.at(-1)?.json()).toEqual({ message: 'A cart can hold at most 5 codes.' })
  })
})

describe('The order’s amounts', () => {
  it('Should store in the order row the amounts the cart and the checkout page showed', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(SOCKS.itemId, SOCKS.sku, 2)
    await shipTo(shopper, { country: 'US', region: 'CA', postalCode: '94110' })
    await enterCode(shopper, 'WELCOME10', '/checkout')
    const cart = await cartOf(shopper)
    const shown = await checkoutTotal(shopper)
    expect(shown).toBe(String(cart.grandTotalCents))
    const checkoutHtml = await (await shopper.fetch('/checkout')).text()
    expect(checkoutHtml).toContain('Code WELCOME10')
    expect(checkoutHtml).toContain('California sales tax 7.25%')
    const response = await shopper.checkout({
      email: 'amounts@example.com',
      region: 'CA',
      postalCode: '94110',
      shippingOption: 'standard',
      expectedTotalCents: shown,
    })
    expect(response.status).toBe(303)
    const id = (response.headers.get('location') ?? '').split('/').pop() ?? ''
    const row = await orderRow(id)
    const amounts = JSON.parse(String(row?.amounts)) as OrderAmounts
    // $48.00 − 10% ($4.80) + $15.00 (2 × 1400 g) + 7.25% of $43.20 ($3.13).
    expect(amounts).toEqual({
      subtotalCents: 4800,
      discountCents: 480,
      shippingCents: 1500,
      taxCents: 313,
      taxIncluded: false,
      grandTotalCents: 4800 - 480 + 1500 + 313,
      shippingOption: { id: 'standard', name: 'Standard (3–5 business days)', cents: 1500 },
      taxLines: [{ name: 'California sales tax', rateBasisPoints: 725, cents: 313 }],
      coupons: [{ code: 'WELCOME10', discountCents: 480, freeShipping: false }],
    })
    expect(amounts.grandTotalCents).toBe(cart.grandTotalCents)
    expect(row).toMatchObject({ status: 'paid', subtotal_cents: 4800, grand_total_cents: 6133 })
    expect(JSON.parse(String(row?.shipping))).toMatchObject({ region: 'CA', country: 'US' })
  })

  it('Should refuse a total the server does not compute (tampered or changed) and place no order', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(MUG.itemId, MUG.sku, 1)
    const response = await shopper.checkout({
      email: 'tamper@example.com',
      expectedTotalCents: '1',
      grandTotalCents: '1',
      discountCents: '1800',
    })
    expect(response.status).toBe(409)
    // Vermont: $18.00 + $8.00 standard + 6% of $18.00.
    expect(await response.text()).toContain(
      'The total of your order is now $27.08. Please check it and place your order again.',
    )
    expect(await ordersOf('tamper@example.com')).toHaveLength(0)
    // A page that could not price shipping yet (no address) shows the total before any charge.
    const first = await shopper.checkout({ email: 'tamper@example.com', expectedTotalCents: 'pending' })
    expect(first.status).toBe(409)
    expect(await first.text()).toContain(
      'Shipping and tax for your address are shown now. Please check your total of $27.08 and place your order again.',
    )
    expect(await ordersOf('tamper@example.com')).toHaveLength(0)
    const malformed = await shopper.checkout({ email: 'tamper@example.com', expectedTotalCents: '-5' })
    // A total that is not a whole number of minor units is ignored; the server's own is charged.
    expect(malformed.status).toBe(303)
    const [row] = await ordersOf('tamper@example.com')
    expect(row).toMatchObject({ grand_total_cents: 2708, status: 'paid' })
  })
})
