/**
 * The variant picker's rules as plain functions over plain data (storefront.md section 4,
 * "Variant picker"). The server builds the props with them and the browser island applies
 * them; nothing here touches the DOM. Product rules come from `shared/products.ts` and money
 * from `shared/money.ts`, so the island shows what the templates show.
 */

import {
  COMMERCE_TEXT,
  escapeHtmlAttribute,
  findVariant,
  formatCldrMoney,
  formatLegacyMoney,
  isDecimalString,
  isVariantInStock,
  ProductType,
} from '../../shared/index'
import type { AddToCartButtonData, VariantsSelectData } from '../../templates/index'
import type { VariantData } from '../constants'

/** How a variant's price is written: the same settings the `product-price` formatter reads. */
export type PriceSettings = {
  /** The render's locale; null when i18n is off (the price wording then prints empty). */
  locale: string | null
  /** CLDR money (`useCLDRMoneyFormat`), else the legacy native span. */
  cldr: boolean
  /** Subscribable product: its plan wording, or null without a plan (the price reads `unavailable`). */
  subscription: { wording: string; billingPeriodValue: number; duration: number } | null
  subscribable: boolean
  /** 'Unavailable', or the site's localized text. */
  unavailable: string
  /** Visually hidden labels of a sale price ('Sale Price:', 'Original Price:'). */
  saleLabel: string
  originalLabel: string
}

export type VariantPickerProps = {
  itemId: string
  /** The variants select, null for a product with a single variant. */
  select: (Omit<VariantsSelectData, 'options'> & { options: VariantOption[] }) | null
  quantity: { itemId: string; label: string } | null
  button: { [K in keyof AddToCartButtonData]: AddToCartButtonData[K] }
  price: PriceSettings
  /** The store's custom sold-out text, else the localized text, else 'Sold Out'. */
  soldOutText: string
  /** Branching: the second dropdown offers only values compatible with the first. */
  branching: boolean
  /** The store shows each option as a dropdown (else pill-shaped radio buttons). */
  dropdown: boolean
  /** Express checkout (a store setting): a successful add goes on to `/checkout`. */
  expressCheckout: boolean
  /** The product type code (1 physical, 2 digital, 3 service, 4 gift card). */
  productType: number
  /** The sku of a product with one variant (no options to choose). */
  singleSku: string | null
}

/** The button's own label: a gift card without a custom label reads 'Purchase' (storefront.md section 4). */
export function buttonLabelOf(data: Pick<VariantPickerProps, 'button' | 'productType'>): string {
  if (data.productType === ProductType.GIFT_CARD && data.button.useCustomLabel !== 'true')
    return COMMERCE_TEXT.productPurchaseText
  return data.button.label
}

export type VariantOption = { name: string; title: string; selectText: string; values: string[] }

/** Option name → chosen value; '' is unselected. */
export type Chosen = Readonly<Record<string, string>>

/** A variant as the `data-variants` JSON carries it. */
export type Variant = VariantData

/** Where the shopper is: some option unselected, a matching variant, or no match. */
export type Selection =
  | { kind: 'incomplete'; unselected: string[] }
  | { kind: 'matched'; variant: Variant }
  | { kind: 'unmatched' }

export function selectionOf(
  options: readonly VariantOption[],
  variants: readonly Variant[],
  chosen: Chosen,
): Selection {
  const unselected = options.filter((o) => !chosen[o.name]).map((o) => o.name)
  if (unselected.length > 0) return { kind: 'incomplete', unselected }
  const wanted = Object.fromEntries(options.map((o) => [o.name, chosen[o.name] ?? '']))
  const variant = findVariant({ structuredContent: { variants } }, wanted) as Variant | undefined
  return variant === undefined ? { kind: 'unmatched' } : { kind: 'matched', variant }
}

/** Whether a variant has every chosen value except (possibly) for option `skip`. */
function agrees(variant: Variant, chosen: Chosen, skip: string): boolean {
  return Object.entries(chosen).every(
    ([name, value]) => name === skip || !value || variant.attributes?.[name] === value,
  )
}

/**
 * With exactly one option unselected: that option's values whose variants (given the other
 * choices) exist and are all sold out. Empty otherwise.
 */
export function unavailableValues(
  options: readonly VariantOption[],
  variants: readonly Variant[],
  chosen: Chosen,
): { option: string; values: Set<string> } | null {
  const unselected = options.filter((o) => !chosen[o.name])
  const option = unselected[0]
  if (unselected.length !== 1 || option === undefined) return null
  const values = new Set<string>()
  for (const value of option.values) {
    const candidates = variants.filter(
      (v) => v.attributes?.[option.name] === value && agrees(v, chosen, option.name),
    )
    if (candidates.length > 0 && !candidates.some(isVariantInStock)) values.add(value)
  }
  return { option: option.name, values }
}

/**
 * Branching with exactly two options: the values of the second that some variant pairs with the
 * chosen first value; null means every value is offered.
 */
export function offeredSecondValues(
  options: readonly VariantOption[],
  variants: readonly Variant[],
  chosen: Chosen,
  branching: boolean,
): Set<string> | null {
  const [first, second] = options
  if (!branching || options.length !== 2 || first === undefined || second === undefined) return null
  const firstValue = chosen[first.name]
  if (!firstValue) return null
  const offered = new Set<string>()
  for (const v of variants) {
    const value = v.attributes?.[second.name]
    if (v.attributes?.[first.name] === firstValue && value !== undefined) offered.add(value)
  }
  return offered
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g
const HIDDEN = '<span class="visually-hidden v6-visually-hidden">'

/** A money value's amount as an exact decimal string ('0' when absent or not a number). */
function amountOf(money: Variant['priceMoney']): string {
  const s = String(money?.value ?? '').trim()
  return s !== '' && isDecimalString(s) ? s : '0'
}

function moneyText(money: Variant['priceMoney'], s: PriceSettings): string {
  if (s.cldr) {
    if (s.locale === null) return ''
    const currency = money?.currency === undefined ? 'USD' : money.currency.trim()
    return formatCldrMoney({ amount: amountOf(money), currency }, s.locale)
  }
  return `<span class="sqs-money-native">${formatLegacyMoney({ amount: amountOf(money), currency: '' })}</span>`
}

function fill(text: string, args: Readonly<Record<string, string | number>>, s: PriceSettings): string {
  if (s.locale === null) return ''
  return text.replace(PLACEHOLDER, (_, name: string) => String(args[name] ?? ''))
}

/**
 * The inside of `.product-price` for one variant: exactly what the `product-price` formatter
 * prints for a product holding only that variant (sale price with the original struck beside
 * it, the subscription wording when subscribable). The worker test pins the equality.
 */
export function variantPriceHtml(variant: Variant, s: PriceSettings): string {
  // Without a plan the formatter prints its "from" line with the placeholder price 'true'.
  if (s.subscribable && s.subscription === null)
    return `\n${fill(s.unavailable, { fromPrice: 'true', price: 'true' }, s)}\n\n`
  const wording = s.subscription?.wording ?? '{price}'
  const args = {
    billingPeriodValue: s.subscription?.billingPeriodValue ?? '',
    duration: s.subscription?.duration ?? '',
  }
  const normal = fill(wording, { ...args, price: moneyText(variant.priceMoney, s) }, s)
  if (!variant.onSale) return `\n${normal}\n`
  const sale = fill(wording, { ...args, price: moneyText(variant.salePriceMoney, s) }, s)
  return (
    `\n${HIDDEN}${escapeHtmlAttribute(s.saleLabel)}</span>${sale} ` +
    `${HIDDEN}${escapeHtmlAttribute(s.originalLabel)}</span><span class="original-price">${normal}</span>\n\n`
  )
}
