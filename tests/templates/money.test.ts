import { describe, expect, it } from 'vitest'
import {
  CURRENCIES,
  currencyFractionDigits,
  currencyNumericCode,
  formatCldrMoney,
  formatLegacyMoney,
  formatMoney,
  formatPercentage,
  moneyFromMinorUnits,
  movePoint,
  readMoney,
} from '../../shared/money'
import { createEngine } from '../../templates/index'
import { moneyPlugin } from '../../templates/plugins/money/formatters'

const engine = createEngine({ plugins: [moneyPlugin] })
const render = (template: string, data: unknown, locale: string | null = null) =>
  engine.render(template, data, { locale })
const NBSP = '\u00a0'

describe('the currency table', () => {
  it('holds the store currencies with 2 fraction digits, except JPY with 0', () => {
    expect(Object.keys(CURRENCIES)).toHaveLength(27)
    expect(currencyFractionDigits('USD')).toBe(2)
    expect(currencyFractionDigits('EUR')).toBe(2)
    expect(currencyFractionDigits('JPY')).toBe(0)
  })

  it('gives an unknown currency 2 fraction digits', () => {
    expect(currencyFractionDigits('XYZ')).toBe(2)
  })

  it('knows the ISO numeric codes', () => {
    expect(currencyNumericCode('USD')).toBe(840)
    expect(currencyNumericCode('EUR')).toBe(978)
    expect(currencyNumericCode('JPY')).toBe(392)
    expect(currencyNumericCode('ARS')).toBe(32)
    expect(currencyNumericCode('XYZ')).toBeUndefined()
  })
})

describe('money values', () => {
  it('divides minor units by ten to the power of the fraction digits', () => {
    expect(moneyFromMinorUnits(1999, 'USD')).toEqual({ amount: '19.99', currency: 'USD' })
    expect(moneyFromMinorUnits(1999, 'JPY')).toEqual({ amount: '1999', currency: 'JPY' })
    expect(moneyFromMinorUnits('12345', 'XYZ')).toEqual({ amount: '123.45', currency: 'XYZ' })
    expect(moneyFromMinorUnits(-5, 'EUR')).toEqual({ amount: '-0.05', currency: 'EUR' })
  })

  it('moves the decimal point exactly', () => {
    expect(movePoint('19.99', 2)).toBe('1999')
    expect(movePoint('.5', 2)).toBe('50')
    expect(movePoint('19.999', 2)).toBe('1999.9')
    expect(movePoint('1', -3)).toBe('0.001')
    expect(movePoint('abc', 2)).toBeNull()
  })

  it('reads decimalValue and currencyCode, falling back to value and currency', () => {
    expect(readMoney({ decimalValue: '1.50', currencyCode: 'GBP' })).toEqual({
      amount: '1.50',
      currency: 'GBP',
    })
    expect(readMoney({ value: '3', currency: 'EUR' })).toEqual({ amount: '3', currency: 'EUR' })
    expect(readMoney({ value: 'x', currency: 'EUR' })).toBeNull()
    expect(readMoney(12)).toBeNull()
  })
})

describe('legacy money templates', () => {
  const m = (amount: string, currency: string) => ({ amount, currency })

  it('puts the en-US symbols before the amount', () => {
    expect(formatLegacyMoney(m('1234.5', 'USD'), 'en-US')).toBe('$1,234.50')
    expect(formatLegacyMoney(m('1234.5', 'CAD'), 'en-US')).toBe('CA$1,234.50')
    expect(formatLegacyMoney(m('1234.5', 'AUD'), 'en-US')).toBe('A$1,234.50')
    expect(formatLegacyMoney(m('1234.5', 'HKD'), 'en-US')).toBe('HK$1,234.50')
    expect(formatLegacyMoney(m('1234.5', 'GBP'), 'en-US')).toBe('£1,234.50')
  })

  it('writes CAD natively as the symbol, the amount, then the currency code', () => {
    expect(formatLegacyMoney(m('1234.5', 'CAD'))).toBe('$1,234.50 CAD')
  })

  it("puts 'kr', 'Kč', 'p.' and 'zł' after the amount", () => {
    expect(formatLegacyMoney(m('1234.5', 'SEK'))).toBe('1,234.50 kr')
    expect(formatLegacyMoney(m('1234.5', 'DKK'))).toBe('1,234.50 kr')
    expect(formatLegacyMoney(m('1234.5', 'NOK'))).toBe('1,234.50 kr')
    expect(formatLegacyMoney(m('1234.5', 'CZK'))).toBe('1,234.50 Kč')
    expect(formatLegacyMoney(m('1234.5', 'RUB'))).toBe('1,234.50 p.')
    expect(formatLegacyMoney(m('1234.5', 'PLN'))).toBe('1,234.50 zł')
  })

  it("puts '₪ ' before the amount with a space", () => {
    expect(formatLegacyMoney(m('1234.5', 'ILS'))).toBe('₪ 1,234.50')
  })

  it('writes the other native symbols before the amount', () => {
    expect(formatLegacyMoney(m('10', 'BRL'))).toBe('R$10.00')
    expect(formatLegacyMoney(m('10', 'COP'))).toBe('COL$10.00')
    expect(formatLegacyMoney(m('10', 'SGD'))).toBe('S$10.00')
    expect(formatLegacyMoney(m('10', 'INR'))).toBe('₹10.00')
    expect(formatLegacyMoney(m('10', 'PHP'))).toBe('Php10.00')
    expect(formatLegacyMoney(m('10', 'THB'))).toBe('฿10.00')
    expect(formatLegacyMoney(m('10', 'MYR'))).toBe('RM10.00')
    expect(formatLegacyMoney(m('10', 'ZAR'))).toBe('R10.00')
    expect(formatLegacyMoney(m('10', 'IDR'))).toBe('Rp10.00')
    expect(formatLegacyMoney(m('10', 'CHF'))).toBe('CHF10.00')
  })

  it('shows JPY with no fraction digits, rounding half up', () => {
    expect(formatLegacyMoney(m('1234.5', 'JPY'))).toBe('¥1,235')
  })

  it('rounds to the currency digits and keeps the sign before the symbol', () => {
    expect(formatLegacyMoney(m('-0.005', 'USD'))).toBe('-$0.01')
    expect(formatLegacyMoney(m('999.995', 'EUR'))).toBe('€1,000.00')
  })

  it('keeps at most 15 integer places', () => {
    // Like the Java pattern the templates come from, higher-order digits beyond 15 drop off.
    expect(formatLegacyMoney(m('1234567890123456789', 'USD'))).toBe('$567,890,123,456,789.00')
    expect(formatLegacyMoney(m('999999999999999', 'USD'))).toBe('$999,999,999,999,999.00')
  })

  it('writes an unknown currency with no symbol', () => {
    expect(formatLegacyMoney(m('1234', 'XYZ'))).toBe('1,234.00')
  })
})

describe('CLDR money through Intl', () => {
  it('formats in the locale', () => {
    expect(formatCldrMoney({ amount: '123456.789', currency: 'USD' }, 'en-US')).toBe('$123,456.79')
    expect(formatCldrMoney({ amount: '2500', currency: 'EUR' }, 'de-DE')).toBe(`2.500,00${NBSP}€`)
    expect(formatCldrMoney({ amount: '1234.6', currency: 'JPY' }, 'en-US')).toBe('¥1,235')
  })

  it('rounds half to even by default, as CLDR does', () => {
    expect(formatCldrMoney({ amount: '1234.5', currency: 'JPY' }, 'en-US')).toBe('¥1,234')
    expect(formatCldrMoney({ amount: '0.125', currency: 'USD' }, 'en-US')).toBe('$0.12')
  })

  it('formatMoney throws on a value that is not money', () => {
    expect(() => formatMoney({ title: 'shirt' })).toThrow(TypeError)
    expect(formatMoney({ value: '5', currency: 'USD' }, { useCLDR: true })).toBe('$5.00')
    expect(formatMoney({ value: '5', currency: 'SEK' })).toBe('5.00 kr')
  })

  it('formats percentages with 2 to 3 digits, or none when trimmed', () => {
    expect(formatPercentage('12.5', 'en-US', false)).toBe('12.50')
    expect(formatPercentage('12.3456', 'en-US', false)).toBe('12.346')
    expect(formatPercentage('12', 'en-US', true)).toBe('12')
  })
})

describe('money formatters', () => {
  it('money formats a money value in the render locale, with styles', () => {
    const usd = { decimalValue: '1234.5', currencyCode: 'USD' }
    expect(render('{@|money}', usd).output).toBe('$1,234.50')
    expect(render('{@|money style:name}', usd).output).toBe('1,234.50 US dollars')
    expect(render('{@|money}', { value: '1234.5', currency: 'EUR' }, 'de-DE').output).toBe(`1.234,50${NBSP}€`)
  })

  it('money reports an error and renders empty for a value that is not money', () => {
    const r = render('{@|money}', { title: 'shirt' })
    expect(r.output).toBe('')
    expect(r.errors.map((e) => e.message)).toEqual([
      "The formatter 'money' failed: expected a money value (decimalValue and currencyCode, or value and currency)",
    ])
  })

  it('money renders empty without an error when the value is missing or i18n is off', () => {
    expect(render('{nothing|money}', {}).errors).toEqual([])
    expect(render('{@|money}', { value: '1', currency: 'USD' }, 'none').output).toBe('')
  })

  it('i18n-money-format takes an optional locale argument', () => {
    expect(render('{@|i18n-money-format de-DE}', { value: '1', currency: 'EUR' }).output).toBe(`1,00${NBSP}€`)
  })

  it('money-format, moneyFormat and money-string read cents', () => {
    expect(render('{@|money-format}', 123456).output).toBe('1,234.56')
    expect(render('{@|moneyFormat}', 12345).output).toBe('123.45')
    expect(render('{@|money-string}', 12345).output).toBe('<span class="sqs-money-native">123.45</span>')
    expect(render('{@|money-format}', {}).output).toBe('')
    expect(render('{@|money-string}', {}).output).toBe('')
  })

  it('bookkeeper-money-format books cents in the currency of the locale region', () => {
    expect(render('{@|bookkeeper-money-format}', 12345).output).toBe('$123.45')
    expect(render('{@|bookkeeper-money-format}', 'A').output).toBe('$0.00')
    expect(render('{@|bookkeeper-money-format}', 12345, 'none').output).toBe('')
  })

  it('percentage-format shows 2 to 3 digits, 0 when trimmed, and 0 for a non-number', () => {
    expect(render('{@|percentage-format}', 5).output).toBe('5.00')
    expect(render('{@|percentage-format trim}', 5).output).toBe('5')
    expect(render('{@|percentage-format trim}', 'A').output).toBe('0')
  })

  it('decimal formats numbers with styles and rounding, empty for a non-number', () => {
    const n = { n: '123456.789' }
    expect(render('{n|decimal}', n).output).toBe('123,456.789')
    expect(render('{n|decimal style:short}', n).output).toBe('123K')
    expect(render('{n|decimal maxfrac:1 round:down}', n).output).toBe('123,456.7')
    expect(render('{n|decimal no-group}', n).output).toBe('123456.789')
    expect(render('{n|decimal}', { n: 'abc' }).output).toBe('')
  })
})
