/**
 * Every amount of a cart or an order (issue 25; the rules are written down in
 * docs/cart-and-checkout.md, "Amounts"): one pure function over the store's settings, the lines
 * and what the shopper chose, used by the cart, the checkout page and the order row, so the
 * three can never disagree. Integer minor units throughout; the one rounding step is
 * `roundHalfUp`, applied once to each percentage discount, each tax rule's amount and each
 * discount share a tax rule's base gives back.
 */
import {
  type CouponView,
  fillText,
  type InvalidCouponView,
  PRICING_TEXT,
  ProductType,
  type ShippingLocation,
  type ShippingOptionView,
  type TaxLineView,
} from '../../shared/index'
import type { Coupon, ShippingZone, StoreSettings, TaxRule } from '../catalogue/records'
import type { AmountTotals } from '../db/orders'

/** A line as pricing reads it. */
export interface PricedLine {
  itemId: string
  collectionId: string
  productType: number
  quantity: number
  unitCents: number
  /** Grams of one unit (0 when the product gives none). */
  weightGrams: number
}

/** What the shopper chose: where it ships, the option, the codes entered. */
export interface PricingChoice {
  location: ShippingLocation | null
  optionId: string | null
  codes: readonly string[]
}

export interface Pricing extends AmountTotals {
  requiresShipping: boolean
  options: ShippingOptionView[]
  selected: ShippingOptionView | null
  taxLines: TaxLineView[]
  valid: CouponView[]
  invalid: InvalidCouponView[]
  /** Why this cart cannot be paid as it is: nobody ships there, or no option is chosen. */
  shippingProblem: string | null
}

/** At most this many codes in one cart. */
export const MAX_COUPONS = 5

/**
 * n / d rounded to the nearest integer, halves away from zero (n ≥ 0, d > 0), exact for any
 * size: BigInt, since amount × rate can pass 2^53.
 */
export function roundHalfUp(n: number, d: number): number {
  const big = (BigInt(n) * 2n + BigInt(d)) / (BigInt(d) * 2n)
  return Number(big)
}

/** A code as compared: trimmed, upper case. */
export function normalCode(raw: string): string {
  return raw.trim().toUpperCase()
}

const ships = (line: PricedLine) => line.productType === ProductType.PHYSICAL

/** The zone of a location: one naming its region beats one for the whole country. */
function zoneOf(zones: readonly ShippingZone[], location: ShippingLocation): ShippingZone | null {
  const region = location.region.trim().toLowerCase()
  let countryWide: ShippingZone | null = null
  for (const zone of zones) {
    if (!zone.countries.includes(location.country)) continue
    if (zone.regions.length === 0) countryWide ??= zone
    else if (zone.regions.some((r) => r.toLowerCase() === region)) return zone
  }
  return countryWide
}

/** The options of a zone that apply to this cart, with their prices. */
function optionsOf(zone: ShippingZone, grams: number, goodsCents: number): ShippingOptionView[] {
  const options: ShippingOptionView[] = []
  for (const rate of zone.rates) {
    let cents: number | undefined = rate.cents
    if (rate.kind === 'weight' || rate.kind === 'subtotal') {
      const measure = rate.kind === 'weight' ? grams : goodsCents
      cents = rate.brackets.find((bracket) => measure <= bracket.upTo)?.cents
    }
    if (cents === undefined) continue
    if (rate.freeOverCents !== undefined && goodsCents >= rate.freeOverCents) cents = 0
    options.push({ id: rate.id, name: rate.name, kind: rate.kind, cents })
  }
  return options
}

function couponFailure(coupon: Coupon | undefined, code: string, now: number): string | null {
  if (coupon === undefined) return PRICING_TEXT.couponUnknown
  if (coupon.startsAt !== undefined && now < Date.parse(coupon.startsAt)) return PRICING_TEXT.couponNotStarted
  if (coupon.endsAt !== undefined && now > Date.parse(coupon.endsAt)) return PRICING_TEXT.couponExpired
  return code === '' ? PRICING_TEXT.couponUnknown : null
}

/** Gift cards are money: never discounted, never taxed. */
const discountable = (line: PricedLine) => line.productType !== ProductType.GIFT_CARD

function eligibleCents(coupon: Coupon, lines: readonly PricedLine[]): number {
  const all = coupon.productIds.length === 0 && coupon.collectionIds.length === 0
  return lines
    .filter(
      (line) =>
        discountable(line) &&
        (all || coupon.productIds.includes(line.itemId) || coupon.collectionIds.includes(line.collectionId)),
    )
    .reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
}

function taxable(rule: TaxRule, line: PricedLine): boolean {
  if (line.productType === ProductType.GIFT_CARD) return false
  return line.productType !== ProductType.DIGITAL || rule.digitalGoods === 'taxed'
}

function ruleApplies(rule: TaxRule, location: ShippingLocation): boolean {
  return (
    rule.country === location.country &&
    (rule.region === undefined || rule.region.toLowerCase() === location.region.trim().toLowerCase())
  )
}

/**
 * Prices a cart or an order; see the module comment and docs/cart-and-checkout.md. `usedUp`
 * holds the codes whose usage limit is reached (the stock object's count); `money` writes an
 * amount for the messages.
 */
export function priceCart(
  settings: StoreSettings | undefined,
  lines: readonly PricedLine[],
  choice: PricingChoice,
  context: { now: number; usedUp?: ReadonlySet<string>; money: (cents: number) => string; place?: string },
): Pricing {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
  const requiresShipping = lines.some(ships)

  // Coupons, in the order entered; together they never take off more than the subtotal.
  const valid: CouponView[] = []
  const invalid: InvalidCouponView[] = []
  let discountCents = 0
  let freeShipping = false
  for (const code of choice.codes) {
    const coupon = settings?.coupons?.find((c) => c.code === code)
    let reason = couponFailure(coupon, code, context.now)
    if (reason === null && coupon !== undefined) {
      const eligible = eligibleCents(coupon, lines)
      if (context.usedUp?.has(code)) reason = PRICING_TEXT.couponUsedUp
      else if (coupon.minSubtotalCents !== undefined && subtotalCents < coupon.minSubtotalCents)
        reason = PRICING_TEXT.couponMinimum
      else if (coupon.kind === 'freeShipping' && !requiresShipping) reason = PRICING_TEXT.couponNothingToShip
      else if (coupon.kind !== 'freeShipping' && eligible === 0) reason = PRICING_TEXT.couponNoProducts
      if (reason === null) {
        const wanted =
          coupon.kind === 'percent'
            ? roundHalfUp(eligible * (coupon.percentOff ?? 0), 100)
            : coupon.kind === 'fixed'
              ? Math.min(coupon.amountCents ?? 0, eligible)
              : 0
        const off = Math.min(wanted, subtotalCents - discountCents)
        discountCents += off
        freeShipping ||= coupon.kind === 'freeShipping'
        valid.push({ code, discountCents: off, freeShipping: coupon.kind === 'freeShipping' })
        continue
      }
    }
    invalid.push({
      code,
      reason: fillText(reason ?? PRICING_TEXT.couponUnknown, {
        code,
        amount: context.money(coupon?.minSubtotalCents ?? 0),
      }),
    })
  }
  const goodsCents = subtotalCents - discountCents

  // Shipping: the options of the location's zone; none needed when nothing ships.
  let options: ShippingOptionView[] = []
  let selected: ShippingOptionView | null = null
  let shippingProblem: string | null = null
  const { location } = choice
  if (requiresShipping) {
    const zone = location === null ? null : zoneOf(settings?.shipping?.zones ?? [], location)
    const grams = lines.filter(ships).reduce((sum, line) => sum + line.weightGrams * line.quantity, 0)
    options = zone === null ? [] : optionsOf(zone, grams, goodsCents)
    if (location === null) shippingProblem = PRICING_TEXT.shippingNeedsLocation
    else if (options.length === 0)
      shippingProblem = fillText(PRICING_TEXT.shippingUnavailable, {
        place: context.place ?? location.country,
      })
    else if (choice.optionId === null) selected = options[0] ?? null
    else {
      selected = options.find((option) => option.id === choice.optionId) ?? null
      if (selected === null) shippingProblem = PRICING_TEXT.shippingOptionGone
    }
  }
  let shippingCents = selected?.cents ?? 0
  if (freeShipping) {
    const waived = valid.find((coupon) => coupon.freeShipping)
    if (waived) waived.discountCents = shippingCents
    shippingCents = 0
  }

  // Tax: every rule of the location (or of the home country before one is given).
  const tax = settings?.tax
  const taxIncluded = tax?.pricesIncludeTax ?? false
  const taxPlace: ShippingLocation | null =
    location ?? (tax?.homeCountry ? { country: tax.homeCountry, region: '', postalCode: '' } : null)
  const rules = taxPlace === null ? [] : (tax?.rules ?? []).filter((rule) => ruleApplies(rule, taxPlace))
  const includedRate = rules.reduce((sum, rule) => sum + rule.rateBasisPoints, 0)
  const taxLines: TaxLineView[] = rules.map((rule) => {
    const goods = lines
      .filter((line) => taxable(rule, line))
      .reduce((s, l) => s + l.unitCents * l.quantity, 0)
    // The discount lowers each base by the share of it that fell on the goods this rule taxes.
    const share = subtotalCents === 0 ? 0 : roundHalfUp(discountCents * goods, subtotalCents)
    const base = goods - share + (rule.shippingTaxed ? shippingCents : 0)
    const cents = taxIncluded
      ? roundHalfUp(base * rule.rateBasisPoints, 10_000 + includedRate)
      : roundHalfUp(base * rule.rateBasisPoints, 10_000)
    return { name: rule.name, rateBasisPoints: rule.rateBasisPoints, cents }
  })
  const taxCents = taxLines.reduce((sum, line) => sum + line.cents, 0)
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    taxIncluded,
    grandTotalCents: subtotalCents - discountCents + shippingCents + (taxIncluded ? 0 : taxCents),
    requiresShipping,
    options,
    selected,
    taxLines,
    valid,
    invalid,
    shippingProblem,
  }
}

/** The limited coupons of a priced cart, as the stock object's reservation lines. */
export function couponLimitsOf(
  settings: StoreSettings | undefined,
  valid: readonly CouponView[],
): { code: string; limit: number }[] {
  return valid.flatMap((view) => {
    const limit = settings?.coupons?.find((c) => c.code === view.code)?.usageLimit
    return limit === undefined ? [] : [{ code: view.code, limit }]
  })
}
