/**
 * Reading a tenant's records from KV. Every record is validated with its zod schema; a record
 * that fails is a `BrokenRecordError` naming the key and the first problems, which the error
 * handler turns into a 500 page and a structured log line (never an uncaught throw).
 */
import type { z } from 'zod'
import {
  type Collection,
  collectionSchema,
  type Form,
  formSchema,
  type Item,
  itemSchema,
  kvKey,
  type Site,
  siteIdSchema,
  siteSchema,
} from './records'

export class BrokenRecordError extends Error {
  override name = 'BrokenRecordError'
  constructor(
    readonly key: string,
    readonly issues: string[],
  ) {
    super(`KV record ${key} is invalid: ${issues.join('; ')}`)
  }
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
}

/** A tenant at one content version: records read for it never change until the version does. */
export interface SiteRef {
  siteId: string
  version: string
}

/**
 * Parsed, validated records by tenant version. A publish bumps `site:<id>:version`, so a
 * cached record is never served past its version; the bound keeps an isolate's memory small.
 */
const MAX_CACHED_RECORDS = 5000
const records = new Map<string, Promise<unknown>>()

function cached<T>(site: SiteRef, key: string, read: () => Promise<T>): Promise<T> {
  const cacheKey = `${site.version}\u0000${key}`
  const hit = records.get(cacheKey)
  if (hit) return hit as Promise<T>
  if (records.size >= MAX_CACHED_RECORDS) {
    const oldest = records.keys().next().value
    if (oldest !== undefined) records.delete(oldest)
  }
  const value = read()
  records.set(cacheKey, value)
  // A failed read (broken record, KV error) is not remembered: the next request tries again.
  value.catch(() => records.delete(cacheKey))
  return value
}

async function readRecord<T>(kv: KVNamespace, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const text = await kv.get(key, 'text')
  if (text === null) return null
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new BrokenRecordError(key, ['not valid JSON'])
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new BrokenRecordError(key, describeIssues(parsed.error))
  return parsed.data
}

/** The site id a hostname is mapped to, or null when no tenant owns it. */
export async function siteIdForHost(kv: KVNamespace, hostname: string): Promise<string | null> {
  const key = kvKey.host(hostname)
  const siteId = await kv.get(key, 'text')
  if (siteId === null) return null
  const parsed = siteIdSchema.safeParse(siteId.trim())
  if (!parsed.success) throw new BrokenRecordError(key, describeIssues(parsed.error))
  return parsed.data
}

export async function getSite(kv: KVNamespace, siteId: string): Promise<Site | null> {
  const site = await readRecord(kv, kvKey.site(siteId), siteSchema)
  if (site && site.id !== siteId) {
    throw new BrokenRecordError(kvKey.site(siteId), [`id: is "${site.id}", expected "${siteId}"`])
  }
  return site
}

/** The tenant's content version; part of every cache key so a publish invalidates pages. */
export async function getContentVersion(kv: KVNamespace, siteId: string): Promise<string> {
  return (await kv.get(kvKey.version(siteId), 'text'))?.trim() || '0'
}

export function getCollection(kv: KVNamespace, site: SiteRef, slug: string): Promise<Collection | null> {
  const key = kvKey.collection(site.siteId, slug)
  return cached(site, key, () => readRecord(kv, key, collectionSchema))
}

export function getItem(
  kv: KVNamespace,
  site: SiteRef,
  collection: string,
  slug: string,
): Promise<Item | null> {
  const key = kvKey.item(site.siteId, collection, slug)
  return cached(site, key, () => readRecord(kv, key, itemSchema))
}

export function getForm(kv: KVNamespace, site: SiteRef, formId: string): Promise<Form | null> {
  const key = kvKey.form(site.siteId, formId)
  return cached(site, key, () => readRecord(kv, key, formSchema))
}

/** Every collection of a tenant, following KV list cursors (a list page holds at most 1000 keys). */
export async function listCollections(kv: KVNamespace, site: SiteRef): Promise<Collection[]> {
  const prefix = kvKey.collection(site.siteId, '')
  const slugs: string[] = []
  let cursor: string | undefined
  do {
    const page = await kv.list({ prefix, cursor })
    for (const key of page.keys) slugs.push(key.name.slice(prefix.length))
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  const collections = await Promise.all(slugs.map((slug) => getCollection(kv, site, slug)))
  return collections.filter((collection): collection is Collection => collection !== null)
}

/**
 * The items of a collection in display order, read in parallel. An item the collection lists
 * but KV lacks is skipped (a publish in progress), not an error; a broken item is an error.
 */
export async function getCollectionItems(
  kv: KVNamespace,
  site: SiteRef,
  collection: Collection,
  range: { offset: number; limit: number } = { offset: 0, limit: collection.itemSlugs.length },
): Promise<Item[]> {
  const slugs = collection.itemSlugs.slice(range.offset, range.offset + range.limit)
  const items = await Promise.all(slugs.map((slug) => getItem(kv, site, collection.urlId, slug)))
  return items.filter((item): item is Item => item !== null)
}
