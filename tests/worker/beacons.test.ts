// Every beacon and event endpoint (storefront.md section 7, platform.md section 7): good input
// is acknowledged (202) and stored by the queue's consumer, bad input is a 400 with a reason
// (never a 500), and the suppression rules (storefront.md section 6). What issue 18 asks of
// beacons (a crumb the server minted, the worker's fields winning, no secrets stored, size and
// volume limits) is in beacon-hardening.test.ts.
import { beforeAll, describe, expect, it } from 'vitest'
import { newCartId, publicCartId } from '../../worker/commerce/cart-session'
import { visit } from './helpers'
import {
  callApi,
  copyTenant,
  DEMO_PASSWORDS,
  marker,
  newCrumb,
  type SignedIn,
  signIn,
  storedEvents,
} from './visitor'

const HOST = 'aurora.localhost'
const CVR = 'visitor1|1780000000000|1780000000000|1780000000000|1'

/** The page's cookies as a beacon carries them: a crumb the worker minted, unless one is given. */
function withCrumb(cookies: string[]): string {
  return (
    cookies.some((cookie) => cookie.startsWith('crumb=')) ? cookies : [`crumb=${newCrumb()}`, ...cookies]
  ).join('; ')
}

/** A beacon as `navigator.sendBeacon` sends form fields: no crumb header, the page's cookies. */
function beacon(path: string, fields: Record<string, string>, cookies: string[] = [], host = HOST) {
  return visit(host, path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      cookie: withCrumb(cookies),
    },
    body: new URLSearchParams(fields).toString(),
  })
}

/** A JSON body sent as text/plain, as beacons and the collector's XHR send it. */
function textBeacon(path: string, body: unknown, cookies: string[] = []) {
  return visit(HOST, path, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: withCrumb(cookies) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function expectBadRequest(response: Response, reason: string | RegExp) {
  expect(response.status).toBe(400)
  const { message } = (await response.json()) as { message: string }
  if (typeof reason === 'string') expect(message).toContain(reason)
  else expect(message).toMatch(reason)
}

function pageView(pagePath: string, extra: Record<string, unknown> = {}) {
  return { event: 'view', data: JSON.stringify({ pagePath, ...extra }), ss_cvr: CVR }
}

function commerceContent(name: string, extra: Record<string, unknown> = {}) {
  return {
    event_name: name,
    item_id: 'aurora-item-ridgeline-flannel-shirt',
    page_path: '/apparel/ridgeline-flannel-shirt',
    source_environment: 'dev',
    ...extra,
  }
}

describe('POST /api/census/RecordHit', () => {
  it('Should acknowledge a page view sent with the crumb cookie and store it', async () => {
    const tag = marker()
    const response = await beacon('/api/census/RecordHit', pageView('/apparel', { tag }))
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ accepted: 1 })
    const [row] = await storedEvents(tag, 1)
    expect(row).toMatchObject({ event: 'RecordHit', site_id: 'aurora' })
    expect(row?.data).toMatchObject({ pagePath: '/apparel', tag, event: 'view', ss_cvr: CVR })
  })

  for (const [what, fields, reason] of [
    ['no data', { event: 'view' }, 'data:'],
    ['data that is not JSON', { event: 'view', data: '{nope' }, 'data: must be JSON'],
    ['data without the page path', { event: 'view', data: '{}' }, 'data.pagePath:'],
    ['a page path that is not a path', { event: 'view', data: '{"pagePath":"http://x"}' }, 'must be a path'],
    ['no event', { data: '{"pagePath":"/"}' }, 'event:'],
    ['a malformed ss_cvr', { ...pageView('/'), ss_cvr: 'v|1|2|3' }, 'ss_cvr: must be a visitor record'],
  ] as const) {
    it(`Should answer ${what} with a 400 that says why`, async () => {
      await expectBadRequest(await beacon('/api/census/RecordHit', fields), reason)
    })
  }

  it('Should refuse JSON (415) and a body over 64 KB (413)', async () => {
    const json = await visit(HOST, '/api/census/RecordHit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `crumb=${newCrumb()}` },
      body: '{}',
    })
    expect(json.status).toBe(415)
    const big = await beacon('/api/census/RecordHit', { ...pageView('/'), pad: 'x'.repeat(70_000) })
    expect(big.status).toBe(413)
  })

  it('Should accept the fields as multipart form data too (sendBeacon with FormData)', async () => {
    const form = new FormData()
    for (const [name, value] of Object.entries(pageView('/gear'))) form.set(name, value)
    const response = await visit(HOST, '/api/census/RecordHit', {
      method: 'POST',
      headers: { cookie: `crumb=${newCrumb()}` },
      body: form,
    })
    expect(response.status).toBe(202)
  })
})

describe('The other census beacons', () => {
  it('Should store a button click and a button render', async () => {
    const tag = marker()
    for (const kind of ['button-click', 'button-render']) {
      const data = JSON.stringify({ buttonText: tag, buttonUrl: '/shop', pagePath: '/' })
      expect((await beacon(`/api/census/${kind}`, { data, ss_cvr: CVR })).status, kind).toBe(202)
    }
    expect((await storedEvents(tag, 2)).map((row) => row.event).sort()).toEqual([
      'button-click',
      'button-render',
    ])
  })

  it('Should store an overlay beacon and refuse an action it does not know', async () => {
    const tag = marker()
    const data = (action: string) => JSON.stringify({ overlayId: tag, action, pagePath: '/' })
    expect((await beacon('/api/census/overlay', { data: data('dismiss') })).status).toBe(202)
    await expectBadRequest(await beacon('/api/census/overlay', { data: data('explode') }), 'data.action:')
    expect(await storedEvents(tag, 1)).toHaveLength(1)
  })

  it('Should store a form render with formId and visitorCookie', async () => {
    const tag = marker()
    const response = await beacon('/api/census/form-render', { formId: tag, visitorCookie: CVR })
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({ formId: tag, visitorCookie: CVR })
  })

  it('Should refuse a form render without a form id or with a bad visitor cookie', async () => {
    await expectBadRequest(await beacon('/api/census/form-render', { visitorCookie: CVR }), 'formId:')
    await expectBadRequest(
      await beacon('/api/census/form-render', { formId: 'f1', visitorCookie: 'nope' }),
      'visitorCookie: must be a visitor record',
    )
    await expectBadRequest(
      await beacon('/api/census/form-render', { formId: '<f>' }),
      'formId: must be a form id',
    )
  })

  it('Should store a quick view of an item and refuse an item id that is not one', async () => {
    const tag = marker()
    expect(
      (await beacon(`/api/census/RecordQuickView/${tag}`, { data: '{"pagePath":"/gear"}' })).status,
    ).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({ itemId: tag, pagePath: '/gear' })
    await expectBadRequest(
      await beacon('/api/census/RecordQuickView/not%20an%20id', {}),
      'must be an item id',
    )
  })
})

describe('POST /api/events/RecordJavascriptErrors', () => {
  const entry = (message: string) => ({
    event: 'JavascriptError',
    data: JSON.stringify({ message, stack: 'Error: x\n at y', pageUrl: 'http://aurora.localhost/', line: 3 }),
    timestamp: Date.now(),
  })

  it('Should store every entry of a batch sent with the crumb header', async () => {
    const tag = marker()
    const response = await callApi(HOST, '/api/events/RecordJavascriptErrors', {
      body: [entry(tag), entry(tag)],
    })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ accepted: 2 })
    expect(await storedEvents(tag, 2)).toHaveLength(2)
  })

  it('Should refuse a batch without the crumb header, flagging the crumb failure', async () => {
    const response = await visit(HOST, '/api/events/RecordJavascriptErrors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `crumb=${newCrumb()}` },
      body: JSON.stringify([entry('x')]),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ crumbFail: true })
  })

  for (const [what, body, reason] of [
    ['an empty batch', [], 'at least one entry'],
    ['an object instead of an array', entry('x'), /expected array/i],
    [
      'a stack over 5000 characters',
      [{ ...entry('x'), data: JSON.stringify({ message: 'x', stack: 's'.repeat(5001) }) }],
      'data.stack',
    ],
    ['data that is not JSON', [{ ...entry('x'), data: 'oops' }], 'must be JSON'],
    ['no timestamp', [{ event: 'JavascriptError', data: '{"message":"x"}' }], 'timestamp'],
  ] as const) {
    it(`Should answer ${what} with a 400 that says why`, async () => {
      await expectBadRequest(await callApi(HOST, '/api/events/RecordJavascriptErrors', { body }), reason)
    })
  }
})

describe('POST /api/events/RecordEvent (version 0)', () => {
  it('Should store an event whose body carries the crumb cookie’s value', async () => {
    const crumb = newCrumb()
    const tag = marker()
    const response = await beacon(
      '/api/events/RecordEvent',
      {
        crumb,
        event: 'view',
        data: JSON.stringify({ pagePath: '/apparel', pageHash: tag, websiteId: 'aurora' }),
      },
      [`crumb=${crumb}`],
    )
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.event).toBe('RecordEvent:view')
  })

  it('Should refuse a crumb that is not the cookie’s (403, flagged) and bad data (400)', async () => {
    const crumb = newCrumb()
    const data = JSON.stringify({ pagePath: '/' })
    const forged = await beacon('/api/events/RecordEvent', { crumb: newCrumb(), event: 'view', data }, [
      `crumb=${crumb}`,
    ])
    expect(forged.status).toBe(403)
    expect(await forged.json()).toMatchObject({ crumbFail: true })
    await expectBadRequest(
      await beacon('/api/events/RecordEvent', { crumb, event: 'view', data: '{"pagePath":"/","extra":1}' }, [
        `crumb=${crumb}`,
      ]),
      /Unrecognized key/i,
    )
    await expectBadRequest(
      await beacon('/api/events/RecordEvent', { event: 'view', data }, [`crumb=${crumb}`]),
      'crumb:',
    )
  })
})

describe('POST /api/v1/clanker/events and validate-event-content', () => {
  it('Should store a product view sent as a form-encoded beacon, with what only the worker knows', async () => {
    const tag = marker()
    const cartId = newCartId()
    const content = commerceContent('CommerceShopping_VisitPDP', { item_title: tag })
    const response = await beacon(
      '/api/v1/clanker/events',
      { eventSchemaName: 'CommerceShopping_VisitPDP', eventContent: JSON.stringify(content) },
      [`ss_cart=${cartId}`],
    )
    expect(response.status).toBe(202)
    const [row] = await storedEvents(tag, 1)
    expect(row?.event).toBe('CommerceShopping_VisitPDP')
    expect(row?.data).toMatchObject({
      logged_in: false,
      site_user_id: null,
      cart_id: await publicCartId('aurora', cartId),
      website_id: 'aurora',
    })
  })

  it('Should store an add to cart sent as JSON', async () => {
    const tag = marker()
    const content = commerceContent('CommerceShopping_AddToCart', {
      item_title: tag,
      item_quantity: 2,
      item_price: 48,
    })
    const response = await visit(HOST, '/api/v1/clanker/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `crumb=${newCrumb()}` },
      body: JSON.stringify({
        eventSchemaName: 'CommerceShopping_AddToCart',
        eventContent: JSON.stringify(content),
      }),
    })
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({ item_quantity: 2, item_price: 48 })
  })

  for (const [what, name, content, status, reason] of [
    [
      'an add to cart without a quantity',
      'CommerceShopping_AddToCart',
      commerceContent('CommerceShopping_AddToCart'),
      400,
      'item_quantity',
    ],
    [
      'a field the schema does not have',
      'CommerceShopping_ViewCart',
      { event_name: 'CommerceShopping_ViewCart', colour: 'red' },
      400,
      /Unrecognized key/i,
    ],
    [
      'an event name that is not the schema’s',
      'CommerceShopping_ViewCart',
      { event_name: 'CommerceShopping_AddToCart' },
      400,
      'event_name',
    ],
    [
      'a currency that is not one of the 26',
      'CommerceShopping_VisitPDP',
      commerceContent('CommerceShopping_VisitPDP', { currency_code: 'XYZ' }),
      400,
      'currency_code',
    ],
    [
      'a Performance event without its fixed fields',
      'Performance',
      { largest_contentful_paint_ms: 1200 },
      400,
      'action',
    ],
    [
      'an unknown schema',
      'CommerceShopping_Teleport',
      {},
      404,
      'There is no event schema named "CommerceShopping_Teleport".',
    ],
  ] as const) {
    it(`Should answer ${what} with a ${status} that says why, and validate it the same way`, async () => {
      const fields = { eventSchemaName: name, eventContent: JSON.stringify(content) }
      const stored = await beacon('/api/v1/clanker/events', fields)
      const checked = await beacon(`/api/v1/clanker/validate-event-content/${name}`, fields)
      for (const response of [stored, checked]) {
        expect(response.status).toBe(status)
        const { message } = (await response.json()) as { message: string }
        if (typeof reason === 'string') expect(message).toContain(reason)
        else expect(message).toMatch(reason)
      }
    })
  }

  it('Should answer eventContent that is not JSON with a 400', async () => {
    await expectBadRequest(
      await beacon('/api/v1/clanker/events', { eventSchemaName: 'Performance', eventContent: '{' }),
      'eventContent: must be JSON',
    )
  })

  it('Should validate a good Performance event without storing it', async () => {
    const tag = marker()
    const content = {
      action: 'load',
      actor: 'user',
      owner_team: 'web_performance',
      source: 'web',
      object_type: 'website',
      largest_contentful_paint_ms: 1234,
      interaction_to_next_paint_ms: 80,
      page_path: `/${tag}`,
    }
    const response = await beacon('/api/v1/clanker/validate-event-content/Performance', {
      eventContent: JSON.stringify(content),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ valid: true, eventSchemaName: 'Performance' })
    const stored = await beacon('/api/v1/clanker/events', {
      eventSchemaName: 'Performance',
      eventContent: JSON.stringify(content),
    })
    expect(stored.status).toBe(202)
    expect(await storedEvents(tag, 1)).toHaveLength(1)
  })
})

describe('The performance collector’s calls', () => {
  it('Should give each page load an id and the feature flags', async () => {
    const response = await visit(HOST, '/api/1/performance/settings')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { pageLoadId: string; settings: Record<string, boolean> }
    expect(body.pageLoadId).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.settings).toEqual({ rum: true, 'track-page-speed': true, 'track-user-timing': true })
  })

  it('Should store performance and user-timing records sent as text/plain', async () => {
    const tag = marker()
    const pageLoadId = crypto.randomUUID()
    const response = await textBeacon('/api/1/performance/records', [
      {
        app: tag,
        event: 'Performance',
        data: { largest_contentful_paint_ms: 900, cumulative_layout_shift: 0 },
        pageLoadId,
        ts: Date.now(),
      },
      {
        app: tag,
        event: 'UserTiming',
        data: { marks: [{ name: 'sf:islands-ready', startTime: 120 }] },
        pageLoadId,
        ts: Date.now(),
      },
    ])
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ accepted: 2 })
    expect((await storedEvents(tag, 2)).map((row) => row.event)).toEqual([
      'performance:Performance',
      'performance:UserTiming',
    ])
  })

  const record = (event: string, data: unknown) => [
    { app: 'storefront', event, data, pageLoadId: crypto.randomUUID(), ts: Date.now() },
  ]
  for (const [what, body, reason] of [
    [
      'a user-timing mark without the product’s prefix',
      record('UserTiming', { marks: [{ name: 'other', startTime: 1 }] }),
      'must start with "sf:"',
    ],
    ['empty performance data', record('Performance', {}), 'must not be empty'],
    ['a field the payload does not have', record('Performance', { speed: 1 }), /Unrecognized key/i],
    [
      'a negative timing',
      record('Performance', { first_contentful_paint_ms: -1 }),
      'first_contentful_paint_ms',
    ],
    ['an unknown record kind', record('Heartbeat', {}), 'event'],
    ['a body that is not JSON', 'nope', 'The request body is not valid JSON.'],
  ] as const) {
    it(`Should answer ${what} with a 400 that says why`, async () => {
      await expectBadRequest(await textBeacon('/api/1/performance/records', body), reason)
    })
  }
})

describe('Suppression', () => {
  let manager: SignedIn
  let viewer: SignedIn
  let shopper: SignedIn

  beforeAll(async () => {
    await copyTenant('aurora', 'untracked', 'untracked.localhost', { trackingDisabled: true })
    manager = await signIn(HOST, 'manager@aurora.example', DEMO_PASSWORDS['manager@aurora.example'] as string)
    viewer = await signIn(HOST, 'viewer@aurora.example', DEMO_PASSWORDS['viewer@aurora.example'] as string)
    shopper = await signIn(HOST, 'shopper@aurora.example', DEMO_PASSWORDS['shopper@aurora.example'] as string)
  })

  /** Sends a page view that must be suppressed, then one that must not; only the second is stored. */
  async function expectSuppressed(send: (tag: string) => Promise<Response>, reason: string) {
    const suppressed = marker()
    const response = await send(suppressed)
    expect(response.status).toBe(204)
    expect(response.headers.get('x-analytics-suppressed')).toBe(reason)
    const control = marker()
    expect((await beacon('/api/census/RecordHit', pageView('/', { control }))).status).toBe(202)
    await storedEvents(control, 1)
    expect(await storedEvents(suppressed, 0, 0)).toEqual([])
  }

  it('Should record nothing for a site with tracking disabled, and turn its collector off', async () => {
    await expectSuppressed(
      (tag) => beacon('/api/census/RecordHit', pageView('/', { tag }), [], 'untracked.localhost'),
      'tracking-disabled',
    )
    const settings = await (await visit('untracked.localhost', '/api/1/performance/settings')).json()
    expect(settings).toMatchObject({
      settings: { rum: false, 'track-page-speed': false, 'track-user-timing': false },
    })
    expect(await (await visit('untracked.localhost', '/apparel')).text()).not.toContain('data-tracking=')
  })

  it('Should record no page view of /search', async () => {
    await expectSuppressed(
      (tag) => beacon('/api/census/RecordHit', pageView('/search', { tag })),
      'excluded-path',
    )
  })

  it('Should record no page view and no commerce event for a signed-in store manager', async () => {
    await expectSuppressed(
      (tag) => beacon('/api/census/RecordHit', pageView('/apparel', { tag }), [manager.cookie]),
      'signed-in-account',
    )
    await expectSuppressed(
      (tag) =>
        beacon(
          '/api/v1/clanker/events',
          {
            eventSchemaName: 'CommerceShopping_VisitPDP',
            eventContent: JSON.stringify(commerceContent('CommerceShopping_VisitPDP', { item_title: tag })),
          },
          [manager.cookie],
        ),
      'signed-in-account',
    )
  })

  it('Should record a viewer-only account outside /config/, and not inside it', async () => {
    const tag = marker()
    expect(
      (await beacon('/api/census/RecordHit', pageView('/apparel', { tag }), [viewer.cookie])).status,
    ).toBe(202)
    expect(await storedEvents(tag, 1)).toHaveLength(1)
    await expectSuppressed(
      (inside) => beacon('/api/census/RecordHit', pageView('/config/pages', { inside }), [viewer.cookie]),
      'signed-in-account',
    )
  })

  it('Should record a signed-in site user with no website role, and tell the commerce event who it was', async () => {
    const tag = marker()
    const content = JSON.stringify(commerceContent('CommerceShopping_VisitPDP', { item_title: tag }))
    const response = await beacon(
      '/api/v1/clanker/events',
      { eventSchemaName: 'CommerceShopping_VisitPDP', eventContent: content },
      [shopper.cookie],
    )
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({
      logged_in: true,
      site_user_id: 'aurora-shopper',
    })
  })

  it('Should record a store manager’s JavaScript errors: they are not analytics', async () => {
    const tag = marker()
    const body = [{ event: 'JavascriptError', data: JSON.stringify({ message: tag }), timestamp: Date.now() }]
    const response = await callApi(HOST, '/api/events/RecordJavascriptErrors', {
      body,
      cookies: [manager.cookie],
    })
    expect(response.status).toBe(202)
    expect(await storedEvents(tag, 1)).toHaveLength(1)
  })
})
