/**
 * The shopping cart the API answers and the pages show: the stored entries joined with the
 * catalog (title, image, price now), with the spec's totals in the store currency's minor units.
 * Entries whose item or variant is no longer published are left out.
 */
import {
  type CartEntryView,
  centsText,
  decimalAmount,
  type MoneyDisplay,
  ProductType,
  parseFieldValues,
  SHIPPING_COUNTRIES,
  type ShippingLocation,
  type ShoppingCart,
} from '../../shared/index'
import { fieldValueText } from '../../templates'
import { productById, unitCentsOf, variantBySku } from '../catalogue/item-index'
import type { Catalog } from '../catalogue/reader'
import type { Form, Item, Site } from '../catalogue/records'
import type { StoredCart, StoredChoice, StoredEntry } from '../durable/cart'
import type { Env } from '../env'
import { publicCartId } from './cart-session'
import { couponLimitsOf, type PricedLine, type Pricing, type PricingChoice, priceCart } from './pricing'
import { inventoryOf } from './stock'

export function storeCurrency(site: Site): string {
  return site.storeSettings?.selectedCurrency ?? 'USD'
}

export function moneyDisplayOf(site: Site): MoneyDisplay {
  return { useCLDR: site.website.useCLDRMoneyFormat, locale: site.website.language }
}

/** A line as pricing reads it, from its item. */
export function pricedLineOf(
  item: Item,
  line: { itemId: string; quantity: number; unitCents: number; productType: number },
): PricedLine {
  return {
    itemId: line.itemId,
    collectionId: item.collectionId,
    productType: line.productType,
    quantity: line.quantity,
    unitCents: line.unitCents,
    weightGrams: item.structuredContent?.weightGrams ?? 0,
  }
}

/** The country's name as the checkout's list writes it ('United States'), else its code. */
function placeName(location: ShippingLocation): string {
  const country = SHIPPING_COUNTRIES.find(([code]) => code === location.country)?.[1] ?? location.country
  return location.region.trim() === '' ? country : `${location.region.trim()}, ${country}`
}

/**
 * Prices lines for the tenant (commerce/pricing.ts): with `env`, the codes whose usage limit is
 * reached are asked of the stock object (only when a code entered has a limit).
 */
export async function pricingOf(
  env: Env | null,
  catalog: Catalog,
  lines: readonly PricedLine[],
  choice: PricingChoice,
): Promise<Pricing> {
  const { site, siteId } = catalog.tenant
  const settings = site.storeSettings
  const currency = storeCurrency(site)
  const display = moneyDisplayOf(site)
  const context = {
    now: Date.now(),
    money: (cents: number) => centsText(cents, currency, display),
    place: choice.location === null ? undefined : placeName(choice.location),
  }
  const first = priceCart(settings, lines, choice, context)
  const limits = env === null ? [] : couponLimitsOf(settings, first.valid)
  if (limits.length === 0) return first
  const usedUp = await inventoryOf(env as Env, siteId).usedUpCoupons(limits)
  return usedUp.length === 0
    ? first
    : priceCart(settings, lines, choice, { ...context, usedUp: new Set(usedUp) })
}

const NO_CHOICE: StoredChoice = { location: null, optionId: null, codes: [] }

async function entryView(
  catalog: Catalog,
  entry: StoredEntry,
  currency: string,
): Promise<(CartEntryView & { priced: PricedLine }) | null> {
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
    priced: pricedLineOf(item, {
      itemId: item.id,
      quantity: entry.quantity,
      unitCents: unitPriceCents,
      productType: item.structuredContent?.productType ?? 0,
    }),
  }
}

const DIGITAL: ReadonlySet<number> = new Set([ProductType.DIGITAL, ProductType.GIFT_CARD])

/**
 * The cart as the API answers it, priced (shipping, tax, codes: commerce/pricing.ts); an empty
 * cart (no id) when the visitor has none. `env` lets the codes' usage limits be checked.
 */
export async function shoppingCartOf(
  catalog: Catalog,
  stored: StoredCart | null,
  env: Env | null = null,
): Promise<ShoppingCart> {
  const currency = storeCurrency(catalog.tenant.site)
  const views = await Promise.all((stored?.entries ?? []).map((entry) => entryView(catalog, entry, currency)))
  const priced = views.filter((view) => view !== null)
  const entries: CartEntryView[] = priced.map(({ priced: _line, ...view }) => view)
  const choice = stored?.choice ?? NO_CHOICE
  const pricing = await pricingOf(
    env,
    catalog,
    priced.map((view) => view.priced),
    choice,
  )
  const { subtotalCents } = pricing
  const digital = entries.filter((entry) => DIGITAL.has(entry.productType))
  return {
    id: stored ? await publicCartId(stored.siteId, stored.id) : null,
    websiteId: catalog.tenant.siteId,
    orderId: stored?.orderId ?? null,
    created: stored?.created ?? null,
    isPurchased: stored?.isPurchased ?? false,
    entries,
    shippingOptions: pricing.options,
    selectedShippingOption: pricing.selected,
    shippingLocation: choice.location,
    applicableTaxRules: pricing.taxLines,
    coupons: choice.codes,
    validCoupons: pricing.valid,
    invalidCoupons: pricing.invalid,
    subtotalCents,
    taxCents: pricing.taxCents,
    taxIncluded: pricing.taxIncluded,
    shippingCostCents: pricing.shippingCents,
    discountCents: pricing.discountCents,
    grandTotalCents: pricing.grandTotalCents,
    shippingProblem: entries.length === 0 ? null : pricing.shippingProblem,
    totalQuantity: entries.reduce((sum, entry) => sum + entry.quantity, 0),
    hasDigital: digital.length > 0,
    purelyDigital: entries.length > 0 && digital.length === entries.length,
    requiresShipping: entries.some((entry) => entry.productType === ProductType.PHYSICAL),
    subtotal: { value: decimalAmount(subtotalCents, currency), currency },
  }
}
