// After checkout (issue 25): the order page and the confirmation email show the order's amounts
// (lines, subtotal, each coupon, shipping with its option and address, tax added or included,
// total) from the order row, in the store's money format and language; a failed send is queued
// and retried with back-off, never blocks or fails the order, ends in the dead letters after its
// retries, and is one email per order whoever sends it.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import worker from '../../worker/api-worker/index'
import { confirmationMessageId, sendOrderConfirmation } from '../../worker/commerce/order-email'
import { reconcileOrders } from '../../worker/commerce/reconcile'
import { orderById } from '../../worker/db/orders'
import type { OrderEmailMessage } from '../../worker/env'
import { ORDER_EMAILS_QUEUE } from '../../worker/queues/names'
import { MAX_RETRIES } from '../../worker/queues/retry'
import { rows } from './form-helpers'
import { AURORA_AMOUNTS, KISSA_AMOUNTS, openOrder, orderRow, paidOrder } from './order-receipts'
import { ADDRESS, FLANNEL, Shopper } from './shopper'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

/** The page's receipt rows as `label = amount`, in order. */
function receiptRows(html: string): string[] {
  return [
    ...html.matchAll(
      /<div class="order-amount order-amount--[a-z-]+"><dt>(.*?)<\/dt><dd>(.*?)<\/dd><\/div>/g,
    ),
  ].map(
    ([, label = '', amount = '']) => `${label.replace(/<small[^>]*>(.*?)<\/small>/, ' [$1]')} = ${amount}`,
  )
}

interface StoredEmail {
  subject: string
  body: string
  html: string
  recipient: string
}

async function emailsOf(orderId: string): Promise<StoredEmail[]> {
  return rows<StoredEmail>(
    "SELECT subject, body, html, recipient FROM outbound_emails WHERE kind = 'order-confirmation' AND message_id LIKE ?",
    `%:${orderId}`,
  )
}

async function withoutOutbox<T>(run: () => Promise<T>): Promise<T> {
  await env.DB.prepare('ALTER TABLE outbound_emails RENAME TO outbound_emails_offline').run()
  try {
    return await run()
  } finally {
    await env.DB.prepare('ALTER TABLE outbound_emails_offline RENAME TO outbound_emails').run()
  }
}

async function deliver(message: OrderEmailMessage, attempts: number) {
  const batch = createMessageBatch<OrderEmailMessage>(ORDER_EMAILS_QUEUE, [
    { id: `msg-${message.orderId}-${attempts}`, timestamp: new Date(), attempts, body: message },
  ])
  const retry = vi.spyOn(batch.messages[0] as Message<OrderEmailMessage>, 'retry')
  const ctx = createExecutionContext()
  await worker.queue(batch as MessageBatch<never>, env)
  const result = await getQueueResult(batch, ctx)
  return { ...result, delays: retry.mock.calls.map(([options]) => options?.delaySeconds) }
}

describe('The order page after checkout', () => {
  it('Should show Aurora’s lines, subtotal, coupon, shipping option and address, added tax and total in dollars', async () => {
    const order = await paidOrder(orderRow('aurora'))
    const response = await openOrder(new Shopper('aurora.localhost'), order)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Order confirmed')
    expect(html).toContain('Ridgeline Flannel Shirt')
    expect(html).toContain('(M / Navy)')
    expect(receiptRows(html)).toEqual([
      'Subtotal = $100.00',
      'Discount (SAVE10) = −$10.00',
      'Shipping (Standard shipping) = $8.00',
      'CA sales tax (7.25%) = $6.53',
      'Total = $104.53',
    ])
    expect(html).toContain('Shipping address')
    for (const line of ['Grace Hopper', '1 Infinite Loop', 'Cupertino, CA, 95014', 'United States'])
      expect(html).toContain(`<span class="order-ship-to-line">${line}</span>`)
  })

  it('Should show Kissa Tea’s order in yen and Japanese, tax included (not added) and shipping free', async () => {
    const order = await paidOrder(
      orderRow('kissa', {
        currency: 'JPY',
        amounts: KISSA_AMOUNTS,
        shipping: { ...orderRow('kissa').shipping, country: 'JP', city: '台東区', region: '東京都' },
        lines: [
          {
            itemId: 'kissa-sencha',
            sku: 'KS-SENCHA',
            title: '煎茶 八十八夜',
            attributes: {},
            quantity: 3,
            unitCents: 1_800,
            productType: 1,
            additionalFields: null,
          },
        ],
      }),
    )
    const html = await (await openOrder(new Shopper('kissa.localhost'), order)).text()
    expect(html).toContain('ご注文が確定しました')
    expect(html).toContain('煎茶 八十八夜')
    expect(receiptRows(html)).toEqual([
      '小計 = ￥5,400',
      '配送料（通常配送） = 無料',
      'うち消費税（10%） = ￥490',
      '合計 = ￥5,400',
    ])
    expect(html).toContain('order-amount--tax-included')
    expect(html).toContain('<span class="order-ship-to-line">日本</span>')
  })

  it('Should show an order from before issue 25 with its subtotal and total only', async () => {
    const order = await paidOrder(
      orderRow('aurora', { amounts: null, subtotalCents: 4_200, grandTotalCents: 4_200 }),
    )
    const html = await (await openOrder(new Shopper('aurora.localhost'), order)).text()
    expect(receiptRows(html)).toEqual(['Subtotal = $42.00', 'Total = $42.00'])
    expect(html).not.toContain('Shipping address')
  })

  it('Should name a free-shipping coupon under the shipping row', async () => {
    const amounts = {
      ...AURORA_AMOUNTS,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 725,
      grandTotalCents: 10_725,
      taxLines: [{ name: 'CA sales tax', rateBasisPoints: 725, cents: 725 }],
      coupons: [{ code: 'SHIPFREE', discountCents: 800, freeShipping: true }],
    }
    const order = await paidOrder(orderRow('aurora', { amounts }))
    const html = await (await openOrder(new Shopper('aurora.localhost'), order)).text()
    expect(receiptRows(html)).toEqual([
      'Subtotal = $100.00',
      'Shipping (Standard shipping) [Free shipping with code SHIPFREE] = Free',
      'CA sales tax (7.25%) = $7.25',
      'Total = $107.25',
    ])
  })
})

describe('The confirmation email', () => {
  it('Should carry the page’s lines and amounts in its text and HTML parts, every value escaped in the HTML', async () => {
    const order = await paidOrder(
      orderRow('aurora', {
        email: 'ada+receipt@example.com',
        lines: orderRow('aurora').lines.map((line) => ({ ...line, title: 'Flannel <b>"Ridge" & Co</b>' })),
        amounts: {
          ...AURORA_AMOUNTS,
          coupons: [{ code: '<SAVE10>', discountCents: 1_000, freeShipping: false }],
        },
      }),
    )
    expect(await sendOrderConfirmation(env, order)).toBe(true)
    const [email, ...more] = await emailsOf(order.id)
    expect(more).toEqual([])
    expect(email?.recipient).toBe('ada+receipt@example.com')
    expect(email?.subject).toBe('Order confirmed: Aurora Outfitters')
    const text = email?.body ?? ''
    for (const line of [
      `Order number: ${order.id}`,
      '2 × Flannel <b>"Ridge" & Co</b> (M / Navy): $100.00',
      'Subtotal: $100.00',
      'Discount (<SAVE10>): −$10.00',
      'Shipping (Standard shipping): $8.00',
      'CA sales tax (7.25%): $6.53',
      'Total: $104.53',
      'Grace Hopper',
    ])
      expect(text.split('\n')).toContain(line)
    expect(text).toMatch(new RegExp(`https://aurora\\.localhost/commerce/orders/${order.id}\\?access=`))
    const html = email?.html ?? ''
    expect(html).toContain('<html lang="en-US">')
    expect(html).toContain('Flannel &lt;b&gt;"Ridge" &amp; Co&lt;/b&gt;')
    expect(html).not.toContain('<b>"Ridge"')
    expect(html).toContain('Discount (&lt;SAVE10&gt;)')
    for (const amount of ['$100.00', '−$10.00', '$8.00', '$6.53', '$104.53'])
      expect(html).toContain(`>${amount}</td>`)
    expect((await orderById(env.DB, 'aurora', order.id))?.confirmationSentAt).not.toBeNull()
  })

  it('Should be in Kissa Tea’s Japanese and yen, tax included', async () => {
    const order = await paidOrder(orderRow('kissa', { currency: 'JPY', amounts: KISSA_AMOUNTS }))
    await sendOrderConfirmation(env, order)
    const [email] = await emailsOf(order.id)
    expect(email?.subject).toBe('ご注文確定のお知らせ：Kissa Tea')
    const text = (email?.body ?? '').split('\n')
    expect(text).toContain('ご注文ありがとうございます。')
    expect(text).toContain('小計: ￥5,400')
    expect(text).toContain('うち消費税（10%）: ￥490')
    expect(text).toContain('合計: ￥5,400')
    expect(email?.html).toContain('<html lang="ja-JP">')
  })
})

describe('A confirmation email that fails to send', () => {
  it('Should not stop the order: it is paid, and the email arrives once the queue retries it', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-M-NAV', 1)
    const email = `retry-${crypto.randomUUID()}@example.com`
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { path } = await withoutOutbox(async () => {
      const response = await shopper.checkout({ ...ADDRESS, email })
      expect(response.status).toBe(303)
      const path = response.headers.get('location') ?? ''
      // The page answers at once, the order paid, while the queue's consumer fails to send the email.
      const page = await shopper.fetch(path)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Order confirmed')
      await vi.waitFor(
        () =>
          expect(errors.mock.calls.some(([line]) => String(line).includes('order-email-send-failed'))).toBe(
            true,
          ),
        { timeout: 10_000, interval: 50 },
      )
      return { path }
    })
    const id = path.split('/').pop() ?? ''
    expect((await orderById(env.DB, 'aurora', id))?.status).toBe('paid')
    // The queue delivers the retry within a few seconds; the outbox is back by then.
    await vi.waitFor(async () => expect(await emailsOf(id)).toHaveLength(1), {
      timeout: 15_000,
      interval: 200,
    })
    expect((await orderById(env.DB, 'aurora', id))?.confirmationSentAt).not.toBeNull()
  }, 30_000)

  it('Should back off while the provider fails, park the email in the dead letters after the last retry, and send it once after', async () => {
    const order = await paidOrder(orderRow('aurora'))
    const message: OrderEmailMessage = {
      kind: 'order-confirmation',
      id: confirmationMessageId(order),
      siteId: 'aurora',
      orderId: order.id,
    }
    await withoutOutbox(async () => {
      expect((await deliver(message, 1)).delays).toEqual([10])
      expect((await deliver(message, 2)).delays).toEqual([20])
      expect((await deliver(message, 5)).delays).toEqual([160])
      const last = await deliver(message, MAX_RETRIES + 1)
      expect(last.delays).toEqual([])
      expect(last.explicitAcks).toEqual([`msg-${order.id}-${MAX_RETRIES + 1}`])
    })
    const parked = await rows<{ queue: string; body: string }>(
      'SELECT queue, body FROM dead_letters WHERE message_id = ?',
      `msg-${order.id}-${MAX_RETRIES + 1}`,
    )
    expect(parked.map((letter) => letter.queue)).toEqual([ORDER_EMAILS_QUEUE])
    expect(await emailsOf(order.id)).toEqual([])
    // The provider is back: a replayed message, another delivery and the sweep send one email.
    const delivered = await deliver(message, 1)
    expect(delivered.explicitAcks).toHaveLength(1)
    await deliver(message, 2)
    await env.DB.prepare('UPDATE orders SET confirmation_sent_at = NULL, updated_at = 0 WHERE id = ?')
      .bind(order.id)
      .run()
    await reconcileOrders(env)
    expect(await emailsOf(order.id)).toHaveLength(1)
  })

  it('Should acknowledge a message that names no order, and one that is not an order email', async () => {
    const missing = await deliver(
      {
        kind: 'order-confirmation',
        id: 'order-confirmation:aurora:x',
        siteId: 'aurora',
        orderId: 'ord_000000000000000000000000',
      },
      1,
    )
    expect(missing.explicitAcks).toHaveLength(1)
    const invalid = await deliver({ kind: 'nonsense' } as unknown as OrderEmailMessage, 1)
    expect(invalid.explicitAcks).toHaveLength(1)
  })
})
