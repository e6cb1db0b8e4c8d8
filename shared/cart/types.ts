/**
 * The shopping cart as the cart API answers it (storefront.md section 3, "Shopping cart" and
 * "Cart entry"), shared by the worker that builds it and the islands that show it.
 */
import { currencyFractionDigits, formatMoney, moneyFromMinorUnits } from '../money'

/** Minor units as the decimal amount money values carry: 15600 USD → '156.00', 1800 JPY → '1800'. */
export function decimalAmount(cents: number, currency: string): string {
  const digits = currencyFractionDigits(currency)
  if (digits === 0) return String(cents)
  const sign = cents < 0 ? '-' : ''
  const text = String(Math.abs(cents)).padStart(digits + 1, '0')
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

export interface CartMoney {
  /** Decimal amount in major units ('48.00', '1800'). */
  value: string
  currency: string
}

export interface CartEntryView {
  id: string
  itemId: string
  chosenVariant: { sku: string; attributes: Record<string, string> }
  quantity: number
  /** JSON text of the additional-fields answers, or null. */
  additionalFields: string | null
  title: string
  url: string
  image: { assetUrl: string; altText: string } | null
  productType: number
  unitPriceCents: number
  unitPrice: CartMoney
  lineCents: number
  /** The additional-fields form this entry was added with, if any (to edit it from the cart). */
  additionalFieldsFormId: string | null
  /** The answers as title and text, for display. */
  additionalFieldsSummary: { title: string; value: string }[]
}

export interface ShoppingCart {
  id: string | null
  websiteId: string
  orderId: string | null
  created: number | null
  isPurchased: boolean
  entries: CartEntryView[]
  shippingOptions: unknown[]
  selectedShippingOption: unknown
  shippingLocation: unknown
  applicableTaxRules: unknown[]
  coupons: unknown[]
  validCoupons: unknown[]
  invalidCoupons: unknown[]
  subtotalCents: number
  taxCents: number
  shippingCostCents: number
  discountCents: number
  grandTotalCents: number
  totalQuantity: number
  hasDigital: boolean
  purelyDigital: boolean
  requiresShipping: boolean
  /** The subtotal in the store currency (derived). */
  subtotal: CartMoney
}

/** How the store writes money: the website's CLDR flag and language. */
export interface MoneyDisplay {
  useCLDR: boolean
  locale: string
}

/** Minor units of `currency` as the store writes money ('$48.00', '￥1,800'). */
export function centsText(cents: number, currency: string, display: MoneyDisplay): string {
  const money = moneyFromMinorUnits(cents, currency)
  return formatMoney(
    { decimalValue: money.amount, currencyCode: money.currency },
    { useCLDR: display.useCLDR, locale: display.locale, symbols: 'native' },
  )
}
