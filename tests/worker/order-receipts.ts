// Orders as checkout leaves them (issue 25), for the tests of what follows checkout: written
// through worker/db/orders.ts with every amount set, as checkout-pricing's code stores them.
import { env } from 'cloudflare:workers'
import { orderAccessToken, orderPath } from '../../worker/commerce/order-access'
import { insertPendingOrder, type OrderAmounts, type OrderRow } from '../../worker/db/orders'
import type { Shopper } from './shopper'

export function newOrderId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `ord_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** Aurora (USD, tax added): $100 of goods, SAVE10 takes $10, standard shipping $8, CA tax 7.25% on $90. */
export const AURORA_AMOUNTS: OrderAmounts = {
  subtotalCents: 10_000,
  discountCents: 1_000,
  shippingCents: 800,
  taxCents: 653,
  taxIncluded: false,
  grandTotalCents: 10_000 - 1_000 + 800 + 653,
  shippingOption: { id: 'us-standard', name: 'Standard shipping', cents: 800 },
  taxLines: [{ name: 'CA sales tax', rateBasisPoints: 725, cents: 653 }],
  coupons: [{ code: 'SAVE10', discountCents: 1_000, freeShipping: false }],
}

/** Kissa Tea (JPY, tax included): ¥5,400 of tea, free shipping over ¥5,000, 10% consumption tax inside. */
export const KISSA_AMOUNTS: OrderAmounts = {
  subtotalCents: 5_400,
  discountCents: 0,
  shippingCents: 0,
  taxCents: 490,
  taxIncluded: true,
  grandTotalCents: 5_400,
  shippingOption: { id: 'jp-standard', name: '通常配送', cents: 0 },
  taxLines: [{ name: '消費税', rateBasisPoints: 1000, cents: 490 }],
  coupons: [],
}

export function orderRow(siteId: string, overrides: Partial<OrderRow> = {}): OrderRow {
  const amounts = overrides.amounts === undefined ? AURORA_AMOUNTS : overrides.amounts
  const now = Date.now()
  return {
    id: newOrderId(),
    siteId,
    idempotencyKey: crypto.randomUUID(),
    cartId: null,
    status: 'pending',
    email: 'grace@example.com',
    shipping: {
      name: 'Grace Hopper',
      address1: '1 Infinite Loop',
      address2: '',
      city: 'Cupertino',
      region: 'CA',
      postalCode: '95014',
      country: 'US',
    },
    lines: [
      {
        itemId: 'aurora-item-0002',
        sku: 'AO-RF-M-NAV',
        title: 'Ridgeline Flannel Shirt',
        attributes: { Size: 'M', Color: 'Navy' },
        quantity: 2,
        unitCents: 5_000,
        productType: 1,
        additionalFields: null,
      },
    ],
    currency: 'USD',
    subtotalCents: amounts?.subtotalCents ?? 10_000,
    grandTotalCents: amounts?.grandTotalCents ?? 10_000,
    paymentRef: null,
    subscriptionPlan: null,
    giftCardCode: null,
    createdAt: now,
    siteUserId: null,
    placedBy: null,
    attempt: 1,
    updatedAt: now,
    failure: null,
    confirmationSentAt: null,
    origin: `https://${siteId}.localhost`,
    amounts,
    ...overrides,
  }
}

/** Stores `order` as paid (checkout's last step), and answers it as read back. */
export async function paidOrder(order: OrderRow): Promise<OrderRow> {
  await insertPendingOrder(env.DB, order)
  await env.DB.prepare("UPDATE orders SET status = 'paid', payment_ref = ? WHERE site_id = ? AND id = ?")
    .bind(`test_${order.id}`, order.siteId, order.id)
    .run()
  return { ...order, status: 'paid', paymentRef: `test_${order.id}` }
}

/** Opens the order to `shopper` through the confirmation email's link; answers the page's HTML. */
export async function openOrder(shopper: Shopper, order: OrderRow): Promise<Response> {
  const token = await orderAccessToken(env, order.siteId, order.id, Math.floor(Date.now() / 1000) + 3600)
  await shopper.fetch(`${orderPath(order.id)}?access=${token}`)
  return shopper.fetch(orderPath(order.id))
}
