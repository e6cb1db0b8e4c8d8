/**
 * `/search`: the tenant's products, posts and events matched against the shopper's words. The
 * searchable text of a tenant is read once per isolate and content version.
 */
import { getCollectionItems, listCollections } from '../catalog'
import type { Tenant } from '../context'
import { ITEM_PAGE_KINDS } from '../records'
import { plainText } from './text'

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

async function buildIndex(kv: KVNamespace, tenant: Tenant): Promise<Entry[]> {
  const searchable = (await listCollections(kv, tenant)).filter(
    (c) => ITEM_PAGE_KINDS.has(c.typeName) && !c.memberOnly && !c.locked,
  )
  const lists = await Promise.all(
    searchable.map(async (collection) =>
      (await getCollectionItems(kv, tenant, collection)).map((item) => ({
        title: item.title,
        fullUrl: item.fullUrl,
        kind: KIND_LABEL[collection.typeName] ?? '',
        text: plainText(
          `${item.title} ${item.excerpt} ${item.body} ${item.tags.join(' ')} ${item.categories.join(' ')}`,
        ).toLowerCase(),
      })),
    ),
  )
  return lists.flat()
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
