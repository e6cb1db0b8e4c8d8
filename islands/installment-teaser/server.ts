/**
 * The installment teaser's props from a product page's template data (platform-neutral, used
 * by the worker's `installment-teaser` formatter). A product gets a teaser only when the store
 * offers installments, the product is physical (storefront.md section 5: every cart item must
 * be physical) and the payment account's country has a provider locale (US, CA, AU, NZ).
 */

import {
  fromPriceMoney,
  INSTALLMENT_COUNTRIES,
  INSTALLMENT_LOCALES,
  INSTALLMENTS_DEFAULT_COUNT,
  ProductType,
  productTypeOf,
  readMoney,
} from '../../shared/index'
import { asBoolean, asNumber, asString, child } from '../../templates/index'
import type { InstallmentTeaserProps } from './view'

type InstallmentCountry = (typeof INSTALLMENT_COUNTRIES)[number]

const isInstallmentCountry = (country: string): country is InstallmentCountry =>
  (INSTALLMENT_COUNTRIES as readonly string[]).includes(country)

/**
 * The provider's locale for a payment account country and the shopper's language: the
 * country's languages are matched against the shopper's, else its first is used
 * (storefront.md section 9: US en, CA en or fr, AU en, NZ en). Null outside those countries.
 */
export function installmentLocale(country: string, shopperLanguage: string): string | null {
  const code = country.trim().toUpperCase()
  if (!isInstallmentCountry(code)) return null
  const languages = INSTALLMENT_LOCALES[code]
  const wanted = shopperLanguage.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  const language = languages.find((l) => l === wanted) ?? languages[0] ?? 'en'
  return `${language}-${code}`
}

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
 * shopper's language is the website's language.
 */
export function installmentContext(
  item: unknown,
  website: unknown,
  storeSettings: unknown,
): InstallmentContext {
  const settings = child(storeSettings, 'installments')
  return {
    afterPayAvailable: asBoolean(child(settings, 'enabled')) && productTypeOf(item) === ProductType.PHYSICAL,
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
    useCLDR: asBoolean(child(website, 'useCLDRMoneyFormat')),
    moneyLocale: context.shopperLanguage || 'en-US',
  }
}
