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
  /** The options that apply to `shippingLocation`, with their prices (empty until it is given). */
  shippingOptions: ShippingOptionView[]
  selectedShippingOption: ShippingOptionView | null
  shippingLocation: ShippingLocation | null
  /** The tax lines of the location (or the store's home country), each with its amount. */
  applicableTaxRules: TaxLineView[]
  /** The codes the shopper entered, as entered (upper case). */
  coupons: string[]
  validCoupons: CouponView[]
  invalidCoupons: InvalidCouponView[]
  subtotalCents: number
  /** The tax of the order: inside the prices when `taxIncluded` (reported, not added), else added. */
  taxCents: number
  taxIncluded: boolean
  /** The chosen option's price, 0 when a free-shipping code waives it. */
  shippingCostCents: number
  discountCents: number
  /** subtotalCents − discountCents + shippingCostCents + (taxIncluded ? 0 : taxCents). */
  grandTotalCents: number
  /** Why the cart cannot go to payment as it is (nobody ships there, no option chosen), or null. */
  shippingProblem: string | null
  totalQuantity: number
  hasDigital: boolean
  purelyDigital: boolean
  requiresShipping: boolean
  /** The subtotal in the store currency (derived). */
  subtotal: CartMoney
}

export interface ShippingLocation {
  country: string
  region: string
  postalCode: string
}

export interface ShippingOptionView {
  id: string
  name: string
  kind: 'flat' | 'weight' | 'subtotal' | 'pickup'
  /** Its price for this cart (0 when free over an amount). */
  cents: number
}

export interface TaxLineView {
  name: string
  rateBasisPoints: number
  cents: number
}

export interface CouponView {
  code: string
  /** What it took off the products; a free-shipping code: the shipping it waived. */
  discountCents: number
  freeShipping: boolean
}

export interface InvalidCouponView {
  code: string
  /** The sentence the shopper reads ('The code SPRING has expired.'). */
  reason: string
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
