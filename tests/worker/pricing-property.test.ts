// The amounts of any cart (issue 25), checked over many random carts and store settings with
// fast-check: grandTotalCents = subtotal − discount + shipping + tax added (included tax is
// reported, never added), every amount a whole number of minor units, the discount never above
// the subtotal, and the one rounding rule (half up, once per amount) of docs/cart-and-checkout.md.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ProductType } from '../../shared/index'
import type { StoreSettings } from '../../worker/catalogue/records'
import { type PricedLine, priceCart, roundHalfUp } from '../../worker/commerce/pricing'

const cents = fc.integer({ min: 0, max: 5_000_000 })
const line: fc.Arbitrary<PricedLine> = fc.record({
  itemId: fc.constantFrom('item-a', 'item-b', 'item-c'),
  collectionId: fc.constantFrom('col-1', 'col-2'),
  productType: fc.constantFrom(
    ProductType.PHYSICAL,
    ProductType.DIGITAL,
    ProductType.SERVICE,
    ProductType.GIFT_CARD,
  ),
  quantity: fc.integer({ min: 1, max: 9999 }),
  unitCents: cents,
  weightGrams: fc.integer({ min: 0, max: 20_000 }),
})

const rate = fc.record({
  id: fc.constantFrom('standard', 'express', 'pickup', 'heavy'),
  name: fc.constant('Rate'),
  kind: fc.constantFrom('flat', 'weight', 'subtotal', 'pickup') as fc.Arbitrary<
    'flat' | 'weight' | 'subtotal' | 'pickup'
  >,
  cents,
  brackets: fc.array(fc.record({ upTo: fc.integer({ min: 1, max: 50_000_000 }), cents }), { maxLength: 4 }),
  freeOverCents: fc.option(cents, { nil: undefined }),
})

const settings: fc.Arbitrary<StoreSettings> = fc.record({
  selectedCurrency: fc.constant('USD'),
  multipleQuantityAllowedForServices: fc.constant(true),
  expressCheckout: fc.constant(false),
  variantPickerStyle: fc.constant('pills' as const),
  shipping: fc.record({
    zones: fc.array(
      fc.record({
        id: fc.constantFrom('z1', 'z2'),
        name: fc.constant('Zone'),
        countries: fc.constant(['US']),
        regions: fc.constantFrom([], ['CA'], ['NY', 'CA']),
        rates: fc.array(rate, { minLength: 1, maxLength: 3 }),
      }),
      { maxLength: 2 },
    ),
  }),
  tax: fc.record({
    pricesIncludeTax: fc.boolean(),
    rules: fc.array(
      fc.record({
        id: fc.constantFrom('t1', 't2', 't3'),
        name: fc.constantFrom('State', 'County', 'City'),
        country: fc.constant('US'),
        region: fc.option(fc.constantFrom('CA', 'NY'), { nil: undefined }),
        rateBasisPoints: fc.integer({ min: 0, max: 3000 }),
        shippingTaxed: fc.boolean(),
        digitalGoods: fc.constantFrom('taxed', 'exempt') as fc.Arbitrary<'taxed' | 'exempt'>,
      }),
      { maxLength: 3 },
    ),
  }),
  coupons: fc.constant([
    { code: 'PCT', kind: 'percent' as const, percentOff: 37, productIds: [], collectionIds: [] },
    {
      code: 'FIXED',
      kind: 'fixed' as const,
      amountCents: 123_456,
      productIds: ['item-b'],
      collectionIds: [],
    },
    {
      code: 'SHIP',
      kind: 'freeShipping' as const,
      minSubtotalCents: 10_000,
      productIds: [],
      collectionIds: [],
    },
    { code: 'COL', kind: 'percent' as const, percentOff: 100, productIds: [], collectionIds: ['col-2'] },
  ]),
})

const choice = fc.record({
  location: fc.option(
    fc.record({
      country: fc.constantFrom('US', 'JP'),
      region: fc.constantFrom('', 'CA', 'NY', 'ca'),
      postalCode: fc.constant(''),
    }),
    { nil: null },
  ),
  optionId: fc.option(fc.constantFrom('standard', 'express', 'pickup', 'heavy'), { nil: null }),
  codes: fc.subarray(['PCT', 'FIXED', 'SHIP', 'COL', 'NOPE']),
})

const money = (value: number) => `$${value}`

describe('Pricing over random carts', () => {
  it('Should keep grandTotalCents = subtotal − discount + shipping + tax added, in whole minor units', () => {
    fc.assert(
      fc.property(settings, fc.array(line, { maxLength: 6 }), choice, (store, lines, picked) => {
        const priced = priceCart(store, lines, picked, { now: Date.UTC(2026, 10, 27), money })
        const amounts = [priced.subtotalCents, priced.discountCents, priced.shippingCents, priced.taxCents]
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true)
          expect(amount).toBeGreaterThanOrEqual(0)
        }
        expect(priced.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0))
        expect(priced.discountCents).toBeLessThanOrEqual(priced.subtotalCents)
        expect(priced.grandTotalCents).toBe(
          priced.subtotalCents -
            priced.discountCents +
            priced.shippingCents +
            (priced.taxIncluded ? 0 : priced.taxCents),
        )
        expect(priced.taxCents).toBe(priced.taxLines.reduce((sum, l) => sum + l.cents, 0))
        expect(priced.discountCents).toBe(
          priced.valid.filter((c) => !c.freeShipping).reduce((sum, c) => sum + c.discountCents, 0),
        )
        // Included tax is a part of what the shopper pays, never more.
        if (priced.taxIncluded) expect(priced.taxCents).toBeLessThanOrEqual(priced.grandTotalCents)
        // Every code entered is either applied or refused with a reason.
        expect(priced.valid.length + priced.invalid.length).toBe(picked.codes.length)
        // Nothing ships: no options, no shipping charged, no problem to solve.
        if (!priced.requiresShipping) {
          expect(priced.shippingCents).toBe(0)
          expect(priced.shippingProblem).toBeNull()
        }
        // A cart that can be paid has an option chosen among those offered.
        if (priced.requiresShipping && priced.shippingProblem === null)
          expect(priced.options).toContainEqual(priced.selected)
        // The same input always prices the same.
        expect(priceCart(store, lines, picked, { now: Date.UTC(2026, 10, 27), money })).toEqual(priced)
      }),
      { numRuns: 1000 },
    )
  })

  it('Should round halves up, once, exactly for amounts past 2^53', () => {
    expect(roundHalfUp(35, 10)).toBe(4)
    expect(roundHalfUp(34, 10)).toBe(3)
    expect(roundHalfUp(3525, 1000)).toBe(4)
    expect(roundHalfUp(352_500, 100_000)).toBe(4)
    expect(roundHalfUp(3000 * 1000, 11_000)).toBe(273)
    expect(roundHalfUp(Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 20_000 }), (n, d) => {
        const rounded = roundHalfUp(n, d)
        // |n/d − rounded| ≤ ½, and exactly ½ only rounding up.
        expect(2 * Math.abs(n - rounded * d)).toBeLessThanOrEqual(d)
        if (2 * (rounded * d - n) === d) expect(rounded * d).toBeGreaterThan(n)
      }),
    )
  })
})
