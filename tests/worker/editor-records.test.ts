// The shop's records in the site editor (issue 23), in workerd: every call's role check, keyset
// paging through thousands of rows, filters and bad queries, Mark fulfilled, refunds through the
// local payment provider, the submissions CSV, hiding a review, and the restock send call.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  csvCell,
  csvRow,
  type FormSummaryRow,
  type OrderDetail,
  type OrderSummary,
  RECORDS_PAGE_SIZE,
  type RecordPage,
  type RefundAnswer,
  type RestockGroupRow,
  type RestockSignUpRow,
  type ReviewRow,
  type SubmissionDetail,
  type SubmissionRow,
} from '../../shared/editing-areas'
import { zonedTimeToEpoch } from '../../shared/index'
import { TEST_REFUND_REFUSED } from '../../worker/payments/test-provider'
import { anonymousEditor, type Editor, signInEditor } from './editor-client'
import { apiCall, newCrumb } from './form-helpers'
import { visit } from './helpers'
import { FLANNEL, Shopper } from './shopper'

const AURORA = 'aurora.localhost'
const JOURNAL = 'journal.localhost'
const API = '/config/api'

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** Demo site users signed in once per file (sign-in is rate limited per account). */
const editors = new Map<string, Promise<Editor>>()
function as(host: string, email: string): Promise<Editor> {
  const known = editors.get(email)
  if (known) return known
  const editor = signInEditor(host, email)
  editors.set(email, editor)
  return editor
}
const admin = () => as(AURORA, 'admin@aurora.example')

async function ok<T>(response: Response): Promise<T> {
  if (response.status !== 200) throw new Error(`${response.status}: ${await response.text()}`)
  return json<T>(response)
}

let sequence = 0
/** A stored order of aurora (as checkout leaves one), written straight to D1. */
async function seedOrder(order: {
  id?: string
  status?: string
  createdAt?: number
  total?: number
  paymentRef?: string | null
  card?: string
}) {
  sequence += 1
  const id = order.id ?? `ord_seed_${String(sequence).padStart(6, '0')}`
  const total = order.total ?? 2000
  const createdAt = order.createdAt ?? Date.now()
  const paymentRef = order.paymentRef === undefined ? `test_${id}.1` : order.paymentRef
  await env.DB.prepare(
    `INSERT INTO orders (id, site_id, idempotency_key, cart_id, status, email, shipping, lines, currency,
       subtotal_cents, grand_total_cents, payment_ref, created_at, updated_at)
     VALUES (?, 'aurora', ?, NULL, ?, 'grace@example.com', ?, ?, 'USD', ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      `key-${id}`,
      order.status ?? 'paid',
      JSON.stringify({
        name: 'Grace Hopper',
        address1: '1 Harbour Rd',
        address2: '',
        city: 'Arlington',
        region: 'VA',
        postalCode: '22201',
        country: 'US',
      }),
      JSON.stringify([
        {
          itemId: 'aurora-item-0002',
          sku: 'AO-RF-XL-FOR',
          title: 'Ridge Flannel Shirt',
          attributes: { Size: 'XL', Color: 'Forest' },
          quantity: 2,
          unitCents: total / 2,
          productType: 1,
          additionalFields: null,
        },
      ]),
      total,
      total,
      paymentRef,
      createdAt,
      createdAt,
    )
    .run()
  if (paymentRef !== null)
    await env.DB.prepare(
      `INSERT INTO test_payment_charges (idempotency_key, reference, amount_cents, currency, status, payment_ref, created_at, card)
       VALUES (?, ?, ?, 'USD', 'succeeded', ?, ?, ?)`,
    )
      .bind(
        `${id}.1`,
        id,
        total,
        paymentRef,
        createdAt,
        (order.card ?? '4242 4242 4242 4242').replace(/\D/g, ''),
      )
      .run()
  return id
}

/** Every row of a list, following `nextCursor`; checks each page's size. */
async function walk<R>(editor: Editor, path: string): Promise<{ rows: R[]; pages: RecordPage<R>[] }> {
  const pages: RecordPage<R>[] = []
  let cursor: string | null = null
  const joiner = path.includes('?') ? '&' : '?'
  do {
    const page: RecordPage<R> = await ok<RecordPage<R>>(
      await editor.call(cursor === null ? path : `${path}${joiner}cursor=${encodeURIComponent(cursor)}`),
    )
    expect(page.rows.length).toBeLessThanOrEqual(RECORDS_PAGE_SIZE)
    pages.push(page)
    cursor = page.nextCursor
  } while (cursor !== null)
  return { rows: pages.flatMap((page) => page.rows), pages }
}

describe('Role checks on every call', () => {
  const calls: { method: string; path: string; body?: unknown; capability: string }[] = [
    { method: 'GET', path: '/orders', capability: 'manageOrders' },
    { method: 'GET', path: '/orders?status=fulfilled', capability: 'manageOrders' },
    { method: 'GET', path: '/orders/ord_none', capability: 'manageOrders' },
    { method: 'POST', path: '/orders/ord_none/fulfil', body: {}, capability: 'manageOrders' },
    {
      method: 'POST',
      path: '/orders/ord_none/refund',
      body: { idempotencyKey: 'role-check-1' },
      capability: 'manageOrders',
    },
    { method: 'GET', path: '/restock/groups', capability: 'manageOrders' },
    { method: 'GET', path: '/restock/groups/p-1/v-1/sign-ups', capability: 'manageOrders' },
    { method: 'GET', path: '/forms', capability: 'readSubmissions' },
    { method: 'GET', path: '/forms/contact/submissions', capability: 'readSubmissions' },
    { method: 'GET', path: '/forms/contact/submissions/1', capability: 'readSubmissions' },
    { method: 'GET', path: '/forms/contact/submissions.csv', capability: 'readSubmissions' },
    { method: 'GET', path: '/reviews', capability: 'moderateReviews' },
    {
      method: 'POST',
      path: '/reviews/none/visibility',
      body: { hidden: true },
      capability: 'moderateReviews',
    },
  ]
  const people: { host: string; email: string; may: string[] }[] = [
    {
      host: AURORA,
      email: 'admin@aurora.example',
      may: ['manageOrders', 'readSubmissions', 'moderateReviews'],
    },
    { host: AURORA, email: 'manager@aurora.example', may: ['manageOrders', 'moderateReviews'] },
    { host: AURORA, email: 'viewer@aurora.example', may: [] },
    { host: JOURNAL, email: 'editor@journal.example', may: ['readSubmissions'] },
    { host: JOURNAL, email: 'viewer@journal.example', may: [] },
  ]
  for (const person of people) {
    it(`Should let ${person.email} make only the calls of ${person.may.join(', ') || 'no capability'}, and answer 403 naming the capability otherwise`, async () => {
      const editor = await as(person.host, person.email)
      for (const call of calls) {
        const response = await editor.call(`${API}${call.path}`, { method: call.method, body: call.body })
        const what = `${person.email} ${call.method} ${call.path}`
        if (person.may.includes(call.capability)) {
          expect([200, 404], what).toContain(response.status)
        } else {
          expect(response.status, what).toBe(403)
          expect(await json(response), what).toEqual({
            message: 'Your role cannot do this.',
            capability: call.capability,
          })
        }
      }
    })
  }

  it('Should answer 401 without a session', async () => {
    for (const path of ['/orders', '/forms', '/restock/groups', '/reviews'])
      expect((await anonymousEditor(AURORA).call(`${API}${path}`)).status, path).toBe(401)
  })

  it('Should let the store manager, and not the viewer, make the restock send call that exists', async () => {
    const send = async (email: string) => {
      const editor = await as(AURORA, email)
      const crumb = newCrumb()
      return apiCall(AURORA, '/api/site-users/account/notifications/restock/send', {
        body: { productId: 'aurora-item-0004', variantId: 'aurora-item-0004-v05' },
        crumb: null,
        headers: {
          cookie: `crumb=${crumb}; ${editor.cookie}`,
          'X-CSRF-Token': crumb,
          'X-XSRF-Token': editor.xsrfToken ?? '',
        },
      })
    }
    expect((await send('manager@aurora.example')).status).toBe(200)
    expect((await send('viewer@aurora.example')).status).toBe(403)
  })
})

describe('Orders', () => {
  it('Should page through 3,000 orders, newest first, every one exactly once, and back again', async () => {
    const base = Date.UTC(2025, 0, 1)
    const statements = Array.from({ length: 3000 }, (_, n) =>
      env.DB.prepare(
        `INSERT INTO orders (id, site_id, idempotency_key, status, email, shipping, lines, currency, subtotal_cents,
           grand_total_cents, created_at, updated_at)
         VALUES (?, 'aurora', ?, 'paid', ?, '{"name":""}', '[]', 'USD', 100, 100, ?, ?)`,
        // Three orders share each time: the id breaks the tie.
      ).bind(
        `ord_bulk_${String(n).padStart(5, '0')}`,
        `bulk-${n}`,
        `bulk${n}@example.com`,
        base + Math.floor(n / 3) * 1000,
        base,
      ),
    )
    for (let start = 0; start < statements.length; start += 500)
      await env.DB.batch(statements.slice(start, start + 500))
    const { results } = await env.DB.prepare(
      "SELECT id FROM orders WHERE site_id = 'aurora' ORDER BY created_at DESC, id DESC",
    ).all<{ id: string }>()
    const editor = await admin()
    const { rows, pages } = await walk<OrderSummary>(editor, `${API}/orders`)
    expect(rows.map((row) => row.id)).toEqual(results.map((row) => row.id))
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length)
    expect(pages.length).toBe(Math.ceil(results.length / RECORDS_PAGE_SIZE))
    expect(pages[0]?.previousCursor).toBeNull()
    // Back from the last page with previousCursor: the same pages in reverse.
    let page = pages[pages.length - 1] as RecordPage<OrderSummary>
    const back: string[][] = [page.rows.map((row) => row.id)]
    while (page.previousCursor !== null) {
      page = await ok<RecordPage<OrderSummary>>(
        await editor.call(`${API}/orders?cursor=${encodeURIComponent(page.previousCursor)}`),
      )
      back.unshift(page.rows.map((row) => row.id))
    }
    expect(back.flat()).toEqual(rows.map((row) => row.id))
  })

  it('Should read a page as a range of an index, never sorting the site’s orders', async () => {
    const plans = [
      "SELECT * FROM orders WHERE site_id = 'aurora' AND (created_at, id) < (1, 'x') ORDER BY created_at DESC, id DESC LIMIT 51",
      "SELECT * FROM orders WHERE site_id = 'aurora' AND status = 'failed' AND (created_at, id) > (1, 'x') ORDER BY created_at, id LIMIT 51",
      "SELECT * FROM form_submissions WHERE site_id = 'journal' AND form_id = 'contact' ORDER BY created_at DESC, id DESC LIMIT 51",
      "SELECT * FROM product_reviews WHERE site_id = 'aurora' AND (review_date, id) < (1, 'x') ORDER BY review_date DESC, id DESC LIMIT 51",
    ]
    for (const sql of plans) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).all<{ detail: string }>()
      const plan = results.map((row) => row.detail).join('; ')
      expect(plan, sql).toMatch(/USING INDEX/)
      expect(plan, sql).not.toMatch(/TEMP B-TREE/)
    }
  })

  it('Should filter by status and by dates in the site’s time zone', async () => {
    const editor = await admin()
    const zone = 'America/New_York'
    const day = (local: string) => zonedTimeToEpoch(local, zone) as number
    const early = await seedOrder({ createdAt: day('2024-03-09T23:30') })
    const late = await seedOrder({ createdAt: day('2024-03-10T00:10') })
    const fulfilled = await seedOrder({ createdAt: day('2024-03-10T12:00') })
    await ok(await editor.call(`${API}/orders/${fulfilled}/fulfil`, { method: 'POST', body: {} }))
    const failed = await seedOrder({ status: 'failed', createdAt: day('2024-03-10T13:00'), paymentRef: null })
    const ids = async (query: string) =>
      (await walk<OrderSummary>(editor, `${API}/orders?${query}`)).rows.map((r) => r.id)
    expect(await ids('from=2024-03-10&to=2024-03-10')).toEqual([failed, fulfilled, late])
    expect(await ids('to=2024-03-09&from=2024-03-09')).toEqual([early])
    expect(await ids('status=fulfilled&from=2024-03-10&to=2024-03-10')).toEqual([fulfilled])
    expect(await ids('status=failed&from=2024-03-01&to=2024-03-31')).toEqual([failed])
    expect(await ids('status=unfulfilled&from=2024-03-10&to=2024-03-10')).toEqual([late])
  })

  it('Should refuse a bad query with a 400 and a message, never a 500', async () => {
    const editor = await admin()
    const garbage = btoa(JSON.stringify({ not: 'a cursor' }))
    for (const query of [
      'status=shipped',
      'from=2024-13-45',
      'from=yesterday',
      'to=2024-02-30',
      'from=2024-03-10&to=2024-03-01',
      'cursor=%%%',
      `cursor=${garbage}`,
      `cursor=${'x'.repeat(500)}`,
    ]) {
      const response = await editor.call(`${API}/orders?${query}`)
      expect(response.status, query).toBe(400)
      expect((await json<{ message: string }>(response)).message, query).not.toBe('')
    }
    for (const path of [
      '/forms/monogram/submissions?cursor=nope',
      '/reviews?cursor=nope',
      '/restock/groups?cursor=nope',
    ])
      expect((await editor.call(`${API}${path}`)).status, path).toBe(400)
  })

  it('Should find the order a test checkout placed, with its lines, totals and the shopper’s details', async () => {
    const shopper = new Shopper(AURORA)
    await shopper.add(FLANNEL.itemId, 'AO-RF-XL-FOR', 2)
    const placed = await shopper.checkout()
    const orderId = (placed.headers.get('location') ?? '').split('/').pop() ?? ''
    const editor = await admin()
    const first = await ok<RecordPage<OrderSummary>>(await editor.call(`${API}/orders`))
    expect(first.rows[0]).toMatchObject({
      id: orderId,
      email: 'ada@example.com',
      status: 'unfulfilled',
      // $156.00 of goods, $8.00 standard shipping to Vermont, 6% Vermont sales tax on the goods ($9.36).
      grandTotalCents: 17336,
    })
    const detail = await ok<OrderDetail>(await editor.call(`${API}/orders/${orderId}`))
    expect(detail.lines).toEqual([
      expect.objectContaining({ sku: 'AO-RF-XL-FOR', quantity: 2, unitCents: 7800, totalCents: 15600 }),
    ])
    expect(detail.subtotalCents).toBe(15600)
    // The rows between subtotal and total are the checkout's, stored with the order.
    expect(detail.amountRows).toEqual([
      { kind: 'shipping', label: expect.stringMatching(/^Shipping \(.+\)$/), cents: 800 },
      { kind: 'tax', label: expect.stringMatching(/\(6%\)$/), cents: 936 },
    ])
    expect(detail.shipping?.name).not.toBe('')
    expect(detail.paymentRef).toMatch(/^test_/)
    expect(detail.history[0]?.kind).toBe('placed')
    expect(detail.refundableCents).toBe(17336)
    expect(detail.canFulfil).toBe(true)
  })

  it('Should mark a paid order fulfilled once, with who and when, and refuse an unpaid one', async () => {
    const editor = await admin()
    const id = await seedOrder({})
    const first = await ok<OrderDetail>(
      await editor.call(`${API}/orders/${id}/fulfil`, { method: 'POST', body: {} }),
    )
    expect(first.status).toBe('fulfilled')
    const event = first.history.find((e) => e.kind === 'fulfilled')
    expect(event?.by).toBe('admin@aurora.example')
    const manager = await as(AURORA, 'manager@aurora.example')
    const again = await ok<OrderDetail>(
      await manager.call(`${API}/orders/${id}/fulfil`, { method: 'POST', body: {} }),
    )
    expect(again.history.find((e) => e.kind === 'fulfilled')).toEqual(event)
    const failed = await seedOrder({ status: 'failed', paymentRef: null })
    const refused = await editor.call(`${API}/orders/${failed}/fulfil`, { method: 'POST', body: {} })
    expect(refused.status).toBe(409)
    expect((await json<{ message: string }>(refused)).message).toBe(
      'Only a paid order can be marked fulfilled.',
    )
  })
})

describe('Refunds through the payment provider', () => {
  const refund = async (id: string, body: Record<string, unknown>) =>
    (await admin()).call(`${API}/orders/${id}/refund`, { method: 'POST', body })
  const providerRefunds = async (id: string) =>
    (
      await env.DB.prepare('SELECT refund_id, amount_cents FROM test_payment_refunds WHERE payment_ref = ?')
        .bind(`test_${id}.1`)
        .all()
    ).results

  it('Should refund in full, store the provider’s refund id, and refund once however often it is sent', async () => {
    const id = await seedOrder({ total: 4800 })
    const answer = await ok<RefundAnswer>(await refund(id, { idempotencyKey: 'refund-full-1' }))
    expect(answer.refundId).toMatch(/^re_test_/)
    expect(answer.amountCents).toBe(4800)
    expect(answer.order.status).toBe('refunded')
    expect(answer.order.refundableCents).toBe(0)
    expect(answer.order.history).toContainEqual(
      expect.objectContaining({
        kind: 'refunded',
        amountCents: 4800,
        refundId: answer.refundId,
        by: 'admin@aurora.example',
      }),
    )
    const stored = await env.DB.prepare(
      'SELECT provider_refund_id, status FROM order_refunds WHERE order_id = ?',
    )
      .bind(id)
      .all()
    expect(stored.results).toEqual([{ provider_refund_id: answer.refundId, status: 'succeeded' }])
    // The same press again (a double click, a retry after a lost answer): the same refund.
    const repeat = await ok<RefundAnswer>(await refund(id, { idempotencyKey: 'refund-full-1' }))
    expect(repeat.refundId).toBe(answer.refundId)
    // A new press: nothing is left.
    const more = await refund(id, { idempotencyKey: 'refund-full-2' })
    expect(more.status).toBe(409)
    expect(await providerRefunds(id)).toEqual([{ refund_id: answer.refundId, amount_cents: 4800 }])
  })

  it('Should refund part of an order, then the rest, never more than was paid', async () => {
    const id = await seedOrder({ total: 3000 })
    const part = await ok<RefundAnswer>(
      await refund(id, { idempotencyKey: 'refund-part-1', amountCents: 1000 }),
    )
    expect(part.order.status).toBe('unfulfilled')
    expect(part.order.refundedCents).toBe(1000)
    expect(part.order.refundableCents).toBe(2000)
    const tooMuch = await refund(id, { idempotencyKey: 'refund-part-2', amountCents: 2001 })
    expect(tooMuch.status).toBe(400)
    const rest = await ok<RefundAnswer>(await refund(id, { idempotencyKey: 'refund-part-3' }))
    expect(rest.amountCents).toBe(2000)
    expect(rest.order.status).toBe('refunded')
    expect((await providerRefunds(id)).length).toBe(2)
  })

  it('Should show the provider’s message when it refuses, and leave the order as it was', async () => {
    const id = await seedOrder({ total: 2500, card: '4000 0000 0000 5126' })
    const before = await ok<OrderDetail>(await (await admin()).call(`${API}/orders/${id}`))
    const refused = await refund(id, { idempotencyKey: 'refund-refused-1' })
    expect(refused.status).toBe(502)
    expect((await json<{ message: string }>(refused)).message).toBe(
      `The payment provider did not refund: ${TEST_REFUND_REFUSED}`,
    )
    const after = await ok<OrderDetail>(await (await admin()).call(`${API}/orders/${id}`))
    expect(after).toEqual(before)
    expect(
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM order_refunds WHERE order_id = ?').bind(id).first())
        ?.n,
    ).toBe(0)
  })

  it('Should ask the provider again under the same key when its answer never came, and refund once', async () => {
    const id = await seedOrder({ total: 1500 })
    const key = `${id}.refund-lost-1`
    // The provider refunded, but its answer was lost: our refund is still pending, its amount set aside.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO order_refunds (site_id, order_id, idempotency_key, amount_cents, currency, status, refunded_by, created_at)
         VALUES ('aurora', ?, ?, 1500, 'USD', 'pending', 'admin@aurora.example', ?)`,
      ).bind(id, key, Date.now() - 5 * 60_000),
      env.DB.prepare("UPDATE orders SET refunded_cents = 1500 WHERE site_id = 'aurora' AND id = ?").bind(id),
      env.DB.prepare(
        `INSERT INTO test_payment_refunds (refund_id, idempotency_key, payment_ref, amount_cents, created_at)
         VALUES ('re_test_lost', ?, ?, 1500, ?)`,
      ).bind(key, `test_${id}.1`, Date.now()),
    ])
    const answer = await ok<RefundAnswer>(await refund(id, { idempotencyKey: 'refund-lost-1' }))
    expect(answer.refundId).toBe('re_test_lost')
    expect(answer.order.status).toBe('refunded')
    expect(answer.order.refundedCents).toBe(1500)
    expect(await providerRefunds(id)).toEqual([{ refund_id: 're_test_lost', amount_cents: 1500 }])
    // One still waiting for its answer (just sent) is not asked about twice at once.
    const other = await seedOrder({ total: 1500 })
    await env.DB.prepare(
      `INSERT INTO order_refunds (site_id, order_id, idempotency_key, amount_cents, currency, status, refunded_by, created_at)
       VALUES ('aurora', ?, ?, 1500, 'USD', 'pending', 'admin@aurora.example', ?)`,
    )
      .bind(other, `${other}.refund-busy-1`, Date.now())
      .run()
    const busy = await refund(other, { idempotencyKey: 'refund-busy-1' })
    expect(busy.status).toBe(409)
    expect((await json<{ message: string }>(busy)).message).toBe(
      'A refund with this key is under way. Try again in a moment.',
    )
  })

  it('Should refuse a refund of an order never charged, and a malformed one', async () => {
    const failed = await seedOrder({ status: 'failed', paymentRef: null })
    expect((await refund(failed, { idempotencyKey: 'refund-failed-1' })).status).toBe(409)
    const id = await seedOrder({})
    for (const body of [
      {},
      { idempotencyKey: 'short' },
      { idempotencyKey: 'refund-bad-1', amountCents: 0 },
      { idempotencyKey: 'refund-bad-2', amountCents: 1.5 },
    ])
      expect((await refund(id, body)).status, JSON.stringify(body)).toBe(400)
  })
})

describe('Form submissions', () => {
  const awkward = {
    name: ['=HYPERLINK("http://evil.example","x")', 'Byron'],
    email: 'ada@example.com',
    topic: 'A field note',
    message: '+1 "quoted", and\na second line',
    source: '@SUM(A1:A2)',
  }

  beforeAll(async () => {
    const statements = Array.from({ length: 1200 }, (_, n) =>
      env.DB.prepare(
        `INSERT INTO form_submissions (site_id, form_id, submission_key, fields, page, channel, created_at)
         VALUES ('journal', 'contact', ?, ?, '{"pagePath":"/contact","pageTitle":"Contact"}', 'script', ?)`,
      ).bind(
        `seed-${n}`,
        JSON.stringify(
          n === 1199
            ? awkward
            : {
                name: [`Walker${n}`, 'Lane'],
                email: `w${n}@example.com`,
                topic: 'A walk or workshop',
                message: `-${n}`,
                source: '',
              },
        ),
        Date.UTC(2026, 0, 1) + n * 60_000,
      ),
    )
    for (let start = 0; start < statements.length; start += 400)
      await env.DB.batch(statements.slice(start, start + 400))
  })

  it('Should list the site’s forms with their counts', async () => {
    const editor = await as(JOURNAL, 'editor@journal.example')
    const { forms } = await ok<{ forms: FormSummaryRow[] }>(await editor.call(`${API}/forms`))
    expect(forms.map((form) => form.formId).sort()).toEqual([
      'contact',
      'newsletter',
      'workshop-registration',
    ])
    expect(forms.find((form) => form.formId === 'contact')).toMatchObject({ name: 'Contact', count: 1200 })
  })

  it('Should page a form’s submissions newest first, each exactly once', async () => {
    const editor = await as(JOURNAL, 'editor@journal.example')
    const { rows } = await walk<SubmissionRow>(editor, `${API}/forms/contact/submissions`)
    expect(rows).toHaveLength(1200)
    expect(new Set(rows.map((row) => row.id)).size).toBe(1200)
    expect(rows.map((row) => row.createdAt)).toEqual(
      [...rows.map((row) => row.createdAt)].sort((a, b) => b - a),
    )
    expect(rows[1]?.summary).toBe('Walker1198 Lane · w1198@example.com · A walk or workshop')
  })

  it('Should show one submission field by field as the summary renderers print it', async () => {
    const editor = await as(JOURNAL, 'admin@journal.example')
    const values = {
      name: ['Ada', 'Byron'],
      email: 'ada@example.com',
      phone: ['', '212', '555', '0199'],
      address: ['1 Quay St', '', 'Cork', 'Munster', 'T12', 'IE'],
      website: '',
      twitter: '',
      workshop: '',
      date: ['2', '29', '2024'],
      arrival: ['7', '', '', 'PM'],
      guests: '2',
      donation: '',
      experience: '',
      interests: ['Birds', 'Trees'],
      feedback: { 'The pace': '2', 'The price': '-1' },
      notes: '',
      'access-code': '',
      source: '',
    }
    const stored = await env.DB.prepare(
      `INSERT INTO form_submissions (site_id, form_id, submission_key, fields, page, channel, created_at)
       VALUES ('journal', 'workshop-registration', 'detail-1', ?, '{"pagePath":"/workshops"}', 'page', ?) RETURNING id`,
    )
      .bind(JSON.stringify(values), Date.now())
      .first<{ id: number }>()
    const detail = await ok<SubmissionDetail>(
      await editor.call(`${API}/forms/workshop-registration/submissions/${stored?.id}`),
    )
    const lines = Object.fromEntries(detail.fields.map((field) => [field.id, field.lines]))
    expect(lines.name).toEqual(['Ada Byron'])
    expect(lines.phone).toEqual(['212-555-0199'])
    expect(lines.address).toEqual(['1 Quay St', 'Cork, Munster T12 IE'])
    expect(lines.date).toEqual(['2/29/2024'])
    expect(lines.arrival).toEqual(['7:00:00 PM'])
    expect(lines.interests).toEqual(['Birds, Trees'])
    expect(lines.feedback).toEqual(['The pace: Strongly Agree', 'The price: Disagree'])
    expect(lines.notes).toEqual(['N/A'])
    expect(detail.fields.some((field) => field.type === 'section')).toBe(false)
    expect((await editor.call(`${API}/forms/workshop-registration/submissions/999999`)).status).toBe(404)
    expect((await editor.call(`${API}/forms/no-such-form/submissions`)).status).toBe(404)
  })

  it('Should export every submission as a CSV a spreadsheet cannot run as formulas', async () => {
    const editor = await as(JOURNAL, 'editor@journal.example')
    const response = await editor.call(`${API}/forms/contact/submissions.csv`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Contact-submissions.csv"')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const records = text.split('\r\n')
    expect(records[0]).toBe('"Submitted","Page","Name","Email","Topic","Message","Source"')
    // The header and 1,200 records, each ended by CRLF (the one with a line break keeps it inside its quotes).
    expect(text.endsWith('\r\n')).toBe(true)
    expect(records).toHaveLength(1202)
    expect(records[1]).toContain(
      `"'=HYPERLINK(""http://evil.example"",""x"") Byron","ada@example.com","A field note","'+1 ""quoted"", and\na second line","'@SUM(A1:A2)"`,
    )
    expect(records[2]).toMatch(
      /^"2026-01-01 \d\d:\d\d:\d\d","\/contact","Walker1198 Lane","w1198@example.com","A walk or workshop","'-1198",""$/,
    )
  })

  it('Should quote and disarm every cell', () => {
    expect(csvCell('=1+2')).toBe(`"'=1+2"`)
    expect(csvCell('+44 20')).toBe(`"'+44 20"`)
    expect(csvCell('-3')).toBe(`"'-3"`)
    expect(csvCell('@cmd')).toBe(`"'@cmd"`)
    expect(csvCell('\tx')).toBe(`"'\tx"`)
    expect(csvCell('\rx')).toBe(`"'\rx"`)
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"')
    expect(csvCell('plain = fine')).toBe('"plain = fine"')
    expect(csvRow(['a', '=b'])).toBe(`"a","'=b"\r\n`)
  })
})

describe('Reviews', () => {
  const PAGE = '/apparel/trailhead-long-sleeve-tee'
  const pageHtml = async () => (await visit(AURORA, PAGE)).text()

  it('Should list the site’s reviews, and hide one from the product page, its count and the store’s, until shown again', async () => {
    const editor = await as(AURORA, 'manager@aurora.example')
    const { rows } = await walk<ReviewRow>(editor, `${API}/reviews`)
    expect(rows).toHaveLength(20)
    const review = rows.find((row) => row.id === 'aurora-review-01')
    expect(review).toMatchObject({
      product: 'Trailhead Long-Sleeve Tee',
      rating: 5,
      author: 'Maren Lindqvist',
      hidden: false,
    })
    const before = await pageHtml()
    expect(before).toContain('data-review-id="aurora-review-01"')
    expect(before).toContain('<span class="product-reviews-count">13 Review(s)</span>')
    expect(await pageHtml()).toBe(before)

    const hidden = await editor.call(`${API}/reviews/aurora-review-01/visibility`, {
      method: 'POST',
      body: { hidden: true },
    })
    expect(await ok(hidden)).toEqual({ id: 'aurora-review-01', hidden: true })
    const after = await pageHtml()
    expect(after).not.toContain('data-review-id="aurora-review-01"')
    expect(after).toContain('<span class="product-reviews-count">12 Review(s)</span>')
    expect(after).toContain('<span class="product-reviews-store-count">19 Store Review(s)</span>')
    const api = await json<{ data: { productReviews: { id: string }[] } }>(
      await apiCall(AURORA, '/api/commerce/product/reviews?productId=aurora-item-0001&size=100'),
    )
    expect(api.data.productReviews.map((r) => r.id)).not.toContain('aurora-review-01')
    const listed = (await walk<ReviewRow>(editor, `${API}/reviews`)).rows.find(
      (row) => row.id === 'aurora-review-01',
    )
    expect(listed?.hidden).toBe(true)

    await ok(
      await editor.call(`${API}/reviews/aurora-review-01/visibility`, {
        method: 'POST',
        body: { hidden: false },
      }),
    )
    const shown = await pageHtml()
    expect(shown).toContain('data-review-id="aurora-review-01"')
    expect(shown).toContain('<span class="product-reviews-count">13 Review(s)</span>')
  })

  it('Should answer 404 for an unknown review and 400 for a body without `hidden`', async () => {
    const editor = await admin()
    expect(
      (await editor.call(`${API}/reviews/none/visibility`, { method: 'POST', body: { hidden: true } }))
        .status,
    ).toBe(404)
    expect(
      (await editor.call(`${API}/reviews/aurora-review-02/visibility`, { method: 'POST', body: {} })).status,
    ).toBe(400)
  })
})

describe('Restock sign-ups', () => {
  it('Should group sign-ups by product and variant with names and counts, list their emails, and follow a send', async () => {
    const product = 'aurora-item-0004'
    const variant = 'aurora-item-0004-v05'
    const statements = Array.from({ length: 120 }, (_, n) =>
      env.DB.prepare(
        `INSERT INTO restock_signups (site_id, product_id, variant_id, email, created_at, status)
         VALUES ('aurora', ?, ?, ?, ?, ?)`,
      ).bind(
        product,
        variant,
        `r${String(n).padStart(3, '0')}@example.com`,
        Date.now(),
        n < 20 ? 'pending' : 'waiting',
      ),
    )
    await env.DB.batch(statements)
    const editor = await as(AURORA, 'manager@aurora.example')
    const groups = await walk<RestockGroupRow>(editor, `${API}/restock/groups`)
    const group = groups.rows.find((row) => row.productId === product && row.variantId === variant)
    expect(group).toMatchObject({ signUpCount: 120, pendingCount: 20, waitingCount: 100 })
    expect(group?.product).not.toBe(product)
    expect(group?.variant).not.toBe(variant)
    const emails = await walk<RestockSignUpRow>(
      editor,
      `${API}/restock/groups/${product}/${variant}/sign-ups`,
    )
    expect(emails.rows).toHaveLength(120)
    expect(emails.pages).toHaveLength(3)
    expect(new Set(emails.rows.map((row) => row.email)).size).toBe(120)

    const crumb = newCrumb()
    const sent = await apiCall(AURORA, '/api/site-users/account/notifications/restock/send', {
      body: { productId: product, variantId: variant },
      crumb: null,
      headers: {
        cookie: `crumb=${crumb}; ${editor.cookie}`,
        'X-CSRF-Token': crumb,
        'X-XSRF-Token': editor.xsrfToken ?? '',
      },
    })
    expect(await ok(sent)).toEqual({ queued: 100 })
    const after = (await walk<RestockGroupRow>(editor, `${API}/restock/groups`)).rows.find(
      (row) => row.productId === product && row.variantId === variant,
    )
    expect(after?.waitingCount).toBe(0)
    expect((after?.queuedCount ?? 0) + (after?.sentCount ?? 0)).toBe(100)
  })
})
