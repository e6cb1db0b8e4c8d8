import { describe, expect, it } from 'vitest'
import { messages } from '../../templates/index'
import { renderOurs, renderReference } from './differential'
import { engine } from './helpers'

/**
 * The disagreements issue #10 lists, each now printing what the reference prints. Every case
 * states the expected output and checks that the reference engine prints it too.
 */
function agree(
  template: string,
  data: Record<string, unknown>,
  expected: string,
  locale: string | null = null,
) {
  expect(renderOurs({ template, data, locale })).toBe(expected)
  expect(renderReference({ template, data, locale })).toBe(expected)
}

const product = (...values: string[]) => ({
  structuredContent: {
    productType: 1,
    variants: values.map((value) => ({ priceMoney: { value, currency: 'USD' } })),
  },
})

describe('agreement with the reference engine on odd data', () => {
  it('keeps the error on a variable whose value has a toString key, and renders the rest of the page', () => {
    agree('A{a}B{b}', { a: [{ toString: 1 }], b: 'x' }, 'ABx')
    agree('A{a}B', { a: [1, { valueOf: 1 }, { toString: 'x' }, 2] }, 'A1,[object Object],B')
    const r = engine.render('A{a}B{b}', { a: [{ toString: 1 }], b: 'x' })
    expect(r.output).toBe('ABx')
    expect(r.errors.map((e) => e.code)).toEqual(['VALUE_NOT_PRINTABLE'])
    expect(r.errors[0]?.message).toBe(
      messages.VALUE_NOT_PRINTABLE('TypeError: Cannot convert object to primitive value'),
    )
  })

  it('ignores a double or trailing space between formatter arguments', () => {
    const t = 1_700_000_000_000
    agree(
      '{t|datetime  date:long}|{t|datetime }|{t|datetime date:long}',
      { t },
      'November 14, 2023|November 14, 2023|November 14, 2023',
    )
    agree('{t|datetime  full}', { t }, 'Tuesday, November 14, 2023 at 5:13:20\u202fPM Eastern Standard Time')
  })

  it('prints a zero price for product-price on data that is not a product', () => {
    const zero = '\n\n\n<div class="product-price">\n<span class="sqs-money-native">0.00</span>\n</div>'
    agree('{@|product-price}', {}, zero)
    agree('{a|product-price}', { a: 1 }, zero)
    // Only the explicit 'undefined' product type (-1) has no price at all.
    agree(
      '{@|product-price}',
      { structuredContent: { productType: -1 } },
      '\n\n\n<div class="product-price">\n\n</div>',
    )
  })

  it('formats numbers of 1e21 and above in decimal and money', () => {
    agree(
      '{a|decimal}|{b|decimal}',
      { a: 1e21, b: 1.5e22 },
      '1,000,000,000,000,000,000,000|15,000,000,000,000,000,000,000',
    )
    agree(
      '{m|money}|{s|money}',
      { m: { value: 1e21, currency: 'USD' }, s: { value: '1e21', currency: 'EUR' } },
      '$1,000,000,000,000,000,000,000.00|€1,000,000,000,000,000,000,000.00',
    )
    agree('{a|decimal}', { a: '2.5e-3' }, '0.002')
  })

  it('prints null inside a printed array', () => {
    agree('{a}', { a: [null, 1, 'x'] }, 'null,1,x')
    agree('{a}', { a: [[null, 1], true] }, ',1,true')
  })

  it('reads money values as decimals in from-price: ".75", exponents, and a zero variant', () => {
    agree('{@|from-price}', product('1.00', '.75'), '75')
    agree('{@|from-price}', product('1', '1e-1'), '10')
    agree('{@|from-price}', product('1.00', '0'), '0')
    agree('{@|from-price}', product('1', ' 0.5'), '0')
  })

  it('reads a non-boolean scarcityEnabled the JSON way in product-scarcity', () => {
    const data = (scarcityEnabled: unknown) => ({
      item: { id: 'p1' },
      productMerchandisingContext: {
        p1: {
          scarcityEnabled,
          scarcityText: 'Only {qtyInStock} left',
          scarcityTemplateViews: [{ qtyInStock: 2 }],
        },
      },
    })
    const shown = '\n  <div class="product-scarcity">\n    Only 2 left\n  </div>\n'
    for (const on of [true, 'true', 1]) agree('{item|product-scarcity}', data(on), shown)
    for (const off of ['false', 'yes', 0, 1.5, []]) agree('{item|product-scarcity}', data(off), '')
  })

  it('finds an array length with {.if length} inside a repeated section', () => {
    agree('{.repeated section a}{.if length}Y{.or}N{.end}{.end}', { a: [1, 2] }, 'YY')
    agree(
      '{.repeated section a}{.section @}{.if length}Y{.or}N{.end}{.end}{.end}',
      { a: [[1, 2], [], 'ab', { length: 0 }] },
      'YYN',
    )
    agree('{.repeated section a}{length}{.end}|{a.length}', { a: ['x', 'y'] }, '22|')
  })

  it('prints a negative amount that rounds to zero without a minus sign', () => {
    agree('{a|decimal}|{m|money}', { a: -0.0001, m: { value: '-0.001', currency: 'USD' } }, '0|$0.00')
  })

  it('names UTC as the reference does', () => {
    agree(
      '{t|datetime long}',
      { t: 1_735_000_000_000, website: { timeZone: 'UTC' } },
      'December 24, 2024 at 12:26:40\u202fAM GMT',
    )
  })

  it('parses messages with unbalanced braces and apostrophes as the reference does', () => {
    agree('{m|message n}', { m: 'a {0 and {', n: 1 }, 'a {0 and {')
    agree('{m|message n}', { m: "It''s '{0}' {0}", n: 3 }, "It's {0} 3")
    agree('{m|message n}', { m: '{0 select a{# is A} other{# other}}', n: 'a' }, 'a is A')
    agree('{m|message}', { m: 'You have {0 plural one{# item} other{# items}}.' }, 'You have NaN items.')
  })
})
