/**
 * The installment teaser's props from a product page's template data (platform-neutral, used
 * by the worker's `installment-teaser` formatter). A product gets a teaser only when the site
 * has the installment payments feature flag (64, storefront.md section 9), the store offers
 * installments, the product is physical (storefront.md section 5: every cart item must be
 * physical) and the payment account's country has a provider locale (US, CA, AU, NZ).
 */

import {
  FEATURE_FLAG,
  fromPriceMoney,
  hasFeatureFlag,
  INSTALLMENTS_DEFAULT_COUNT,
  ProductType,
  productTypeOf,
  readMoney,
} from '../../shared/index'
import { asBoolean, asNumber, asString, child } from '../../templates/index'
import { installmentLocale } from './rules'
import type { InstallmentTeaserProps } from './view'

/** The spec's installment context of one item (storefront.md section 3). */
export interface InstallmentContext {
  afterPayAvailable: boolean
  afterPayMin: number
  afterPayMax: number
  shopperLanguage: string
  stripeAccountCountry: string
}

/**
 * The installment context of a product. Pages are cached for every shopper alike, so the
 * shopper's language here is the website's language; the dialog matches the shopper's own
 * browser languages when it opens (client.tsx).
 */
export function installmentContext(
  item: unknown,
  website: unknown,
  storeSettings: unknown,
): InstallmentContext {
  const settings = child(storeSettings, 'installments')
  return {
    afterPayAvailable:
      hasFeatureFlag(child(website, 'featureFlags'), FEATURE_FLAG.AFTERPAY) &&
      asBoolean(child(settings, 'enabled')) &&
      productTypeOf(item) === ProductType.PHYSICAL,
    afterPayMin: asNumber(child(settings, 'afterPayMin')),
    afterPayMax: asNumber(child(settings, 'afterPayMax')),
    shopperLanguage: asString(child(website, 'language')),
    stripeAccountCountry: asString(child(settings, 'stripeAccountCountry')),
  }
}

/** The island's props for a product, or null when the product gets no teaser. */
export function installmentTeaserProps(
  item: unknown,
  website: unknown,
  storeSettings: unknown,
): InstallmentTeaserProps | null {
  const context = installmentContext(item, website, storeSettings)
  if (!context.afterPayAvailable) return null
  const locale = installmentLocale(context.stripeAccountCountry, context.shopperLanguage)
  if (locale === null) return null
  const settings = child(storeSettings, 'installments')
  const price = readMoney(fromPriceMoney(item))
  if (price === null) return null
  const count = asNumber(child(settings, 'count'))
  return {
    itemId: asString(child(item, 'id')),
    provider: asString(child(settings, 'provider')) || 'Afterpay',
    count: Number.isInteger(count) && count > 1 ? count : INSTALLMENTS_DEFAULT_COUNT,
    min: context.afterPayMin,
    max: context.afterPayMax,
    currency: price.currency,
    price: price.amount,
    locale,
    country: context.stripeAccountCountry.trim().toUpperCase(),
    useCLDR: asBoolean(child(website, 'useCLDRMoneyFormat')),
    moneyLocale: context.shopperLanguage || 'en-US',
  }
}
