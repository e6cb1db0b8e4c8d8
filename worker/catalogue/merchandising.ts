/**
 * The per-product merchandising context the commerce widgets read
 * (`productMerchandisingContext[itemId]`, platform.md section 3), derived from the store's
 * merchandising settings and the product's variants: scarcity messages for limited variants at
 * or under the threshold, back-in-stock sign-ups for variants that are sold out.
 */
import { isVariantInStock } from '../../shared/index'
import type { Item, Site } from './records'

export interface ProductMerchandising {
  customSoldOutText?: string
  scarcityEnabled: boolean
  scarcityText: string
  scarcityShownByDefault: boolean
  scarcityTemplateViews: { qtyInStock: number; attributes?: Record<string, string> }[]
  restockNotificationViews: { variantId: string; hiddenByDefault: boolean }[]
  restockNotificationMessages?: Record<string, unknown>
  mailingListSignUpEnabled: boolean
  mailingListOptInByDefault: boolean
}

/**
 * Each product's context per site record, kept by the isolate: both are read once per content
 * version and never changed (a publish reads new objects), and a product list builds one per
 * card on every render (issue 26).
 */
const kept = new WeakMap<Item, { site: Site; context: ProductMerchandising | null }>()

export function productMerchandising(site: Site, item: Item): ProductMerchandising | null {
  const known = kept.get(item)
  if (known?.site === site) return known.context
  const context = merchandisingOf(site, item)
  kept.set(item, { site, context })
  return context
}

function merchandisingOf(site: Site, item: Item): ProductMerchandising | null {
  const content = item.structuredContent
  if (!content) return null
  const store = site.storeSettings
  const scarcity = store?.merchandising?.scarcity
  const restock = store?.merchandising?.restock
  const several = content.variants.length > 1
  // With several variants a message belongs to the chosen one: hidden until it is chosen.
  const scarcityTemplateViews = scarcity?.enabled
    ? content.variants
        .filter((v) => !v.unlimited && v.qtyInStock > 0 && v.qtyInStock <= scarcity.threshold)
        .map((v) =>
          several ? { qtyInStock: v.qtyInStock, attributes: v.attributes } : { qtyInStock: v.qtyInStock },
        )
    : []
  const restockNotificationViews = restock?.enabled
    ? content.variants
        .filter((v) => !isVariantInStock(v) && [1, 3].includes(content.productType))
        .map((v) => ({ variantId: v.id, hiddenByDefault: several }))
    : []
  return {
    ...(store?.customSoldOutText ? { customSoldOutText: store.customSoldOutText } : {}),
    scarcityEnabled: scarcity?.enabled ?? false,
    scarcityText: scarcity?.text ?? '',
    scarcityShownByDefault: scarcity?.shownByDefault ?? false,
    scarcityTemplateViews,
    restockNotificationViews,
    ...(restock?.messages ? { restockNotificationMessages: restock.messages } : {}),
    mailingListSignUpEnabled: restock?.mailingListSignUpEnabled ?? false,
    mailingListOptInByDefault: restock?.mailingListOptInByDefault ?? false,
  }
}
