/**
 * The installment teaser's rules, shared by the server props builder, the view and
 * the client island (platform-neutral: no DOM). Money is written with the store's own money
 * display (`shared/money.ts`), so the teaser's amounts read exactly like the prices beside it.
 */
import {
  fillText,
  formatMoney,
  INSTALLMENT_COUNTRIES,
  INSTALLMENT_LOCALES,
  INSTALLMENTS_TEXT,
  type Money,
  minorUnitsOf,
  moneyFromMinorUnits,
  readMoney,
  US_AND_TERRITORIES,
} from '../../shared/index'

/** How the store writes money: the website's CLDR flag and language (legacy symbols otherwise). */
export type MoneyDisplay = { readonly useCLDR: boolean; readonly locale: string }

type InstallmentCountry = (typeof INSTALLMENT_COUNTRIES)[number]

const isInstallmentCountry = (country: string): country is InstallmentCountry =>
  (INSTALLMENT_COUNTRIES as readonly string[]).includes(country)

/**
 * The provider's locale for a payment account country and the shopper's languages, best first:
 * the first of them that is one of the country's languages wins, else the country's first
 * (storefront.md section 9: US en, CA en or fr, AU en, NZ en). Null outside those countries.
 */
export function installmentLocale(
  country: string,
  shopperLanguages: string | readonly string[],
): string | null {
  const upper = country.trim().toUpperCase()
  // A store in a US territory is a US store to the provider (storefront.md section 9: "US and
  // territories: US, PR, GU, VI, MP, AS, UM").
  const code = (US_AND_TERRITORIES as readonly string[]).includes(upper) ? 'US' : upper
  if (!isInstallmentCountry(code)) return null
  const languages = INSTALLMENT_LOCALES[code]
  const wanted = (typeof shopperLanguages === 'string' ? [shopperLanguages] : shopperLanguages).map(
    (tag) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '',
  )
  const language = wanted.find((l) => languages.includes(l)) ?? languages[0] ?? 'en'
  return `${language}-${code}`
}

/**
 * Where the dialog asks for the provider's page: `<path>/<locale>` on the site's own host
 * (worker/routes/installment-modal.ts answers with the configured provider's page).
 */
export const INSTALLMENT_MODAL_PATH = '/_installments/modal'

/** Where a price stands against the offer's range. */
export type InstallmentRange = 'in' | 'over' | 'under'

/**
 * In range only if the price is strictly above the minimum and at most the maximum
 * (storefront.md section 5); all three in minor units.
 */
export function installmentRange(priceMinor: number, min: number, max: number): InstallmentRange {
  if (priceMinor > max) return 'over'
  return priceMinor > min ? 'in' : 'under'
}

/** Money in the store's display ('$12.00' in the legacy display of USD). */
export function moneyText(money: Money, display: MoneyDisplay): string {
  return formatMoney(
    { decimalValue: money.amount, currencyCode: money.currency },
    { useCLDR: display.useCLDR, locale: display.locale, symbols: 'native' },
  )
}

/** The amount of a money value in minor units, or null when it is not a whole number of them. */
export function minorUnits(money: Money): number | null {
  const minor = Number(minorUnitsOf(money))
  return Number.isSafeInteger(minor) ? minor : null
}

export interface TeaserOffer {
  readonly provider: string
  readonly count: number
  /** Minor units of the store currency. */
  readonly min: number
  readonly max: number
  readonly currency: string
}

/** The offer's minimum and maximum as money text. */
export function offerLimits(offer: TeaserOffer, display: MoneyDisplay): { min: string; max: string } {
  const money = (minor: number) => moneyText(moneyFromMinorUnits(minor, offer.currency), display)
  return { min: money(offer.min), max: money(offer.max) }
}

/** The teaser's message for a price (a decimal amount in major units), or null without one. */
export function teaserMessage(
  amount: string | null,
  offer: TeaserOffer,
  display: MoneyDisplay,
): { range: InstallmentRange; text: string } | null {
  if (amount === null) return null
  const price = minorUnits({ amount, currency: offer.currency })
  if (price === null) return null
  const range = installmentRange(price, offer.min, offer.max)
  if (range === 'over') {
    return { range, text: fillText(INSTALLMENTS_TEXT.overMax, { amount: offerLimits(offer, display).max }) }
  }
  if (range === 'under') {
    return { range, text: fillText(INSTALLMENTS_TEXT.underMin, { amount: offerLimits(offer, display).min }) }
  }
  // Each payment rounded half-up to the currency's smallest unit (the provider settles the
  // remainder of a split that does not divide evenly in the last payment).
  const each = Math.round(price / offer.count)
  return {
    range,
    text: fillText(INSTALLMENTS_TEXT.inRange, {
      count: offer.count,
      amount: moneyText(moneyFromMinorUnits(each, offer.currency), display),
      provider: offer.provider,
    }),
  }
}

/**
 * The price a variant is sold at, as a decimal amount: its sale price when on sale (the
 * variant as the picker's change event carries it, `priceMoney` / `salePriceMoney`). Null
 * when the variant has no readable price.
 */
export function variantPriceAmount(variant: unknown): string | null {
  if (typeof variant !== 'object' || variant === null) return null
  const v = variant as Record<string, unknown>
  const money = readMoney(v.onSale === true ? v.salePriceMoney : v.priceMoney)
  return money === null ? null : money.amount
}
