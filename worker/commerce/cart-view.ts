/**
 * The shopping cart the API answers and the pages show: the stored entries joined with the
 * catalog (title, image, price now), with the spec's totals in the store currency's minor units.
 * Entries whose item or variant is no longer published are left out.
 */
import {
  type CartEntryView,
  decimalAmount,
  type MoneyDisplay,
  ProductType,
  parseFieldValues,
  type ShoppingCart,
} from '../../shared/index'
import { fieldValueText } from '../../templates'
import { productById, unitCentsOf, variantBySku } from '../catalogue/item-index'
import type { Catalog } from '../catalogue/reader'
import type { Form, Site } from '../catalogue/records'
import type { StoredCart, StoredEntry } from '../durable/cart'
import { publicCartId } from './cart-session'

export function storeCurrency(site: Site): string {
  return site.storeSettings?.selectedCurrency ?? 'USD'
}

export function moneyDisplayOf(site: Site): MoneyDisplay {
  return { useCLDR: site.website.useCLDRMoneyFormat, locale: site.website.language }
}

async function entryView(
  catalog: Catalog,
  entry: StoredEntry,
  currency: string,
): Promise<CartEntryView | null> {
  const item = await productById(catalog, entry.itemId)
  const variant = item === null ? undefined : variantBySku(item, entry.sku)
  if (item === null || variant === undefined) return null
  const unitPriceCents = unitCentsOf(variant)
  const formId = item.structuredContent?.additionalFieldsFormId ?? null
  const form: Form | null =
    formId === null || entry.additionalFields === null ? null : await catalog.form(formId)
  const answers = (form && parseFieldValues(form, entry.additionalFields)) ?? {}
  const image = variant.mainImage ?? item.mainImage
  return {
    id: entry.id,
    itemId: entry.itemId,
    chosenVariant: { sku: variant.sku, attributes: variant.attributes },
    quantity: entry.quantity,
    additionalFields: entry.additionalFields,
    title: item.title,
    url: item.fullUrl,
    image: image ? { assetUrl: image.assetUrl, altText: image.altText ?? item.title } : null,
    productType: item.structuredContent?.productType ?? 0,
    unitPriceCents,
    unitPrice: { value: decimalAmount(unitPriceCents, currency), currency },
    lineCents: unitPriceCents * entry.quantity,
    additionalFieldsFormId: formId,
    additionalFieldsSummary: (form?.fields ?? [])
      .map((field) => ({ title: field.title, value: fieldValueText(field, answers[field.id]) }))
      .filter((line) => line.value !== ''),
  }
}

const DIGITAL: ReadonlySet<number> = new Set([ProductType.DIGITAL, ProductType.GIFT_CARD])

/** The cart as the API answers it; an empty cart (no id) when the visitor has none. */
export async function shoppingCartOf(catalog: Catalog, stored: StoredCart | null): Promise<ShoppingCart> {
  const currency = storeCurrency(catalog.tenant.site)
  const views = await Promise.all((stored?.entries ?? []).map((entry) => entryView(catalog, entry, currency)))
  const entries = views.filter((view): view is CartEntryView => view !== null)
  const subtotalCents = entries.reduce((sum, entry) => sum + entry.lineCents, 0)
  const digital = entries.filter((entry) => DIGITAL.has(entry.productType))
  return {
    id: stored ? await publicCartId(stored.siteId, stored.id) : null,
    websiteId: catalog.tenant.siteId,
    orderId: stored?.orderId ?? null,
    created: stored?.created ?? null,
    isPurchased: stored?.isPurchased ?? false,
    entries,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotalCents,
    totalQuantity: entries.reduce((sum, entry) => sum + entry.quantity, 0),
    hasDigital: digital.length > 0,
    purelyDigital: entries.length > 0 && digital.length === entries.length,
    requiresShipping: entries.some((entry) => entry.productType === ProductType.PHYSICAL),
    subtotal: { value: decimalAmount(subtotalCents, currency), currency },
  }
}
