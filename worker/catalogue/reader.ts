/**
 * The request's view of its tenant's catalogue in KV: collections, items and forms, each record
 * validated with its zod schema. A record that fails is a `BrokenRecordError` naming the key and
 * the first problems, which the error handler turns into a 500 page and a structured log line.
 *
 * One `Catalog` per request, reached through Hono's context (`c.get('catalog')`). Parsed records
 * are kept per isolate by tenant and content version as settled values (isolate-cache.ts).
 */

import type { Tenant } from '../env'
import { SettledCache } from '../runtime/isolate-cache'
import type * as z from '../runtime/zod'
import {
  type Collection,
  collectionSchema,
  type Form,
  formSchema,
  type Item,
  itemSchema,
  KV_KEY_MAX_BYTES,
  kvKey,
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

export function describeIssues(error: z.core.$ZodError): string[] {
  return error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
}

const encoder = new TextEncoder()

/** Whether a key fits KV's 512-byte limit; a longer one would make `get` throw. */
export function fitsKv(key: string): boolean {
  return key.length * 3 <= KV_KEY_MAX_BYTES || encoder.encode(key).byteLength <= KV_KEY_MAX_BYTES
}

/** Reads and validates one JSON record; null when absent (or when its key cannot exist). */
export async function readRecord<T>(
  kv: KVNamespace,
  key: string,
  schema: z.ZodMiniType<T>,
): Promise<T | null> {
  if (!fitsKv(key)) return null
  return parseRecord(key, await kv.get(key, 'text'), schema)
}

/** A record's stored text validated; null when absent. */
export function parseRecord<T>(key: string, text: string | null, schema: z.ZodMiniType<T>): T | null {
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

/**
 * Whether an item is out for everyone: a publish date in the future keeps it off every page until
 * then; a Private item is never listed (its own page opens to signed-in editors: routes/pages.tsx).
 */
export function isPublished(item: Item, now: number): boolean {
  return item.private !== true && (item.publishOn === undefined || item.publishOn <= now)
}

/** Parsed records by tenant version; a publish bumps the version, so nothing outlives it. */
const records = new SettledCache<unknown>(5000)

export class Catalog {
  /**
   * This request's reads of template records, each made once: the frame's templates are read
   * ahead of the render (`prefetchFrame`, render/template-store.ts) and the render takes the
   * same reads. The catalogue lives for one request, so no request awaits another's read.
   */
  private readonly templateReads = new Map<string, Promise<unknown>>()

  constructor(
    readonly kv: KVNamespace,
    readonly tenant: Tenant,
  ) {}

  private readOnce<T>(key: string, read: () => Promise<T>): Promise<T> {
    const known = this.templateReads.get(key) as Promise<T> | undefined
    if (known !== undefined) return known
    const reading = read()
    this.templateReads.set(key, reading)
    return reading
  }

  private record<T>(key: string, schema: z.ZodMiniType<T>): Promise<T | null> {
    const cacheKey = `${this.tenant.version}\u0000${key}`
    return records.getOrRead(cacheKey, () => readRecord(this.kv, key, schema)) as Promise<T | null>
  }

  collection(slug: string): Promise<Collection | null> {
    return this.record(kvKey.collection(this.tenant.siteId, slug), collectionSchema)
  }

  item(collection: string, slug: string): Promise<Item | null> {
    return this.record(kvKey.item(this.tenant.siteId, collection, slug), itemSchema)
  }

  form(formId: string): Promise<Form | null> {
    return this.record(kvKey.form(this.tenant.siteId, formId), formSchema)
  }

  /** Every collection of the tenant, following KV list cursors (a list page holds at most 1000 keys). */
  async collections(): Promise<Collection[]> {
    const prefix = kvKey.collection(this.tenant.siteId, '')
    const slugs: string[] = []
    let cursor: string | undefined
    do {
      const page = await this.kv.list({ prefix, cursor })
      for (const key of page.keys) slugs.push(key.name.slice(prefix.length))
      cursor = page.list_complete ? undefined : page.cursor
    } while (cursor)
    const collections = await Promise.all(slugs.map((slug) => this.collection(slug)))
    return collections.filter((collection): collection is Collection => collection !== null)
  }

  /**
   * The published items of a collection in display order, read in parallel. An item the
   * collection lists but KV lacks is skipped (a publish in progress), not an error; a broken item
   * is an error; an item whose publish date is still to come is left out.
   */
  async collectionItems(
    collection: Collection,
    range: { offset: number; limit: number } = { offset: 0, limit: collection.itemSlugs.length },
  ): Promise<Item[]> {
    const slugs = collection.itemSlugs.slice(range.offset, range.offset + range.limit)
    const items = await Promise.all(slugs.map((slug) => this.item(collection.urlId, slug)))
    const now = Date.now()
    return items.filter((item): item is Item => item !== null && isPublished(item, now))
  }

  /** A tenant template's source from KV, or null when the tenant has none of that name. */
  templateSource(name: string): Promise<string | null> {
    const key = kvKey.template(this.tenant.siteId, name)
    return this.readOnce(key, () => this.kv.get(key, 'text'))
  }

  /** The compiled form a publish stored beside a template's source (JSON), or null. */
  compiledTemplate(name: string): Promise<unknown> {
    const key = kvKey.compiledTemplate(this.tenant.siteId, name)
    return this.readOnce(key, () => this.kv.get(key, 'json'))
  }
}
