/**
 * Items by id. The APIs name items by id (a cart entry's itemId, a restock sign-up's productId,
 * a like's itemId) while KV keys them by collection and slug, so each isolate builds one index of
 * a tenant's items once per content version, as a settled value (isolate-cache.ts).
 *
 * The index holds every listed item, published or not: whether an item is out is judged on each
 * lookup with the one rule the pages use (`isPublished`), so an item whose publish date comes
 * within a content version shows on its page and goes into the cart at the same moment.
 * Also what the cart and checkout read of a product: its variant by sku, its price, its rules.
 */

import { minorUnitsOf, notForSaleKind, type RuleProduct, readMoney } from '../../shared/index'
import { SettledCache } from '../runtime/isolate-cache'
import { pageKindOf } from './page-kinds'
import { type Catalog, isPublished } from './reader'
import type { Item, Variant } from './records'

interface Entry {
  item: Item
  /** Whether the collection that lists it sells its items (page-kinds.ts). */
  forSale: boolean
}

/** Item id -> item and whether it is for sale, per tenant and content version. */
const indexes = new SettledCache<ReadonlyMap<string, Entry>>(200)

async function buildIndex(catalog: Catalog): Promise<ReadonlyMap<string, Entry>> {
  const collections = await catalog.collections()
  const entries = await Promise.all(
    collections.flatMap((collection) =>
      collection.itemSlugs.map(async (slug) => {
        const item = await catalog.item(collection.urlId, slug)
        return item === null ? null : { item, forSale: pageKindOf(collection).sellsProducts }
      }),
    ),
  )
  return new Map(entries.flatMap((entry) => (entry === null ? [] : [[entry.item.id, entry] as const])))
}

async function publishedEntry(catalog: Catalog, id: string): Promise<Entry | null> {
  const { siteId, version } = catalog.tenant
  const index = await indexes.getOrRead(`${siteId}\u0000${version}`, () => buildIndex(catalog))
  const entry = index.get(id)
  // Checked here, not when indexing: an item whose publish date comes later appears on time.
  return entry !== undefined && isPublished(entry.item, Date.now()) ? entry : null
}

/** The tenant's published item with this id, or null. */
export async function itemById(catalog: Catalog, id: string): Promise<Item | null> {
  return (await publishedEntry(catalog, id))?.item ?? null
}

/**
 * The tenant's published product with this id (an item of a products collection, for sale), or
 * null. A paywall product or one of an unknown type is shown but never sold through the cart
 * (`notForSaleKind`): the cart, checkout and stock calls take it for an item not for sale.
 */
export async function productById(catalog: Catalog, id: string): Promise<Item | null> {
  const entry = await publishedEntry(catalog, id)
  return entry?.forSale && entry.item.structuredContent && notForSaleKind(entry.item) === null
    ? entry.item
    : null
}

export function variantBySku(item: Item, sku: string): Variant | undefined {
  return item.structuredContent?.variants.find((variant) => variant.sku === sku)
}

/** The product as the add-to-cart rules read it. */
export function ruleProductOf(item: Item): RuleProduct {
  const content = item.structuredContent
  return {
    productType: content?.productType ?? 0,
    variants: content?.variants ?? [],
    options: (content?.variants.length ?? 0) > 1 ? (content?.variantOptionOrdering ?? []) : [],
  }
}

/** The price a variant sells at now (its sale price when on sale), in minor units. */
export function unitCentsOf(variant: Variant): number {
  const money = readMoney(variant.onSale ? variant.salePriceMoney : variant.priceMoney)
  const minor = money === null ? 0 : Number(minorUnitsOf(money))
  return Number.isSafeInteger(minor) ? minor : 0
}
