// A discount code's usage limit under races (issue 25): the tenant's stock object holds one use
// per order in the same all-or-none step as the order's stock, so 100 checkouts racing for a
// code with uses left never take more than are left. Prints the figures (see
// docs/cart-and-checkout.md, "Coupons").
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { COUPON_SKU_PREFIX } from '../../worker/durable/inventory'
import { Shopper } from './shopper'

const MUG = { itemId: 'aurora-item-0057', sku: 'AO-MG-FOR' }
/** Aurora's FIRST50: $5.00 off, 50 uses. */
const FIRST50 = { code: 'FIRST50', limit: 50 }

function inventory() {
  return env.INVENTORY.get(env.INVENTORY.idFromName('aurora'))
}

describe('A code’s usage limit under races', () => {
  it('Should let exactly the uses left succeed when 100 checkouts race, a declined card having given its use back', async () => {
    const stock = inventory()
    const line = { sku: `${COUPON_SKU_PREFIX}${FIRST50.code}`, quantity: 1 }
    // 40 uses are taken by paid orders first (reserve then commit, as a checkout does).
    for (let i = 0; i < 40; i++) {
      expect(await stock.reserve(`earlier-${i}`, [line], [], 'v1', [FIRST50])).toEqual({ ok: true })
      expect(await stock.commit(`earlier-${i}`, [line])).toEqual({ ok: true })
    }
    // A checkout whose card is declined holds a use, then gives it back: 10 are still left after it.
    const declined = new Shopper('aurora.localhost')
    await declined.add(MUG.itemId, MUG.sku, 1)
    await declined.form('/cart/coupons', { code: FIRST50.code, back: '/cart' })
    const refusal = await declined.checkout({
      email: 'declined-coupon@example.com',
      card: '4000 0000 0000 0002',
    })
    expect(refusal.status).toBe(402)
    // 100 shoppers race for the 10 left, end to end through the checkout form.
    const shoppers = Array.from({ length: 100 }, () => new Shopper('aurora.localhost'))
    await Promise.all(
      shoppers.map(async (shopper) => {
        await shopper.add(MUG.itemId, MUG.sku, 1)
        await shopper.form('/cart/coupons', { code: FIRST50.code, back: '/cart' })
      }),
    )
    const started = Date.now()
    const answers = await Promise.all(
      shoppers.map((shopper, i) => shopper.checkout({ email: `race-${i}@example.com` })),
    )
    const elapsed = Date.now() - started
    const placed = answers.filter((response) => response.status === 303).length
    // Refused when taking the use (409), or earlier when the cart's pricing already saw none
    // left (422: the code no longer applies); the same sentence either way.
    const refusedAnswers = answers.filter((r) => r.status !== 303)
    const refused = await Promise.all(refusedAnswers.map((r) => r.text()))
    const { results } = await env.DB.prepare(
      "SELECT amounts FROM orders WHERE email LIKE 'race-%' AND status = 'paid'",
    ).all<{ amounts: string }>()
    console.log(
      `coupon race: 100 checkouts for the 10 uses left of ${FIRST50.code} (limit ${FIRST50.limit}): ` +
        `${placed} placed, ${refusedAnswers.filter((r) => r.status === 409).length} refused taking the use (409), ` +
        `${refusedAnswers.filter((r) => r.status === 422).length} refused by the priced cart (422), ` +
        `${results.length} paid orders with the code, ${elapsed} ms`,
    )
    expect(placed).toBe(10)
    expect(refusedAnswers.map((r) => r.status).filter((status) => status !== 409 && status !== 422)).toEqual(
      [],
    )
    expect(refused).toHaveLength(90)
    for (const text of refused) expect(text).toContain('The code FIRST50 has reached its usage limit.')
    expect(results).toHaveLength(10)
    for (const row of results)
      expect(JSON.parse(row.amounts).coupons).toEqual([
        { code: 'FIRST50', discountCents: 500, freeShipping: false },
      ])
    expect(await stock.usedUpCoupons([FIRST50])).toEqual(['FIRST50'])

    // With every use taken, the cart says so before checkout.
    const late = new Shopper('aurora.localhost')
    await late.add(MUG.itemId, MUG.sku, 1)
    await late.form('/cart/coupons', { code: FIRST50.code, back: '/cart' })
    const cart = (await (await late.fetch('/api/commerce/shopping-cart')).json()) as {
      shoppingCart: { invalidCoupons: { code: string; reason: string }[] }
    }
    expect(cart.shoppingCart.invalidCoupons).toEqual([
      { code: 'FIRST50', reason: 'The code FIRST50 has reached its usage limit.' },
    ])
  }, 120_000)

  it('Should hold exactly the limit when 100 reservations of one code reach the stock object at once', async () => {
    const stock = inventory()
    const limits = [{ code: 'DIRECT25', limit: 25 }]
    const line = { sku: `${COUPON_SKU_PREFIX}DIRECT25`, quantity: 1 }
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => stock.reserve(`direct-${i}`, [line], [], 'v1', limits)),
    )
    const held = answers.filter((answer) => answer.ok).length
    console.log(`coupon race (stock object): 100 reservations for a limit of 25: ${held} held`)
    expect(held).toBe(25)
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array.from({ length: 75 }, () => ({ ok: false, sku: line.sku, available: 0 })),
    )
    // Released holds (declined cards) give their uses back; committed ones stay used.
    for (let i = 0; i < 100; i++) if (answers[i]?.ok) await stock.commit(`direct-${i}`, [line])
    await stock.release('direct-0')
    expect(await stock.reserve('direct-late', [line], [], 'v1', limits)).toMatchObject({ ok: false })
  })
})
