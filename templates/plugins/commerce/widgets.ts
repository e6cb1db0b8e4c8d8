/**
 * Commerce widget formatters: add-to-cart-btn, product-checkout, variants-select,
 * quantity-input, product-status, product-restock-notification, product-scarcity,
 * product-quick-view, variant-descriptor, summary-form-field (storefront.md section 2).
 *
 * Each formatter resolves its data the way the reference widget template does (the formatted
 * item first, then the template's context, so a page-level `localizedStrings` applies) and
 * hands plain values to markup.ts. The blank lines the reference templates print
 * around their markup are reproduced here, not in the markup functions, so islands get clean
 * markup while templates stay byte-identical to the reference.
 */
import { ProductType } from '../../../shared/enumerations'
import {
  asBoolean,
  asString,
  child,
  isObject,
  isTruthy,
  keptPerObject,
  MISSING,
  toOutput,
  toScriptSafeJson,
  walk,
} from '../../../shared/json'
import {
  isOnSale,
  isQuantityInputShown,
  isSoldOut,
  productTypeOf,
  saleText,
  soldOutText,
} from '../../../shared/products'
import { COMMERCE_TEXT } from '../../../shared/text/commerce'
import { messages } from '../../errors'
import { defineFormatter, type Plugin, type Scope } from '../../registry'
import { isStrict, rawText } from '../core/escaping'
import { followsSpecRules } from '../core/spec-rules'
import { formatMessage } from '../i18n/formatters'
import { renderLocale } from '../i18n/locale'
import {
  type AddToCartButtonData,
  addToCartButtonMarkup,
  type FieldParts,
  quantityInputMarkup,
  quickViewMarkup,
  type RestockNotificationData,
  restockNotificationMarkup,
  saleMarkMarkup,
  scarcityMarkup,
  soldOutMarkMarkup,
  summaryAddressMarkup,
  summaryCheckboxMarkup,
  summaryDateMarkup,
  summaryFormFieldMarkup,
  summaryLikertMarkup,
  summaryNameMarkup,
  summaryPhoneMarkup,
  summaryTimeMarkup,
  type VariantOptionData,
  type VariantsSelectData,
  variantsSelectMarkup,
} from './markup'
import { LIKERT_LABEL_KEYS, LIKERT_LABELS, TIME_PART_DEFAULT } from './messages'

// The reference widget templates open with one line per variable they bind; these are the
// line breaks (and indentation) that leaves in front of each widget's markup.
const ADD_TO_CART_LEAD = '\n'.repeat(13)
const VARIANTS_SELECT_LEAD = '\n  \n  \n  \n  \n\n  '
const QUANTITY_INPUT_LEAD = '\n\n\n'
const RESTOCK_LEAD = '\n'.repeat(6)

const LOCALIZED = 'localizedStrings'
/** JSON of record parts the widgets print (a product's variants: some 6 KB on 12 variants), kept per object. */
const recordJson = keptPerObject((v) => toScriptSafeJson(v))
const json = (v: unknown): string => (v === MISSING ? '' : recordJson(v))
/** A localized string from the template's context, or '' when the page has none. */
const localized = (scope: Scope, key: string): string => asString(scope.resolveOuter([LOCALIZED, key]))
/** Like `localized`, but seen from inside the widget (the formatted item first). */
const localizedInner = (scope: Scope, key: string): unknown => scope.resolve([LOCALIZED, key])

/**
 * Formats a widget message (ICU syntax: `{variantName}`, plurals) with the i18n plugin's
 * formatter, in the render's locale; with i18n off (locale 'none') it prints nothing, as the
 * reference does. The single argument is both keyword and positional `{0}`.
 */
function message(pattern: string, key: string, value: unknown, scope: Scope): string {
  const locale = renderLocale(scope.settings)
  if (locale === null) return ''
  return formatMessage(locale, scope, pattern, { positional: [value], keyword: { [key]: value } })
}

// ---- add to cart ----

/** The add-to-cart button's data as the widget resolves it (the variant picker island reuses it). */
export function addToCartButtonData(scope: Scope): AddToCartButtonData {
  const content = scope.resolve(['structuredContent'])
  const field = (key: string) => child(content, key)
  const form = field('additionalFieldsForm')
  const useForm = isTruthy(field('additionalFieldsFormId')) && isTruthy(form)
  const useCustom = field('useCustomAddButtonText')
  const custom = field('customAddButtonText')
  const subscribable = field('isSubscribable')
  let label: string
  if (isTruthy(useCustom) && isTruthy(custom)) label = toOutput(custom)
  else if (isTruthy(subscribable)) {
    const text = localizedInner(scope, 'productSubscribeText')
    label = isTruthy(text) ? toOutput(text) : COMMERCE_TEXT.productSubscribeText
  } else {
    const text = localizedInner(scope, 'productAddToCartText')
    label = isTruthy(text) ? toOutput(text) : COMMERCE_TEXT.productAddToCartText
  }
  const options = scope.resolve(['structuredContent', 'productSubscriptionOptions'])
  const hasOptions =
    (typeof options === 'string' || Array.isArray(options)
      ? options.length > 0
      : isObject(options) && isTruthy(options)) && isTruthy(subscribable)
  return {
    collectionId: toOutput(scope.resolve(['collectionId'])),
    itemId: toOutput(scope.resolve(['id'])),
    productType: toOutput(field('productType')),
    useCustomLabel: toOutput(useCustom),
    isSubscription: isTruthy(subscribable) ? toOutput(subscribable) : null,
    label,
    formJson: useForm ? json(form) : null,
    subscriptionOptionId: hasOptions ? toOutput(walk(options, [0, 'id'])) : null,
  }
}

function addToCartButton(scope: Scope): string {
  return ADD_TO_CART_LEAD + addToCartButtonMarkup(addToCartButtonData(scope), isStrict(scope))
}

const addToCartBtn = defineFormatter({ apply: (_value, _args, scope) => addToCartButton(scope) })

// ---- variants ----

/** The item's variant options in `variantOptionOrdering`, each with the values its variants use. */
export function variantOptionsOf(item: unknown): { name: string; values: string[] }[] {
  const content = child(item, 'structuredContent')
  const variants = child(content, 'variants')
  if (!Array.isArray(variants) || variants.length <= 1) return []
  const ordering = child(content, 'variantOptionOrdering')
  const options = Array.isArray(ordering)
    ? ordering.map((n) => ({ name: asString(n), values: [] as string[] }))
    : []
  for (const variant of variants) {
    const attrs = child(variant, 'attributes')
    if (!isObject(attrs)) continue
    for (const key of Object.keys(attrs)) {
      const option = options.find((o) => o.name === key)
      if (option === undefined) continue
      const value = asString(attrs[key])
      if (!option.values.includes(value)) option.values.push(value)
    }
  }
  return options
}

/** The variants select's data, or null when the item has no variant choices (reused by the variant picker island). */
export function variantsSelectData(item: unknown, scope: Scope): VariantsSelectData | null {
  const options = variantOptionsOf(item)
  if (options.length === 0) return null
  const giftCard = productTypeOf(item) === ProductType.GIFT_CARD
  const selectPattern = giftCard
    ? localized(scope, 'giftCardVariantSelectText') || COMMERCE_TEXT.giftCardVariantSelectText
    : localized(scope, 'productVariantSelectText') || COMMERCE_TEXT.productVariantSelectText
  const titlePattern = giftCard
    ? localized(scope, 'giftCardValueDisplayText') || COMMERCE_TEXT.giftCardValueDisplayText
    : COMMERCE_TEXT.variantOptionDisplayText
  const content = child(item, 'structuredContent')
  const subscribable = isTruthy(child(content, 'isSubscribable'))
  const data: VariantOptionData[] = options.map(({ name, values }) => ({
    name,
    values,
    title: message(titlePattern, 'name', name, scope),
    selectText: message(selectPattern, 'variantName', name, scope),
  }))
  return {
    itemId: toOutput(child(item, 'id')),
    variantsJson: json(child(content, 'variants')),
    subscriptionPlanJson: subscribable ? json(child(content, 'subscriptionPlan')) : null,
    options: data,
  }
}

function variantsSelect(item: unknown, scope: Scope): unknown {
  const data = variantsSelectData(item, scope)
  return data === null ? MISSING : `${VARIANTS_SELECT_LEAD}${variantsSelectMarkup(data, isStrict(scope))}\n`
}

const variantsSelectFormatter = defineFormatter({
  apply: (value, _args, scope) => variantsSelect(value, scope),
})

/** The quantity input's item id and label, or null when it is not shown (reused by the variant picker island). */
export function quantityInputData(item: unknown, scope: Scope): { itemId: string; label: string } | null {
  if (!isQuantityInputShown(item, scope.resolveOuter(['websiteSettings']))) return null
  const label = localizedInner(scope, 'productQuantityInputLabel')
  const text = isTruthy(label) ? toOutput(label) : COMMERCE_TEXT.productQuantityInputLabel
  return { itemId: toOutput(scope.resolve(['id'])), label: text }
}

function quantityInput(item: unknown, scope: Scope): unknown {
  const data = quantityInputData(item, scope)
  return data === null
    ? MISSING
    : QUANTITY_INPUT_LEAD + quantityInputMarkup(data.itemId, data.label, isStrict(scope))
}

const quantityInputFormatter = defineFormatter({
  apply: (value, _args, scope) => quantityInput(value, scope),
})

/** Variants select, then quantity input, then the add-to-cart button. */
const productCheckout = defineFormatter({
  apply(value, _args, scope) {
    return (
      toOutput(variantsSelect(value, scope)) + toOutput(quantityInput(value, scope)) + addToCartButton(scope)
    )
  },
})

/** 'blue / large': the variant's option values. */
const variantDescriptor = defineFormatter({
  apply(value) {
    const values = child(value, 'optionValues')
    if (!Array.isArray(values)) return ''
    return values.map((v) => asString(child(v, 'value'))).join(' / ')
  },
})

// ---- product marks and merchandising ----

/** The sold-out mark (custom, localized or 'sold out'), else the sale mark, else nothing. */
const productStatus = defineFormatter({
  apply(value, _args, scope) {
    const id = asString(child(value, 'id'))
    const custom =
      id === ''
        ? ''
        : asString(walk(scope.resolveOuter(['productMerchandisingContext']), [id, 'customSoldOutText']))
    if (isSoldOut(value))
      return soldOutMarkMarkup(
        soldOutText(custom, localized(scope, 'productSoldOutText'), COMMERCE_TEXT.productSoldOutMarkText),
      )
    if (isOnSale(value)) return saleMarkMarkup(saleText(localized(scope, 'productSaleText')), isStrict(scope))
    return MISSING
  },
})

/** The merchandising settings of one product, from the page's `productMerchandisingContext`. */
function merchandisingOf(item: unknown, scope: Scope): unknown {
  return child(scope.resolveOuter(['productMerchandisingContext']), asString(child(item, 'id')))
}

/**
 * The back-in-stock sign-up form of each restock view of a product (one per variant that has
 * one), resolved as the reference widget does; the `product-restock-notification` formatter
 * prints them and the restock island (islands/restock-notification) takes the same data.
 */
export function restockNotificationsData(value: unknown, scope: Scope): RestockNotificationData[] {
  const product = merchandisingOf(value, scope)
  const messages = child(product, 'restockNotificationMessages')
  const views = child(product, 'restockNotificationViews')
  // A view's own flag wins, then the product's setting, then the template's context.
  const flag = (view: unknown, key: string, fromProduct: unknown): boolean => {
    const own = child(view, key)
    if (own !== MISSING) return isTruthy(own)
    return isTruthy(fromProduct !== MISSING && fromProduct !== null ? fromProduct : scope.resolveOuter([key]))
  }
  const siteKey = walk(scope.resolveOuter(['website']), ['captchaSettings', 'siteKey'])
  const text = (key: string) => toOutput(child(messages, key))
  if (!Array.isArray(views)) return []
  return views.map((view) => {
    const join = flag(view, 'mailingListSignUpEnabled', child(product, 'mailingListSignUpEnabled'))
    return {
      productId: toOutput(child(value, 'id')),
      variantId: toOutput(child(view, 'variantId')),
      hidden: flag(view, 'hiddenByDefault', MISSING),
      ctaText: text('CTAText'),
      placeholderText: text('placeholderText'),
      buttonText: text('buttonText'),
      mailingList: join
        ? {
            description: text('mailingListDescription'),
            checked: flag(view, 'mailingListOptInByDefault', child(product, 'mailingListOptInByDefault')),
          }
        : null,
      captcha: flag(view, 'captchaSiteKey', siteKey),
    }
  })
}

/** One back-in-stock sign-up form per variant view. */
const productRestockNotification = defineFormatter({
  apply(value, _args, scope) {
    let out = RESTOCK_LEAD
    for (const data of restockNotificationsData(value, scope)) {
      out += `\n${restockNotificationMarkup(data, isStrict(scope))}\n`
    }
    return out
  },
})

/** In-stock quantity messages, one per scarcity view, when scarcity is on for the product. */
const productScarcity = defineFormatter({
  apply(value, _args, scope) {
    const product = merchandisingOf(value, scope)
    // The flag reads the JSON way, as the reference's asBoolean: only true, "true" or a
    // non-zero integer turn it on ("false" and "yes" do not).
    if (product === MISSING || !asBoolean(child(product, 'scarcityEnabled'))) return value
    const views = child(product, 'scarcityTemplateViews')
    if (!Array.isArray(views)) return ''
    // The reference starts every variant's message hidden; the storefront honours the setting.
    const shown = followsSpecRules(scope) && asBoolean(child(product, 'scarcityShownByDefault'))
    let out = ''
    for (const view of views) {
      const pattern = child(view, 'scarcityText')
      const text = message(
        asString(pattern === MISSING ? child(product, 'scarcityText') : pattern),
        'qtyInStock',
        child(view, 'qtyInStock'),
        scope,
      )
      const own = child(view, 'attributes')
      const attributes = own === MISSING ? scope.resolveOuter(['attributes']) : own
      out += `\n  ${scarcityMarkup(text, isTruthy(attributes) ? json(attributes) : null, shown)}\n`
    }
    return out
  },
})

/** `product-quick-view [group]`: the group is a variable of the item or the page, else the word itself. */
const productQuickView = defineFormatter({
  apply(value, args, scope) {
    let group = args[0] ?? ''
    if (group !== '') {
      const own = child(value, group)
      const found = own !== MISSING ? own : scope.resolveOuter([group])
      if (found !== MISSING) group = asString(found)
    }
    const text = scope.resolveOuter([LOCALIZED, 'productQuickViewText'])
    return quickViewMarkup(
      asString(child(value, 'id')),
      group,
      text === MISSING ? COMMERCE_TEXT.productQuickViewText : asString(text),
      isStrict(scope),
    )
  },
})

// ---- form submission summaries ----

/**
 * Parts of a submitted field as printable text; `optional` parts that are falsy print as
 * absent. Only the field itself is read (the reference renders summaries in a private scope).
 */
function partsOf(
  field: unknown,
  keys: readonly string[],
  optional: readonly string[] = [],
  strict = false,
): FieldParts {
  const values = child(field, 'values')
  const parts: Record<string, string> = {}
  for (const key of keys) {
    const v = child(values, key)
    parts[key] = optional.includes(key) && !isTruthy(v) ? '' : rawText(strict, toOutput(v))
  }
  return parts
}

const ADDRESS = ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country']
const PHONE = ['Country', 'Areacode', 'Prefix', 'Line']
const TIME = ['Hour', 'Minute', 'Second', 'Ampm']

function likertRows(values: Readonly<Record<string, unknown>>, scope: Scope): [string, string][] {
  const strings = scope.resolveOuter([LOCALIZED])
  const label = (answer: string): string | undefined => {
    const key = LIKERT_LABEL_KEYS[answer]
    if (key === undefined) return undefined
    const text = child(strings, key)
    return typeof text === 'string' ? text : LIKERT_LABELS[answer]
  }
  const neutral = label('0') as string
  return Object.keys(values).map((q) => [q, label(asString(values[q])) || neutral])
}

/**
 * The printed answer of a field; null when it cannot be printed (a likert field without
 * answers). Shopper values are escaped in strict mode (the storefront).
 */
function summaryValue(field: unknown, type: string, scope: Scope): string | null {
  const strict = isStrict(scope)
  const text = (v: unknown) => rawText(strict, toOutput(v))
  switch (type) {
    case 'address':
      return summaryAddressMarkup(partsOf(field, ADDRESS, ['Line2'], strict))
    case 'checkbox': {
      const values = child(field, 'values')
      if (isTruthy(values)) return summaryCheckboxMarkup(Array.isArray(values) ? values.map(text) : [])
      const value = child(field, 'value')
      return isTruthy(value) ? text(value) : ''
    }
    case 'date':
      return summaryDateMarkup(partsOf(field, ['Month', 'Day', 'Year'], [], strict))
    case 'likert': {
      const answers = child(field, 'values')
      if (!isObject(answers)) return null
      const rows = likertRows(answers, scope).map(
        ([q, a]) => [rawText(strict, q), rawText(strict, a)] as const,
      )
      return summaryLikertMarkup(rows)
    }
    case 'name':
      return summaryNameMarkup(partsOf(field, ['First', 'Last'], [], strict))
    case 'phone':
      return summaryPhoneMarkup(partsOf(field, PHONE, ['Country'], strict))
    case 'time':
      return summaryTimeMarkup(partsOf(field, TIME, ['Hour', 'Minute', 'Second'], strict), TIME_PART_DEFAULT)
    default:
      return rawText(strict, asString(child(field, 'value')))
  }
}

/** A submitted form field with its title; an empty answer reads 'N/A' (or the localized text). */
const summaryFormField = defineFormatter({
  apply(value, _args, scope) {
    const text = summaryValue(value, asString(child(value, 'type')), scope)
    if (text === null) {
      scope.fail(
        'PLUGIN_FAILED',
        messages.PLUGIN_FAILED('formatter', 'summary-form-field', 'likert answers must be an object'),
      )
      return MISSING
    }
    const none = localized(scope, 'productSummaryFormNoAnswerText').trim()
    return summaryFormFieldMarkup(
      asString(child(value, 'rawTitle')),
      text !== '' ? text : rawText(isStrict(scope), none || COMMERCE_TEXT.productSummaryFormNoAnswerText),
      isStrict(scope),
    )
  },
})

export const commerceWidgetsPlugin: Plugin = {
  name: 'commerce-widgets',
  formatters: {
    'add-to-cart-btn': addToCartBtn,
    'product-checkout': productCheckout,
    'product-quick-view': productQuickView,
    'product-restock-notification': productRestockNotification,
    'product-scarcity': productScarcity,
    'product-status': productStatus,
    'quantity-input': quantityInputFormatter,
    'summary-form-field': summaryFormField,
    'variant-descriptor': variantDescriptor,
    'variants-select': variantsSelectFormatter,
  },
}
