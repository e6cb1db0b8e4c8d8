/**
 * The editor's view of a record: what is live (KV), its draft (D1), and the status that follows.
 * Live records are read raw (the editor shows and saves the whole record); publishing validates
 * them with the storefront's schemas (publish.ts).
 */
import type {
  CollectionSummary,
  ContentStatus,
  EditorRecord,
  ItemSummary,
  RecordAnswer,
  RecordKey,
} from '../../shared/index'
import { fitsKv } from '../catalogue/reader'
import { kvKey } from '../catalogue/records'
import type { Tenant } from '../env'
import { type DraftRow, draftRow, draftRows, draftStateOf } from './drafts'
import type { EditorEnv } from './env'
import { collectionKey, itemKey, liveKvKey, type ParsedKey, parseKey } from './keys'

export type Area = 'content' | 'products'

/** A live record's JSON from KV, or null. */
export async function readLive(kv: KVNamespace, key: string): Promise<EditorRecord | null> {
  if (!fitsKv(key)) return null
  const text = await kv.get(key, 'text')
  if (text === null) return null
  try {
    return JSON.parse(text) as EditorRecord
  } catch {
    return null
  }
}

/** The status a live record has now: Private, Scheduled (its time still to come) or published. */
export function liveStatusOf(record: EditorRecord, now = Date.now()): ContentStatus {
  if (record.private === true) return 'private'
  if (typeof record.publishOn === 'number' && record.publishOn > now) return 'scheduled'
  return 'published'
}

export function areaOfCollection(collection: EditorRecord | null): Area {
  return collection?.typeName === 'products' ? 'products' : 'content'
}

/** The collection record as the editor sees it: the draft if there is one, else what is live. */
export async function currentCollection(
  env: EditorEnv,
  siteId: string,
  slug: string,
): Promise<EditorRecord | null> {
  const [live, row] = await Promise.all([
    readLive(env.CATALOG, kvKey.collection(siteId, slug)),
    draftRow(env.DB, siteId, collectionKey(slug)),
  ])
  return draftStateOf(row)?.record ?? live
}

export async function recordAnswer(
  env: EditorEnv,
  tenant: Tenant,
  key: RecordKey,
): Promise<RecordAnswer | null> {
  const parsed = parseKey(key)
  if (parsed === null) return null
  const [live, row, collection] = await Promise.all([
    readLive(env.CATALOG, liveKvKey(tenant.siteId, parsed)),
    draftRow(env.DB, tenant.siteId, key),
    parsed.kind === 'item' ? currentCollection(env, tenant.siteId, parsed.collection) : null,
  ])
  const draft = draftStateOf(row)
  if (live === null && draft === null) return null
  if (parsed.kind === 'item' && collection === null) return null
  return {
    key,
    kind: parsed.kind,
    area:
      parsed.kind === 'item'
        ? areaOfCollection(collection)
        : parsed.kind === 'site'
          ? 'content'
          : areaOfCollection(draft?.record ?? live),
    live,
    liveStatus: live === null ? (row?.status === 'review' ? 'review' : 'draft') : liveStatusOf(live),
    draft,
    revision: row?.revision ?? 0,
  }
}

/** The status shown for a record: its draft's, else the live one's. */
export function shownStatus(live: EditorRecord | null, row: DraftRow | null): ContentStatus {
  const draft = draftStateOf(row)
  if (draft !== null) return draft.status
  if (live !== null) return liveStatusOf(live)
  return row?.status ?? 'draft'
}

/** Every KV key name under `prefix`, following list cursors (a page holds at most 1000). */
export async function listKeys(kv: KVNamespace, prefix: string): Promise<string[]> {
  const names: string[] = []
  let cursor: string | undefined
  do {
    const page = await kv.list({ prefix, cursor })
    for (const key of page.keys) names.push(key.name)
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return names
}

/** Every collection slug in KV. */
export async function liveCollectionSlugs(kv: KVNamespace, siteId: string): Promise<string[]> {
  const prefix = kvKey.collection(siteId, '')
  return (await listKeys(kv, prefix)).map((name) => name.slice(prefix.length))
}

function collectionSummary(
  slug: string,
  live: EditorRecord | null,
  row: DraftRow | null,
  itemRows: DraftRow[],
): CollectionSummary | null {
  const record = draftStateOf(row)?.record ?? live
  if (record === null) return null
  const itemSlugs = Array.isArray(record.itemSlugs) ? record.itemSlugs.length : 0
  const newItems = itemRows.filter(
    (r) => r.record !== null && !itemSlugsOf(live).includes(keySlug(r.record_key)),
  )
  return {
    key: collectionKey(slug),
    slug,
    title: String(record.title ?? slug),
    typeName: String(record.typeName ?? 'page'),
    fullUrl: String(record.fullUrl ?? `/${slug}`),
    area: areaOfCollection(record),
    status: shownStatus(live, row),
    hasDraft: row?.record != null,
    needsReview: row?.needs_review === 1,
    itemCount: itemSlugs + newItems.length,
    draftCount: itemRows.filter((r) => r.record !== null).length,
  }
}

function itemSlugsOf(record: EditorRecord | null): string[] {
  return Array.isArray(record?.itemSlugs) ? (record.itemSlugs as string[]) : []
}

function keySlug(key: RecordKey): string {
  return parseKey(key)?.slug ?? ''
}

/** The dashboard: every collection, live or draft-only, with item and draft counts. */
export async function collectionSummaries(env: EditorEnv, siteId: string): Promise<CollectionSummary[]> {
  const [slugs, rows] = await Promise.all([
    liveCollectionSlugs(env.CATALOG, siteId),
    draftRows(env.DB, siteId),
  ])
  const rowByKey = new Map(rows.map((row) => [row.record_key, row]))
  const draftOnly = rows
    .filter((row) => row.kind === 'collection' && row.record !== null)
    .map((row) => parseKey(row.record_key)?.collection ?? '')
    .filter((slug) => slug !== '' && !slugs.includes(slug))
  const all = [...slugs, ...draftOnly]
  const lives = await Promise.all(all.map((slug) => readLive(env.CATALOG, kvKey.collection(siteId, slug))))
  const summaries = all.map((slug, index) =>
    collectionSummary(
      slug,
      lives[index] ?? null,
      rowByKey.get(collectionKey(slug)) ?? null,
      rows.filter((row) => row.record_key.startsWith(`item:${slug}/`)),
    ),
  )
  return summaries
    .filter((summary): summary is CollectionSummary => summary !== null)
    .sort((a, b) => (a.fullUrl === '/' ? -1 : b.fullUrl === '/' ? 1 : a.title.localeCompare(b.title)))
}

function priceOf(record: EditorRecord): number | undefined {
  const variants = (record.structuredContent as { variants?: { price?: unknown }[] } | undefined)?.variants
  const price = variants?.[0]?.price
  return typeof price === 'number' ? price : undefined
}

function itemSummary(key: RecordKey, live: EditorRecord | null, row: DraftRow | null): ItemSummary | null {
  const draft = draftStateOf(row)
  const record = draft?.record ?? live
  if (record === null) return null
  const status = shownStatus(live, row)
  const publishOn = draft?.publishOn ?? (typeof record.publishOn === 'number' ? record.publishOn : undefined)
  const image = (record.mainImage as { assetUrl?: unknown } | undefined)?.assetUrl
  const price = priceOf(record)
  return {
    key,
    id: String(record.id),
    slug: String(record.urlId),
    title: String(record.title),
    fullUrl: String(record.fullUrl ?? ''),
    recordType: Number(record.recordType ?? 1),
    status,
    hasDraft: draft !== null,
    needsReview: row?.needs_review === 1,
    ...(status === 'scheduled' && publishOn !== undefined ? { publishOn } : {}),
    updatedAt: row?.updated_at ?? Number(record.addedOn ?? 0),
    ...(typeof image === 'string' ? { mainImageUrl: image } : {}),
    ...(price !== undefined ? { priceCents: price } : {}),
  }
}

/** One item of a collection as the editor holds it: its live record and its draft row. */
export interface ItemEntry {
  key: RecordKey
  live: EditorRecord | null
  row: DraftRow | null
}

/** A collection's items: the live ones in display order, then those that exist only as drafts. */
export async function collectionEntries(
  env: EditorEnv,
  siteId: string,
  collectionSlug: string,
): Promise<{ collection: CollectionSummary; entries: ItemEntry[] } | null> {
  const [liveCollection, rows] = await Promise.all([
    readLive(env.CATALOG, kvKey.collection(siteId, collectionSlug)),
    draftRows(env.DB, siteId),
  ])
  const collectionRow = rows.find((row) => row.record_key === collectionKey(collectionSlug)) ?? null
  const itemRows = rows.filter((row) => row.record_key.startsWith(`item:${collectionSlug}/`))
  const collection = collectionSummary(collectionSlug, liveCollection, collectionRow, itemRows)
  if (collection === null) return null
  const liveSlugs = itemSlugsOf(liveCollection)
  const rowByKey = new Map(itemRows.map((row) => [row.record_key, row]))
  const lives = await Promise.all(
    liveSlugs.map((slug) => readLive(env.CATALOG, kvKey.item(siteId, collectionSlug, slug))),
  )
  const entries: ItemEntry[] = liveSlugs.map((slug, index) => {
    const key = itemKey(collectionSlug, slug)
    return { key, live: lives[index] ?? null, row: rowByKey.get(key) ?? null }
  })
  for (const row of itemRows)
    if (!liveSlugs.includes(keySlug(row.record_key))) entries.push({ key: row.record_key, live: null, row })
  return { collection, entries }
}

export async function itemSummaries(
  env: EditorEnv,
  siteId: string,
  collectionSlug: string,
): Promise<{ collection: CollectionSummary; items: ItemSummary[] } | null> {
  const held = await collectionEntries(env, siteId, collectionSlug)
  if (held === null) return null
  const items = held.entries
    .map((entry) => itemSummary(entry.key, entry.live, entry.row))
    .filter((item): item is ItemSummary => item !== null)
  return { collection: held.collection, items }
}

export type { ParsedKey }
