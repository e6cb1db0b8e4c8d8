/**
 * Publishing: the site's drafts that the signed-in user may publish become live, all or none.
 *
 * 1. Plan (no writes): merge each draft into its record, set what its status says (`private`,
 *    `publishOn`), move it if its slug changed, keep each collection's `itemSlugs` in step, and
 *    validate every record it would write with the storefront's own schemas
 *    (worker/catalogue/records.ts); template drafts compile (template-publish.ts). One problem
 *    anywhere: nothing is written, and the answer names the record and the field (422).
 * 2. Journal: the revision row (D1 `editor_revisions`, state `writing`) records every KV write
 *    with the value it replaces.
 * 3. KV: the records, then the site's content version (every cached page of the site turns over
 *    on its next view).
 * 4. Settle: the drafts are emptied (each only if nobody saved it since the plan read it) and the
 *    revision marked `done`, in one D1 batch.
 *
 * A failure between steps leaves a `writing` revision: the site's publisher (publisher.ts) runs
 * `resumePublish` before anything else, and on its alarm, which redoes steps 3 and 4 from the
 * journal (KV puts are idempotent). So a publish that started ends published, whatever failed.
 * Rollback is a publish whose writes restore the values an earlier version had.
 */
import {
  type Capabilities,
  type ContentStatus,
  canPublish,
  EDITOR_TEXT,
  type EditorRecord,
  isLiveStatus,
  NO_CAPABILITIES,
  type PublishProblem,
  type RecordKey,
  type Revision,
} from '../../shared/index'
import { describeIssues } from '../catalogue/reader'
import { collectionSchema, itemSchema, kvKey, siteSchema } from '../catalogue/records'
import { type DraftRow, draftRows } from './drafts'
import type { EditorEnv } from './env'
import { collectionKey, itemKey, liveKvKey, type ParsedKey, parseKey } from './keys'
import { readLive } from './model'
import { relinkSite } from './relink'
import { mayPublishSite } from './site-sections'
import { planTemplates } from './template-publish'

export interface KvWrite {
  key: string
  before: string | null
  after: string | null
}

export interface SettledDraft {
  key: RecordKey
  revision: number
  /** The key the record has after this publish (a slug change moves it). */
  to: RecordKey
  /** The draft stays (a record taken off the site keeps its content as a draft). */
  keep: boolean
  /** Deleted: the record and its row are gone. */
  gone?: boolean
  status: ContentStatus
}

export interface Plan {
  keys: RecordKey[]
  writes: KvWrite[]
  drafts: SettledDraft[]
  /** Scheduled records' times: the publisher's alarm turns the site over at each. */
  schedule: number[]
}

export type PlanResult = { ok: true; plan: Plan } | { ok: false; problems: PublishProblem[] }

interface RevisionRow {
  seq: number
  version: string
  state: 'writing' | 'done'
  published_at: number
  published_by: string
  keys: string
  writes: string
  drafts: string
  restored_from: string | null
}

function areaOf(collection: EditorRecord | null): 'content' | 'products' {
  return collection?.typeName === 'products' ? 'products' : 'content'
}

function slugsOf(record: EditorRecord | null): string[] {
  return Array.isArray(record?.itemSlugs) ? [...(record.itemSlugs as string[])] : []
}

/**
 * The record as it goes live with its status: Private flagged, Scheduled with its time. A record
 * published now keeps the publish date it had (a blog post's date), or gets now.
 */
function withStatus(
  record: EditorRecord,
  status: ContentStatus,
  publishOn: number | null,
  now = Date.now(),
): EditorRecord {
  const out: EditorRecord = { ...record }
  delete out.private
  if (status === 'private') out.private = true
  if (status === 'scheduled' && publishOn !== null) out.publishOn = publishOn
  else if (typeof out.publishOn !== 'number' || out.publishOn > now) out.publishOn = now
  return out
}

function problemsOf(
  key: RecordKey,
  title: string,
  result: { success: boolean; error?: unknown },
): PublishProblem[] {
  if (result.success) return []
  return describeIssues(result.error as never).map((issue) => {
    const at = issue.indexOf(': ')
    return { key, title, field: issue.slice(0, at), message: issue.slice(at + 2) }
  })
}

/**
 * Which pending drafts a publish takes: those named (or all), that the user may publish, and
 * that change what is live (a Draft or Needs Review record never published stays a draft).
 */
async function publishable(
  env: EditorEnv,
  siteId: string,
  rows: DraftRow[],
  capabilities: Capabilities,
  keys: readonly RecordKey[] | undefined,
  preview: boolean,
): Promise<
  {
    row: DraftRow
    parsed: ParsedKey
    live: EditorRecord | null
    record: EditorRecord
    area: 'content' | 'products'
  }[]
> {
  const pending = rows.filter(
    (row) => row.record !== null && (keys === undefined || keys.includes(row.record_key)),
  )
  const out = []
  for (const pendingRow of pending) {
    // A preview shows every draft as if it were published now.
    const row: DraftRow =
      preview && pendingRow.status !== 'private'
        ? { ...pendingRow, status: 'published', publish_on: null }
        : pendingRow
    const parsed = parseKey(row.record_key)
    if (parsed === null) continue
    const live = await readLive(env.CATALOG, liveKvKey(siteId, parsed))
    const record = JSON.parse(row.record as string) as EditorRecord
    if (live === null && !isLiveStatus(row.status) && row.deleted !== 1) continue
    if (live === null && row.deleted === 1) continue
    const collectionRow = rows.find((r) => r.record_key === collectionKey(parsed.collection))
    const collection =
      parsed.kind !== 'item'
        ? record
        : ((collectionRow?.record ? (JSON.parse(collectionRow.record) as EditorRecord) : null) ??
          (await readLive(env.CATALOG, kvKey.collection(siteId, parsed.collection))))
    const area = areaOf(collection)
    const allowed =
      parsed.kind === 'site' ? mayPublishSite(live, record, capabilities) : canPublish(capabilities, area)
    if (!preview && !allowed) continue
    out.push({ row, parsed, live, record, area })
  }
  return out
}

/** Plans a publish of the site's drafts (step 1): the writes, or the problems that stop it. */
export async function planPublish(
  env: EditorEnv,
  siteId: string,
  capabilities: Capabilities,
  keys?: readonly RecordKey[],
  preview = false,
): Promise<PlanResult | null> {
  const rows = await draftRows(env.DB, siteId)
  const taken = await publishable(env, siteId, rows, capabilities, keys, preview)
  // Template drafts (`template:<name>`: template-publish.ts) go live with the records.
  const templates = await planTemplates(env, siteId, rows, capabilities, keys, preview)
  if (taken.length === 0 && templates.keys.length === 0) return null
  const problems: PublishProblem[] = [...templates.problems]
  const writes = new Map<string, KvWrite>(templates.writes.map((w) => [w.key, w]))
  const drafts: SettledDraft[] = [...templates.drafts]
  const schedule: number[] = []
  /** Collections whose records this publish writes, by slug: their final record. */
  const collections = new Map<string, { record: EditorRecord; live: EditorRecord | null }>()

  async function collectionState(slug: string) {
    let state = collections.get(slug)
    if (state === undefined) {
      const live = await readLive(env.CATALOG, kvKey.collection(siteId, slug))
      state = { record: live ?? ({} as EditorRecord), live }
      collections.set(slug, state)
    }
    return state
  }

  async function write(key: string, after: string | null) {
    const before = await env.CATALOG.get(key, 'text')
    if (before !== after) writes.set(key, { key, before, after })
  }

  // The site record (its navigation): validated with the storefront's schema, written whole.
  for (const { row, record } of taken.filter((t) => t.parsed.kind === 'site')) {
    problems.push(...problemsOf(row.record_key, EDITOR_TEXT.navigationTitle, siteSchema.safeParse(record)))
    await write(kvKey.site(siteId), JSON.stringify(record))
    drafts.push({
      key: row.record_key,
      revision: row.revision,
      to: row.record_key,
      keep: false,
      status: 'published',
    })
  }

  // Collections first: an item's URL and list position follow its collection.
  for (const { row, parsed, live, record } of taken.filter((t) => t.parsed.kind === 'collection')) {
    const key = row.record_key
    if (row.deleted === 1) {
      if (slugsOf(live).length > 0)
        problems.push({ key, title: record.title, field: 'itemSlugs', message: EDITOR_TEXT.notAllowed })
      await write(kvKey.collection(siteId, parsed.collection), null)
      drafts.push({ key, revision: row.revision, to: key, keep: false, gone: true, status: row.status })
      continue
    }
    if (!isLiveStatus(row.status)) {
      await write(kvKey.collection(siteId, parsed.collection), null)
      drafts.push({ key, revision: row.revision, to: key, keep: true, status: row.status })
      continue
    }
    const state = await collectionState(parsed.collection)
    state.record = { ...withStatus(record, row.status, row.publish_on), itemSlugs: slugsOf(live) }
    drafts.push({
      key,
      revision: row.revision,
      to: collectionKey(String(record.urlId)),
      keep: false,
      status: row.status,
    })
  }

  for (const { row, parsed, record, area } of taken.filter((t) => t.parsed.kind === 'item')) {
    const key = row.record_key
    const state = await collectionState(parsed.collection)
    if (state.live === null && Object.keys(state.record).length === 0) {
      problems.push({
        key,
        title: record.title,
        field: 'collectionId',
        message: EDITOR_TEXT.unableToLocateContent,
      })
      continue
    }
    const slugs = slugsOf(state.record)
    const at = slugs.indexOf(parsed.slug)
    const oldKv = kvKey.item(siteId, parsed.collection, parsed.slug)
    if (row.deleted === 1 || !isLiveStatus(row.status)) {
      if (at >= 0) slugs.splice(at, 1)
      state.record = { ...state.record, itemSlugs: slugs }
      await write(oldKv, null)
      const gone = row.deleted === 1
      drafts.push({
        key,
        revision: row.revision,
        to: key,
        keep: !gone,
        ...(gone ? { gone } : {}),
        status: row.status,
      })
      continue
    }
    const final = withStatus(record, row.status, row.publish_on)
    const slug = String(final.urlId)
    const newKv = kvKey.item(siteId, parsed.collection, slug)
    problems.push(...problemsOf(key, record.title, itemSchema.safeParse(final)))
    if (area === 'products' && final.structuredContent === undefined)
      problems.push({
        key,
        title: record.title,
        field: 'structuredContent',
        message: EDITOR_TEXT.notExpectedOption.replace('{val}', 'undefined'),
      })
    if (at >= 0) slugs[at] = slug
    else if (!slugs.includes(slug)) {
      if (state.record.typeName === 'blog') slugs.unshift(slug)
      else slugs.push(slug)
    }
    state.record = { ...state.record, itemSlugs: slugs }
    if (newKv !== oldKv) await write(oldKv, null)
    await write(newKv, JSON.stringify(final))
    if (row.status === 'scheduled' && row.publish_on !== null) schedule.push(row.publish_on)
    drafts.push({
      key,
      revision: row.revision,
      to: itemKey(parsed.collection, slug),
      keep: false,
      status: row.status,
    })
  }

  for (const [slug, state] of collections) {
    if (Object.keys(state.record).length === 0) continue
    const key = collectionKey(slug)
    const slugs = slugsOf(state.record)
    if (new Set(slugs).size !== slugs.length)
      problems.push({
        key,
        title: String(state.record.title),
        field: 'itemSlugs',
        message: EDITOR_TEXT.slugTaken.replace('{val}', slugs.find((s, i) => slugs.indexOf(s) !== i) ?? ''),
      })
    problems.push(...problemsOf(key, String(state.record.title), collectionSchema.safeParse(state.record)))
    const target = String(state.record.urlId ?? slug)
    if (target !== slug) await write(kvKey.collection(siteId, slug), null)
    await write(kvKey.collection(siteId, target), JSON.stringify(state.record))
  }

  // Records whose address changed: links to them by reference follow (relink.ts).
  const moved = new Map<string, string>()
  const movedUrls = new Map<string, string>()
  for (const { live, record } of taken) {
    const url = record.fullUrl
    if (live === null || typeof url !== 'string' || live.fullUrl === url) continue
    moved.set(String(record.id), url)
    movedUrls.set(String(live.fullUrl), url)
  }
  await relinkSite(env.CATALOG, siteId, writes, moved, movedUrls)

  if (problems.length > 0 && !preview) return { ok: false, problems }
  return {
    ok: true,
    plan: {
      keys: [...taken.map((t) => t.row.record_key), ...templates.keys],
      writes: [...writes.values()],
      drafts,
      schedule,
    },
  }
}

/** The KV writes a publish of every draft would make: what a preview lays over KV. */
export async function planPreview(env: EditorEnv, siteId: string): Promise<KvWrite[]> {
  const planned = await planPublish(env, siteId, NO_CAPABILITIES, undefined, true)
  return planned?.ok ? planned.plan.writes : []
}

/** The version after `current`: one more when it is a number, always greater than it. */
export function nextVersion(current: string | null): string {
  const n = Number(current ?? '0')
  return Number.isSafeInteger(n) && n >= 0 ? String(n + 1) : String(Date.now())
}

/** Step 2: the journal row; returns its sequence number and the new version. */
export async function journal(
  env: EditorEnv,
  siteId: string,
  plan: Pick<Plan, 'keys' | 'writes' | 'drafts'>,
  by: string,
  restoredFrom?: string,
): Promise<{ seq: number; version: string }> {
  const versionKey = kvKey.version(siteId)
  const current = await env.CATALOG.get(versionKey, 'text')
  const last = await env.DB.prepare('SELECT max(seq) AS seq FROM editor_revisions WHERE site_id = ?')
    .bind(siteId)
    .first<{ seq: number | null }>()
  const seq = (last?.seq ?? 0) + 1
  const version = nextVersion(current?.trim() ?? null)
  const writes: KvWrite[] = [...plan.writes, { key: versionKey, before: current, after: version }]
  await env.DB.prepare(
    `INSERT INTO editor_revisions (site_id, seq, version, state, published_at, published_by, keys, writes, drafts, restored_from)
     VALUES (?, ?, ?, 'writing', ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      siteId,
      seq,
      version,
      Date.now(),
      by,
      JSON.stringify(plan.keys),
      JSON.stringify(writes),
      JSON.stringify(plan.drafts),
      restoredFrom ?? null,
    )
    .run()
  return { seq, version }
}

/** Steps 3 and 4 for a journalled revision: KV (the version last), then the drafts and the row. */
export async function completeRevision(env: EditorEnv, siteId: string, seq: number): Promise<void> {
  const row = await env.DB.prepare('SELECT * FROM editor_revisions WHERE site_id = ? AND seq = ?')
    .bind(siteId, seq)
    .first<RevisionRow>()
  if (row === null || row.state === 'done') return
  const writes = JSON.parse(row.writes) as KvWrite[]
  const versionKey = kvKey.version(siteId)
  const siteKey = kvKey.site(siteId)
  const version = writes.find((w) => w.key === versionKey)
  await Promise.all([
    ...writes
      .filter((w) => w.key !== versionKey && w.key !== siteKey)
      .map((w) => (w.after === null ? env.CATALOG.delete(w.key) : env.CATALOG.put(w.key, w.after))),
    stampSite(env.CATALOG, siteKey, writes, version?.after ?? null),
  ])
  if (version?.after) await env.CATALOG.put(versionKey, version.after)
  const drafts = JSON.parse(row.drafts) as SettledDraft[]
  const now = Date.now()
  const statements: D1PreparedStatement[] = []
  for (const draft of drafts) {
    const same = [siteId, draft.key, draft.revision] as const
    if (draft.gone) {
      // Deleted: its row goes with it (the key may be used again).
      statements.push(
        env.DB.prepare(
          'DELETE FROM editor_drafts WHERE site_id = ? AND record_key = ? AND revision = ?',
        ).bind(...same),
      )
    } else if (draft.keep) {
      // Taken off the site: the content stays as a draft of that status.
      statements.push(
        env.DB.prepare(
          'UPDATE editor_drafts SET needs_review = 0, deleted = 0, updated_at = ? WHERE site_id = ? AND record_key = ? AND revision = ?',
        ).bind(now, ...same),
      )
    } else {
      // Live now: no changes wait. A slug change moves the row to the record's new key.
      if (draft.to !== draft.key)
        statements.push(
          env.DB.prepare(
            'DELETE FROM editor_drafts WHERE site_id = ? AND record_key = ? AND record IS NULL',
          ).bind(siteId, draft.to),
        )
      statements.push(
        env.DB.prepare(
          `UPDATE editor_drafts SET record_key = ?, record = NULL, needs_review = 0, deleted = 0, publish_on = NULL, status = ?, updated_at = ?
           WHERE site_id = ? AND record_key = ? AND revision = ?`,
        ).bind(draft.to, draft.status, now, ...same),
      )
    }
  }
  statements.push(
    env.DB.prepare("UPDATE editor_revisions SET state = 'done' WHERE site_id = ? AND seq = ?").bind(
      siteId,
      seq,
    ),
  )
  await env.DB.batch(statements)
}

/**
 * Writes the site record (the revision's, else the one in place) stamped with the version being
 * published (KV metadata `{ version }`), before the version itself: a storefront isolate that
 * knows nothing of the tenant reads the version and the site side by side and keeps that site
 * only when its stamp is the version it read (middleware/tenant.ts). Written again on a resume.
 */
async function stampSite(kv: KVNamespace, siteKey: string, writes: KvWrite[], version: string | null) {
  const own = writes.find((w) => w.key === siteKey)
  const text = own ? own.after : await kv.get(siteKey, 'text')
  if (text === null) return own ? kv.delete(siteKey) : undefined
  return kv.put(siteKey, text, version === null ? undefined : { metadata: { version } })
}

/** Completes every revision a failure left `writing` (oldest first). */
export async function resumePublish(env: EditorEnv, siteId: string): Promise<number> {
  const { results } = await env.DB.prepare(
    "SELECT seq FROM editor_revisions WHERE site_id = ? AND state = 'writing' ORDER BY seq",
  )
    .bind(siteId)
    .all<{ seq: number }>()
  for (const { seq } of results) await completeRevision(env, siteId, seq)
  return results.length
}

export function revisionOf(row: RevisionRow): Revision {
  return {
    version: row.version,
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    keys: JSON.parse(row.keys) as RecordKey[],
    ...(row.restored_from ? { restoredFrom: row.restored_from } : {}),
  }
}

export async function revisions(env: EditorEnv, siteId: string, limit = 50): Promise<Revision[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM editor_revisions WHERE site_id = ? AND state = 'done' ORDER BY seq DESC LIMIT ?",
  )
    .bind(siteId, limit)
    .all<RevisionRow>()
  return results.map(revisionOf)
}

/**
 * The writes that put every KV key changed since `version` back to its value at that version
 * (the `before` of the first revision after it), or null when the version is unknown.
 */
export async function rollbackWrites(
  env: EditorEnv,
  siteId: string,
  version: string,
): Promise<KvWrite[] | null> {
  const target = await env.DB.prepare(
    "SELECT seq FROM editor_revisions WHERE site_id = ? AND version = ? AND state = 'done'",
  )
    .bind(siteId, version)
    .first<{ seq: number }>()
  if (target === null) return null
  const { results } = await env.DB.prepare(
    "SELECT writes FROM editor_revisions WHERE site_id = ? AND seq > ? AND state = 'done' ORDER BY seq ASC",
  )
    .bind(siteId, target.seq)
    .all<{ writes: string }>()
  const versionKey = kvKey.version(siteId)
  const restore = new Map<string, string | null>()
  for (const { writes } of results)
    for (const w of JSON.parse(writes) as KvWrite[])
      if (w.key !== versionKey && !restore.has(w.key)) restore.set(w.key, w.before)
  const out: KvWrite[] = []
  for (const [key, value] of restore) {
    const now = await env.CATALOG.get(key, 'text')
    if (now !== value) out.push({ key, before: now, after: value })
  }
  return out
}
