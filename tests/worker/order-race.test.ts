// Two shoppers racing for the last unit never both get it: 200 visitors, each with a cart holding
// the camp axe (3 in stock), place their orders at once. Exactly 3 orders, stock never below 0.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AXE, Shopper } from './shopper'

const SHOPPERS = 200

describe('The race for the last units', () => {
  it(`Should place exactly 3 orders out of ${SHOPPERS} parallel attempts for 3 units, and leave the stock at 0`, async () => {
    const shoppers = Array.from({ length: SHOPPERS }, () => new Shopper('aurora.localhost'))
    // Every cart may hold one: the stock is only taken when an order is placed.
    for (let i = 0; i < SHOPPERS; i += 25) {
      const adds = await Promise.all(shoppers.slice(i, i + 25).map((s) => s.add(AXE.itemId, AXE.sku, 1)))
      expect(adds.map((r) => r.status).every((status) => status === 200)).toBe(true)
    }
    const keys = shoppers.map((_, i) => `race${String(i).padStart(20, '0')}`)
    // Each answer is read at once: an unread body would hold one of the test's connections.
    const results = await Promise.all(
      shoppers.map(async (s, i) => {
        const response = await s.checkout({ email: `racer${i}@example.com` }, keys[i])
        return { status: response.status, text: await response.text() }
      }),
    )
    const placed = results.filter((r) => r.status === 303)
    const refused = results.filter((r) => r.status === 409)
    expect(placed).toHaveLength(3)
    expect(refused).toHaveLength(SHOPPERS - 3)
    expect(refused[0]?.text).toContain('Sorry, we do not have enough of Hand-Forged Camp Axe available.')
    const { results: rows } = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM orders WHERE site_id = 'aurora' AND status = 'paid' AND email LIKE 'racer%'",
    ).all<{ n: number }>()
    expect(rows[0]?.n).toBe(3)
    const stock = (await (
      await shoppers[0]?.fetch(`/api/commerce/inventory/stock/?itemId=${AXE.itemId}`)
    )?.json()) as {
      results: { qtyInStock: number }[]
    }
    expect(stock.results[0]?.qtyInStock).toBe(0)
    // Nothing more can be added once it is gone.
    const late = await new Shopper('aurora.localhost').add(AXE.itemId, AXE.sku, 1)
    expect(late.status).toBe(409)
  }, 600_000)
})
