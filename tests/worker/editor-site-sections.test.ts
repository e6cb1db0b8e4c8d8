// The site record in sections (worker/editor/site-sections.ts, issue 22): each changed section
// needs its capability to be saved and to be published; the rest of the record is kept as it is;
// the storefront's own schema checks the whole, with the spec's words for a value outside an
// enumeration.
import { describe, expect, it } from 'vitest'
import type { ChangesAnswer, RecordAnswer } from '../../shared/index'
import { recordPath, signInEditor } from './editor-client'
import { visit } from './helpers'

const AURORA = 'aurora.localhost'
const JOURNAL = 'journal.localhost'

type Editor = Awaited<ReturnType<typeof signInEditor>>
type SiteRecord = Record<string, unknown> & {
  website: Record<string, unknown>
  storeSettings?: Record<string, unknown>
  navigation: { title: string; url: string }[]
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

describe('The site record by section', () => {
  it('Should let a store manager change the store settings, publish them, and nothing else', async () => {
    const manager = await signInEditor(AURORA, 'manager@aurora.example')
    const navigation = await saveSite(manager, (r) => {
      r.navigation = [...r.navigation, { title: 'Sale', url: '/shop' }]
    })
    expect(navigation.status).toBe(403)
    expect(await navigation.json()).toMatchObject({
      message: 'Your role cannot do this.',
      field: 'navigation',
    })
    const title = await saveSite(manager, (r) => {
      r.website = { ...r.website, siteTitle: 'Not yours' }
    })
    expect(title.status).toBe(403)
    expect(await title.json()).toMatchObject({ field: 'settings' })

    const saved = await saveSite(manager, (r) => {
      r.storeSettings = { ...r.storeSettings, customSoldOutText: 'Gone till spring' }
    })
    expect(saved.status).toBe(200)
    const changes = (await (await manager.call('/config/api/changes')).json()) as ChangesAnswer
    const change = changes.changes.find((c) => c.key === 'site')
    expect(change).toMatchObject({ title: 'Store settings', canPublish: true })
    expect((await manager.call('/config/api/publish', { body: {} })).status).toBe(200)
    const stored = await site(manager)
    expect(stored.answer.draft).toBeNull()
    expect(stored.answer.live?.storeSettings).toMatchObject({ customSoldOutText: 'Gone till spring' })
    // The rest of the record is as it was.
    expect((stored.answer.live as unknown as SiteRecord).website.siteTitle).not.toBe('Not yours')
  })

  it("Should refuse a value outside an enumeration with the spec's words, and keep fields no section owns", async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const bad = await saveSite(admin, (r) => {
      r.website = { ...r.website, cookiePolicy: 'lenient' }
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      message: 'lenient is not one of the expected options',
      field: 'website.cookiePolicy',
    })
    const { record: before } = await site(admin)
    const saved = await saveSite(admin, (r) => {
      r.website = { ...r.website, siteDescription: 'Notes from the field, weekly.' }
      r.homeCollection = 'somewhere-else'
      r.id = 'another-site'
    })
    expect(saved.status).toBe(200)
    const { record: after } = await site(admin)
    expect(after.homeCollection).toBe(before.homeCollection)
    expect(after.id).toBe(before.id)
    expect(after.website.siteDescription).toBe('Notes from the field, weekly.')
  })

  it('Should not let an editor change the design, and not publish a site draft with sections the user may not publish', async () => {
    const editor = await signInEditor(JOURNAL, 'editor@journal.example')
    const theme = await saveSite(editor, (r) => {
      r.theme = { ...(r.theme as object), accentColor: '#ff0000' }
    })
    expect(theme.status).toBe(403)
    expect(await theme.json()).toMatchObject({ field: 'design' })

    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const saved = await saveSite(admin, (r) => {
      r.theme = { ...(r.theme as object), buttonShape: 'pill' }
    })
    expect(saved.status).toBe(200)
    // The editor may not publish the design (and editors of this site may not publish at all).
    const changes = (await (await editor.call('/config/api/changes')).json()) as ChangesAnswer
    expect(changes.changes.find((c) => c.key === 'site')).toMatchObject({ canPublish: false })
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    const page = await visit(JOURNAL, '/')
    expect(await page.text()).toContain('--r-btn:999px')
  })
})
