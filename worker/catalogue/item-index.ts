/**
 * Items by id. The APIs name items by id (a restock sign-up's productId, a like's itemId)
 * while KV keys them by collection and slug, so each isolate builds an index of a tenant's
 * published items once per content version, as a settled value (isolate-cache.ts).
 */

import { SettledCache } from '../runtime/isolate-cache'
import { type Catalog, isPublished } from './reader'
import type { Item } from './records'

/** Item id -> item, per tenant and content version. */
const indexes = new SettledCache<ReadonlyMap<string, Item>>(200)

async function buildIndex(catalog: Catalog): Promise<ReadonlyMap<string, Item>> {
  const collections = await catalog.collections()
  const items = await Promise.all(
    collections.flatMap((collection) =>
      collection.itemSlugs.map((slug) => catalog.item(collection.urlId, slug)),
    ),
  )
  return new Map(items.flatMap((item) => (item === null ? [] : [[item.id, item] as const])))
}

/** The tenant's published item with this id, or null. */
export async function itemById(catalog: Catalog, id: string): Promise<Item | null> {
  const { siteId, version } = catalog.tenant
  const index = await indexes.getOrRead(`${siteId}\u0000${version}`, () => buildIndex(catalog))
  const item = index.get(id)
  // Checked here, not when indexing: an item whose publish date comes later appears on time.
  return item !== undefined && isPublished(item, Date.now()) ? item : null
}
