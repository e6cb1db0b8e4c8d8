/**
 * Products by id for the cart and checkout: the cart API names items by id, KV keys them by
 * collection and slug, so each tenant version gets an index of its product items (settled
 * values per isolate, isolate-cache.ts). Also what the rules and the stock object need of an item.
 */
import { isAlwaysInStock, minorUnitsOf, type RuleProduct, readMoney, variantsOf } from '../../shared/index'
import type { Catalog } from '../catalogue/reader'
import type { Item, Variant } from '../catalogue/records'
import type { StockLevel, StockSeed } from '../durable/inventory'
import { SettledCache } from '../runtime/isolate-cache'

/** itemId → item, per tenant and content version. */
const indexes = new SettledCache<ReadonlyMap<string, Item>>(200)

async function productIndex(catalog: Catalog): Promise<ReadonlyMap<string, Item>> {
  const { siteId, version } = catalog.tenant
  return indexes.getOrRead(`${siteId}\u0000${version}`, async () => {
    const collections = (await catalog.collections()).filter((c) => c.typeName === 'products')
    const lists = await Promise.all(collections.map((collection) => catalog.collectionItems(collection)))
    const index = new Map<string, Item>()
    for (const item of lists.flat()) if (item.structuredContent) index.set(item.id, item)
    return index
  })
}

/** A published product of the tenant by id, or null. */
export async function productById(catalog: Catalog, itemId: string): Promise<Item | null> {
  return (await productIndex(catalog)).get(itemId) ?? null
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

/** Seeds of an item's variants for the stock object; digital products and gift cards never run out. */
export function stockSeedsOf(item: Item): StockSeed[] {
  const always = isAlwaysInStock(item.structuredContent?.productType ?? 0)
  return (variantsOf(item) as Variant[]).map((variant) => ({
    sku: variant.sku,
    itemId: item.id,
    unlimited: always || variant.unlimited,
    qtyInStock: variant.qtyInStock,
  }))
}

/** The variant with its live stock in place of the published one. */
export function withStock(variant: Variant, level: StockLevel | undefined): Variant {
  return level === undefined
    ? variant
    : { ...variant, unlimited: level.unlimited, qtyInStock: level.qtyInStock }
}

/** The price a variant sells at now (its sale price when on sale), in minor units. */
export function unitCentsOf(variant: Variant): number {
  const money = readMoney(variant.onSale ? variant.salePriceMoney : variant.priceMoney)
  const minor = money === null ? 0 : Number(minorUnitsOf(money))
  return Number.isSafeInteger(minor) ? minor : 0
}
