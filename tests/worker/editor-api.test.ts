// The site editor's admin API in workerd (issue 21): roles, drafts beside the live records,
// conflicts, preview, publish and its refusals, schedules, Private items, rollback.
import { env, runDurableObjectAlarm } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type {
  ChangesAnswer,
  CollectionsAnswer,
  ItemsAnswer,
  RecordAnswer,
  SessionAnswer,
} from '../../shared/index'
import type { EditorEnv } from '../../worker/editor/env'
import { publisherOf } from '../../worker/editor/publisher'
import { anonymousEditor, editorFetch, recordPath, signInEditor } from './editor-client'
import { visit } from './helpers'

const AURORA = 'aurora.localhost'
const JOURNAL = 'journal.localhost'
const TEE = 'item:apparel/trailhead-long-sleeve-tee'

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

async function load(editor: Awaited<ReturnType<typeof signInEditor>>, key: string): Promise<RecordAnswer> {
  const response = await editor.call(recordPath(key))
  expect(response.status).toBe(200)
  return json<RecordAnswer>(response)
}

async function save(
  editor: Awaited<ReturnType<typeof signInEditor>>,
  key: string,
  change: (record: Record<string, unknown>) => void,
) {
  const answer = await load(editor, key)
  const record = structuredClone(answer.draft?.record ?? answer.live) as Record<string, unknown>
  change(record)
  return editor.call(recordPath(key), { method: 'PUT', body: { record, baseRevision: answer.revision } })
}

async function pageText(
  host: string,
  path: string,
  cookie?: string,
): Promise<{ status: number; text: string; cache: string | null }> {
  const response = await visit(host, path, cookie ? { headers: { cookie } } : {})
  return { status: response.status, text: await response.text(), cache: response.headers.get('Cache-Status') }
}

describe('Sign-in and roles', () => {
  it('Should answer 401 without a session and the role table with one', async () => {
    expect((await anonymousEditor(AURORA).call('/config/api/session')).status).toBe(401)
    const admin = await json<SessionAnswer>(
      await (await signInEditor(AURORA, 'admin@aurora.example')).call('/config/api/session'),
    )
    expect(admin.access).toBe(true)
    expect(admin.capabilities).toMatchObject({
      editContent: true,
      publishContent: true,
      editProducts: true,
      rollback: true,
    })
    expect(admin.xsrfToken).not.toBe('')
    const manager = await json<SessionAnswer>(
      await (await signInEditor(AURORA, 'manager@aurora.example')).call('/config/api/session'),
    )
    expect(manager.capabilities).toMatchObject({
      editContent: false,
      editProducts: true,
      publishProducts: true,
      rollback: false,
    })
    const viewer = await json<SessionAnswer>(
      await (await signInEditor(AURORA, 'viewer@aurora.example')).call('/config/api/session'),
    )
    expect(viewer.capabilities).toMatchObject({
      read: true,
      editContent: false,
      editProducts: false,
      publishProducts: false,
    })
    const editor = await json<SessionAnswer>(
      await (await signInEditor(JOURNAL, 'editor@journal.example')).call('/config/api/session'),
    )
    expect(editor.capabilities).toMatchObject({
      editContent: true,
      publishContent: false,
      editProducts: false,
    })
    const shopper = await signInEditor(AURORA, 'shopper@aurora.example')
    expect((await json<SessionAnswer>(await shopper.call('/config/api/session'))).access).toBe(false)
    expect((await shopper.call('/config/api/collections')).status).toBe(403)
  })

  it('Should refuse every write to anonymous visitors, viewers, and calls without the XSRF token or from another origin', async () => {
    const body = { record: { id: 'x', title: 'x', urlId: 'x' }, baseRevision: 0 }
    expect((await anonymousEditor(AURORA).call(recordPath(TEE), { method: 'PUT', body })).status).toBe(401)
    const viewer = await signInEditor(AURORA, 'viewer@aurora.example')
    expect(
      (
        await save(viewer, TEE, (r) => {
          r.title = 'Viewer was here'
        })
      ).status,
    ).toBe(403)
    expect((await viewer.call('/config/api/publish', { body: {} })).status).toBe(403)
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const noXsrf = await admin.call(recordPath(TEE), {
      method: 'PUT',
      body,
      headers: { 'X-XSRF-Token': 'forged' },
    })
    expect(noXsrf.status).toBe(403)
    const elsewhere = await admin.call(recordPath(TEE), {
      method: 'PUT',
      body,
      headers: { origin: 'https://evil.example' },
    })
    expect(elsewhere.status).toBe(403)
    const manager = await signInEditor(AURORA, 'manager@aurora.example')
    expect(
      (
        await save(manager, 'collection:about', (r) => {
          r.title = 'About us'
        })
      ).status,
    ).toBe(403)
    expect((await manager.call('/config/api/collections', { body: { title: 'New page' } })).status).toBe(403)
  })

  it('Should answer every admin call private and never indexed, and a malformed body with a 400 naming the problem', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const list = await admin.call('/config/api/collections')
    expect(list.headers.get('Cache-Control')).toBe('private, no-store')
    expect(list.headers.get('X-Robots-Tag')).toContain('noindex')
    const collections = await json<CollectionsAnswer>(list)
    expect(collections.collections.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['apparel', 'about', 'home']),
    )
    const bad = await admin.call(recordPath(TEE), { method: 'PUT', body: '{"record":' })
    expect(bad.status).toBe(400)
    expect((await json<{ message: string }>(bad)).message).toBe('The request body is not valid JSON.')
    const noSlug = await save(admin, TEE, (r) => {
      r.urlId = 'Not A Slug'
    })
    expect(noSlug.status).toBe(400)
    expect(await json(noSlug)).toMatchObject({
      field: 'urlId',
      message: 'Not A Slug is not a valid page URL',
    })
    const longTag = await save(admin, TEE, (r) => {
      r.tags = ['x'.repeat(51)]
    })
    expect(await json(longTag)).toMatchObject({
      field: 'tags',
      message: 'A tag can be at most 50 characters.',
    })
    const badLink = await save(admin, TEE, (r) => {
      r.mainImage = { assetUrl: 'javascript:alert(1)' }
    })
    expect(await json(badLink)).toMatchObject({
      field: 'mainImage.assetUrl',
      message: 'Links must be formatted as https://example.com or /a-page',
    })
  })
})

describe('Drafts, preview and publish', () => {
  it('Should keep a draft beside the live record, preview it privately, and publish it to the very next anonymous view', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const path = '/apparel/trailhead-long-sleeve-tee'
    await pageText(AURORA, path)
    expect((await pageText(AURORA, path)).cache).toMatch(/hit/)
    const saved = await save(admin, TEE, (r) => {
      r.title = 'Trailhead Tee, Second Edition'
      r.body =
        '<p>New <strong>words</strong><script>alert(1)</script><img src="/demo/x.svg" onerror="alert(2)"></p>'
      const variants = (r.structuredContent as { variants: Record<string, unknown>[] }).variants
      for (const v of variants) {
        v.price = 5400
        v.priceMoney = { currency: 'USD', value: '54.00' }
      }
    })
    expect(saved.status).toBe(200)
    const draft = await json<RecordAnswer>(saved)
    expect(draft.draft?.record.body).toBe('<p>New <strong>words</strong><img src="/demo/x.svg"></p>')
    // The live page is untouched: anonymous visitors get it from the cache.
    const live = await pageText(AURORA, path)
    expect(live.cache).toMatch(/hit/)
    expect(live.text).toContain('Trailhead Long-Sleeve Tee')
    expect(live.text).not.toContain('Second Edition')
    // The preview shows the draft, privately, with a banner, and never to an anonymous visitor.
    const preview = await editorFetch(AURORA, `/config/preview${path}`, { headers: { cookie: admin.cookie } })
    expect(preview.status).toBe(200)
    expect(preview.headers.get('Cache-Control')).toBe('private, no-store')
    const previewHtml = await preview.text()
    expect(previewHtml).toContain('Trailhead Tee, Second Edition')
    expect(previewHtml).toContain('"price":"54.00"')
    expect(previewHtml).toContain('Preview: unpublished changes are shown.')
    expect(previewHtml).not.toContain('data-tracking')
    expect(previewHtml).toContain('href="/config/preview/apparel"')
    expect((await editorFetch(AURORA, `/config/preview${path}`)).status).toBe(401)
    expect((await pageText(AURORA, path)).text).not.toContain('Second Edition')
    // Review Changes lists it field by field.
    const changes = await json<ChangesAnswer>(await admin.call('/config/api/changes'))
    const change = changes.changes.find((c) => c.key === TEE)
    expect(change?.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['title', 'body', 'structuredContent.variants.0.price']),
    )
    // Publish: the next anonymous view renders the new title and price (miss), then is a hit.
    const published = await admin.call('/config/api/publish', { body: {} })
    expect(published.status).toBe(200)
    const after = await pageText(AURORA, path)
    expect(after.cache).toMatch(/miss|stored/)
    expect(after.text).toContain('Trailhead Tee, Second Edition')
    expect(after.text).toContain('"price":"54.00"')
    expect(after.text).not.toContain('"price":"48.00"')
    expect((await pageText(AURORA, path)).cache).toMatch(/hit/)
    expect((await load(admin, TEE)).draft).toBeNull()
    expect((await json<ChangesAnswer>(await admin.call('/config/api/changes'))).changes).toEqual([])
  })

  it('Should save an event’s time and place, refuse an end before its start or a pin off the globe, and publish them', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const key = 'item:events/nature-journaling-workshop'
    const start = Date.UTC(2027, 2, 14, 16, 0)
    const refusals: [(record: Record<string, unknown>) => void, string, string][] = [
      [
        (r) => Object.assign(r, { startDate: start, endDate: start - 60_000 }),
        'endDate',
        'The event must end after it starts.',
      ],
      [(r) => Object.assign(r, { startDate: 'soon' }), 'startDate', 'Enter a date and time.'],
      [
        (r) => Object.assign(r, { location: { mapLat: 91 } }),
        'location.mapLat',
        'Enter a number from -90 to 90.',
      ],
      [
        (r) => Object.assign(r, { location: { mapLng: null } }),
        'location.mapLng',
        'Enter a number from -180 to 180.',
      ],
      [
        (r) => Object.assign(r, { location: { addressTitle: 'x'.repeat(201) } }),
        'location.addressTitle',
        'Use at most 200 characters.',
      ],
    ]
    for (const [change, field, message] of refusals) {
      const refused = await save(admin, key, change)
      expect(refused.status, field).toBe(400)
      expect(await json(refused), field).toEqual({ field, message })
    }
    const saved = await save(admin, key, (r) => {
      Object.assign(r, {
        startDate: start,
        endDate: start + 3 * 3_600_000,
        location: {
          addressTitle: '  Muir Woods visitor center <b>',
          addressLine1: '1 Muir Woods Rd',
          addressLine2: '',
          mapLat: 37.8912,
          mapLng: -122.5719,
        },
      })
    })
    expect(saved.status).toBe(200)
    const draft = (await json<RecordAnswer>(saved)).draft?.record
    expect(draft).toMatchObject({ startDate: start, endDate: start + 10_800_000 })
    // Lines trimmed, empty ones dropped.
    expect(draft?.location).toEqual({
      addressTitle: 'Muir Woods visitor center <b>',
      addressLine1: '1 Muir Woods Rd',
      mapLat: 37.8912,
      mapLng: -122.5719,
    })
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    const page = await pageText(JOURNAL, '/events/nature-journaling-workshop')
    expect(page.text).toContain('Muir Woods visitor center &lt;b&gt;<br>1 Muir Woods Rd')
  })

  it('Should refuse a save made from a stale revision with 409 and both versions, overwriting nothing', async () => {
    const one = await signInEditor(JOURNAL, 'admin@journal.example')
    const two = await signInEditor(JOURNAL, 'editor@journal.example')
    const key = 'item:field-notes/tide-pools-at-dawn'
    const start = await load(one, key)
    const record = structuredClone(start.live) as Record<string, unknown>
    const first = await one.call(recordPath(key), {
      method: 'PUT',
      body: { record: { ...record, title: 'Tide Pools (one)' }, baseRevision: start.revision },
    })
    expect(first.status).toBe(200)
    const stale = await two.call(recordPath(key), {
      method: 'PUT',
      body: { record: { ...record, title: 'Tide Pools (two)' }, baseRevision: start.revision },
    })
    expect(stale.status).toBe(409)
    const conflict = await json<{
      message: string
      conflict: { theirs: { record: { title: string } }; revision: number }
    }>(stale)
    expect(conflict.conflict.theirs.record.title).toBe('Tide Pools (one)')
    expect(conflict.message).toContain('Nothing was overwritten')
    expect((await load(one, key)).draft?.record.title).toBe('Tide Pools (one)')
    // Keeping mine: save again from the revision the conflict named.
    const kept = await two.call(recordPath(key), {
      method: 'PUT',
      body: { record: { ...record, title: 'Tide Pools (two)' }, baseRevision: conflict.conflict.revision },
    })
    expect(kept.status).toBe(200)
  })

  it('Should refuse to publish a record that would break its page, naming the field, and publish nothing', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const key = 'item:gear/hand-forged-camp-axe'
    await save(admin, 'item:footwear/granite-hiking-boot', (r) => {
      r.title = 'Granite Boot v2'
    })
    const broken = await save(admin, key, (r) => {
      ;(r.structuredContent as { variants: unknown[] }).variants = []
    })
    expect(broken.status).toBe(200)
    const refused = await admin.call('/config/api/publish', { body: {} })
    expect(refused.status).toBe(422)
    const body = await json<{ problems: { key: string; field: string; message: string }[] }>(refused)
    expect(body.problems).toContainEqual(
      expect.objectContaining({ key, field: 'structuredContent.variants' }),
    )
    expect((await pageText(AURORA, '/footwear/granite-hiking-boot')).text).not.toContain('Granite Boot v2')
    await admin.call(`/config/api/drafts/${encodeURIComponent(key)}`, { method: 'DELETE' })
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    expect((await pageText(AURORA, '/footwear/granite-hiking-boot')).text).toContain('Granite Boot v2')
  })

  it('Should let an editor submit for review but not publish, and a store manager publish only products', async () => {
    const editor = await signInEditor(JOURNAL, 'editor@journal.example')
    const key = 'item:field-notes/reading-the-fog-line'
    await save(editor, key, (r) => {
      r.title = 'Reading the Fog Line Again'
    })
    const answer = await load(editor, key)
    const submitted = await editor.call(recordPath(key, '/status'), {
      body: { to: 'review', baseRevision: answer.revision },
    })
    expect(submitted.status).toBe(200)
    expect((await json<RecordAnswer>(submitted)).draft?.needsReview).toBe(true)
    expect((await editor.call('/config/api/publish', { body: {} })).status).toBe(403)
    const items = await json<ItemsAnswer>(
      await editor.call('/config/api/collections/field-notes/items?status=review'),
    )
    expect(items.items.map((i) => i.key)).toContain(key)
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    expect((await pageText(JOURNAL, '/field-notes/reading-the-fog-line')).text).toContain(
      'Reading the Fog Line Again',
    )
  })
})

describe('Statuses', () => {
  it('Should create a draft post that no visitor sees, schedule it, and show it in the blog list at its time', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const created = await admin.call(recordPath('collection:field-notes', '/items'), {
      body: { title: 'Owls at Midnight' },
    })
    expect(created.status).toBe(201)
    const post = await json<RecordAnswer>(created)
    expect(post.key).toBe('item:field-notes/owls-at-midnight')
    expect(post.draft?.status).toBe('draft')
    await admin.call('/config/api/publish', { body: {} })
    expect((await pageText(JOURNAL, '/field-notes/owls-at-midnight')).status).toBe(404)
    const at = Date.now() + 1500
    const scheduled = await admin.call(recordPath(post.key, '/status'), {
      body: { to: 'scheduled', publishOn: at, baseRevision: (await load(admin, post.key)).revision },
    })
    expect(scheduled.status).toBe(200)
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    expect((await pageText(JOURNAL, '/field-notes')).text).not.toContain('Owls at Midnight')
    expect((await pageText(JOURNAL, '/field-notes')).cache).toMatch(/hit/)
    // The publisher's alarm fires at that second by itself (miniflare runs alarms for real).
    await new Promise((resolve) => setTimeout(resolve, at - Date.now() + 300))
    await runDurableObjectAlarm(publisherOf(env as unknown as EditorEnv, 'journal'))
    const list = await pageText(JOURNAL, '/field-notes')
    expect(list.cache).toMatch(/miss|stored/)
    expect(list.text).toContain('Owls at Midnight')
  })

  it('Should keep a Private item off the lists and from anonymous visitors, and open it to signed-in editors uncached', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const key = 'item:field-notes/the-notebook-i-carry'
    const made = await admin.call(recordPath(key, '/status'), {
      body: { to: 'private', baseRevision: (await load(admin, key)).revision },
    })
    expect(made.status).toBe(200)
    await admin.call('/config/api/publish', { body: {} })
    expect((await pageText(JOURNAL, '/field-notes/the-notebook-i-carry')).status).toBe(404)
    expect((await pageText(JOURNAL, '/field-notes')).text).not.toContain('The Notebook I Carry')
    expect((await pageText(JOURNAL, '/sitemap.xml')).text).not.toContain('the-notebook-i-carry')
    const seen = await visit(JOURNAL, '/field-notes/the-notebook-i-carry', {
      headers: { cookie: admin.cookie },
    })
    expect(seen.status).toBe(200)
    expect(seen.headers.get('Cache-Control')).toBe('private, no-store')
    const member = await signInEditor(JOURNAL, 'member@journal.example')
    expect((await pageText(JOURNAL, '/field-notes/the-notebook-i-carry', member.cookie)).status).toBe(404)
  })

  it('Should refuse transitions the table does not allow', async () => {
    const editor = await signInEditor(JOURNAL, 'editor@journal.example')
    const key = 'item:field-notes/first-frost-on-the-marsh'
    const answer = await load(editor, key)
    // Unpublishing needs the right to publish; Published cannot become Scheduled.
    expect(
      (
        await editor.call(recordPath(key, '/status'), {
          body: { to: 'draft', baseRevision: answer.revision },
        })
      ).status,
    ).toBe(403)
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const rescheduled = await admin.call(recordPath(key, '/status'), {
      body: { to: 'scheduled', publishOn: Date.now() + 60_000, baseRevision: answer.revision },
    })
    expect(await json(rescheduled)).toMatchObject({ message: 'A Published item cannot become Scheduled.' })
    const draft = await json<RecordAnswer>(
      await admin.call(recordPath('collection:field-notes', '/items'), { body: { title: 'Frost again' } }),
    )
    const past = await admin.call(recordPath(draft.key, '/status'), {
      body: { to: 'scheduled', publishOn: '2020-01-01T09:00', baseRevision: draft.revision },
    })
    expect(await json(past)).toMatchObject({ message: 'Choose a time in the future to schedule.' })
  })
})

describe('Rollback', () => {
  it('Should restore the site as it was at an earlier version (ADMIN only)', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    await save(admin, 'collection:about', (r) => {
      r.title = 'About Aurora, rewritten'
    })
    await admin.call('/config/api/publish', { body: {} })
    expect((await pageText(AURORA, '/about')).text).toContain('About Aurora, rewritten')
    await save(admin, 'collection:about', (r) => {
      r.title = 'About Aurora, third take'
    })
    await admin.call('/config/api/publish', { body: {} })
    const { revisions } = await json<{ revisions: { version: string }[] }>(
      await admin.call('/config/api/revisions'),
    )
    // The newest revision is the third take; the one before it published the rewrite.
    const first = revisions[1]?.version as string
    const manager = await signInEditor(AURORA, 'manager@aurora.example')
    expect((await manager.call(`/config/api/revisions/${first}/rollback`, { body: {} })).status).toBe(403)
    expect((await admin.call(`/config/api/revisions/${first}/rollback`, { body: {} })).status).toBe(200)
    expect((await pageText(AURORA, '/about')).text).toContain('About Aurora, rewritten')
  })
})

describe('Links by reference', () => {
  it('Should move links by reference and the navigation with a page whose slug changes', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const about = await load(admin, 'collection:about')
    const aboutId = String(about.live?.id)
    await save(admin, 'collection:home', (r) => {
      r.mainContent = `<p>Read <a href="/about" data-ref="${aboutId}">our story</a>.</p>`
    })
    await save(admin, 'collection:about', (r) => {
      r.urlId = 'our-story'
    })
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    const home = await pageText(AURORA, '/')
    expect(home.text).toContain('<a href="/our-story" data-ref="')
    expect(home.text).toContain('<a href="/our-story">About</a>')
    expect((await pageText(AURORA, '/our-story')).status).toBe(200)
    expect((await pageText(AURORA, '/about')).status).toBe(404)
    expect((await load(admin, 'collection:our-story')).live?.urlId).toBe('our-story')
  })

  it('Should refuse a new slug for a collection that has items', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const refused = await save(admin, 'collection:gear', (r) => {
      r.urlId = 'equipment'
    })
    expect(refused.status).toBe(400)
    expect(await json(refused)).toMatchObject({ field: 'urlId' })
  })
})

describe('Creating, duplicating and deleting', () => {
  it('Should duplicate a product as a draft, preview it, publish it, then delete it on the next publish', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const copy = await admin.call(recordPath('item:gear/insulated-water-bottle', '/duplicate'), { body: {} })
    expect(copy.status).toBe(201)
    const draft = await json<RecordAnswer>(copy)
    expect(draft.key).toBe('item:gear/insulated-water-bottle-copy')
    expect(draft.draft?.record.title).toMatch(/\(copy\)$/)
    const preview = await editorFetch(AURORA, '/config/preview/gear/insulated-water-bottle-copy', {
      headers: { cookie: admin.cookie },
    })
    expect(preview.status).toBe(200)
    // A Draft is not published by Publish; Published is.
    const status = await admin.call(recordPath(draft.key, '/status'), {
      body: { to: 'published', baseRevision: draft.revision },
    })
    expect(status.status).toBe(200)
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    expect((await pageText(AURORA, '/gear/insulated-water-bottle-copy')).status).toBe(200)
    const items = await json<ItemsAnswer>(await admin.call('/config/api/collections/gear/items'))
    expect(items.items.at(-1)?.key).toBe(draft.key)
    const removed = await admin.call(recordPath(draft.key), { method: 'DELETE' })
    expect(removed.status).toBe(200)
    expect((await pageText(AURORA, '/gear/insulated-water-bottle-copy')).status).toBe(200)
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    expect((await pageText(AURORA, '/gear/insulated-water-bottle-copy')).status).toBe(404)
    expect((await admin.call(recordPath(draft.key))).status).toBe(404)
  })

  it('Should create a page as a draft and refuse more than the shared limits allow', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const page = await admin.call('/config/api/collections', {
      body: { title: 'Field Guides', typeName: 'page' },
    })
    expect(page.status).toBe(201)
    expect((await json<RecordAnswer>(page)).key).toBe('collection:field-guides')
    const unknown = await admin.call('/config/api/collections', { body: { title: 'X', typeName: 'forum' } })
    expect(await json(unknown)).toMatchObject({ message: 'forum is not one of the expected options' })
    const empty = await admin.call('/config/api/collections', { body: { title: '   ' } })
    expect(empty.status).toBe(400)
  })
})

describe('Link schemes', () => {
  it('Should accept mailto: and tel: links where visitors follow them, and still refuse javascript:', async () => {
    const { followedLinkSchema, linkSchema } = await import('../../worker/catalogue/records')
    for (const ok of [
      'mailto:hello@aurora.example',
      'tel:+1 802 555 0100',
      '/about',
      'https://example.com/x',
    ])
      expect(followedLinkSchema.safeParse(ok).success).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'mailto:',
      'tel:abc',
      '//evil.example',
      'vbscript:x',
    ])
      expect(followedLinkSchema.safeParse(bad).success).toBe(false)
    expect(linkSchema.safeParse('mailto:hello@aurora.example').success).toBe(false)
  })
})

describe('New ids', () => {
  it('Should make record and variant ids the storefront accepts, every time', async () => {
    const { newRecordId } = await import('../../worker/editor/records-api')
    const { recordIdSchema } = await import('../../worker/catalogue/records')
    for (let n = 0; n < 2000; n++) expect(recordIdSchema.safeParse(newRecordId()).success).toBe(true)
  })
})

describe('Tags and categories', () => {
  it('Should count, rename, merge and remove terms as drafts of every item that has them', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const { terms } = await json<{ terms: { name: string; count: number }[] }>(
      await admin.call('/config/api/terms?type=tag'),
    )
    expect(terms.length).toBeGreaterThan(3)
    const [first, second] = terms
    if (!first || !second) throw new Error('expected two tags')
    const exists = await admin.call('/config/api/terms', {
      body: { type: 'tag', action: 'rename', from: first.name, to: second.name },
    })
    expect(exists.status).toBe(400)
    expect((await json<{ message: string }>(exists)).message).toBe('This tag already exists')
    const long = await admin.call('/config/api/terms', {
      body: { type: 'category', action: 'rename', from: 'Coast', to: 'c'.repeat(26) },
    })
    expect((await json<{ message: string }>(long)).message).toBe('A category can be at most 25 characters.')
    const renamed = await admin.call('/config/api/terms', {
      body: { type: 'tag', action: 'rename', from: first.name, to: 'renamed tag' },
    })
    const { updated } = await json<{ updated: string[] }>(renamed)
    expect(updated).toHaveLength(first.count)
    const after = await json<{ terms: { name: string; count: number }[] }>(
      await admin.call('/config/api/terms?type=tag'),
    )
    expect(after.terms).toContainEqual({ name: 'renamed tag', count: first.count })
    expect(after.terms.map((t) => t.name)).not.toContain(first.name)
    const merged = await admin.call('/config/api/terms', {
      body: { type: 'tag', action: 'merge', from: ['renamed tag', second.name], to: 'merged' },
    })
    expect(merged.status).toBe(200)
    const removed = await admin.call('/config/api/terms', {
      body: { type: 'tag', action: 'remove', name: 'merged' },
    })
    expect((await json<{ updated: string[] }>(removed)).updated.length).toBeGreaterThan(0)
    const final = await json<{ terms: { name: string }[] }>(await admin.call('/config/api/terms?type=tag'))
    expect(final.terms.map((t) => t.name)).not.toContain('merged')
    // Drafts only: the live site keeps its tags until the next publish.
    const changes = await json<ChangesAnswer>(await admin.call('/config/api/changes'))
    expect(changes.changes.some((c) => c.fields.some((f) => f.field === 'tags'))).toBe(true)
    const viewer = await signInEditor(JOURNAL, 'viewer@journal.example')
    expect(
      (await viewer.call('/config/api/terms', { body: { type: 'tag', action: 'remove', name: 'coast' } }))
        .status,
    ).toBe(403)
  })
})

describe('Navigation', () => {
  it('Should edit the navigation as a draft, refuse a bad link, publish it, and follow a renamed page by reference', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const site = await load(admin, 'site')
    expect(site.kind).toBe('site')
    const navigation = structuredClone(
      (site.live as unknown as { navigation: { title: string; url: string; ref?: string }[] }).navigation,
    )
    const contact = await load(admin, 'collection:contact')
    const bad = await admin.call(recordPath('site'), {
      method: 'PUT',
      body: {
        record: { ...site.live, navigation: [...navigation, { title: 'Evil', url: 'javascript:alert(1)' }] },
        baseRevision: site.revision,
      },
    })
    expect(bad.status).toBe(400)
    expect(await json(bad)).toMatchObject({ field: `navigation.${navigation.length}.url` })
    const links = [
      ...navigation.filter((link) => link.url !== '/contact'),
      { title: 'Write to us', url: '/contact', ref: String(contact.live?.id) },
      { title: 'Email', url: 'mailto:hello@journal.example' },
    ]
    const saved = await admin.call(recordPath('site'), {
      method: 'PUT',
      body: { record: { ...site.live, navigation: links }, baseRevision: site.revision },
    })
    expect(saved.status).toBe(200)
    expect((await pageText(JOURNAL, '/')).text).not.toContain('Write to us')
    await save(admin, 'collection:contact', (r) => {
      r.urlId = 'write-to-us'
    })
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    const home = (await pageText(JOURNAL, '/')).text
    expect(home).toContain('<a href="/write-to-us">Write to us</a>')
    expect(home).toContain('href="mailto:hello@journal.example"')
  })
})

describe('Review of a live change', () => {
  it('Should keep the record live when its change is sent back from review', async () => {
    const editor = await signInEditor(JOURNAL, 'editor@journal.example')
    const key = 'item:field-notes/winter-tracks-in-fresh-snow'
    await save(editor, key, (r) => {
      r.title = 'Winter Tracks, again'
    })
    const submitted = await json<RecordAnswer>(
      await editor.call(recordPath(key, '/status'), {
        body: { to: 'review', baseRevision: (await load(editor, key)).revision },
      }),
    )
    expect(submitted.draft).toMatchObject({ status: 'published', needsReview: true })
    const back = await json<RecordAnswer>(
      await editor.call(recordPath(key, '/status'), {
        body: { to: 'draft', baseRevision: submitted.revision },
      }),
    )
    expect(back.draft).toMatchObject({ status: 'published', needsReview: false })
  })
})
