/**
 * `/search`: the tenant's products, posts and events matched against the shopper's words. The
 * searchable text of a tenant is built once per isolate and content version, and kept as a
 * settled value (isolate-cache.ts): two first searches at once each build it.
 */

import { plainText } from '../../shared/index'
import { SettledCache } from '../runtime/isolate-cache'
import { pageKindOf } from './page-kinds'
import type { Catalog } from './reader'

export interface SearchResult {
  title: string
  fullUrl: string
  kind: string
}

interface Entry extends SearchResult {
  text: string
}

const MAX_RESULTS = 50
const indexes = new SettledCache<Entry[]>(200)

async function buildIndex(catalog: Catalog): Promise<Entry[]> {
  const searchable = (await catalog.collections()).flatMap((collection) => {
    const kind = pageKindOf(collection).searchLabel
    return kind !== undefined && !collection.memberOnly && !collection.locked ? [{ collection, kind }] : []
  })
  const lists = await Promise.all(
    searchable.map(async ({ collection, kind }) =>
      (await catalog.collectionItems(collection)).map((item) => ({
        title: item.title,
        fullUrl: item.fullUrl,
        kind,
        text: plainText(
          `${item.title} ${item.excerpt} ${item.body} ${item.tags.join(' ')} ${item.categories.join(' ')}`,
        ).toLowerCase(),
      })),
    ),
  )
  return lists.flat()
}

/** Results whose text holds every word of the query, titles matching first. */
export async function searchSite(catalog: Catalog, query: string): Promise<SearchResult[]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  const { siteId, version } = catalog.tenant
  const index = await indexes.getOrRead(`${siteId}\u0000${version}`, () => buildIndex(catalog))
  const matches = index.filter((entry) => words.every((word) => entry.text.includes(word)))
  const inTitle = (entry: Entry) => words.every((word) => entry.title.toLowerCase().includes(word))
  matches.sort((a, b) => Number(inTitle(b)) - Number(inTitle(a)))
  return matches.slice(0, MAX_RESULTS).map(({ title, fullUrl, kind }) => ({ title, fullUrl, kind }))
}
