/**
 * The variant picker's props from the JSON-T template data, for the worker's
 * `product-checkout` island formatter. The checkout block's data is resolved by the very
 * builders the plain formatter uses (templates/plugins/commerce/widgets.ts), so both print the same DOM.
 */

import { COMMERCE_TEXT, soldOutText, subscriptionPriceText } from '../../shared/index'
import {
  addToCartButtonData,
  asString,
  child,
  isTruthy,
  MISSING,
  quantityInputData,
  renderLocale,
  type Scope,
  variantsSelectData,
} from '../../templates/index'
import type { PriceSettings, VariantPickerProps } from './model'

/** A localized string of the page, or `fallback` when the site has none (as `product-price` reads them). */
function localized(scope: Scope, key: string, fallback = ''): string {
  const value = scope.resolve(['localizedStrings', key])
  return value === MISSING ? fallback : asString(value)
}

/** The price settings the `product-price` formatter would use for this item. */
function priceSettings(item: unknown, scope: Scope): PriceSettings {
  const content = child(item, 'structuredContent')
  const subscribable = isTruthy(child(content, 'isSubscribable'))
  // One variant at a time: the wording of a single price (never the "from" wording).
  const single = { structuredContent: { ...(content as object), variants: [] } }
  const text = subscribable ? subscriptionPriceText(single) : null
  return {
    locale: renderLocale(scope),
    cldr:
      isTruthy(scope.resolve(['featureFlags', 'useCLDRMoneyFormat'])) ||
      isTruthy(scope.resolve(['website', 'useCLDRMoneyFormat'])),
    subscribable,
    subscription:
      text === null
        ? null
        : {
            wording: localized(scope, text.key, text.template),
            billingPeriodValue: text.billingPeriodValue,
            duration: text.duration,
          },
    unavailable: localized(scope, 'productPriceUnavailable', COMMERCE_TEXT.productPriceUnavailable),
    saleLabel: COMMERCE_TEXT.salePriceLabel,
    originalLabel: COMMERCE_TEXT.originalPriceLabel,
  }
}

/** The sku of an item with exactly one variant, else null. */
function singleSkuOf(item: unknown): string | null {
  const variants = child(child(item, 'structuredContent'), 'variants')
  return Array.isArray(variants) && variants.length === 1 ? asString(child(variants[0], 'sku')) || null : null
}

/** Props of the `variant-picker` island for the item a `product-checkout` call formats. */
export function variantPickerProps(item: unknown, scope: Scope): VariantPickerProps {
  const itemId = asString(child(item, 'id'))
  const custom = asString(
    child(child(scope.resolveOuter(['productMerchandisingContext']), itemId), 'customSoldOutText'),
  )
  const select = variantsSelectData(item, scope)
  return {
    itemId,
    select:
      select === null
        ? null
        : { ...select, options: select.options.map((o) => ({ ...o, values: [...o.values] })) },
    quantity: quantityInputData(item, scope),
    button: { ...addToCartButtonData(scope) },
    price: priceSettings(item, scope),
    soldOutText: soldOutText(
      custom,
      localized(scope, 'productSoldOutText'),
      COMMERCE_TEXT.productSoldOutText,
    ),
    branching: isTruthy(scope.resolveOuter(['storeSettings', 'variantBranching'])),
    dropdown: asString(scope.resolveOuter(['storeSettings', 'variantPickerStyle'])) === 'dropdown',
    expressCheckout: isTruthy(scope.resolveOuter(['storeSettings', 'expressCheckout'])),
    productType: Number(asString(child(child(item, 'structuredContent'), 'productType'))) || 0,
    singleSku: singleSkuOf(item),
  }
}
