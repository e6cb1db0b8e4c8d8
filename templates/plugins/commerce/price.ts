/**
 * Commerce price formatters and product predicates: thin wrappers over `shared/products.ts`
 * (which rules apply) and `shared/money.ts` (how money reads). The price blocks reproduce the
 * reference's built-in price templates as direct string building, so no template is parsed
 * per render.
 */

import { CART_QUANTITY_CAP } from '../../../shared/enumerations'
import { asString, child, isTruthy, keptPerObject, MISSING } from '../../../shared/json'
import {
  decimalFromNumber,
  decimalFromText,
  formatCldrMoney,
  formatLegacyMoney,
  isDecimalString,
  movePoint,
  type NumberOptions,
} from '../../../shared/money'
import {
  cartQuantity,
  cartQuantityText,
  firstPricingOptionMoney,
  fromPriceMoney,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  isSubscribable,
  normalPriceMoney,
  pricingOptionsOfLowestVariant,
  productTypeCode,
  salePriceMoney,
  subscriptionPriceText,
  UNDEFINED_PRODUCT_TYPE,
} from '../../../shared/products'
import { escapeHtmlAttribute } from '../../../shared/strings'
import { CART_TEXT } from '../../../shared/text/cart'
import { COMMERCE_TEXT } from '../../../shared/text/commerce'
import { defineFormatter, definePredicate, type Plugin, type Scope } from '../../registry'
import { isStrict, rawText } from '../core/escaping'
import { parseNumberOptions, renderLocale } from '../money/formatters'

/** User-visible markup and texts of the price formatters, word for word from the reference. */
export const PRICE_TEXT = {
  /** The plain price wording; `{price}` is the formatted price. */
  price: '{price}',
  /** The retired `cart-subtotal` formatter prints this. */
  cartSubtotalRetired: 'deprecated, do not use',
  cartUrl: '/cart',
} as const

/**
 * A money object's `value` as an exact decimal string, read as the reference reads decimals
 * (exponents allowed, spaces not); '0' when absent or not a number.
 */
function amountOf(money: unknown): string {
  const raw = child(money, 'value')
  const text = typeof raw === 'number' ? decimalFromNumber(raw) : decimalFromText(asString(raw))
  return text === null || !isDecimalString(text) ? '0' : text
}

/** The legacy price in cents ('19.99' → '1999'), as from-price, normal-price and sale-price print it. */
function legacyCents(money: unknown): string {
  return movePoint(amountOf(money), 2) ?? '0'
}

const FEATURE_FLAG_PATH = ['featureFlags', 'useCLDRMoneyFormat']
const WEBSITE_FLAG_PATH = ['website', 'useCLDRMoneyFormat']

/** True when the website formats money the CLDR way (`featureFlags` or `website` flag). */
function isCldrMoneyOn(scope: Scope): boolean {
  return isTruthy(scope.resolve(FEATURE_FLAG_PATH)) || isTruthy(scope.resolve(WEBSITE_FLAG_PATH))
}

/** How a price block writes money: CLDR in the render's locale, or the native legacy span. */
function moneyString(money: unknown, options: NumberOptions, scope: Scope): string {
  if (isCldrMoneyOn(scope)) {
    const locale = renderLocale(scope)
    if (locale === null) return ''
    const code = asString(child(money, 'currency')).trim()
    const currency = child(money, 'currency') === MISSING ? 'USD' : code
    return formatCldrMoney({ amount: amountOf(money), currency }, locale, options)
  }
  return legacyMoneySpan(money)
}

/** The legacy span of a money value, kept per money object (a part of a catalogue record). */
const legacyMoneySpan = keptPerObject(
  (money) =>
    `<span class="sqs-money-native">${formatLegacyMoney({ amount: amountOf(money), currency: '' })}</span>`,
)

const PLACEHOLDER = /\{([A-Za-z]+)\}/g

/** A wording split at its placeholders: text at even positions, placeholder names at odd ones. */
const wordings = new Map<string, string[]>()

function wordingParts(text: string): string[] {
  let parts = wordings.get(text)
  if (parts === undefined) {
    parts = text.split(PLACEHOLDER)
    // Wordings come from the catalogue and from tenants' localized strings: a bounded few.
    if (wordings.size >= 256) wordings.clear()
    wordings.set(text, parts)
  }
  return parts
}

/**
 * Fills `{name}` placeholders of a price wording (the reference runs its `message` formatter,
 * which renders empty when i18n is off).
 */
function fill(text: string, args: WordingArgs): string {
  const parts = wordingParts(text)
  let out = parts[0] as string
  for (let i = 1; i < parts.length; i += 2)
    out += wordingArg(args, parts[i] as string) + (parts[i + 1] as string)
  return out
}

/** What a price wording's placeholders stand for. */
interface WordingArgs {
  billingPeriodValue: string
  duration: string
  fromPrice: string
  price: string
}

function wordingArg(args: WordingArgs, name: string): string {
  switch (name) {
    case 'billingPeriodValue':
      return args.billingPeriodValue
    case 'duration':
      return args.duration
    case 'fromPrice':
      return args.fromPrice
    case 'price':
      return args.price
    default:
      return ''
  }
}

const HIDDEN = '<span class="visually-hidden v6-visually-hidden">'
const SALE_LABEL = `${HIDDEN}${escapeHtmlAttribute(COMMERCE_TEXT.salePriceLabel)}</span>`
const ORIGINAL_LABEL = `${HIDDEN}${escapeHtmlAttribute(COMMERCE_TEXT.originalPriceLabel)}</span>`

interface PriceParts {
  fromText?: string
  fromPrice?: string
  saleText?: string
  salePrice?: string
  normalText?: string
  normalPrice?: string
  billingPeriodValue?: number
  duration?: number
}

/** The price block markup: the from price, else sale and struck original, else the normal price. */
function priceBlock(className: string, p: PriceParts, scope: Scope): string {
  let body = ''
  // The wordings go through the reference's `message` formatter, which is empty with i18n off.
  if (renderLocale(scope) !== null) {
    const args: WordingArgs = {
      billingPeriodValue: p.billingPeriodValue === undefined ? '' : String(p.billingPeriodValue),
      duration: p.duration === undefined ? '' : String(p.duration),
      fromPrice: '',
      price: '',
    }
    if (p.fromPrice) {
      args.fromPrice = p.fromPrice
      args.price = p.fromPrice
      body = `${fill(p.fromText ?? '', args)}\n`
    } else if (p.salePrice) {
      args.price = p.salePrice
      const sale = fill(p.saleText ?? '', args)
      args.price = p.normalPrice ?? ''
      const normal = fill(p.normalText ?? '', args)
      body = `${SALE_LABEL}${sale} ${ORIGINAL_LABEL}<span class="original-price">${normal}</span>\n`
    } else if (p.normalPrice) {
      args.price = p.normalPrice
      body = fill(p.normalText ?? '', args)
    }
  } else if (p.fromPrice) body = '\n'
  else if (p.salePrice) body = `${SALE_LABEL} ${ORIGINAL_LABEL}<span class="original-price"></span>\n`
  return `\n\n\n<div class="${className}">\n${body}\n</div>`
}

/** A localized price wording; the reference prints it as HTML, the storefront (strict) as text. */
function localized(scope: Scope, key: string): string | undefined {
  const v = scope.resolve(['localizedStrings', key])
  return v === MISSING ? undefined : rawText(isStrict(scope), asString(v))
}

/** Price parts of a one-time-purchase product. */
function oneTimeParts(item: unknown, options: NumberOptions, scope: Scope): PriceParts {
  const p: PriceParts = {}
  if (hasVariedPrices(item)) {
    p.fromText = localized(scope, 'productPriceFromText') ?? COMMERCE_TEXT.productPriceFromText
    p.fromPrice = moneyString(fromPriceMoney(item), options, scope)
  }
  if (isOnSale(item)) {
    p.saleText = PRICE_TEXT.price
    p.salePrice = moneyString(salePriceMoney(item), options, scope)
  }
  p.normalText = PRICE_TEXT.price
  p.normalPrice = moneyString(normalPriceMoney(item), options, scope)
  return p
}

/** Price parts of a subscribable product: its plan wording, or 'Unavailable' without a plan. */
function subscriptionParts(item: unknown, options: NumberOptions, scope: Scope): PriceParts {
  const text = subscriptionPriceText(item)
  if (text === null) {
    return {
      fromText: localized(scope, 'productPriceUnavailable') ?? COMMERCE_TEXT.productPriceUnavailable,
      fromPrice: 'true',
    }
  }
  const wording = localized(scope, text.key) ?? text.template
  const p: PriceParts = { billingPeriodValue: text.billingPeriodValue, duration: text.duration }
  if (hasVariedPrices(item)) {
    p.fromText = wording
    p.fromPrice = moneyString(fromPriceMoney(item), options, scope)
  }
  if (isOnSale(item)) {
    p.saleText = wording
    p.salePrice = moneyString(salePriceMoney(item), options, scope)
  }
  p.normalText = wording
  p.normalPrice = moneyString(normalPriceMoney(item), options, scope)
  return p
}

const prepareMoney = (args: readonly string[]) => parseNumberOptions(args, true)

/** `product-price`: the product's price block (from, sale and original, or normal; subscriptions worded). */
const productPrice = defineFormatter<NumberOptions>({
  prepare: prepareMoney,
  apply(item, options, scope) {
    let parts: PriceParts = {}
    if (isSubscribable(item)) parts = subscriptionParts(item, options, scope)
    // Like the reference, only the explicit 'undefined' type (-1) has no price: an item with no
    // type at all prints the zero price of a product without variants.
    else if (productTypeCode(item) !== UNDEFINED_PRODUCT_TYPE) parts = oneTimeParts(item, options, scope)
    return priceBlock('product-price', parts, scope)
  },
})

/** `subscription-price`: the price of the first pricing option of the cheapest variant. */
const subscriptionPrice = defineFormatter<NumberOptions>({
  prepare: prepareMoney,
  apply(item, options, scope) {
    const p: PriceParts = {}
    const pricing = pricingOptionsOfLowestVariant(item)
    const first = pricing?.[0]
    if (pricing !== null && first !== undefined) {
      if (hasVariedPrices(item)) {
        p.fromText = localized(scope, 'productPriceFromText') ?? COMMERCE_TEXT.productPriceFromText
        p.fromPrice = moneyString(firstPricingOptionMoney(pricing), options, scope)
      }
      if (isTruthy(child(first, 'onSale'))) {
        p.saleText = PRICE_TEXT.price
        p.salePrice = moneyString(child(first, 'salePriceMoney'), options, scope)
      }
      p.normalText = PRICE_TEXT.price
      p.normalPrice = moneyString(child(first, 'priceMoney'), options, scope)
    }
    return priceBlock('subscription-price', p, scope)
  },
})

const fromPrice = defineFormatter({ apply: (item) => legacyCents(fromPriceMoney(item)) })
const normalPrice = defineFormatter({ apply: (item) => legacyCents(normalPriceMoney(item)) })
const salePrice = defineFormatter({ apply: (item) => legacyCents(salePriceMoney(item)) })

/**
 * `cart-quantity`: the item count of a cart; above 100, '100+' with 'More than 100 items in
 * cart' as its title (storefront.md section 9: the template cart shows both).
 */
const cartQuantityFormatter = defineFormatter({
  apply: (cart) => {
    const count = cartQuantity(cart)
    const title =
      count > CART_QUANTITY_CAP ? ` title="${escapeHtmlAttribute(CART_TEXT.cartOverCapLabel)}"` : ''
    return `<span class="sqs-cart-quantity"${title}>${cartQuantityText(count)}</span>`
  },
})

const node = (test: (item: unknown) => boolean) =>
  definePredicate({ test: (_args, scope) => test(scope.node()) })

export const commercePricePlugin: Plugin = {
  name: 'commerce-price',
  formatters: {
    'product-price': productPrice,
    'subscription-price': subscriptionPrice,
    'from-price': fromPrice,
    'normal-price': normalPrice,
    'sale-price': salePrice,
    'cart-quantity': cartQuantityFormatter,
    'cart-url': defineFormatter({ apply: () => PRICE_TEXT.cartUrl }),
    'cart-subtotal': defineFormatter({ apply: () => PRICE_TEXT.cartSubtotalRetired }),
  },
  predicates: {
    'has-variants?': node(hasVariants),
    'on-sale?': node(isOnSale),
    'sold-out?': node(isSoldOut),
    'varied-prices?': node(hasVariedPrices),
  },
}
