/**
 * An order's receipt as the shopper reads it after checkout (issue 25): the rows of the order
 * page (worker/render/commerce-views.tsx), the account's order detail and the confirmation email
 * (order-email.ts) all come from `receiptOf`, so the three show the same figures in the same
 * words. Every figure is the order row's (`amountsOf`), computed by the server at checkout;
 * nothing is added up again here. Money is in the store's format (`centsText` with the site's
 * CLDR setting and language), words from the tenant's localized catalogue.
 */
import { type CART_TEXT, centsText, fillText, localizedText, ORDERS_TEXT } from '../../shared/index'
import type { Site } from '../catalogue/records'
import {
  amountsOf,
  type OrderAmounts,
  type OrderRow,
  type OrderStatus,
  type ShippingAddress,
} from '../db/orders'
import { moneyDisplayOf } from './cart-view'

export interface ReceiptRow {
  /** `subtotal`, `discount`, `shipping`, `tax` (added), `tax-included` (shown, not added), `total`. */
  kind: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'tax-included' | 'total'
  label: string
  amount: string
  /** A line under the row ('Free shipping with code SHIPFREE'). */
  note?: string
}

export interface ReceiptLine {
  title: string
  options: string
  quantity: number
  amount: string
}

export interface Receipt {
  /** The store's language (`lang` of the email's HTML). */
  language: string
  text: typeof ORDERS_TEXT
  cart: typeof CART_TEXT
  lines: ReceiptLine[]
  rows: ReceiptRow[]
  /** The shipping address's lines, when the order ships (a shipping option was chosen). */
  shipTo: string[] | null
  /** The order's date in the store's language and time zone. */
  date: string
  status: string
}

/** A tax rate as the store writes it ('7.25%'). */
function percentText(rateBasisPoints: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 3 }).format(
    rateBasisPoints / 10_000,
  )
}

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

function addressLines(address: ShippingAddress, language: string): string[] {
  const place = [address.city, address.region, address.postalCode].filter((part) => part !== '').join(', ')
  return [
    address.name,
    address.address1,
    address.address2,
    place,
    countryName(address.country, language),
  ].filter((line) => line.trim() !== '')
}

/** The history's and the detail's word for an order's state. */
export function statusText(status: OrderStatus, text: typeof ORDERS_TEXT = ORDERS_TEXT): string {
  if (status === 'paid') return text.orderStatusPaid
  if (status === 'failed') return text.orderStatusFailed
  if (status === 'refunded') return text.orderStatusRefunded
  return text.orderStatusPending
}

/** The order's date as the store writes it ('Nov 27, 2026'; '2026/11/27' in Japanese). */
export function orderDateText(at: number, site: Site): string {
  return new Intl.DateTimeFormat(site.website.language, {
    dateStyle: 'medium',
    timeZone: site.website.timeZone || 'UTC',
  }).format(at)
}

/** The words of the rows between subtotal and total (the receipt's, or the editor's). */
export interface AmountRowLabels {
  discountCode: string
  discount: string
  shippingOption: string
  shipping: string
  freeShippingCode: string
  taxLine: string
  taxIncludedLine: string
  tax: string
  taxIncluded: string
}

/** A row between subtotal and total, in minor units (a discount: what it took off). */
export interface AmountRow {
  kind: 'discount' | 'shipping' | 'tax' | 'tax-included'
  label: string
  cents: number
  /** Under the row: the code that made shipping free. */
  note?: string
}

function receiptLabels(text: typeof ORDERS_TEXT): AmountRowLabels {
  return {
    discountCode: text.orderDiscountCode,
    discount: text.orderDiscount,
    shippingOption: text.orderShippingOption,
    shipping: text.orderShipping,
    freeShippingCode: text.orderFreeShippingCode,
    taxLine: text.orderTaxLine,
    taxIncludedLine: text.orderTaxIncludedLine,
    tax: text.orderTax,
    taxIncluded: text.orderTaxIncluded,
  }
}

/**
 * The rows between an order's subtotal and its total, from the amounts stored at checkout (never
 * added up again): each code's discount (a free-shipping code is named under the shipping row
 * instead; what no code accounts for in one 'Discount' row), the shipping option, each tax line
 * (added, or included and not added). The shopper's receipt and the editor's order detail.
 */
export function amountRows(amounts: OrderAmounts, labels: AmountRowLabels, language: string): AmountRow[] {
  const rows: AmountRow[] = []
  const discounts = amounts.coupons.filter((coupon) => !coupon.freeShipping && coupon.discountCents > 0)
  for (const coupon of discounts)
    rows.push({
      kind: 'discount',
      label: fillText(labels.discountCode, { code: coupon.code }),
      cents: coupon.discountCents,
    })
  const listed = discounts.reduce((sum, coupon) => sum + coupon.discountCents, 0)
  if (amounts.discountCents !== listed)
    rows.push({ kind: 'discount', label: labels.discount, cents: amounts.discountCents - listed })
  if (amounts.shippingOption !== null || amounts.shippingCents > 0) {
    const waivedBy = amounts.coupons.find((coupon) => coupon.freeShipping)
    rows.push({
      kind: 'shipping',
      label: amounts.shippingOption
        ? fillText(labels.shippingOption, { option: amounts.shippingOption.name })
        : labels.shipping,
      cents: amounts.shippingCents,
      ...(waivedBy ? { note: fillText(labels.freeShippingCode, { code: waivedBy.code }) } : {}),
    })
  }
  const kind = amounts.taxIncluded ? 'tax-included' : 'tax'
  const lineLabel = amounts.taxIncluded ? labels.taxIncludedLine : labels.taxLine
  for (const line of amounts.taxLines)
    rows.push({
      kind,
      label: fillText(lineLabel, { name: line.name, rate: percentText(line.rateBasisPoints, language) }),
      cents: line.cents,
    })
  if (amounts.taxLines.length === 0 && amounts.taxCents > 0)
    rows.push({ kind, label: amounts.taxIncluded ? labels.taxIncluded : labels.tax, cents: amounts.taxCents })
  return rows
}

export function receiptOf(order: OrderRow, site: Site): Receipt {
  const language = site.website.language || 'en-US'
  const localized = localizedText(site.localizedStrings)
  const text = localized.orders
  const display = moneyDisplayOf(site)
  const money = (cents: number) => centsText(cents, order.currency, display)
  const amounts = amountsOf(order)
  // Each amount row with its figure as the cart writes it: a discount with a minus sign (U+2212)
  // before the amount, shipping at 0 as 'Free'.
  const figure = (row: AmountRow) =>
    row.kind === 'discount'
      ? `\u2212${money(row.cents)}`
      : row.kind === 'shipping' && row.cents === 0
        ? text.orderFree
        : money(row.cents)
  const rows: ReceiptRow[] = [
    { kind: 'subtotal', label: text.orderSubtotal, amount: money(amounts.subtotalCents) },
    ...amountRows(amounts, receiptLabels(text), language).map((row) => ({
      kind: row.kind,
      label: row.label,
      amount: figure(row),
      ...(row.note === undefined ? {} : { note: row.note }),
    })),
  ]
  rows.push({ kind: 'total', label: text.orderTotal, amount: money(amounts.grandTotalCents) })
  return {
    language,
    text,
    cart: localized.cart,
    lines: order.lines.map((line) => ({
      title: line.title,
      options: Object.values(line.attributes).join(' / '),
      quantity: line.quantity,
      amount: money(line.unitCents * line.quantity),
    })),
    rows,
    shipTo: amounts.shippingOption === null ? null : addressLines(order.shipping, language),
    date: orderDateText(order.createdAt, site),
    status: statusText(order.status, text),
  }
}
