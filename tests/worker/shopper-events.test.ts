// Issue 24: the beacons the server accepted but no page sent, and the performance collector as
// the spec has it. The shopper events (item viewed, item added, checkout confirmed) stored with
// the commerce fields and the spec's environment ('staging' on internal hosts, otherwise
// 'production'); the member account of a signed-in site user in every version 2 event; the
// suppression rules for the new beacons; the Performance records' fixed fields, first input
// delay and time to interactive; the collector's flags as rollout variants, stable per visitor.
import { beforeAll, describe, expect, it } from 'vitest'
import { rolloutBucket } from '../../worker/api/performance'
import { visit } from './helpers'
import { copyTenant, DEMO_PASSWORDS, marker, newCrumb, type SignedIn, signIn, storedEvents } from './visitor'

const HOST = 'aurora.localhost'
/** A public host of a copy of Aurora: not internal, so its commerce events are production's. */
const PUBLIC_HOST = 'outfitters.example.com'
const CVR = 'visitor1|1780000000000|1780000000000|1780000000000|1'

function beacon(
  host: string,
  path: string,
  fields: Record<string, string>,
  cookies: string[] = [],
  headers = {},
) {
  return visit(host, path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      cookie: [`crumb=${newCrumb()}`, ...cookies].join('; '),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  })
}

function event(
  host: string,
  name: string,
  content: Record<string, unknown>,
  cookies: string[] = [],
  headers = {},
) {
  return beacon(
    host,
    '/api/v1/clanker/events',
    { eventSchemaName: name, eventContent: JSON.stringify(content) },
    cookies,
    headers,
  )
}

const ITEM = { item_id: 'aurora-item-0002', page_path: '/apparel/ridgeline-flannel-shirt' }

let manager: SignedIn
let shopper: SignedIn

beforeAll(async () => {
  await copyTenant('aurora', 'aurora-public', PUBLIC_HOST, {})
  await copyTenant('aurora', 'aurora-rollout', 'rollout.localhost', {
    performanceRollout: { rum: 0, 'track-user-timing': 50 },
  })
  manager = await signIn(HOST, 'manager@aurora.example', DEMO_PASSWORDS['manager@aurora.example'] as string)
  shopper = await signIn(HOST, 'shopper@aurora.example', DEMO_PASSWORDS['shopper@aurora.example'] as string)
})

describe('Shopper events', () => {
  it('Should store item viewed, item added and checkout confirmed with their action, origin and the staging environment of an internal host', async () => {
    const tag = marker()
    const sent = [
      ['CommerceShopping_ItemViewed', { ...ITEM, item_title: tag }],
      ['CommerceShopping_ItemAdded', { ...ITEM, item_title: tag, item_quantity: 2 }],
      [
        'CommerceShopping_CheckoutConfirmed',
        { page_path: '/commerce/orders/{orderId}', product: tag, page_type: 202, item_price: 96 },
      ],
    ] as const
    for (const [name, content] of sent) expect((await event(HOST, name, content)).status, name).toBe(202)
    const rows = await storedEvents(tag, 3)
    const byName = Object.fromEntries(rows.map((row) => [row.event, row.data]))
    const origin = {
      source: 'web',
      owner_team: 'commerce merchandising',
      product_area: 'commerce shopping',
      environment: 'staging',
      source_environment: 'dev',
      website_id: 'aurora',
      logged_in: false,
      member_account_id: null,
      member_account_locale: null,
    }
    expect(byName.CommerceShopping_ItemViewed).toMatchObject({
      ...origin,
      action: 'view',
      object_type: 'item',
    })
    expect(byName.CommerceShopping_ItemAdded).toMatchObject({
      ...origin,
      action: 'add',
      object_type: 'item',
      item_quantity: 2,
    })
    expect(byName.CommerceShopping_CheckoutConfirmed).toMatchObject({
      ...origin,
      action: 'confirm',
      object_type: 'checkout',
      page_type: 202,
      item_price: 96,
      event_name: 'CommerceShopping_CheckoutConfirmed',
    })
  })

  it('Should report a public host’s commerce events under production, whatever the client claims', async () => {
    const tag = marker()
    const response = await event(PUBLIC_HOST, 'CommerceShopping_ItemViewed', {
      ...ITEM,
      item_title: tag,
      environment: 'staging',
    })
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({
      environment: 'production',
      source_environment: 'prod',
    })
  })

  it('Should refuse an item added without a quantity and an environment the spec does not name', async () => {
    const noQuantity = await event(HOST, 'CommerceShopping_ItemAdded', ITEM)
    expect(noQuantity.status).toBe(400)
    expect(((await noQuantity.json()) as { message: string }).message).toContain('item_quantity')
    const qa = await event(HOST, 'CommerceShopping_ItemViewed', { ...ITEM, environment: 'qa' })
    expect(qa.status).toBe(400)
    expect(((await qa.json()) as { message: string }).message).toContain('environment')
  })

  it('Should record a store manager’s shopper events and button beacons as nothing (204)', async () => {
    const viewed = await event(HOST, 'CommerceShopping_ItemViewed', ITEM, [manager.cookie])
    expect(viewed.status).toBe(204)
    expect(viewed.headers.get('x-analytics-suppressed')).toBe('signed-in-account')
    const data = JSON.stringify({ buttonText: 'Shop', buttonUrl: '/shop', pagePath: '/' })
    const click = await beacon(HOST, '/api/census/button-click', { data, ss_cvr: CVR }, [manager.cookie])
    expect(click.status).toBe(204)
  })
})

describe('The member account in version 2 events', () => {
  it('Should name a signed-in site user’s account and locale, from the browser’s languages', async () => {
    const tag = marker()
    const response = await event(
      HOST,
      'CommerceShopping_ItemViewed',
      { ...ITEM, item_title: tag },
      [shopper.cookie],
      {
        'accept-language': 'fr-CA,fr;q=0.8,en;q=0.5',
      },
    )
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({
      member_account_id: 'aurora-shopper',
      member_account_locale: 'fr-CA',
      site_user_id: 'aurora-shopper',
      logged_in: true,
    })
  })

  it('Should add them to a Performance event too, and never take the client’s word for them', async () => {
    const tag = marker()
    const content = {
      action: 'load',
      actor: 'user',
      owner_team: 'web_performance',
      source: 'web',
      object_type: 'website',
      page_path: `/${tag}`,
      first_input_delay_ms: 12,
      time_to_interactive_ms: 900,
      browser_locale: 'de-DE',
      member_account_id: 'someone-else',
    }
    expect((await event(HOST, 'Performance', content, [shopper.cookie])).status).toBe(202)
    expect((await storedEvents(tag, 1))[0]?.data).toMatchObject({
      member_account_id: 'aurora-shopper',
      member_account_locale: 'de-DE',
      first_input_delay_ms: 12,
      time_to_interactive_ms: 900,
    })
    const anonymous = marker()
    expect((await event(HOST, 'Performance', { ...content, page_path: `/${anonymous}` })).status).toBe(202)
    expect((await storedEvents(anonymous, 1))[0]?.data).toMatchObject({
      member_account_id: null,
      member_account_locale: null,
    })
  })
})

describe('The performance collector', () => {
  it('Should store a Performance record with the schema’s fixed fields, first input delay and time to interactive', async () => {
    const tag = marker()
    const response = await visit(HOST, '/api/1/performance/records', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: `crumb=${newCrumb()}` },
      body: JSON.stringify([
        {
          app: tag,
          event: 'Performance',
          data: { first_input_delay_ms: 8, time_to_interactive_ms: 1200, largest_contentful_paint_ms: 640 },
          pageLoadId: crypto.randomUUID(),
          ts: Date.now(),
        },
      ]),
    })
    expect(response.status).toBe(202)
    expect((await storedEvents(tag, 1))[0]).toMatchObject({
      event: 'performance:Performance',
      data: {
        action: 'load',
        actor: 'user',
        owner_team: 'web_performance',
        source: 'web',
        object_type: 'website',
        first_input_delay_ms: 8,
        time_to_interactive_ms: 1200,
      },
    })
  })

  it('Should answer each flag as a rollout variant: a site’s percentage, the same for a visitor on every page', async () => {
    const settingsFor = async (crumb: string) =>
      (await (
        await visit('rollout.localhost', '/api/1/performance/settings', {
          headers: { cookie: `crumb=${crumb}` },
        })
      ).json()) as {
        settings: Record<string, boolean>
        variants: Record<string, { variant: string; percentage: number }>
      }
    const crumbs = Array.from({ length: 40 }, () => newCrumb())
    const answers = await Promise.all(crumbs.map(settingsFor))
    for (const answer of answers) {
      expect(answer.variants.rum).toEqual({ variant: 'off', percentage: 0 })
      expect(answer.variants['track-page-speed']).toEqual({ variant: 'on', percentage: 100 })
      expect(answer.settings.rum).toBe(false)
      expect(answer.variants['track-user-timing']?.percentage).toBe(50)
    }
    // Half the site's visitors, by their bucket; each visitor keeps theirs.
    const timing = answers.map((answer) => answer.settings['track-user-timing'])
    expect(timing).toEqual(
      crumbs.map((crumb) => rolloutBucket('aurora-rollout', 'track-user-timing', crumb) < 50),
    )
    expect(timing).toContain(true)
    expect(timing).toContain(false)
    const again = await Promise.all(crumbs.slice(0, 10).map(settingsFor))
    expect(again.map((answer) => answer.settings['track-user-timing'])).toEqual(timing.slice(0, 10))
  })
})
