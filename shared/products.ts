/**
 * Product display rules (storefront.md section 4, platform.md section 4) as plain functions over
 * plain product data, so the template formatters and the browser islands apply the very same
 * rules. Inputs are untyped JSON (`unknown`): a template can hand any value to a formatter, and
 * a rule on malformed data answers what the reference engine answers rather than throwing.
 *
 * Stable exports for other modules (commerce widgets, islands): `productTypeOf`, `variantsOf`,
 * `isSubscribable`, `hasVariants`, `hasVariedPrices`, `isOnSale`, `isSoldOut`,
 * `isVariantInStock`, `totalStockRemaining`, `isMultipleQuantityAllowedForServices`,
 * `isQuantityInputShown`, `findVariant`, `fromPriceMoney`, `normalPriceMoney`, `salePriceMoney`,
 * `pricingOptionsOfLowestVariant`, `subscriptionPriceText`, `soldOutText`, `saleText`,
 * `cartQuantity`, `cartQuantityText`.
 */
import {
  BILLING_PERIODS_PER_YEAR,
  CART_QUANTITY_CAP,
  ProductType,
  type ProductTypeCode,
  PURCHASABLE_PRODUCT_TYPES,
} from './enumerations'
import { asBoolean, asNumber, asString, child, isObject, isTruthy, keptPerObject, MISSING } from './json'
import { decimalFromNumber, decimalFromText } from './money'
import { CART_TEXT } from './text/cart'
import { COMMERCE_TEXT } from './text/commerce'

/** A money value as the data carries it: `value` + `currency`, or `decimalValue` + `currencyCode`. */
interface MoneyData {
  readonly value?: string | number
  readonly currency?: string
  readonly decimalValue?: string | number
  readonly currencyCode?: string
}

/** The money value used when a product has no price of the asked kind. */
const ZERO_MONEY: MoneyData = Object.freeze({ value: '0', currency: 'USD' })

const get = (v: unknown, key: string): unknown => child(v, key)
const content = (item: unknown): unknown => get(item, 'structuredContent')

/** The code the data uses for a product of no type ('undefined' in the reference's enum). */
export const UNDEFINED_PRODUCT_TYPE = -1

/** The raw product type number of an item (0 when absent), before checking it is a known code. */
export function productTypeCode(item: unknown): number {
  return asNumber(get(content(item), 'productType'))
}

/** The product type code of an item, or undefined when it has none of the known codes. */
export function productTypeOf(item: unknown): ProductTypeCode | undefined {
  const code = productTypeCode(item)
  switch (code) {
    case ProductType.PHYSICAL:
    case ProductType.DIGITAL:
    case ProductType.SERVICE:
    case ProductType.GIFT_CARD:
    case ProductType.PAYWALL:
      return code
    default:
      return undefined
  }
}

/**
 * Why a product is shown but cannot be put in the cart: `paywall` (type 5, members' content),
 * `unknown` (a type this platform does not know); null for a product the cart takes.
 */
export function notForSaleKind(item: unknown): 'paywall' | 'unknown' | null {
  const code = productTypeCode(item)
  if (PURCHASABLE_PRODUCT_TYPES.includes(code)) return null
  return code === ProductType.PAYWALL ? 'paywall' : 'unknown'
}

/** The variants list of an item (empty when absent or not a list). */
export function variantsOf(item: unknown): readonly unknown[] {
  const v = get(content(item), 'variants')
  return Array.isArray(v) ? v : []
}

export function isSubscribable(item: unknown): boolean {
  return asBoolean(get(content(item), 'isSubscribable'))
}

/** Variant choices exist only with more than one variant, and never for digital products. */
export function hasVariants(item: unknown): boolean {
  return productTypeOf(item) !== ProductType.DIGITAL && variantsOf(item).length > 1
}

/** Template equality of two JSON values as the reference compares variant fields. */
function sameValue(a: unknown, b: unknown): boolean {
  if (isObject(a) || isObject(b) || Array.isArray(a) || Array.isArray(b))
    return JSON.stringify(a) === JSON.stringify(b)
  return a === b
}

/**
 * Whether variants differ in price: any variant whose on-sale flag, sale price (when the first
 * is on sale) or price differs from the first. Digital products never vary.
 */
export const hasVariedPrices = keptPerObject(function hasVariedPrices(item: unknown): boolean {
  const type = productTypeOf(item)
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE && type !== ProductType.GIFT_CARD)
    return false
  const variants = variantsOf(item)
  const first = variants[0]
  if (first === undefined) return false
  const onSale = get(first, 'onSale')
  const salePrice = get(first, 'salePrice')
  const price = get(first, 'price')
  for (let i = 1; i < variants.length; i++) {
    const v = variants[i]
    if (!sameValue(get(v, 'onSale'), onSale)) return true
    if (isTruthy(onSale) && !sameValue(get(v, 'salePrice'), salePrice)) return true
    if (!sameValue(get(v, 'price'), price)) return true
  }
  return false
})

/** On sale: any variant on sale; a digital product by its own flag; gift cards never. */
export const isOnSale = keptPerObject(function isOnSale(item: unknown): boolean {
  switch (productTypeOf(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
      return variantsOf(item).some((v) => isTruthy(get(v, 'onSale')))
    case ProductType.DIGITAL:
      return isTruthy(get(content(item), 'onSale'))
    default:
      return false
  }
})

/** A variant is in stock if unlimited or its quantity is above 0. */
export function isVariantInStock(variant: unknown): boolean {
  return isTruthy(get(variant, 'unlimited')) || asNumber(get(variant, 'qtyInStock')) > 0
}

/**
 * Sold out: a physical or service product whose every variant is limited with zero stock.
 * Digital and gift-card products never are. Like the reference, an item without a known
 * product type counts as sold out.
 */
export function isSoldOut(item: unknown): boolean {
  switch (productTypeOf(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
      return !variantsOf(item).some(isVariantInStock)
    case ProductType.DIGITAL:
    case ProductType.GIFT_CARD:
      return false
    default:
      return true
  }
}

/**
 * Units left over all variants; `Number.MAX_SAFE_INTEGER` (effectively unlimited) for digital
 * and gift-card products or when any variant is unlimited.
 */
export function totalStockRemaining(item: unknown): number {
  const type = productTypeOf(item)
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Number.MAX_SAFE_INTEGER
  let total = 0
  for (const v of variantsOf(item)) {
    if (isTruthy(get(v, 'unlimited'))) return Number.MAX_SAFE_INTEGER
    total += asNumber(get(v, 'qtyInStock'))
  }
  return total
}

/** `websiteSettings.storeSettings.multipleQuantityAllowedForServices`, default true. */
function isMultipleQuantityAllowedForServices(websiteSettings: unknown): boolean {
  const value = get(get(websiteSettings, 'storeSettings'), 'multipleQuantityAllowedForServices')
  return value === MISSING || value === null ? true : asBoolean(value)
}

/**
 * The quantity input shows for physical products, or services when multiple quantity is
 * allowed, that are not subscribable and have more than one unit in stock.
 */
export function isQuantityInputShown(item: unknown, websiteSettings: unknown): boolean {
  const type = productTypeOf(item)
  const allowed =
    type === ProductType.PHYSICAL ||
    (type === ProductType.SERVICE && isMultipleQuantityAllowedForServices(websiteSettings))
  return allowed && !isSubscribable(item) && totalStockRemaining(item) > 1
}

/**
 * The variant whose attributes equal the chosen option values (option name to value), or
 * undefined when none matches; the variant picker then shows 'Unavailable'.
 */
export function findVariant(item: unknown, chosen: Readonly<Record<string, string>>): unknown {
  const names = Object.keys(chosen)
  return variantsOf(item).find((v) => {
    const attributes = get(v, 'attributes')
    if (!isObject(attributes)) return false
    const keys = Object.keys(attributes)
    if (keys.length !== names.length) return false
    return names.every((n) => asString(get(attributes, n)) === chosen[n])
  })
}

/**
 * The amount of a money value in major units as a number: its `value` read as the reference
 * reads decimals (text with an optional exponent, no spaces: '.75', '1e-1'); 0 when absent or
 * unreadable.
 */
function moneyAmount(money: unknown): number {
  const raw = get(money, 'value')
  const text = typeof raw === 'number' ? decimalFromNumber(raw) : decimalFromText(asString(raw))
  const n = text === null ? 0 : Number(text)
  return Number.isNaN(n) ? 0 : n
}

/** The money object a value holds, or ZERO_MONEY for a missing one. */
function moneyOrZero(v: unknown): unknown {
  return v === MISSING ? ZERO_MONEY : v
}

/** The effective price money of a variant: its sale price when on sale. */
function currentPrice(variant: unknown): unknown {
  return get(variant, isTruthy(get(variant, 'onSale')) ? 'salePriceMoney' : 'priceMoney')
}

/** The lowest current price among the variants (digital: its own price); ZERO_MONEY if none. */
export const fromPriceMoney = keptPerObject(function fromPriceMoney(item: unknown): unknown {
  const type = productTypeOf(item)
  if (type === ProductType.DIGITAL) return moneyOrZero(get(content(item), 'priceMoney'))
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE && type !== ProductType.GIFT_CARD)
    return ZERO_MONEY
  const variants = variantsOf(item)
  if (variants.length === 0) return ZERO_MONEY
  let money = currentPrice(variants[0])
  let lowest = moneyAmount(money)
  for (let i = 1; i < variants.length; i++) {
    const m = currentPrice(variants[i])
    const amount = moneyAmount(m)
    if (amount < lowest) {
      lowest = amount
      money = m
    }
  }
  return money
})

/** The highest regular price among the variants (digital: its own price); ZERO_MONEY if none. */
export const normalPriceMoney = keptPerObject(function normalPriceMoney(item: unknown): unknown {
  const type = productTypeOf(item)
  if (type === ProductType.DIGITAL) return moneyOrZero(get(content(item), 'priceMoney'))
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE && type !== ProductType.GIFT_CARD)
    return ZERO_MONEY
  const variants = variantsOf(item)
  if (variants.length === 0) return ZERO_MONEY
  let money = get(variants[0], 'priceMoney')
  let highest = moneyAmount(money)
  for (let i = 1; i < variants.length; i++) {
    const m = get(variants[i], 'priceMoney')
    const amount = moneyAmount(m)
    if (amount > highest) {
      highest = amount
      money = m
    }
  }
  return money
})

/** The lowest sale price among variants on sale (digital: its own); ZERO_MONEY if none. */
export const salePriceMoney = keptPerObject(function salePriceMoney(item: unknown): unknown {
  const type = productTypeOf(item)
  if (type === ProductType.DIGITAL) return moneyOrZero(get(content(item), 'salePriceMoney'))
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return ZERO_MONEY
  // The first variant on sale, then any cheaper one; its money may be missing (then zero).
  let found = false
  let money: unknown = MISSING
  let lowest = 0
  for (const v of variantsOf(item)) {
    if (!isTruthy(get(v, 'onSale'))) continue
    const m = get(v, 'salePriceMoney')
    const amount = moneyAmount(m)
    if (!found || amount < lowest) {
      found = true
      money = m
      lowest = amount
    }
  }
  return moneyOrZero(money)
})

/**
 * The subscription pricing options of the variant with the lowest current price (physical and
 * service products only); null when there are none.
 */
export function pricingOptionsOfLowestVariant(item: unknown): readonly unknown[] | null {
  const type = productTypeOf(item)
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return null
  const variants = variantsOf(item)
  if (variants.length === 0) return null
  let options = get(variants[0], 'pricingOptions')
  let lowest = moneyAmount(currentPrice(variants[0]))
  for (let i = 1; i < variants.length; i++) {
    const amount = moneyAmount(currentPrice(variants[i]))
    if (amount < lowest) {
      lowest = amount
      options = get(variants[i], 'pricingOptions')
    }
  }
  return Array.isArray(options) ? options : null
}

/** The current price money of the first pricing option (its sale price when on sale). */
export function firstPricingOptionMoney(options: readonly unknown[] | null): unknown {
  const first = options?.[0]
  return first === undefined ? ZERO_MONEY : currentPrice(first)
}

type BillingUnit = keyof typeof BILLING_PERIODS_PER_YEAR

/** The wording of a subscription price, before `{price}` etc. are filled in. */
interface SubscriptionPriceText {
  /** Key of the localized string that overrides `template`, e.g. `productPrice__singlePrice__1Monthly__indefinite`. */
  readonly key: string
  /** English wording with `{price}`, `{billingPeriodValue}` and `{duration}` placeholders. */
  readonly template: string
  readonly billingPeriodValue: number
  /** Total duration in `durationUnit`s; 0 means indefinite. */
  readonly duration: number
  readonly durationUnit: string
}

/** `MONTH` → `Month`, as the localized-string keys spell units. */
const capitalizeFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase()

/**
 * The subscription price wording of a subscribable item, or null when it has no billing period
 * (the price then reads 'Unavailable'). A duration that is a whole number of years (52 weeks,
 * 12 months) is given in years.
 */
export function subscriptionPriceText(item: unknown): SubscriptionPriceText | null {
  const plan = get(content(item), 'subscriptionPlan')
  const period = get(plan, 'billingPeriod')
  if (period === MISSING) return null
  const multiple = hasVariedPrices(item)
  const value = asNumber(get(period, 'value'))
  const unit = asString(get(period, 'unit'))
  const cycles = asNumber(get(plan, 'numBillingCycles'))
  let duration = value * cycles
  let durationUnit = unit
  const perYear = unit === 'WEEK' || unit === 'MONTH' ? BILLING_PERIODS_PER_YEAR[unit as BillingUnit] : 0
  if (duration > 0 && perYear > 0 && duration % perYear === 0) {
    duration /= perYear
    durationUnit = 'YEAR'
  }
  let key = `productPrice__${multiple ? 'multiplePrices' : 'singlePrice'}__${value === 1 ? '1' : 'n'}${capitalizeFirst(unit)}ly__`
  key +=
    duration === 0 ? 'indefinite' : `limited__${duration === 1 ? '1' : 'n'}${capitalizeFirst(durationUnit)}s`
  const plural = value > 1
  let template = `${multiple ? 'from ' : ''}{price} every ${plural ? '{billingPeriodValue} ' : ''}${unit.toLowerCase()}${plural ? 's' : ''}`
  if (cycles > 0) template += ` for {duration} ${durationUnit.toLowerCase()}${duration === 1 ? '' : 's'}`
  return { key, template, billingPeriodValue: value, duration, durationUnit }
}

/** Sold-out text: the store's custom text, else the localized text, else `fallback`. */
export function soldOutText(
  custom: string | null | undefined,
  localized: string | null | undefined,
  fallback: string = COMMERCE_TEXT.productSoldOutText,
): string {
  return custom || localized || fallback
}

/** Sale text: the localized text, else 'sale'. */
export function saleText(localized: string | null | undefined): string {
  return localized || COMMERCE_TEXT.productSaleText
}

/** Total quantity over the cart's entries. */
export function cartQuantity(cart: unknown): number {
  const entries = get(cart, 'entries')
  if (!Array.isArray(entries)) return 0
  let total = 0
  for (const e of entries) total += asNumber(get(e, 'quantity'))
  return total
}

/** The cart count as shown: the number, or '100+' above 100 items. */
export function cartQuantityText(count: number): string {
  return count > CART_QUANTITY_CAP ? CART_TEXT.cartOverCap : String(count)
}
