// The Settings and Navigation screens' server side (issue 22): each section of the site record
// needs its capability; every setting is checked field by field with the spec's words for a
// value outside a list; the menus hold folders one level deep and at most 60 links together;
// the time-zone list; published settings reach the storefront and the editor's session.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { RecordAnswer, SessionAnswer, TimeZonesAnswer } from '../../shared/index'
import { anonymousEditor, recordPath, signInEditor } from './editor-client'
import { visit } from './helpers'

const AURORA = 'aurora.localhost'
const JOURNAL = 'journal.localhost'

type Editor = Awaited<ReturnType<typeof signInEditor>>
type SiteRecord = Record<string, unknown> & {
  website: Record<string, unknown>
  storeSettings?: Record<string, unknown>
  navigation: Record<string, unknown>[]
  footerNavigation?: Record<string, unknown>[]
}

async function site(editor: Editor): Promise<{ answer: RecordAnswer; record: SiteRecord }> {
  const response = await editor.call(recordPath('site'))
  expect(response.status).toBe(200)
  const answer = (await response.json()) as RecordAnswer
  return { answer, record: structuredClone(answer.draft?.record ?? answer.live) as unknown as SiteRecord }
}

async function saveSite(editor: Editor, change: (record: SiteRecord) => void) {
  const { answer, record } = await site(editor)
  change(record)
  return editor.call(recordPath('site'), { method: 'PUT', body: { record, baseRevision: answer.revision } })
}

async function refusal(response: Response) {
  return { status: response.status, ...((await response.json()) as { message: string; field?: string }) }
}

const links = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({
    title: `${prefix} ${i + 1}`,
    url: `/${prefix.toLowerCase()}-${i + 1}`,
  }))

describe('Who may change which settings', () => {
  it('Should not let an editor change the site settings or the store, but let them change the navigation', async () => {
    const editor = await signInEditor(JOURNAL, 'editor@journal.example')
    expect(
      await refusal(
        await saveSite(editor, (r) => {
          r.website.siteTitle = 'Editor’s journal'
        }),
      ),
    ).toMatchObject({ status: 403, field: 'settings', message: 'Your role cannot do this.' })
    expect(
      await refusal(
        await saveSite(editor, (r) => {
          r.website.timeZone = 'Europe/Helsinki'
        }),
      ),
    ).toMatchObject({ status: 403, field: 'settings' })
    const footer = await saveSite(editor, (r) => {
      r.footerNavigation = [{ title: 'Contact', url: '/contact' }]
    })
    expect(footer.status).toBe(200)
    await editor.call('/config/api/drafts/site', { method: 'DELETE' })
  })

  it('Should let a store manager change the store settings only', async () => {
    const manager = await signInEditor(AURORA, 'manager@aurora.example')
    expect(
      await refusal(
        await saveSite(manager, (r) => {
          r.website.cookiePolicy = 'restrictive'
        }),
      ),
    ).toMatchObject({ status: 403, field: 'settings' })
    const saved = await saveSite(manager, (r) => {
      r.storeSettings = { ...r.storeSettings, variantPickerStyle: 'dropdown', expressCheckout: true }
    })
    expect(saved.status).toBe(200)
    const { record } = await site(manager)
    expect(record.storeSettings).toMatchObject({ variantPickerStyle: 'dropdown', expressCheckout: true })
    await manager.call('/config/api/drafts/site', { method: 'DELETE' })
  })

  it('Should let a viewer change nothing', async () => {
    const viewer = await signInEditor(JOURNAL, 'viewer@journal.example')
    for (const change of [
      (r: SiteRecord) => {
        r.website.siteTitle = 'Viewer'
      },
      (r: SiteRecord) => {
        r.navigation = [{ title: 'Only', url: '/' }]
      },
    ]) {
      expect((await saveSite(viewer, change)).status).toBe(403)
    }
    const store = await signInEditor(AURORA, 'viewer@aurora.example')
    expect(
      (
        await saveSite(store, (r) => {
          r.storeSettings = { ...r.storeSettings, customSoldOutText: 'Viewer' }
        })
      ).status,
    ).toBe(403)
  })
})

describe('Every setting checked', () => {
  it("Should refuse a value outside each list with the spec's words, naming the field", async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const cases: ['website' | 'storeSettings', string, unknown][] = [
      ['website', 'cookiePolicy', 'lax'],
      ['website', 'timeZone', 'Mars/Olympus_Mons'],
      ['website', 'trackingDisabled', 'yes'],
      ['storeSettings', 'selectedCurrency', 'XYZ'],
      ['storeSettings', 'variantPickerStyle', 'wheel'],
    ]
    for (const [section, name, val] of cases) {
      const change = (r: SiteRecord) => {
        r[section] = { ...(r[section] as object), [name]: val }
      }
      expect(await refusal(await saveSite(admin, change)), name).toEqual({
        status: 400,
        field: `${section}.${name}`,
        message: `${String(val)} is not one of the expected options`,
      })
    }
  })

  it('Should refuse texts that are too long or empty, and numbers out of range', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    expect(
      await refusal(
        await saveSite(admin, (r) => {
          r.website.siteTitle = 'x'.repeat(201)
        }),
      ),
    ).toMatchObject({
      status: 400,
      field: 'website.siteTitle',
      message: 'Site title can be at most 200 characters.',
    })
    expect(
      await refusal(
        await saveSite(admin, (r) => {
          r.website.siteTitle = '   '
        }),
      ),
    ).toMatchObject({ status: 400, field: 'website.siteTitle', message: 'Site title cannot be empty.' })
    expect(
      await refusal(
        await saveSite(admin, (r) => {
          r.storeSettings = {
            ...r.storeSettings,
            merchandising: { scarcity: { enabled: true, threshold: 0, text: 'Only {qtyInStock} left' } },
          }
        }),
      ),
    ).toMatchObject({
      status: 400,
      field: 'storeSettings.merchandising.scarcity.threshold',
      message: 'When this many or fewer are left must be a whole number from 1 to 1000.',
    })
  })

  it('Should store the store settings the storefront reads, trimmed, as a draft', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const saved = await saveSite(admin, (r) => {
      r.storeSettings = {
        ...r.storeSettings,
        customSoldOutText: '  Back soon  ',
        merchandising: {
          scarcity: { enabled: true, threshold: 3, text: 'Just {qtyInStock} left', shownByDefault: true },
          restock: {
            enabled: true,
            messages: { buttonText: 'Tell me', CTAText: 'Email me when it returns', placeholderText: '' },
            mailingListSignUpEnabled: true,
            mailingListOptInByDefault: false,
          },
        },
        installments: {
          enabled: true,
          provider: 'Afterpay',
          count: 4,
          afterPayMin: 3500,
          afterPayMax: 30000,
          stripeAccountCountry: 'US',
        },
      }
    })
    expect(saved.status).toBe(200)
    const { answer } = await site(admin)
    expect(answer.live?.storeSettings).not.toMatchObject({ customSoldOutText: 'Back soon' })
    expect(answer.draft?.record.storeSettings).toMatchObject({
      customSoldOutText: 'Back soon',
      merchandising: {
        scarcity: { enabled: true, threshold: 3, text: 'Just {qtyInStock} left', shownByDefault: true },
        restock: {
          enabled: true,
          messages: {
            buttonText: 'Tell me',
            CTAText: 'Email me when it returns',
            placeholderText: '',
            mailingListDescription: '',
          },
        },
      },
    })
    const range = await saveSite(admin, (r) => {
      const installments = (r.storeSettings as { installments: Record<string, unknown> }).installments
      installments.afterPayMin = 40000
    })
    expect(await refusal(range)).toMatchObject({
      status: 400,
      field: 'storeSettings.installments.afterPayMax',
      message: 'The smallest order cannot be above the largest.',
    })
    await admin.call('/config/api/drafts/site', { method: 'DELETE' })
  })
})

describe('Header and footer navigation', () => {
  it('Should refuse a 61st link across both menus, folders’ links counted', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const tooMany = await saveSite(admin, (r) => {
      r.navigation = [{ title: 'Folder', children: links(30, 'Head') }]
      r.footerNavigation = links(30, 'Foot')
    })
    expect(await refusal(tooMany)).toEqual({
      status: 400,
      field: 'navigation',
      message: 'The navigation can hold at most 60 links.',
    })
    const sixty = await saveSite(admin, (r) => {
      r.navigation = [{ title: 'Folder', children: links(29, 'Head') }]
      r.footerNavigation = links(30, 'Foot')
    })
    expect(sixty.status).toBe(200)
    await admin.call('/config/api/drafts/site', { method: 'DELETE' })
  })

  it('Should refuse a folder in a folder, a link with no URL, and an empty header', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    expect(
      await refusal(
        await saveSite(admin, (r) => {
          r.navigation = [
            { title: 'A', children: [{ title: 'B', url: '/b', children: [{ title: 'C', url: '/c' }] }] },
          ]
        }),
      ),
    ).toMatchObject({
      status: 400,
      field: 'navigation.0.children.0.children',
      message: 'A folder cannot hold another folder.',
    })
    expect(
      await refusal(
        await saveSite(admin, (r) => {
          r.navigation = [{ title: 'Nowhere' }]
        }),
      ),
    ).toMatchObject({ status: 400, field: 'navigation.0.url' })
    expect(
      await refusal(
        await saveSite(admin, (r) => {
          r.navigation = []
        }),
      ),
    ).toMatchObject({
      status: 400,
      field: 'navigation',
      message: 'The header navigation needs at least one link.',
    })
  })

  it('Should store a folder with its links and footer links, publish them and show them on the storefront', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const saved = await saveSite(admin, (r) => {
      r.navigation = [
        { title: 'Home', url: '/' },
        {
          title: 'Outdoors',
          children: [
            { title: 'Events', url: '/events' },
            { title: 'Gallery', url: '/gallery' },
          ],
        },
      ]
      r.footerNavigation = [{ title: 'Write to us', url: 'mailto:hello@example.com' }]
    })
    expect(saved.status).toBe(200)
    expect((await admin.call('/config/api/publish', { body: { keys: ['site'] } })).status).toBe(200)
    const live = JSON.parse((await env.CATALOG.get('site:journal')) ?? '{}') as SiteRecord
    expect(live.navigation[1]).toEqual({
      title: 'Outdoors',
      children: [
        { title: 'Events', url: '/events' },
        { title: 'Gallery', url: '/gallery' },
      ],
    })
    expect(live.footerNavigation).toEqual([{ title: 'Write to us', url: 'mailto:hello@example.com' }])
    const html = await (await visit(JOURNAL, '/')).text()
    expect(html).toContain(
      '<details class="nav-folder" name="nav-folder"><summary>Outdoors</summary><ul><li><a href="/events">Events</a></li>',
    )
    expect(html).toContain('<a href="mailto:hello@example.com">Write to us</a>')
  })
})

describe('Time zones and the session', () => {
  it('Should list every time zone the runtime knows with its offset now, to signed-in editors only', async () => {
    expect((await anonymousEditor(JOURNAL).call('/config/api/time-zones')).status).toBe(401)
    const viewer = await signInEditor(JOURNAL, 'viewer@journal.example')
    const response = await viewer.call('/config/api/time-zones')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const { zones } = (await response.json()) as TimeZonesAnswer
    expect(zones.length).toBeGreaterThan(300)
    expect(zones[0]).toEqual({ id: 'UTC', offset: 'UTC', minutes: 0 })
    expect(zones.find((z) => z.id === 'Asia/Tokyo')).toEqual({
      id: 'Asia/Tokyo',
      offset: 'UTC+09:00',
      minutes: 540,
    })
    expect(zones.find((z) => z.minutes === 330)?.offset).toBe('UTC+05:30')
    expect(zones.find((z) => z.id === 'Europe/Helsinki')?.offset).toMatch(/^UTC\+0[23]:00$/)
  })

  it('Should publish the title, time zone and currency, and the storefront and the session follow', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const saved = await saveSite(admin, (r) => {
      r.website = {
        ...r.website,
        siteTitle: 'Aurora North',
        timeZone: 'Europe/Helsinki',
        useCLDRMoneyFormat: true,
      }
      r.storeSettings = { ...r.storeSettings, selectedCurrency: 'EUR' }
    })
    expect(saved.status).toBe(200)
    expect((await admin.call('/config/api/publish', { body: { keys: ['site'] } })).status).toBe(200)
    const session = (await (await admin.call('/config/api/session')).json()) as SessionAnswer
    expect(session.site).toMatchObject({
      title: 'Aurora North',
      timeZone: 'Europe/Helsinki',
      currency: 'EUR',
    })
    const html = await (await visit(AURORA, '/')).text()
    expect(html).toContain('<title>Aurora North</title>')
  })
})

describe('Shipping, tax and codes in the store settings (issue 25)', () => {
  it('Should store a new code and rate from the editor and refuse settings the schemas do not accept', async () => {
    const manager = await signInEditor(AURORA, 'manager@aurora.example')
    const saved = await saveSite(manager, (r) => {
      const store = r.storeSettings as { coupons: Record<string, unknown>[]; tax: { rules: unknown[] } }
      store.coupons.push({ code: 'SPRING5', kind: 'fixed', amountCents: 500 })
      store.tax.rules.push({ id: 'us-or', name: 'Oregon', country: 'US', region: 'OR', rateBasisPoints: 0 })
    })
    expect(saved.status).toBe(200)
    const { answer } = await site(manager)
    expect(
      (answer.draft?.record.storeSettings as { coupons?: { code: string }[] } | undefined)?.coupons?.at(-1),
    ).toMatchObject({
      code: 'SPRING5',
      amountCents: 500,
    })
    const badCode = await saveSite(manager, (r) => {
      ;(r.storeSettings as { coupons: Record<string, unknown>[] }).coupons.push({
        code: 'no spaces',
        kind: 'percent',
      })
    })
    expect(await refusal(badCode)).toMatchObject({
      status: 400,
      field: 'storeSettings.coupons.7.code',
      message: 'storeSettings.coupons.7.code: must be 3 to 32 capital letters, digits, - or _',
    })
    const badRate = await saveSite(manager, (r) => {
      ;(r.storeSettings as { tax: { rules: Record<string, unknown>[] } }).tax.rules.push({
        id: 'us-xx',
        name: 'Too much',
        country: 'US',
        rateBasisPoints: 10_001,
      })
    })
    expect(await refusal(badRate)).toMatchObject({
      status: 400,
      field: 'storeSettings.tax.rules.14.rateBasisPoints',
    })
    await manager.call('/config/api/drafts/site', { method: 'DELETE' })
  })
})
