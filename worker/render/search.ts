/**
 * `/search`: the tenant's products, posts and events matched against the shopper's words. The
 * searchable text of a tenant is read once per isolate and content version.
 */
import { getCollection, getCollectionItems } from '../catalog'
import type { Tenant } from '../context'
import { ITEM_PAGE_KINDS, kvKey } from '../records'

export interface SearchResult {
  title: string
  fullUrl: string
  kind: string
}

interface Entry extends SearchResult {
  text: string
}

const KIND_LABEL: Record<string, string> = { products: 'Product', blog: 'Post', events: 'Event' }
const MAX_RESULTS = 50
const indexes = new Map<string, Promise<Entry[]>>()

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase()
}

async function buildIndex(kv: KVNamespace, tenant: Tenant): Promise<Entry[]> {
  const prefix = kvKey.collection(tenant.siteId, '')
  const { keys } = await kv.list({ prefix })
  const collections = await Promise.all(
    keys.map((k) => getCollection(kv, tenant, k.name.slice(prefix.length))),
  )
  const entries: Entry[] = []
  for (const collection of collections) {
    if (
      !collection ||
      !ITEM_PAGE_KINDS.has(collection.typeName) ||
      collection.memberOnly ||
      collection.locked
    )
      continue
    for (const item of await getCollectionItems(kv, tenant, collection)) {
      entries.push({
        title: item.title,
        fullUrl: item.fullUrl,
        kind: KIND_LABEL[collection.typeName] ?? '',
        text: plainText(
          `${item.title} ${item.excerpt} ${item.body} ${item.tags.join(' ')} ${item.categories.join(' ')}`,
        ),
      })
    }
  }
  return entries
}

/** Results whose text holds every word of the query, titles matching first. */
export async function searchSite(kv: KVNamespace, tenant: Tenant, query: string): Promise<SearchResult[]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  const key = `${tenant.siteId}\u0000${tenant.version}`
  let index = indexes.get(key)
  if (!index) {
    index = buildIndex(kv, tenant)
    indexes.set(key, index)
    index.catch(() => indexes.delete(key))
  }
  const matches = (await index).filter((entry) => words.every((word) => entry.text.includes(word)))
  const inTitle = (entry: Entry) => words.every((word) => entry.title.toLowerCase().includes(word))
  matches.sort((a, b) => Number(inTitle(b)) - Number(inTitle(a)))
  return matches.slice(0, MAX_RESULTS).map(({ title, fullUrl, kind }) => ({ title, fullUrl, kind }))
}
