import { describe, expect, it } from 'vitest'
import { ProductType } from '../../shared/enumerations'
import { CART_TEXT, COMMERCE_TEXT } from '../../shared/index'
import {
  cartQuantityText,
  findVariant,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isQuantityInputShown,
  isSoldOut,
  isVariantInStock,
  saleText,
  soldOutText,
  subscriptionPriceText,
  totalStockRemaining,
} from '../../shared/products'
import { createEngine } from '../../templates/index'
import { commercePricePlugin } from '../../templates/plugins/commerce/price'
import { moneyPlugin } from '../../templates/plugins/money/formatters'

const engine = createEngine({ plugins: [commercePricePlugin, moneyPlugin] })
const out = (template: string, data: unknown) => engine.render(template, data).output

const usd = (value: string) => ({ value, currency: 'USD' })
const product = (productType: number, variants: unknown[], extra: Record<string, unknown> = {}) => ({
  structuredContent: { productType, variants, ...extra },
})
const variant = (price: string, extra: Record<string, unknown> = {}) => ({
  price: Number(price) * 100,
  priceMoney: usd(price),
  ...extra,
})

describe('sold-out and stock rules', () => {
  it('a physical product is sold out when every variant is limited and at zero', () => {
    expect(isSoldOut(product(ProductType.PHYSICAL, [{ qtyInStock: 0 }, { qtyInStock: 0 }]))).toBe(true)
    expect(isSoldOut(product(ProductType.PHYSICAL, [{ qtyInStock: 0 }, { qtyInStock: 2 }]))).toBe(false)
    expect(isSoldOut(product(ProductType.SERVICE, [{ qtyInStock: 0, unlimited: true }]))).toBe(false)
    expect(isSoldOut(product(ProductType.SERVICE, [{ qtyInStock: 0 }]))).toBe(true)
  })

  it('digital and gift-card products are never sold out', () => {
    expect(isSoldOut(product(ProductType.DIGITAL, [{ qtyInStock: 0 }]))).toBe(false)
    expect(isSoldOut(product(ProductType.GIFT_CARD, [{ qtyInStock: 0 }]))).toBe(false)
  })

  it('a variant is in stock if unlimited or above zero', () => {
    expect(isVariantInStock({ unlimited: true })).toBe(true)
    expect(isVariantInStock({ qtyInStock: 1 })).toBe(true)
    expect(isVariantInStock({ qtyInStock: 0 })).toBe(false)
  })

  it('total stock is unlimited for digital products and unlimited variants, else the sum', () => {
    expect(totalStockRemaining(product(ProductType.DIGITAL, []))).toBe(Number.MAX_SAFE_INTEGER)
    expect(totalStockRemaining(product(ProductType.PHYSICAL, [{ qtyInStock: 2 }, { unlimited: true }]))).toBe(
      Number.MAX_SAFE_INTEGER,
    )
    expect(totalStockRemaining(product(ProductType.PHYSICAL, [{ qtyInStock: 2 }, { qtyInStock: 3 }]))).toBe(5)
  })

  it('the quantity input shows only for multi-unit stock of physical or allowed service products', () => {
    const physical = product(ProductType.PHYSICAL, [{ qtyInStock: 2 }])
    expect(isQuantityInputShown(physical, {})).toBe(true)
    expect(isQuantityInputShown(product(ProductType.PHYSICAL, [{ qtyInStock: 1 }]), {})).toBe(false)
    const service = product(ProductType.SERVICE, [{ unlimited: true }])
    expect(isQuantityInputShown(service, {})).toBe(true)
    expect(
      isQuantityInputShown(service, { storeSettings: { multipleQuantityAllowedForServices: false } }),
    ).toBe(false)
    const subscribable = product(ProductType.PHYSICAL, [{ qtyInStock: 5 }], { isSubscribable: true })
    expect(isQuantityInputShown(subscribable, {})).toBe(false)
  })
})

describe('sale and price rules', () => {
  it('a product is on sale when any variant is, and a digital one by its own flag', () => {
    expect(isOnSale(product(ProductType.PHYSICAL, [{}, { onSale: true }]))).toBe(true)
    expect(isOnSale(product(ProductType.PHYSICAL, [{}, {}]))).toBe(false)
    expect(isOnSale(product(ProductType.DIGITAL, [], { onSale: true }))).toBe(true)
    expect(isOnSale(product(ProductType.GIFT_CARD, [{ onSale: true }]))).toBe(false)
  })

  it('variant choices exist only with more than one variant, never for digital products', () => {
    expect(hasVariants(product(ProductType.PHYSICAL, [{}, {}]))).toBe(true)
    expect(hasVariants(product(ProductType.PHYSICAL, [{}]))).toBe(false)
    expect(hasVariants(product(ProductType.DIGITAL, [{}, {}]))).toBe(false)
  })

  it('prices vary when a variant differs in price or sale', () => {
    expect(hasVariedPrices(product(ProductType.PHYSICAL, [variant('1'), variant('2')]))).toBe(true)
    expect(hasVariedPrices(product(ProductType.PHYSICAL, [variant('1'), variant('1')]))).toBe(false)
    expect(
      hasVariedPrices(product(ProductType.PHYSICAL, [variant('1'), variant('1', { onSale: true })])),
    ).toBe(true)
  })

  it('finds the variant whose attributes match the chosen options', () => {
    const item = product(ProductType.PHYSICAL, [
      { id: 'a', attributes: { Size: 'S', Color: 'Red' } },
      { id: 'b', attributes: { Size: 'M', Color: 'Red' } },
    ])
    expect(findVariant(item, { Size: 'M', Color: 'Red' })).toMatchObject({ id: 'b' })
    expect(findVariant(item, { Size: 'L', Color: 'Red' })).toBeUndefined()
  })
})

describe('sold-out, sale and cart texts', () => {
  it("the sold-out text is the custom text, else the localized one, else 'Sold Out'", () => {
    expect(soldOutText('Gone!', 'Ausverkauft')).toBe('Gone!')
    expect(soldOutText('', 'Ausverkauft')).toBe('Ausverkauft')
    expect(soldOutText(undefined, undefined)).toBe('Sold Out')
    expect(soldOutText(null, null, COMMERCE_TEXT.productSoldOutMarkText)).toBe('sold out')
  })

  it("the sale text is the localized text, else 'sale'", () => {
    expect(saleText('Angebot')).toBe('Angebot')
    expect(saleText(undefined)).toBe('sale')
  })

  it("the cart count reads '100+' above 100 items", () => {
    expect(cartQuantityText(100)).toBe('100')
    expect(cartQuantityText(101)).toBe('100+')
    expect(CART_TEXT.cartOverCapLabel).toBe('More than 100 items in cart')
  })
})

describe('subscription price wording', () => {
  const plan = (value: number, unit: string, numBillingCycles: number) =>
    product(ProductType.PHYSICAL, [variant('10')], {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value, unit }, numBillingCycles },
    })

  it('reads every week when indefinite', () => {
    expect(subscriptionPriceText(plan(1, 'WEEK', 0))).toMatchObject({
      key: 'productPrice__singlePrice__1Weekly__indefinite',
      template: '{price} every week',
    })
  })

  it('gives a duration of whole years in years (52 weeks, 12 months)', () => {
    expect(subscriptionPriceText(plan(1, 'WEEK', 52))).toMatchObject({
      template: '{price} every week for {duration} year',
      duration: 1,
    })
    expect(subscriptionPriceText(plan(2, 'MONTH', 12))).toMatchObject({
      key: 'productPrice__singlePrice__nMonthly__limited__nYears',
      template: '{price} every {billingPeriodValue} months for {duration} years',
      duration: 2,
    })
  })

  it('keeps the billing unit when the duration is not whole years', () => {
    expect(subscriptionPriceText(plan(1, 'MONTH', 5))?.template).toBe(
      '{price} every month for {duration} months',
    )
  })

  it('has no wording without a billing period', () => {
    expect(subscriptionPriceText(product(ProductType.PHYSICAL, [], { isSubscribable: true }))).toBeNull()
  })

  it("product-price shows the subscription wording, or 'Unavailable' without a plan", () => {
    expect(out('{@|product-price}', plan(2, 'MONTH', 6))).toContain(
      '<span class="sqs-money-native">10.00</span> every 2 months for 1 year',
    )
    const noPlan = product(ProductType.PHYSICAL, [variant('10')], { isSubscribable: true })
    expect(out('{@|product-price}', noPlan)).toBe('\n\n\n<div class="product-price">\nUnavailable\n\n</div>')
  })
})

describe('price formatters', () => {
  it('product-price shows the from price when variant prices vary', () => {
    const item = product(ProductType.PHYSICAL, [variant('10'), variant('20')])
    expect(out('{@|product-price}', item).trim()).toBe(
      '<div class="product-price">\nfrom <span class="sqs-money-native">10.00</span>\n\n</div>',
    )
  })

  it('product-price shows a sale price with the original struck beside it', () => {
    const item = product(ProductType.PHYSICAL, [variant('20', { onSale: true, salePriceMoney: usd('15') })])
    const html = out('{@|product-price}', item)
    expect(html).toContain('<span class="visually-hidden v6-visually-hidden">Sale Price:</span>')
    expect(html).toContain('<span class="visually-hidden v6-visually-hidden">Original Price:</span>')
    expect(html).toContain('<span class="original-price"><span class="sqs-money-native">20.00</span></span>')
  })

  it('product-price uses CLDR money when the website flag is on', () => {
    const item = {
      ...product(ProductType.DIGITAL, [], { priceMoney: usd('2500') }),
      website: { useCLDRMoneyFormat: true },
    }
    expect(out('{@|product-price}', item)).toContain('$2,500.00')
  })

  it('from-price, normal-price and sale-price print cents', () => {
    const item = product(ProductType.PHYSICAL, [
      variant('1.00'),
      variant('2.50', { onSale: true, salePriceMoney: usd('.75') }),
    ])
    expect(out('{@|from-price}', item)).toBe('75')
    expect(out('{@|normal-price}', item)).toBe('250')
    expect(out('{@|sale-price}', item)).toBe('75')
  })

  it("cart formatters: the count ('100+' above 100), '/cart', and the retired subtotal", () => {
    expect(out('{@|cart-quantity}', { entries: [{ quantity: 2 }, { quantity: 3 }] })).toBe(
      '<span class="sqs-cart-quantity">5</span>',
    )
    expect(out('{@|cart-quantity}', { entries: [{ quantity: 60 }, { quantity: 40 }] })).toBe(
      '<span class="sqs-cart-quantity">100</span>',
    )
    expect(out('{@|cart-quantity}', { entries: [{ quantity: 101 }] })).toBe(
      '<span class="sqs-cart-quantity" title="More than 100 items in cart">100+</span>',
    )
    expect(out('{@|cart-url}', {})).toBe('/cart')
    expect(out('{@|cart-subtotal}', {})).toBe('deprecated, do not use')
  })

  it('the product predicates follow the rules', () => {
    const t = '{.sold-out?}S{.end}{.on-sale?}O{.end}{.has-variants?}H{.end}{.varied-prices?}V{.end}'
    expect(
      out(t, product(ProductType.PHYSICAL, [variant('1', { onSale: true, qtyInStock: 0 }), variant('2')])),
    ).toBe('SOHV')
    expect(out(t, product(ProductType.DIGITAL, []))).toBe('')
  })
})
