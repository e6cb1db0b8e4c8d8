/**
 * Record keys of the editor (`collection:<slug>`, `item:<collection>/<slug>`: shared/editing/api.ts)
 * and the KV keys of the live records they name.
 */
import { EDITOR_LIMITS, type RecordKey, type RecordKind } from '../../shared/index'
import { kvKey, slugSchema } from '../catalogue/records'

export interface ParsedKey {
  kind: RecordKind
  collection: string
  /** Items only. */
  slug: string
}

/** The record a key names, or null for a malformed key. */
export function parseKey(key: string): ParsedKey | null {
  if (key === SITE_KEY) return { kind: 'site', collection: '', slug: '' }
  const collection = /^collection:([^/]+)$/.exec(key)
  if (collection?.[1] !== undefined && isSlug(collection[1]))
    return { kind: 'collection', collection: collection[1], slug: '' }
  const item = /^item:([^/]+)\/([^/]+)$/.exec(key)
  if (item?.[1] !== undefined && item[2] !== undefined && isSlug(item[1]) && isSlug(item[2]))
    return { kind: 'item', collection: item[1], slug: item[2] }
  return null
}

/** The site record (its navigation). */
export const SITE_KEY: RecordKey = 'site'

export function collectionKey(slug: string): RecordKey {
  return `collection:${slug}`
}

export function itemKey(collection: string, slug: string): RecordKey {
  return `item:${collection}/${slug}`
}

/** The KV key of the live record a parsed key names. */
export function liveKvKey(siteId: string, key: ParsedKey): string {
  if (key.kind === 'site') return kvKey.site(siteId)
  return key.kind === 'collection'
    ? kvKey.collection(siteId, key.collection)
    : kvKey.item(siteId, key.collection, key.slug)
}

/** Whether `slug` is a URL slug the storefront accepts. */
export function isSlug(slug: string): boolean {
  return slug.length <= EDITOR_LIMITS.slugLength && slugSchema.safeParse(slug).success
}

/** A URL slug from a title: lower case, ASCII letters and digits, hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return slug || 'untitled'
}
