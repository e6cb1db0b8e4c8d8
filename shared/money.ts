/**
 * Money display (storefront.md sections 3 and 9, platform.md section 9) as plain functions the
 * template formatters and the browser islands share. Two display modes:
 * - the legacy currency templates: a symbol set (en-US or native), symbol position and spacing
 *   per currency, thousands ',' and decimal '.', at most 15 integer places;
 * - CLDR formatting through the platform's `Intl.NumberFormat`, when the website's
 *   `useCLDRMoneyFormat` flag is on (no locale tables shipped).
 * Amounts travel as decimal strings in major units ("19.99") so no precision is lost before
 * `Intl` formats them.
 */

/** ISO 4217 data of the 27 store currencies: fraction digits and numeric code. */
export const CURRENCIES: Readonly<Record<string, { readonly digits: number; readonly numeric: number }>> = {
  EUR: { digits: 2, numeric: 978 },
  USD: { digits: 2, numeric: 840 },
  AUD: { digits: 2, numeric: 36 },
  NOK: { digits: 2, numeric: 578 },
  CAD: { digits: 2, numeric: 124 },
  NZD: { digits: 2, numeric: 554 },
  DKK: { digits: 2, numeric: 208 },
  GBP: { digits: 2, numeric: 826 },
  HKD: { digits: 2, numeric: 344 },
  CHF: { digits: 2, numeric: 756 },
  MXN: { digits: 2, numeric: 484 },
  SGD: { digits: 2, numeric: 702 },
  SEK: { digits: 2, numeric: 752 },
  CZK: { digits: 2, numeric: 203 },
  ILS: { digits: 2, numeric: 376 },
  PHP: { digits: 2, numeric: 608 },
  RUB: { digits: 2, numeric: 643 },
  PLN: { digits: 2, numeric: 985 },
  THB: { digits: 2, numeric: 764 },
  MYR: { digits: 2, numeric: 458 },
  ARS: { digits: 2, numeric: 32 },
  BRL: { digits: 2, numeric: 986 },
  COP: { digits: 2, numeric: 170 },
  IDR: { digits: 2, numeric: 360 },
  INR: { digits: 2, numeric: 356 },
  JPY: { digits: 0, numeric: 392 },
  ZAR: { digits: 2, numeric: 710 },
}

const DEFAULT_FRACTION_DIGITS = 2

/** Fraction digits of a currency; 2 for an unknown one. */
export function currencyFractionDigits(code: string): number {
  return CURRENCIES[code]?.digits ?? DEFAULT_FRACTION_DIGITS
}

/** ISO numeric code of a currency, or undefined for one outside the table. */
export function currencyNumericCode(code: string): number | undefined {
  return CURRENCIES[code]?.numeric
}

/** A money value: an amount in major units as a decimal string, and an ISO currency code. */
export interface Money {
  readonly amount: string
  readonly currency: string
}

// A plain decimal number as the data writes amounts: optional sign, digits, optional fraction.
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/

interface Digits {
  readonly negative: boolean
  /** Integer digits without leading zeros ('' for zero). */
  readonly int: string
  /** Fraction digits without trailing zeros. */
  readonly frac: string
}

function parseDigits(s: string): Digits | null {
  const m = DECIMAL.exec(s.trim())
  if (m === null) return null
  const int = (m[2] ?? '').replace(/^0+/, '')
  const frac = (m[3] ?? '').replace(/0+$/, '')
  if (m[2] === '' && (m[3] ?? '') === '') return null
  return { negative: m[1] === '-' && (int !== '' || frac !== ''), int, frac }
}

function digitsToString({ negative, int, frac }: Digits): string {
  const body = (int === '' ? '0' : int) + (frac === '' ? '' : `.${frac}`)
  return negative ? `-${body}` : body
}

/** True when `s` is a plain decimal number ("12", "-0.5", ".75"). */
export function isDecimalString(s: string): boolean {
  return DECIMAL_TEXT.test(s)
}

/** The reference's decimal numbers: sign, digits with an optional point, an optional exponent. */
const PLAIN_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/
const SCIENTIFIC = /^([+-]?)(\d+\.?\d*|\.\d+)[eE]([+-]?\d{1,6})$/
const SPECIAL_NUMBERS: Readonly<Record<string, string>> = {
  NaN: 'NaN',
  nan: 'NaN',
  Infinity: 'Infinity',
  '+Infinity': 'Infinity',
  infinity: 'Infinity',
  '+infinity': 'Infinity',
  '-Infinity': '-Infinity',
  '-infinity': '-Infinity',
}

/**
 * A number as the reference's decimal type reads text: plain ('12', '-0.5', '.75', '1.') or
 * with an exponent ('1e+21', '2.5E-3'), and NaN and Infinity by name; no spaces. Returns it
 * as a plain decimal string ('1000000000000000000000'), or 'NaN' / 'Infinity' /
 * '-Infinity'; null when it is not a number. Exact: no double in between.
 */
export function decimalFromText(s: string): string | null {
  const special = SPECIAL_NUMBERS[s]
  if (special !== undefined) return special
  if (PLAIN_DECIMAL.test(s)) return s
  const m = SCIENTIFIC.exec(s)
  if (m === null) return null
  return movePoint(`${m[1]}${m[2]}`, Number.parseInt(m[3] as string, 10))
}

/**
 * A number as exact decimal text: JavaScript prints 1e21 and above, and tiny numbers, with an
 * exponent, which is expanded here ('1e+21' → '1000000000000000000000'). Null for NaN and
 * infinities.
 */
export function decimalFromNumber(n: number): string | null {
  if (!Number.isFinite(n)) return null
  const text = String(n)
  return text.indexOf('e') === -1 ? text : decimalFromText(text)
}

// The same numbers as DECIMAL after trimming (`\s` is exactly what trim() removes), in one test.
const DECIMAL_TEXT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)\s*$/

/**
 * Moves the decimal point of a decimal string: `places` > 0 multiplies by 10^places, < 0
 * divides. Exact (string arithmetic); null when `s` is not a decimal number.
 */
export function movePoint(s: string, places: number): string | null {
  const d = parseDigits(s)
  if (d === null) return null
  let { int, frac } = d
  if (places > 0) {
    const padded = frac.padEnd(places, '0')
    int += padded.slice(0, places)
    frac = padded.slice(places)
  } else if (places < 0) {
    const padded = int.padStart(-places, '0')
    frac = padded.slice(padded.length + places) + frac
    int = padded.slice(0, padded.length + places)
  }
  return digitsToString({
    negative: d.negative,
    int: int.replace(/^0+/, ''),
    frac: frac.replace(/0+$/, ''),
  })
}

/**
 * A money value from an amount in minor units (cents) and a currency code: the amount is
 * divided by 10 to the currency's fraction digits (2 for an unknown currency).
 */
export function moneyFromMinorUnits(minor: number | bigint | string, currency: string): Money {
  const code = currency.trim().toUpperCase()
  const text = typeof minor === 'string' ? minor : String(minor)
  const amount = movePoint(text, -currencyFractionDigits(code)) ?? '0'
  return { amount, currency: code }
}

/** Minor units (cents) of a money value, as a decimal string ("1999"). */
export function minorUnitsOf(money: Money): string {
  return movePoint(money.amount, currencyFractionDigits(money.currency)) ?? '0'
}

/**
 * The amount of a product record's money value (`priceMoney`, `salePriceMoney`) as a decimal
 * in the currency's major unit. Records come in two forms: the spec's, minor units as a string
 * of digits (`{ "value": "4800", "currency": "USD" }`, platform.md section 3), and this
 * repository's first, a decimal with a point (`"48.00"`). A point tells them apart; without one
 * the value is minor units (the same number either way for a currency of no fraction digits,
 * `"1800"` JPY). Null when `value` is neither.
 */
export function productMoneyAmount(value: string, currency: string): string | null {
  if (/^-?\d+\.\d+$/.test(value)) return value
  if (!/^-?\d+$/.test(value)) return null
  const amount = movePoint(value, -currencyFractionDigits(currency)) ?? '0'
  // Two decimals at least, as the decimal form writes them ("48.00", "0.50"; "1800" JPY).
  const digits = currencyFractionDigits(currency)
  if (digits === 0) return amount
  const [int = '0', frac = ''] = amount.split('.')
  return `${int}.${frac.padEnd(digits, '0')}`
}

const hasOwn = Object.prototype.hasOwnProperty

function field(v: object, key: string): unknown {
  return hasOwn.call(v, key) ? (v as Record<string, unknown>)[key] : undefined
}

function amountText(v: unknown): string | null {
  if (typeof v === 'number') return decimalFromNumber(v)
  if (typeof v !== 'string') return null
  const s = v.trim()
  return isDecimalString(s) ? s : decimalFromText(s)
}

/**
 * Reads a money value from data: `decimalValue` + `currencyCode`, or else `value` + `currency`
 * (platform.md section 3). Null when the value is not money.
 */
export function readMoney(v: unknown): Money | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null
  let amount = field(v, 'decimalValue')
  let currency = field(v, 'currencyCode')
  if (amount === undefined || currency === undefined) {
    amount = field(v, 'value')
    currency = field(v, 'currency')
  }
  if (amount === undefined || currency === undefined) return null
  const text = amountText(amount)
  if (text === null || typeof currency !== 'string') return null
  return { amount: text, currency: currency.trim() }
}

/** How one currency is written in the legacy templates. */
interface CurrencyTemplate {
  readonly symbol: string
  /** Symbol after the amount ("12.00 kr") instead of before it. */
  readonly trailing?: boolean
  /** A space between a leading symbol and the amount ("₪ 12.00"). */
  readonly spaced?: boolean
  /** The currency code after the amount ("$12.00 CAD"). */
  readonly withCode?: boolean
  readonly thousandsSeparator?: string
  readonly decimalSeparator?: string
  readonly maxIntegerPlaces?: number
}

/** Template defaults: no symbol, ',' thousands, '.' decimal, 15 integer places. */
const DEFAULT_CURRENCY_TEMPLATE = {
  symbol: '',
  thousandsSeparator: ',',
  decimalSeparator: '.',
  maxIntegerPlaces: 15,
} as const

/** The en-US symbol set: symbol leading. */
const EN_US_CURRENCY_TEMPLATES: Readonly<Record<string, CurrencyTemplate>> = {
  AUD: { symbol: 'A$' },
  CAD: { symbol: 'CA$' },
  EUR: { symbol: '€' },
  GBP: { symbol: '£' },
  HKD: { symbol: 'HK$' },
  USD: { symbol: '$' },
}

/** The native symbol set, positions and spacing as the spec lists them. */
const NATIVE_CURRENCY_TEMPLATES: Readonly<Record<string, CurrencyTemplate>> = {
  ARS: { symbol: '$' },
  AUD: { symbol: '$' },
  CAD: { symbol: '$', withCode: true },
  BRL: { symbol: 'R$' },
  CHF: { symbol: 'CHF' },
  COP: { symbol: 'COL$' },
  DKK: { symbol: 'kr', trailing: true },
  NOK: { symbol: 'kr', trailing: true },
  SEK: { symbol: 'kr', trailing: true },
  EUR: { symbol: '€' },
  GBP: { symbol: '£' },
  HKD: { symbol: 'HK$' },
  MXN: { symbol: '$' },
  NZD: { symbol: '$' },
  SGD: { symbol: 'S$' },
  USD: { symbol: '$' },
  CZK: { symbol: 'Kč', trailing: true },
  IDR: { symbol: 'Rp' },
  ILS: { symbol: '₪', spaced: true },
  INR: { symbol: '₹' },
  JPY: { symbol: '¥' },
  PHP: { symbol: 'Php' },
  RUB: { symbol: 'p.', trailing: true },
  PLN: { symbol: 'zł', trailing: true },
  THB: { symbol: '฿' },
  MYR: { symbol: 'RM' },
  ZAR: { symbol: 'R' },
}

type SymbolSet = 'en-US' | 'native'

/** The legacy template of a currency; the en-US set falls back to the native one, then to no symbol. */
export function currencyTemplate(currency: string, symbols: SymbolSet = 'native'): CurrencyTemplate {
  return (
    (symbols === 'en-US' ? EN_US_CURRENCY_TEMPLATES[currency] : undefined) ??
    NATIVE_CURRENCY_TEMPLATES[currency] ??
    DEFAULT_CURRENCY_TEMPLATE
  )
}

/** Rounds a decimal string half-up to `digits` places, exactly (string arithmetic). */
function roundDigits(d: Digits, digits: number): { int: string; frac: string } {
  let int = d.int === '' ? '0' : d.int
  let frac = d.frac.padEnd(digits, '0')
  if (frac.length > digits) {
    const up = frac.charCodeAt(digits) - 48 >= 5
    frac = frac.slice(0, digits)
    if (up) {
      const all = (int + frac).split('')
      let i = all.length - 1
      for (; i >= 0; i--) {
        if (all[i] === '9') all[i] = '0'
        else {
          all[i] = String.fromCharCode((all[i] as string).charCodeAt(0) + 1)
          break
        }
      }
      const joined = (i < 0 ? '1' : '') + all.join('')
      int = joined.slice(0, joined.length - digits)
      frac = joined.slice(joined.length - digits)
    }
  }
  return { int, frac }
}

/** Groups integer digits in threes with `sep`. */
function group(int: string, sep: string): string {
  if (int.length <= 3 || sep === '') return int
  let out = ''
  const head = int.length % 3
  if (head > 0) out = int.slice(0, head)
  for (let i = head; i < int.length; i += 3) out += (out === '' ? '' : sep) + int.slice(i, i + 3)
  return out
}

/**
 * Formats money with the legacy currency templates: the currency's fraction digits (JPY 0),
 * ',' thousands and '.' decimal, at most 15 integer places (like the Java pattern the
 * templates come from, higher-order digits beyond that are dropped), and the symbol placed as
 * the template says: '$1,234.50', '1,234.50 kr', '₪ 1,234.50', '$1,234.50 CAD'.
 */
export function formatLegacyMoney(money: Money, symbols: SymbolSet = 'native'): string {
  const t = currencyTemplate(money.currency, symbols)
  const d = parseDigits(money.amount) ?? { negative: false, int: '', frac: '' }
  const digits = currencyFractionDigits(money.currency)
  const rounded = roundDigits(d, digits)
  const maxInt = t.maxIntegerPlaces ?? DEFAULT_CURRENCY_TEMPLATE.maxIntegerPlaces
  let int = rounded.int.length > maxInt ? rounded.int.slice(rounded.int.length - maxInt) : rounded.int
  int = int.replace(/^0+(?=\d)/, '')
  let number = group(int, t.thousandsSeparator ?? DEFAULT_CURRENCY_TEMPLATE.thousandsSeparator)
  if (digits > 0) number += (t.decimalSeparator ?? DEFAULT_CURRENCY_TEMPLATE.decimalSeparator) + rounded.frac
  const isZero = /^[0.,]*$/.test(int + rounded.frac)
  const sign = d.negative && !isZero ? '-' : ''
  if (t.symbol === '') return sign + number
  if (t.trailing) return `${sign}${number} ${t.symbol}`
  const text = `${sign}${t.symbol}${t.spaced ? ' ' : ''}${number}`
  return t.withCode ? `${text} ${money.currency}` : text
}

/** Number formatting options the `decimal`, `money` and `percentage-format` formatters take. */
export interface NumberOptions {
  style?:
    | 'decimal'
    | 'short'
    | 'long'
    | 'scientific'
    | 'percent'
    | 'percent-scaled'
    | 'permille'
    | 'permille-scaled'
  /** Currency style (money only). */
  currencyStyle?: 'symbol' | 'accounting' | 'code' | 'name' | 'short'
  symbolWidth?: 'default' | 'narrow'
  group?: boolean
  round?: 'up' | 'down' | 'ceiling' | 'floor' | 'half-up' | 'half-down' | 'half-even'
  minimumIntegerDigits?: number
  minimumFractionDigits?: number
  maximumFractionDigits?: number
  minimumSignificantDigits?: number
  maximumSignificantDigits?: number
}

const ROUNDING = {
  up: 'expand',
  down: 'trunc',
  ceiling: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
} as const

const clampInt = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/** Maps our options onto `Intl.NumberFormatOptions`, inside the ranges `Intl` accepts. */
function intlOptions(o: NumberOptions, currency: string | null): Intl.NumberFormatOptions {
  const r: Intl.NumberFormatOptions = {
    // CLDR's default rounding is half-even; Intl's is half-expand.
    roundingMode: ROUNDING[o.round ?? 'half-even'],
    // A negative amount that rounds to zero prints '0', as CLDR formatting does, not '-0'.
    signDisplay: 'negative',
  }
  if (currency !== null) {
    r.style = 'currency'
    r.currency = currency
    switch (o.currencyStyle) {
      case 'accounting':
        r.currencySign = 'accounting'
        break
      case 'code':
        // Written as CLDR writes it: the name's place and spacing, the ISO code instead of the
        // name ('4.90 EUR', in Japanese '4.90EUR'); `Intl` puts the code where a symbol goes.
        r.currencyDisplay = 'name'
        break
      case 'name':
        r.currencyDisplay = 'name'
        break
      case 'short':
        r.notation = 'compact'
        break
    }
    if (o.symbolWidth === 'narrow' && r.currencyDisplay === undefined) r.currencyDisplay = 'narrowSymbol'
  } else {
    switch (o.style) {
      case 'short':
        r.notation = 'compact'
        break
      case 'long':
        r.notation = 'compact'
        r.compactDisplay = 'long'
        break
      case 'scientific':
        r.notation = 'scientific'
        // CLDR's pattern (#E0) has no fraction digits unless asked for.
        if (o.maximumFractionDigits === undefined && o.maximumSignificantDigits === undefined)
          r.maximumFractionDigits = 0
        break
      case 'percent':
      case 'percent-scaled':
      case 'permille':
      case 'permille-scaled':
        // Intl has no per-mille style: per-mille is written as a percentage with its sign swapped.
        r.style = 'percent'
        break
    }
  }
  if (o.group !== undefined) r.useGrouping = o.group
  // Compact numbers group their digits like others ('1.234 ¥'); Intl's default skips 4 digits.
  else if (r.notation === 'compact') r.useGrouping = true
  if (o.minimumIntegerDigits !== undefined) r.minimumIntegerDigits = clampInt(o.minimumIntegerDigits, 1, 21)
  const minFrac = o.minimumFractionDigits
  const maxFrac = o.maximumFractionDigits
  if (minFrac !== undefined) r.minimumFractionDigits = clampInt(minFrac, 0, 100)
  if (maxFrac !== undefined) {
    const max = clampInt(maxFrac, 0, 100)
    r.maximumFractionDigits = max
    // Intl refuses a minimum above the maximum, including a currency's own minimum (JPY 0, else 2).
    if (minFrac !== undefined && minFrac > max) r.minimumFractionDigits = max
    else if (minFrac === undefined && currency !== null)
      r.minimumFractionDigits = Math.min(max, currencyFractionDigits(currency))
  }
  if (o.minimumSignificantDigits !== undefined || o.maximumSignificantDigits !== undefined) {
    // As in CLDR's formatting, a maximum alone is also the minimum ('5.0' for maxsig:2).
    const minSig = clampInt(o.minimumSignificantDigits ?? o.maximumSignificantDigits ?? 1, 1, 21)
    r.minimumSignificantDigits = minSig
    r.maximumSignificantDigits = Math.max(minSig, clampInt(o.maximumSignificantDigits ?? 21, 1, 21))
  }
  return r
}

const FORMATTER_CACHE_LIMIT = 64
const TEXTS_PER_FORMAT = 512

/** Rewrites `Intl`'s parts where CLDR writes a number otherwise. */
type PartsRewrite = (parts: Intl.NumberFormatPart[]) => string

/** A number format with the texts it has produced, keyed by decimal amount. */
interface CachedFormat {
  readonly format: Intl.NumberFormat
  readonly texts: Map<string, string>
  readonly rewrite: PartsRewrite | null
}

const join = (parts: Intl.NumberFormatPart[]): string => parts.map((p) => p.value).join('')

/** The `code` style: the name's place and spacing with the ISO code ('4.90 EUR', '4.90EUR' in Japanese). */
const withCode =
  (code: string): PartsRewrite =>
  (parts) =>
    join(parts.map((p) => (p.type === 'currency' ? { type: p.type, value: code } : p)))

/** Per-mille: the percentage's sign swapped, keeping the locale's spacing ('0 ‰' in German). */
const perMille: PartsRewrite = (parts) =>
  join(parts.map((p) => (p.type === 'percentSign' ? { type: p.type, value: '‰' } : p)))

/**
 * Scientific notation as CLDR writes it: no zero exponent ('5', not '5E0') and a plus sign on
 * a positive one ('1E+4').
 */
const scientific: PartsRewrite = (parts) => {
  if (parts.some((p) => p.type === 'exponentInteger' && p.value === '0'))
    return join(
      parts.filter(
        (p) =>
          p.type !== 'exponentSeparator' && p.type !== 'exponentInteger' && p.type !== 'exponentMinusSign',
      ),
    )
  const negative = parts.some((p) => p.type === 'exponentMinusSign')
  return join(
    negative
      ? parts
      : parts.map((p) => (p.type === 'exponentSeparator' ? { type: p.type, value: `${p.value}+` } : p)),
  )
}

function rewriteOf(options: NumberOptions, currency: string | null): PartsRewrite | null {
  if (currency !== null) return options.currencyStyle === 'code' ? withCode(currency) : null
  if (options.style === 'permille' || options.style === 'permille-scaled') return perMille
  return options.style === 'scientific' ? scientific : null
}

/**
 * Formats per options object, then per locale and currency. Formatter options are prepared
 * once per call site, so the object is a key that costs nothing to compute, unlike the options
 * `Intl` takes (built and serialised only on a miss). Settled values only, bounded.
 */
const formats = new WeakMap<NumberOptions, Map<string, CachedFormat>>()

/** Builds an `Intl.NumberFormat`, falling back as `Intl` refuses a locale or a currency. */
function newNumberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options)
  } catch {
    // An unknown locale or currency: the platform default locale, then plain options.
    try {
      return new Intl.NumberFormat('en-US', options)
    } catch {
      return new Intl.NumberFormat('en-US')
    }
  }
}

function cachedFormat(options: NumberOptions, locale: string, currency: string | null): CachedFormat {
  let byPlace = formats.get(options)
  if (byPlace === undefined) {
    byPlace = new Map()
    formats.set(options, byPlace)
  }
  const key = currency === null ? locale : `${locale}|${currency}`
  let cached = byPlace.get(key)
  if (cached === undefined) {
    if (byPlace.size >= FORMATTER_CACHE_LIMIT) byPlace.clear()
    cached = {
      format: newNumberFormat(locale, intlOptions(options, currency)),
      texts: new Map(),
      rewrite: rewriteOf(options, currency),
    }
    byPlace.set(key, cached)
  }
  return cached
}

/**
 * Formats a decimal string exactly: modern `Intl` formats numeric strings without going
 * through a double (the cast is needed because the ES2023 lib types only admit numbers).
 */
function formatExact(cached: CachedFormat, amount: string): string {
  let text = cached.texts.get(amount)
  if (text === undefined) {
    const value = amount as unknown as number
    text =
      cached.rewrite === null
        ? cached.format.format(value)
        : cached.rewrite(cached.format.formatToParts(value))
    if (cached.texts.size >= TEXTS_PER_FORMAT) cached.texts.clear()
    cached.texts.set(amount, text)
  }
  return text
}

const NO_OPTIONS: NumberOptions = Object.freeze({})

/** CLDR money formatting through `Intl` in `locale` ('$123,456.79', '2.500,00 €', '123,456.79 US dollars'). */
export function formatCldrMoney(money: Money, locale: string, options: NumberOptions = NO_OPTIONS): string {
  const code = money.currency === '' ? 'USD' : money.currency
  return formatExact(cachedFormat(options, locale, code), money.amount)
}

/** A decimal number formatted in `locale` (the `decimal` formatter). */
export function formatDecimalNumber(
  amount: string,
  locale: string,
  options: NumberOptions = NO_OPTIONS,
): string {
  let text = amount
  // The percent style multiplies by 100: scaled styles divide first, per-mille shows a tenth.
  if (options.style === 'percent-scaled' || options.style === 'permille-scaled')
    text = movePoint(amount, -2) ?? amount
  else if (options.style === 'permille') text = movePoint(amount, 1) ?? amount
  return formatExact(cachedFormat(options, locale, null), text)
}

const PERCENT: NumberOptions = Object.freeze({ minimumFractionDigits: 2, maximumFractionDigits: 3 })
const PERCENT_TRIMMED: NumberOptions = Object.freeze({ minimumFractionDigits: 0, maximumFractionDigits: 3 })

/** A percentage number: 2 to 3 fraction digits, or 0 to 3 when trimmed ('12.50', '12.5'). */
export function formatPercentage(amount: string, locale: string, trim: boolean): string {
  return formatDecimalNumber(amount, locale, trim ? PERCENT_TRIMMED : PERCENT)
}

/** The currency of a region ('US' → 'USD'), for bookkeeping amounts; USD when unknown. */
export function currencyForRegion(region: string | undefined): string {
  return (region !== undefined && REGION_CURRENCY[region]) || 'USD'
}

// Regions whose currency is one of the store currencies; other regions book in USD.
const REGION_CURRENCY: Readonly<Record<string, string>> = {
  US: 'USD',
  AU: 'AUD',
  NO: 'NOK',
  CA: 'CAD',
  NZ: 'NZD',
  DK: 'DKK',
  GB: 'GBP',
  HK: 'HKD',
  CH: 'CHF',
  MX: 'MXN',
  SG: 'SGD',
  SE: 'SEK',
  CZ: 'CZK',
  IL: 'ILS',
  PH: 'PHP',
  RU: 'RUB',
  PL: 'PLN',
  TH: 'THB',
  MY: 'MYR',
  AR: 'ARS',
  BR: 'BRL',
  CO: 'COP',
  ID: 'IDR',
  IN: 'INR',
  JP: 'JPY',
  ZA: 'ZAR',
  DE: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  LU: 'EUR',
}

interface MoneyDisplayOptions {
  /** BCP-47 locale for CLDR mode; default en-US. */
  readonly locale?: string
  /** The website's `useCLDRMoneyFormat` flag. */
  readonly useCLDR?: boolean
  /** Legacy mode symbol set; default native. */
  readonly symbols?: SymbolSet
  readonly number?: NumberOptions
}

/**
 * Formats a money value from data in the website's mode. Throws a TypeError for a value that
 * is not money (the spec's "money format throws"); template formatters catch that and report
 * it as a render error.
 */
export function formatMoney(value: unknown, options: MoneyDisplayOptions = {}): string {
  const money = readMoney(value)
  if (money === null)
    throw new TypeError('Money format expects a money value (an amount and a currency code)')
  return options.useCLDR
    ? formatCldrMoney(money, options.locale ?? 'en-US', options.number)
    : formatLegacyMoney(money, options.symbols)
}
