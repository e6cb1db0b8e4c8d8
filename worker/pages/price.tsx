/**
 * Product price in the shell pages. Interim: formats with the platform's `Intl` in the site's
 * language; the engine's money plugin (legacy and CLDR display, platform.md section 9) replaces
 * it when pages render through tenant templates.
 */
import type { Item, Variant } from '../records'

const FRACTION_DIGITS: Record<string, number> = { JPY: 0 }

function formatMinorUnits(value: string, currency: string, locale: string): string {
  const digits = FRACTION_DIGITS[currency] ?? 2
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(value) / 10 ** digits)
}

function lowestVariant(variants: Variant[]): Variant | undefined {
  const effective = (v: Variant) => Number(v.onSale ? v.salePriceMoney.value : v.priceMoney.value)
  return variants.reduce<Variant | undefined>(
    (low, v) => (!low || effective(v) < effective(low) ? v : low),
    undefined,
  )
}

export function ProductPrice({ item, locale }: { item: Item; locale: string }) {
  const variant = item.structuredContent && lowestVariant(item.structuredContent.variants)
  if (!variant) return null
  const { currency } = variant.priceMoney
  const prices = new Set(item.structuredContent?.variants.map((v) => v.priceMoney.value))
  const from = prices.size > 1 ? 'from ' : ''
  if (variant.onSale) {
    return (
      <p className="price">
        {from}
        {formatMinorUnits(variant.salePriceMoney.value, currency, locale)}
        <s>{formatMinorUnits(variant.priceMoney.value, currency, locale)}</s>
      </p>
    )
  }
  return (
    <p className="price">
      {from}
      {formatMinorUnits(variant.priceMoney.value, currency, locale)}
    </p>
  )
}
