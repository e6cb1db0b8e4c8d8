// A publish ends published whatever fails between its steps (worker/editor/publish.ts): storage
// fails on purpose at each step, around the real bindings (tests/worker/faults.ts), and the
// publisher completes the journalled revision on its next call.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { TemplateAnswer } from '../../shared/editing-areas'
import { capabilitiesOf, type RecordAnswer, WebsiteRole } from '../../shared/index'
import { compile, DEFAULT_TEMPLATES } from '../../templates/index'
import type { EditorEnv } from '../../worker/editor/env'
import { completeRevision, journal, planPublish, resumePublish } from '../../worker/editor/publish'
import { publisherOf } from '../../worker/editor/publisher'
import { recordPath, signInEditor } from './editor-client'
import { failingD1, InjectedFault } from './faults'
import { visit } from './helpers'

const ADMIN = capabilitiesOf([WebsiteRole.ADMIN], false)
const editorEnv = env as unknown as EditorEnv

/** KV whose `put`s fail after `okPuts` succeeded (the next `times` of them). */
function failingKvPuts(kv: KVNamespace, okPuts: number, times = 1): KVNamespace {
  let puts = 0
  return new Proxy(kv, {
    get(target, property) {
      if (property === 'put')
        return (...args: Parameters<KVNamespace['put']>) => {
          puts++
          if (puts > okPuts && puts <= okPuts + times)
            return Promise.reject(new InjectedFault('KV put failed'))
          return target.put(...args)
        }
      const value = (target as unknown as Record<PropertyKey, unknown>)[property]
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

async function draftTitles(host: string, email: string, changes: Record<string, string>): Promise<void> {
  const admin = await signInEditor(host, email)
  for (const [key, title] of Object.entries(changes)) {
    const answer = (await (await admin.call(recordPath(key))).json()) as RecordAnswer
    const record = { ...(answer.draft?.record ?? answer.live), title }
    const saved = await admin.call(recordPath(key), {
      method: 'PUT',
      body: { record, baseRevision: answer.revision },
    })
    expect(saved.status).toBe(200)
  }
}

async function titleOf(path: string): Promise<string> {
  const html = await (
    await visit('journal.localhost', path, { headers: { authorization: 'Bearer fresh' } })
  ).text()
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
}

async function pendingDrafts(siteId: string): Promise<number> {
  const row = await env.DB.prepare(
    'SELECT count(*) AS n FROM editor_drafts WHERE site_id = ? AND record IS NOT NULL',
  )
    .bind(siteId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

async function revisionStates(siteId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    'SELECT state FROM editor_revisions WHERE site_id = ? ORDER BY seq',
  )
    .bind(siteId)
    .all<{ state: string }>()
  return results.map((r) => r.state)
}

const POSTS = {
  'item:field-notes/a-summer-of-dragonflies': 'Dragonflies, revised',
  'item:field-notes/learning-birdsong-by-ear': 'Birdsong, revised',
}

describe('Publishing when storage fails', () => {
  it('Should write nothing when the journal cannot be stored, and keep every draft', async () => {
    await draftTitles('journal.localhost', 'admin@journal.example', POSTS)
    const planned = await planPublish(editorEnv, 'journal', ADMIN)
    if (!planned?.ok) throw new Error('expected a plan')
    const db = failingD1(env.DB, /INSERT INTO editor_revisions/, { times: 1, hits: 0 })
    await expect(
      journal({ ...editorEnv, DB: db }, 'journal', planned.plan, 'admin@journal.example'),
    ).rejects.toThrow(InjectedFault)
    expect(await titleOf('/field-notes/a-summer-of-dragonflies')).not.toContain('Dragonflies, revised')
    expect(await pendingDrafts('journal')).toBe(2)
    expect(await revisionStates('journal')).toEqual([])
  })

  it("Should complete a publish whose KV writes stopped half way, on the publisher's next call", async () => {
    const planned = await planPublish(editorEnv, 'journal', ADMIN)
    if (!planned?.ok) throw new Error('expected a plan')
    const { seq } = await journal(editorEnv, 'journal', planned.plan, 'admin@journal.example')
    const kv = failingKvPuts(env.CATALOG, 1)
    await expect(completeRevision({ ...editorEnv, CATALOG: kv }, 'journal', seq)).rejects.toThrow(
      InjectedFault,
    )
    expect(await revisionStates('journal')).toEqual(['writing'])
    expect(await pendingDrafts('journal')).toBe(2)
    // The next call to the site's publisher finishes it first (nothing else to publish after).
    await publisherOf(editorEnv, 'journal').resume('journal')
    expect(await revisionStates('journal')).toEqual(['done'])
    expect(await pendingDrafts('journal')).toBe(0)
    expect(await titleOf('/field-notes/a-summer-of-dragonflies')).toContain('Dragonflies, revised')
    expect(await titleOf('/field-notes/learning-birdsong-by-ear')).toContain('Birdsong, revised')
  })

  it('Should complete a publish whose drafts could not be settled after KV and the version were written', async () => {
    await draftTitles('journal.localhost', 'admin@journal.example', {
      'item:field-notes/tide-pools-at-dawn': 'Tide pools, revised',
    })
    const versionBefore = await env.CATALOG.get('site:journal:version', 'text')
    const planned = await planPublish(editorEnv, 'journal', ADMIN)
    if (!planned?.ok) throw new Error('expected a plan')
    const { seq, version } = await journal(editorEnv, 'journal', planned.plan, 'admin@journal.example')
    const db = failingD1(env.DB, /UPDATE editor_revisions SET state = 'done'/, { times: 1, hits: 0 })
    await expect(completeRevision({ ...editorEnv, DB: db }, 'journal', seq)).rejects.toThrow(InjectedFault)
    expect(await env.CATALOG.get('site:journal:version', 'text')).toBe(version)
    expect(version).not.toBe(versionBefore)
    expect(await pendingDrafts('journal')).toBe(1)
    expect(await resumePublish(editorEnv, 'journal')).toBe(1)
    expect(await pendingDrafts('journal')).toBe(0)
    expect(await revisionStates('journal')).toEqual(['done', 'done'])
  })

  it('Should finish an interrupted publish before the next one, so versions only go up', async () => {
    await draftTitles('journal.localhost', 'admin@journal.example', {
      'item:field-notes/reading-the-fog-line': 'Fog, revised',
    })
    const planned = await planPublish(editorEnv, 'journal', ADMIN)
    if (!planned?.ok) throw new Error('expected a plan')
    const first = await journal(editorEnv, 'journal', planned.plan, 'admin@journal.example')
    await draftTitles('journal.localhost', 'admin@journal.example', {
      'item:field-notes/the-notebook-i-carry': 'Notebook, revised',
    })
    const outcome = await publisherOf(editorEnv, 'journal').publish({
      siteId: 'journal',
      by: 'admin@journal.example',
      capabilities: ADMIN,
    })
    expect(outcome.status).toBe('published')
    if (outcome.status !== 'published') return
    expect(Number(outcome.version)).toBeGreaterThan(Number(first.version))
    expect(await titleOf('/field-notes/reading-the-fog-line')).toContain('Fog, revised')
    expect(await titleOf('/field-notes/the-notebook-i-carry')).toContain('Notebook, revised')
    expect(await pendingDrafts('journal')).toBe(0)
  })
})

describe('Publishing a template when storage fails', () => {
  it('Should store both its source and its compiled form once the publisher resumes a publish KV interrupted', async () => {
    const admin = await signInEditor('journal.localhost', 'admin@journal.example')
    const answer = (await (await admin.call('/config/api/templates/blog-item')).json()) as TemplateAnswer
    const source = `<p class="resumed-note">Written after a fault</p>${DEFAULT_TEMPLATES['blog-item']}`
    const saved = await admin.call('/config/api/templates/blog-item', {
      method: 'PUT',
      body: { source, baseRevision: answer.revision },
    })
    expect(saved.status).toBe(200)
    const planned = await planPublish(editorEnv, 'journal', ADMIN)
    if (!planned?.ok) throw new Error('expected a plan')
    expect(planned.plan.keys).toEqual(['template:blog-item'])
    const { seq } = await journal(editorEnv, 'journal', planned.plan, 'admin@journal.example')
    const kv = failingKvPuts(env.CATALOG, 1)
    await expect(completeRevision({ ...editorEnv, CATALOG: kv }, 'journal', seq)).rejects.toThrow(
      InjectedFault,
    )
    expect(await pendingDrafts('journal')).toBe(1)
    await publisherOf(editorEnv, 'journal').resume('journal')
    expect(await pendingDrafts('journal')).toBe(0)
    expect(await env.CATALOG.get('site:journal:template:blog-item')).toBe(source)
    expect(await env.CATALOG.get('site:journal:template:blog-item:compiled')).toBe(
      JSON.stringify(compile(source).code),
    )
    const page = await visit('journal.localhost', '/field-notes/tide-pools-at-dawn', {
      headers: { authorization: 'Bearer fresh' },
    })
    expect(await page.text()).toContain('<p class="resumed-note">Written after a fault</p>')
  })
})
