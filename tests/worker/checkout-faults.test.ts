// Issue 19: a checkout ends paid or not charged, whatever fails and wherever. Storage (D1, the
// cart and stock objects) and the payment provider fail at each step of a checkout; then the
// shopper presses Place order again, or only the reconciliation sweep runs, or both after the
// failure lasted. Afterwards every order is paid with its stock committed and its cart closed,
// or not charged with its stock released and its cart open; no cart is ever paid twice.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { reconcileOrders } from '../../worker/commerce/reconcile'
import type { Env } from '../../worker/env'
import { TEST_CARDS } from '../../worker/payments/test-provider'
import { bindingsWith, type Fault, failingD1, failingDurable, failingQueue, fetchWith } from './faults'
import { ADDRESS, Shopper } from './shopper'

/** The backpacking tent: 40 in stock, one bought per test at most. */
const TENT = { itemId: 'aurora-item-0037', sku: 'AO-TN-OLV' }
const SKU = TENT.sku
/** Ten minutes on: the sweep takes over every unfinished order. */
const LATER = 10 * 60 * 1000

interface Step {
  step: string
  faulty: (fault: Fault) => Partial<Env>
  card?: string
}

const d1 = (pattern: RegExp) => (fault: Fault) => ({ DB: failingD1(env.DB, pattern, fault) })

const STEPS: Step[] = [
  { step: 'reading the idempotency key', faulty: d1(/WHERE site_id = \? AND idempotency_key = \?/) },
  { step: 'taking the cart', faulty: (f) => ({ CART: failingDurable(env.CART, 'beginCheckout', f) }) },
  {
    step: 'reserving the stock',
    faulty: (f) => ({ INVENTORY: failingDurable(env.INVENTORY, 'reserve', f) }),
  },
  { step: 'writing the pending order', faulty: d1(/INSERT OR IGNORE INTO orders/) },
  {
    step: 'the payment provider (before it charges)',
    faulty: d1(/INSERT OR IGNORE INTO test_payment_charges/),
  },
  { step: 'recording the charge', faulty: d1(/SET status = 'charged'/) },
  {
    step: 'committing the stock',
    faulty: (f) => ({ INVENTORY: failingDurable(env.INVENTORY, 'commit', f) }),
  },
  { step: 'closing the cart', faulty: (f) => ({ CART: failingDurable(env.CART, 'markPurchased', f) }) },
  { step: 'marking the order paid', faulty: d1(/SET status = 'paid'/) },
  // The confirmation is queued after the answer (its consumer sends it: order-confirmation.test.ts
  // makes that send fail); a queue that refuses leaves it to the sweep.
  {
    step: 'queueing the confirmation email',
    faulty: (f) => ({ ORDER_EMAILS_QUEUE: failingQueue(env.ORDER_EMAILS_QUEUE, f) }),
  },
]

/** The answer to a lost card answer is not a storage fault: the provider charged, we never heard. */
const LOST_ANSWER: Step = {
  step: 'the provider’s answer (lost)',
  faulty: () => ({}),
  card: TEST_CARDS.lostAnswer,
}

async function stock(shopper: Shopper): Promise<number> {
  const response = await shopper.fetch(`/api/commerce/inventory/stock/?itemId=${TENT.itemId}`)
  const body = (await response.json()) as { results: { sku: string; qtyInStock: number }[] }
  return body.results.find((r) => r.sku === SKU)?.qtyInStock ?? -1
}

async function checkoutKey(shopper: Shopper): Promise<string> {
  const html = await (await shopper.fetch('/checkout')).text()
  return /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1] ?? ''
}

function submit(shopper: Shopper, key: string, card: string = ADDRESS.card) {
  return shopper.form('/checkout', { ...ADDRESS, idempotencyKey: key, card })
}

/** Every order of a cart, with the provider's successful charges of each. */
async function ordersOfCart(cartId: string) {
  const { results } = await env.DB.prepare(
    `SELECT o.id, o.status, o.confirmation_sent_at,
       (SELECT COUNT(*) FROM test_payment_charges t WHERE t.reference = o.id AND t.status = 'succeeded') AS charges
     FROM orders o WHERE o.site_id = 'aurora' AND o.cart_id = ?`,
  )
    .bind(cartId)
    .all<{ id: string; status: string; confirmation_sent_at: number | null; charges: number }>()
  return results
}

async function cartState(shopper: Shopper, cartId: string) {
  const probe = new Shopper('aurora.localhost')
  probe.cookies.set('ss_cart', cartId)
  const body = (await (await probe.fetch('/api/commerce/shopping-cart')).json()) as {
    shoppingCart: { isPurchased: boolean; entries: unknown[] }
  }
  void shopper
  return body.shoppingCart
}

/**
 * The invariant: the cart's orders hold exactly one charge if one of them is paid (its stock
 * taken, its cart closed, its confirmation sent), else none (the stock back, the cart open).
 */
async function expectPaidOrNotCharged(shopper: Shopper, cartId: string, before: number) {
  const orders = await ordersOfCart(cartId)
  const paid = orders.filter((o) => o.status === 'paid')
  const charges = orders.reduce((sum, o) => sum + o.charges, 0)
  expect(
    orders.every((o) => ['paid', 'failed'].includes(o.status)),
    JSON.stringify(orders),
  ).toBe(true)
  expect(paid.length).toBeLessThanOrEqual(1)
  expect(charges).toBe(paid.length)
  const cart = await cartState(shopper, cartId)
  if (paid.length === 1) {
    expect(await stock(shopper)).toBe(before - 1)
    expect(cart.isPurchased).toBe(true)
    expect(paid[0]?.confirmation_sent_at).not.toBeNull()
  } else {
    expect(await stock(shopper)).toBe(before)
    expect(cart.isPurchased).toBe(false)
  }
  return paid.length === 1
}

async function afterFault(step: Step, recovery: 'resubmit' | 'sweep' | 'lasting') {
  const shopper = new Shopper('aurora.localhost')
  expect((await shopper.add(TENT.itemId, SKU, 1)).status).toBe(200)
  const cartId = shopper.cookies.get('ss_cart') ?? ''
  const before = await stock(shopper)
  const key = await checkoutKey(shopper)
  const fault: Fault = { times: recovery === 'lasting' ? Number.POSITIVE_INFINITY : 1, hits: 0 }
  const bindings = bindingsWith(step.faulty(fault))
  shopper.send = (request) => fetchWith(bindings, request)
  const first = await submit(shopper, key, step.card)
  // Never the 500 page: a refusal to try again, or the order's page.
  expect([303, 503]).toContain(first.status)
  if (recovery === 'lasting') expect((await submit(shopper, key, step.card)).status).not.toBe(500)
  if (!step.card) expect(fault.hits, 'the fault was met').toBeGreaterThan(0)
  shopper.send = (request) => fetchWith(bindingsWith({}), request)
  if (recovery === 'resubmit') expect([303, 409]).toContain((await submit(shopper, key)).status)
  await reconcileOrders(env, Date.now() + LATER)
  const paid = await expectPaidOrNotCharged(shopper, cartId, before)
  // A second tab's checkout of the same cart (a new key): refused once it is paid, else it pays
  // the cart once.
  const again = new Shopper('aurora.localhost')
  again.cookies.set('ss_cart', cartId)
  const second = await again.checkout()
  expect(second.status).toBe(paid ? 409 : 303)
  await reconcileOrders(env, Date.now() + LATER)
  expect(await expectPaidOrNotCharged(shopper, cartId, before)).toBe(true)
}

describe('A checkout whose storage fails', () => {
  for (const step of [...STEPS, LOST_ANSWER]) {
    it(`Should end paid or not charged when ${step.step} fails and the shopper presses Place order again`, () =>
      afterFault(step, 'resubmit'))
    it(`Should end paid or not charged when ${step.step} fails and only the sweep runs`, () =>
      afterFault(step, 'sweep'))
  }
  for (const step of STEPS)
    it(`Should end paid or not charged when ${step.step} keeps failing through a resubmit`, () =>
      afterFault(step, 'lasting'))
})

describe('Checkouts racing while storage fails', () => {
  it('Should charge a cart once when two tabs place it at the same moment with their own keys', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(TENT.itemId, SKU, 1)
    const cartId = shopper.cookies.get('ss_cart') ?? ''
    const before = await stock(shopper)
    const tabs = [shopper, new Shopper('aurora.localhost')]
    tabs[1]?.cookies.set('ss_cart', cartId)
    const keys = await Promise.all(tabs.map(checkoutKey))
    const answers = await Promise.all(tabs.map((tab, i) => submit(tab, keys[i] ?? '')))
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409])
    await reconcileOrders(env, Date.now() + LATER)
    expect(await expectPaidOrNotCharged(shopper, cartId, before)).toBe(true)
  })

  it('Should never sell beyond stock when the stock object fails for some of the racing checkouts', async () => {
    const AXE = { itemId: 'aurora-item-0047', sku: 'AO-AX' }
    const shoppers = Array.from({ length: 8 }, () => new Shopper('aurora.localhost'))
    for (const s of shoppers) expect((await s.add(AXE.itemId, AXE.sku, 1)).status).toBe(200)
    const keys = await Promise.all(shoppers.map(checkoutKey))
    // Every other checkout meets a stock object that fails once as it commits.
    shoppers.forEach((s, i) => {
      if (i % 2 === 0) {
        const bindings = bindingsWith({
          INVENTORY: failingDurable(env.INVENTORY, 'commit', { times: 1, hits: 0 }),
        })
        s.send = (request) => fetchWith(bindings, request)
      }
    })
    await Promise.all(shoppers.map((s, i) => submit(s, keys[i] ?? '')))
    await reconcileOrders(env, Date.now() + LATER)
    const { results } = await env.DB.prepare(
      `SELECT o.status, (SELECT COUNT(*) FROM test_payment_charges t WHERE t.reference = o.id AND t.status = 'succeeded') AS charges
       FROM orders o WHERE o.site_id = 'aurora' AND o.lines LIKE '%AO-AX%'`,
    ).all<{ status: string; charges: number }>()
    const paid = results.filter((r) => r.status === 'paid').length
    expect(paid).toBe(3)
    expect(results.every((r) => ['paid', 'failed'].includes(r.status))).toBe(true)
    expect(results.reduce((sum, r) => sum + r.charges, 0)).toBe(paid)
    const left = (await (
      await shoppers[1]?.fetch(`/api/commerce/inventory/stock/?itemId=${AXE.itemId}`)
    )?.json()) as {
      results: { qtyInStock: number }[]
    }
    expect(left.results[0]?.qtyInStock).toBe(0)
  })
})

describe('A checkout that stopped between two steps (a crash)', () => {
  it('Should charge a half-placed order when its shopper presses Place order again, not leave it being placed', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(TENT.itemId, SKU, 1)
    const cartId = shopper.cookies.get('ss_cart') ?? ''
    const before = await stock(shopper)
    const key = await checkoutKey(shopper)
    // The provider's first look at its record fails: the order is written, nothing is charged.
    const bindings = bindingsWith({
      DB: failingD1(env.DB, /FROM test_payment_charges WHERE idempotency_key/, { times: 1, hits: 0 }),
    })
    shopper.send = (request) => fetchWith(bindings, request)
    expect((await submit(shopper, key)).status).toBe(303)
    shopper.send = (request) => fetchWith(bindingsWith({}), request)
    expect((await ordersOfCart(cartId))[0]?.status).toBe('pending')
    const again = await submit(shopper, key)
    expect(again.status).toBe(303)
    expect((await ordersOfCart(cartId))[0]).toMatchObject({ status: 'paid', charges: 1 })
    expect(await stock(shopper)).toBe(before - 1)
  })

  it('Should take over the stock a submit reserved before it stopped, and hold it once', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(TENT.itemId, SKU, 1)
    const cartId = shopper.cookies.get('ss_cart') ?? ''
    const before = await stock(shopper)
    const key = await checkoutKey(shopper)
    // The first submit reserved the unit under the order's id and died before writing the order.
    const { orderIdOf } = await import('../../worker/commerce/checkout')
    const orderId = await orderIdOf('aurora', key)
    const inventory = env.INVENTORY.get(env.INVENTORY.idFromName('aurora'))
    const version = (await env.CATALOG.get('site:aurora:version')) ?? '0'
    const seeds = (await (
      await shopper.fetch(`/api/commerce/inventory/stock/?itemId=${TENT.itemId}`)
    ).json()) as unknown
    void seeds
    expect((await inventory.reserve(orderId, [{ sku: SKU, quantity: 1 }], [], version.trim())).ok).toBe(true)
    expect(await stock(shopper)).toBe(before - 1)
    expect((await submit(shopper, key)).status).toBe(303)
    expect((await ordersOfCart(cartId))[0]).toMatchObject({ id: orderId, status: 'paid', charges: 1 })
    expect(await stock(shopper)).toBe(before - 1)
  })
})
