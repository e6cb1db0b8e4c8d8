// Beacons after issue 18: accepted only with a crumb the server minted; what the worker fills
// (site, environment, host, user agent, cart) wins over what the client claims; no order id,
// token or gift-card code is stored; bodies and batches over their limits are 413s before they
// are read; volume is limited per address and site, per visitor and endpoint, and per site.
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { COMMERCE_TEXT, TRACKING } from '../../shared/index'
import { BEACON_LIMITS, TOO_LARGE_MESSAGE } from '../../worker/analytics/limits'
import { app } from '../../worker/api-worker/index'
import { newCartId, publicCartId } from '../../worker/commerce/cart-session'
import { newGiftCardCode } from '../../worker/commerce/order-states'
import { visit } from './helpers'
import { marker, newCrumb, setCookie, storedEvents } from './visitor'

const HOST = 'aurora.localhost'
const CVR = 'visitor1|1780000000000|1780000000000|1780000000000|1'
const FORM = 'application/x-www-form-urlencoded;charset=UTF-8'
const ORDER = 'ord_5a0c3e9b2f71d48e6a19c0b7'
const CART_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJpdGVtIjoiZ2lmdCJ9.c2lnbmF0dXJl'

interface Call {
  path: string
  type: string
  body: string
  /** Sends the crumb in the header (error reports) or in the body (`RecordEvent`) as well. */
  crumbIn?: 'header' | 'body'
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

function commerceContent(name: string, extra: Record<string, unknown> = {}) {
  return {
    event_name: name,
    item_id: 'aurora-item-0002',
    page_path: '/apparel/ridgeline-flannel-shirt',
    ...extra,
  }
}

/** One well-formed call of every beacon endpoint, its data marked with `tag`. */
function everyBeacon(tag: string): Call[] {
  const data = (extra: Record<string, unknown>) => JSON.stringify({ pagePath: `/${tag}`, ...extra })
  return [
    { path: '/api/census/RecordHit', type: FORM, body: form({ event: 'view', data: data({}), ss_cvr: CVR }) },
    { path: '/api/census/button-click', type: FORM, body: form({ data: data({ buttonText: tag }) }) },
    { path: '/api/census/button-render', type: FORM, body: form({ data: data({ buttonText: tag }) }) },
    {
      path: '/api/census/overlay',
      type: FORM,
      body: form({ data: data({ overlayId: tag, action: 'show' }) }),
    },
    { path: '/api/census/form-render', type: FORM, body: form({ formId: tag }) },
    { path: `/api/census/RecordQuickView/${tag}`, type: FORM, body: form({ data: data({}) }) },
    {
      path: '/api/events/RecordEvent',
      type: FORM,
      body: form({ event: 'view', data: data({ pageHash: tag }) }),
      crumbIn: 'body',
    },
    {
      path: '/api/events/RecordJavascriptErrors',
      type: 'application/json',
      body: JSON.stringify([
        { event: 'JavascriptError', data: JSON.stringify({ message: tag }), timestamp: Date.now() },
      ]),
      crumbIn: 'header',
    },
    {
      path: '/api/v1/clanker/events',
      type: FORM,
      body: form({
        eventSchemaName: 'CommerceShopping_VisitPDP',
        eventContent: JSON.stringify(commerceContent('CommerceShopping_VisitPDP', { item_title: tag })),
      }),
    },
    {
      path: '/api/v1/clanker/validate-event-content/CommerceShopping_VisitPDP',
      type: FORM,
      body: form({ eventContent: JSON.stringify(commerceContent('CommerceShopping_VisitPDP')) }),
    },
    {
      path: '/api/1/performance/records',
      type: 'text/plain;charset=UTF-8',
      body: JSON.stringify([
        {
          app: tag,
          event: 'Performance',
          data: { largest_contentful_paint_ms: 900 },
          pageLoadId: crypto.randomUUID(),
          ts: Date.now(),
        },
      ]),
    },
  ]
}

/** `call` as the page's script sends it: with the crumb cookie `crumb` (none when null). */
function requestInit(call: Call, crumb: string | null, headers: Record<string, string> = {}): RequestInit {
  const body = call.crumbIn === 'body' && crumb !== null ? `${call.body}&${form({ crumb })}` : call.body
  return {
    method: 'POST',
    headers: {
      'content-type': call.type,
      ...(crumb === null ? {} : { cookie: `crumb=${crumb}` }),
      ...(call.crumbIn === 'header' && crumb !== null ? { 'X-CSRF-Token': crumb } : {}),
      ...headers,
    },
    body,
  }
}

function send(call: Call, crumb: string | null, host = HOST, headers: Record<string, string> = {}) {
  return visit(host, call.path, requestInit(call, crumb, headers))
}

/** A page view with a signed crumb, stored: every beacon sent before it has reached D1 by then. */
async function afterQueueSettles(): Promise<void> {
  const control = marker()
  const response = await visit(HOST, '/api/census/RecordHit', {
    method: 'POST',
    headers: { 'content-type': FORM, cookie: `crumb=${newCrumb()}` },
    body: form({ event: 'view', data: JSON.stringify({ pagePath: '/', control }) }),
  })
  expect(response.status).toBe(202)
  expect(await storedEvents(control, 1)).toHaveLength(1)
}

async function expectNothingStored(...tags: string[]): Promise<void> {
  await afterQueueSettles()
  for (const tag of tags) expect(await storedEvents(tag, 0, 0), tag).toEqual([])
}

async function expectCrumbFailure(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBe(403)
  expect(await response.json(), what).toEqual({ crumbFail: true, message: COMMERCE_TEXT.sessionExpired })
}

describe('Beacons need a crumb the server minted', () => {
  it('Should refuse a cookie-less beacon on every endpoint with a crumb failure, and store none of it', async () => {
    const tag = marker()
    for (const call of everyBeacon(tag)) await expectCrumbFailure(await send(call, null), call.path)
    await expectNothingStored(tag)
  })

  it('Should take the very same beacons with the crumb cookie', async () => {
    const tag = marker()
    const calls = everyBeacon(tag)
    for (const call of calls) {
      const response = await send(call, newCrumb())
      expect(response.status, call.path).toBe(call.path.includes('/validate-event-content/') ? 200 : 202)
    }
    // Every call but the validation stores one event.
    expect(await storedEvents(tag, calls.length - 1)).toHaveLength(calls.length - 1)
  })

  it('Should refuse a forged crumb (a crumb’s shape, not the server’s signature) and give a real one', async () => {
    const real = newCrumb()
    const tampered = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`
    for (const forged of ['A'.repeat(44), tampered]) {
      const tag = marker()
      for (const call of everyBeacon(tag)) {
        const response = await send(call, forged)
        await expectCrumbFailure(response, `${call.path} with ${forged}`)
        const minted = setCookie(response, 'crumb')
        expect(minted, call.path).toMatch(/^crumb=[A-Za-z0-9_-]{44};/)
        expect(minted, call.path).not.toContain(forged)
      }
      await expectNothingStored(tag)
    }
  })
})

describe('The worker’s fields win over the client’s', () => {
  it('Should store a version 2 event claiming another tenant’s site, environment, host, browser and cart with the server’s values', async () => {
    const tag = marker()
    const cartId = newCartId()
    const content = commerceContent('CommerceShopping_AddToCart', {
      item_title: tag,
      item_quantity: 1,
      website_id: 'kissa',
      context_website_id: 'kissa',
      source_environment: 'prod',
      page_host: 'kissa.localhost',
      enduser_user_agent: 'Forged/1.0',
      cart_id: 'kissa-cart-of-someone-else',
      client_name: 'another-client',
      client_version: '0.0.1',
      website_locale: 'ja-JP',
      site_user_id: 'kissa-manager',
      logged_in: true,
      actor: 'merchant',
      action: 'delete',
      object_type: 'order',
    })
    const response = await visit(HOST, '/api/v1/clanker/events', {
      method: 'POST',
      headers: {
        'content-type': FORM,
        'user-agent': 'ShopperBrowser/2.0',
        cookie: `crumb=${newCrumb()}; ss_cart=${cartId}`,
      },
      body: form({ eventSchemaName: 'CommerceShopping_AddToCart', eventContent: JSON.stringify(content) }),
    })
    expect(response.status).toBe(202)
    const [row] = await storedEvents(tag, 1)
    expect(row?.site_id).toBe('aurora')
    expect(row?.data).toMatchObject({
      website_id: 'aurora',
      context_website_id: 'aurora',
      source_environment: 'dev',
      page_host: 'aurora.localhost',
      enduser_user_agent: 'ShopperBrowser/2.0',
      cart_id: await publicCartId('aurora', cartId),
      client_name: TRACKING.clientName,
      client_version: TRACKING.clientVersion,
      website_locale: 'en-US',
      site_user_id: null,
      logged_in: false,
      actor: 'shopper',
      action: 'add',
      object_type: 'cart_item',
    })
  })

  it('Should store a Performance event under the server’s site, environment, host and user agent', async () => {
    const tag = marker()
    const content = {
      action: 'load',
      actor: 'user',
      owner_team: 'web_performance',
      source: 'web',
      object_type: 'website',
      largest_contentful_paint_ms: 1234,
      page_path: `/${tag}`,
      context_website_id: 'kissa',
      source_environment: 'staging',
      page_host: 'evil.example',
    }
    const response = await visit(HOST, '/api/v1/clanker/events', {
      method: 'POST',
      headers: { 'content-type': FORM, cookie: `crumb=${newCrumb()}` },
      body: form({ eventSchemaName: 'Performance', eventContent: JSON.stringify(content) }),
    })
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({
      context_website_id: 'aurora',
      source_environment: 'dev',
      page_host: 'aurora.localhost',
      enduser_user_agent: null,
    })
  })

  it('Should store at most 512 characters of the user agent header', async () => {
    const tag = marker()
    const content = commerceContent('CommerceShopping_VisitPDP', { item_title: tag })
    const response = await visit(HOST, '/api/v1/clanker/events', {
      method: 'POST',
      headers: {
        'content-type': FORM,
        'user-agent': `Agent/${'x'.repeat(2000)}`,
        cookie: `crumb=${newCrumb()}`,
      },
      body: form({ eventSchemaName: 'CommerceShopping_VisitPDP', eventContent: JSON.stringify(content) }),
    })
    expect(response.status).toBe(202)
    const [row] = await storedEvents(tag, 1)
    expect(row?.data.enduser_user_agent).toBe(`Agent/${'x'.repeat(506)}`)
  })

  it('Should store the site a page view, a version 0 event and an error report come from, whatever they claim', async () => {
    const tag = marker()
    const crumb = newCrumb()
    const calls: Call[] = [
      {
        path: '/api/census/RecordHit',
        type: FORM,
        body: form({ event: 'view', data: JSON.stringify({ pagePath: '/', tag, websiteId: 'kissa' }) }),
      },
      {
        path: '/api/events/RecordEvent',
        type: FORM,
        body: form({
          event: 'view',
          data: JSON.stringify({ pagePath: '/', pageHash: tag, websiteId: 'kissa' }),
        }),
        crumbIn: 'body',
      },
      {
        path: '/api/events/RecordJavascriptErrors',
        type: 'application/json',
        body: JSON.stringify([
          {
            event: 'JavascriptError',
            data: JSON.stringify({ message: tag, websiteId: 'kissa' }),
            timestamp: Date.now(),
          },
        ]),
        crumbIn: 'header',
      },
    ]
    for (const call of calls) expect((await send(call, crumb)).status, call.path).toBe(202)
    const rows = await storedEvents(tag, 3)
    expect(rows.map((row) => [row.site_id, row.data.websiteId])).toEqual([
      ['aurora', 'aurora'],
      ['aurora', 'aurora'],
      ['aurora', 'aurora'],
    ])
  })

  it('Should name the cart by an id derived from its cookie, never the cookie’s value, and null without a cart', async () => {
    const cartId = newCartId()
    const tag = marker()
    const event = (host: string, cookies: string) =>
      visit(host, '/api/v1/clanker/events', {
        method: 'POST',
        headers: { 'content-type': FORM, cookie: `crumb=${newCrumb()}${cookies}` },
        body: form({
          eventSchemaName: 'CommerceShopping_ViewCart',
          // The tracking script once sent the cart island's copy of the cookie's value.
          eventContent: JSON.stringify({
            event_name: 'CommerceShopping_ViewCart',
            item_title: tag,
            cart_id: cartId,
          }),
        }),
      })
    expect((await event(HOST, `; ss_cart=${cartId}`)).status).toBe(202)
    expect((await event(HOST, `; ss_cart=${cartId}`)).status).toBe(202)
    expect((await event('kissa.localhost', `; ss_cart=${cartId}`)).status).toBe(202)
    expect((await event(HOST, '')).status).toBe(202)
    const rows = await storedEvents(tag, 4)
    expect(rows).toHaveLength(4)
    for (const row of rows) expect(JSON.stringify(row.data)).not.toContain(cartId)
    const [first, second, other, none] = rows.map((row) => row.data.cart_id)
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(second).toBe(first)
    expect(other).not.toBe(first)
    expect(none).toBeNull()
  })
})

describe('No secrets in stored events', () => {
  it('Should store a page view of an order confirmation with its path’s pattern, and no token or gift-card code', async () => {
    const tag = marker()
    const code = newGiftCardCode()
    const response = await send(
      {
        path: '/api/census/RecordHit',
        type: FORM,
        body: form({
          event: 'view',
          data: JSON.stringify({
            pagePath: `/commerce/orders/${ORDER}`,
            title: `Order confirmed: gift card ${code}`,
            referrer: `https://aurora.localhost/checkout?cartToken=${CART_TOKEN}&step=2`,
            tag,
          }),
        }),
      },
      newCrumb(),
    )
    expect(response.status).toBe(202)
    const [row] = await storedEvents(tag, 1)
    expect(row?.data).toMatchObject({
      pagePath: '/commerce/orders/{orderId}',
      title: 'Order confirmed: gift card [redacted]',
      referrer: 'https://aurora.localhost/checkout?step=2',
    })
    const stored = JSON.stringify(row?.data)
    for (const secret of [ORDER, CART_TOKEN, code]) expect(stored).not.toContain(secret)
  })

  it('Should drop cartToken and access from a commerce event’s query string, destination and referrer', async () => {
    const tag = marker()
    const content = commerceContent('CommerceShopping_VisitPDP', {
      item_title: tag,
      page_path: '/commerce/subscription',
      page_query_params: `cartToken=${CART_TOKEN}&utm_source=mail`,
      destination_url: `https://aurora.localhost/commerce/subscription?cartToken=${CART_TOKEN}&utm_source=mail`,
      page_referrer_url: `https://aurora.localhost/commerce/orders/${ORDER}?access=k3y`,
    })
    const response = await send(
      {
        path: '/api/v1/clanker/events',
        type: FORM,
        body: form({ eventSchemaName: 'CommerceShopping_VisitPDP', eventContent: JSON.stringify(content) }),
      },
      newCrumb(),
    )
    expect(response.status).toBe(202)
    const [row] = await storedEvents(tag, 1)
    expect(row?.data).toMatchObject({
      page_query_params: 'utm_source=mail',
      destination_url: 'https://aurora.localhost/commerce/subscription?utm_source=mail',
      page_referrer_url: 'https://aurora.localhost/commerce/orders/{orderId}',
    })
    for (const secret of [ORDER, CART_TOKEN, 'k3y']) expect(JSON.stringify(row?.data)).not.toContain(secret)
  })

  it('Should scrub an error report’s message and page address', async () => {
    const tag = marker()
    const data = {
      message: `${tag} failed on /commerce/orders/${ORDER}?token=t0k3n`,
      pageUrl: `https://aurora.localhost/checkout?cartToken=${CART_TOKEN}`,
    }
    const response = await send(
      {
        path: '/api/events/RecordJavascriptErrors',
        type: 'application/json',
        body: JSON.stringify([
          { event: 'JavascriptError', data: JSON.stringify(data), timestamp: Date.now() },
        ]),
        crumbIn: 'header',
      },
      newCrumb(),
    )
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({
      message: `${tag} failed on /commerce/orders/{orderId}`,
      pageUrl: 'https://aurora.localhost/checkout',
    })
  })
})

/** An endless body that records how much of it was read. */
function watchedBody(chunkBytes = 8192) {
  const read = { bytes: 0 }
  const chunk = new TextEncoder().encode('a'.repeat(chunkBytes))
  // No queue of its own (highWaterMark 0): a chunk is made only when a reader asks for one.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read.bytes += chunk.byteLength
        controller.enqueue(chunk)
      },
    },
    { highWaterMark: 0 },
  )
  return { read, stream }
}

/** A request straight to the app (bindings as given), crumb cookie included. */
function direct(path: string, init: RequestInit, bindings: object = env, host = HOST) {
  const headers = new Headers(init.headers)
  if (!headers.has('cookie')) headers.set('cookie', `crumb=${newCrumb()}`)
  return app.request(`http://${host}${path}`, { ...init, headers }, bindings, createExecutionContext())
}

describe('Size limits', () => {
  it('Should refuse a body whose declared length is over the limit with a 413, reading none of it', async () => {
    const { read, stream } = watchedBody()
    const response = await direct('/api/census/RecordHit', {
      method: 'POST',
      headers: { 'content-type': FORM, 'content-length': String(BEACON_LIMITS.maxBodyBytes + 1) },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ message: TOO_LARGE_MESSAGE })
    expect(read.bytes).toBe(0)
  })

  for (const [path, type] of [
    ['/api/census/RecordHit', FORM],
    ['/api/census/RecordHit', 'multipart/form-data; boundary=x'],
    ['/api/v1/clanker/events', 'application/json'],
    ['/api/1/performance/records', 'text/plain'],
  ] as const) {
    it(`Should read a ${type} body without a length to ${path} only up to the limit, then answer 413`, async () => {
      const { read, stream } = watchedBody()
      const response = await direct(path, {
        method: 'POST',
        headers: { 'content-type': type },
        body: stream,
        duplex: 'half',
      } as RequestInit)
      expect(response.status).toBe(413)
      expect(await response.json()).toMatchObject({ message: TOO_LARGE_MESSAGE })
      // The stream never ends: a reader that wanted all of it would never answer.
      expect(read.bytes).toBeLessThan(BEACON_LIMITS.maxBodyBytes * 2)
    })
  }

  it('Should take a body without a length that is within the limit', async () => {
    const tag = marker()
    const body = form({ event: 'view', data: JSON.stringify({ pagePath: '/', tag }) })
    const response = await direct('/api/census/RecordHit', {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(202)
    expect(await storedEvents(tag, 1)).toHaveLength(1)
  })

  it('Should refuse more than 10 error reports and more than 50 performance records with a 413, storing none', async () => {
    const tag = marker()
    const errors = Array.from({ length: BEACON_LIMITS.maxErrorReports + 1 }, () => ({
      event: 'JavascriptError',
      data: JSON.stringify({ message: tag }),
      timestamp: Date.now(),
    }))
    const tooManyErrors = await send(
      {
        path: '/api/events/RecordJavascriptErrors',
        type: 'application/json',
        body: JSON.stringify(errors),
        crumbIn: 'header',
      },
      newCrumb(),
    )
    expect(tooManyErrors.status).toBe(413)
    expect(await tooManyErrors.json()).toMatchObject({
      message: 'The batch is too large: at most 10 entries.',
    })
    const records = Array.from({ length: BEACON_LIMITS.maxPerformanceRecords + 1 }, () => ({
      app: tag,
      event: 'Performance',
      data: { load_event_end_ms: 1 },
      pageLoadId: crypto.randomUUID(),
      ts: Date.now(),
    }))
    const tooManyRecords = await send(
      { path: '/api/1/performance/records', type: 'text/plain', body: JSON.stringify(records) },
      newCrumb(),
    )
    expect(tooManyRecords.status).toBe(413)
    expect(await tooManyRecords.json()).toMatchObject({
      message: 'The batch is too large: at most 50 records.',
    })
    // At the maximum, a batch is taken.
    const full = await send(
      {
        path: '/api/1/performance/records',
        type: 'text/plain',
        body: JSON.stringify(records.slice(0, BEACON_LIMITS.maxPerformanceRecords)),
      },
      newCrumb(),
    )
    expect(full.status).toBe(202)
    expect(await full.json()).toEqual({ accepted: 50 })
    // Only the 50 of the full batch were stored.
    expect(await storedEvents(tag, 51, 3000)).toHaveLength(50)
  })
})

type LimiterName = 'BEACON_ADDRESS_LIMITER' | 'BEACON_LIMITER' | 'BEACON_SITE_LIMITER'

/** The app's bindings with fake beacon limiters that note every key and answer as `allow` says. */
function fakeLimiters(allow: (name: LimiterName, key: string) => boolean = () => true) {
  const asked: Record<LimiterName, string[]> = {
    BEACON_ADDRESS_LIMITER: [],
    BEACON_LIMITER: [],
    BEACON_SITE_LIMITER: [],
  }
  const limiter = (name: LimiterName) => ({
    limit: async ({ key }: { key: string }) => {
      asked[name].push(key)
      return { success: allow(name, key) }
    },
  })
  const bindings = {
    ...env,
    BEACON_ADDRESS_LIMITER: limiter('BEACON_ADDRESS_LIMITER'),
    BEACON_LIMITER: limiter('BEACON_LIMITER'),
    BEACON_SITE_LIMITER: limiter('BEACON_SITE_LIMITER'),
  }
  return { asked, bindings }
}

function pageViewFrom(address: string, crumb: string, tag: string, bindings: object, host = HOST) {
  return direct(
    '/api/census/RecordHit',
    {
      method: 'POST',
      headers: { 'content-type': FORM, cookie: `crumb=${crumb}`, 'CF-Connecting-IP': address },
      body: form({ event: 'view', data: JSON.stringify({ pagePath: '/', tag }) }),
    },
    bindings,
    host,
  )
}

describe('Volume limits', () => {
  it('Should count a beacon per address and site, per visitor and endpoint, and per site, each under its own key', async () => {
    const { asked, bindings } = fakeLimiters()
    const crumb = newCrumb()
    expect((await pageViewFrom('203.0.113.9', crumb, marker(), bindings)).status).toBe(202)
    expect((await pageViewFrom('203.0.113.9', crumb, marker(), bindings, 'kissa.localhost')).status).toBe(202)
    expect(asked).toEqual({
      BEACON_ADDRESS_LIMITER: ['aurora:beacons:a:203.0.113.9', 'kissa:beacons:a:203.0.113.9'],
      BEACON_LIMITER: [`aurora:census:RecordHit:v:${crumb}`, `kissa:census:RecordHit:v:${crumb}`],
      BEACON_SITE_LIMITER: ['aurora:beacons:site', 'kissa:beacons:site'],
    })
  })

  it('Should count an IPv6 address by its /64', async () => {
    const { asked, bindings } = fakeLimiters()
    await pageViewFrom('2001:db8:1:2:aaaa:bbbb:cccc:dddd', newCrumb(), marker(), bindings)
    expect(asked.BEACON_ADDRESS_LIMITER).toEqual(['aurora:beacons:a:2001:db8:1:2::/64'])
  })

  it('Should count every beacon endpoint against the address’s and the site’s budgets', async () => {
    for (const call of everyBeacon(marker())) {
      const { asked, bindings } = fakeLimiters()
      const crumb = newCrumb()
      const response = await direct(
        call.path,
        requestInit(call, crumb, { 'CF-Connecting-IP': '198.51.100.7' }),
        bindings,
      )
      expect(response.status, call.path).toBeLessThan(300)
      expect(asked.BEACON_ADDRESS_LIMITER, call.path).toEqual(['aurora:beacons:a:198.51.100.7'])
      expect(asked.BEACON_LIMITER, call.path).toEqual([
        expect.stringMatching(new RegExp(`^aurora:\\w+:[\\w-]+:v:${crumb}$`)),
      ])
      expect(asked.BEACON_SITE_LIMITER, call.path).toEqual(['aurora:beacons:site'])
    }
  })

  it('Should answer 429 past the address’s limit without spending the visitor’s or the site’s budget, and store nothing', async () => {
    const { asked, bindings } = fakeLimiters((name) => name !== 'BEACON_ADDRESS_LIMITER')
    const tag = marker()
    const response = await pageViewFrom('203.0.113.10', newCrumb(), tag, bindings)
    expect(response.status).toBe(429)
    expect(await response.json()).toEqual({ message: COMMERCE_TEXT.tryAgainShortly })
    expect(asked.BEACON_LIMITER).toEqual([])
    expect(asked.BEACON_SITE_LIMITER).toEqual([])
    await expectNothingStored(tag)
  })

  it('Should answer 429 past the visitor’s limit for the endpoint', async () => {
    const { asked, bindings } = fakeLimiters((name) => name !== 'BEACON_LIMITER')
    const tag = marker()
    const response = await pageViewFrom('203.0.113.11', newCrumb(), tag, bindings)
    expect(response.status).toBe(429)
    expect(asked.BEACON_SITE_LIMITER).toEqual([])
    await expectNothingStored(tag)
  })

  it('Should answer 429 once the site’s budget is spent, and store nothing', async () => {
    const { bindings } = fakeLimiters((name) => name !== 'BEACON_SITE_LIMITER')
    const tag = marker()
    const response = await pageViewFrom('203.0.113.12', newCrumb(), tag, bindings)
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('10')
    await expectNothingStored(tag)
  })

  it('Should keep one tenant’s flood from spending another tenant’s budget', async () => {
    // Limiters that each allow 3 calls per key, as the real ones allow theirs.
    const counts = new Map<string, number>()
    const { bindings } = fakeLimiters((name, key) => {
      const n = (counts.get(`${name}|${key}`) ?? 0) + 1
      counts.set(`${name}|${key}`, n)
      return n <= 3
    })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push((await pageViewFrom(`203.0.113.${20 + i}`, newCrumb(), marker(), bindings)).status)
    expect(statuses).toEqual([202, 202, 202, 429])
    expect(
      (await pageViewFrom('203.0.113.20', newCrumb(), marker(), bindings, 'kissa.localhost')).status,
    ).toBe(202)
  })
})
