/**
 * Money formatters: thin wrappers over `shared/money.ts`, which the islands share. Amounts are
 * formatted in the render's locale (en-US when none is given); locale 'none' turns i18n off and
 * the locale-aware formatters then render empty, as the reference does.
 */

import { asString, MISSING } from '../../../shared/json'
import {
  currencyForRegion,
  decimalFromNumber,
  decimalFromText,
  formatCldrMoney,
  formatDecimalNumber,
  formatLegacyMoney,
  formatPercentage,
  isDecimalString,
  movePoint,
  type NumberOptions,
  readMoney,
} from '../../../shared/money'
import { messages } from '../../errors'
import { defineFormatter, type Plugin, type Scope } from '../../registry'

export const MONEY_MESSAGES = {
  /** Why a money formatter failed on a value that is not money. */
  notMoney: 'expected a money value (decimalValue and currencyCode, or value and currency)',
  /** The legacy native money markup. */
  native: (amount: string) => `<span class="sqs-money-native">${amount}</span>`,
} as const

const DEFAULT_LOCALE = 'en-US'

/** The render's locale, or null when i18n is turned off ('none'). */
export function renderLocale(scope: Scope): string | null {
  const l = scope.settings.locale
  if (l === 'none') return null
  return l === null || l === '' ? DEFAULT_LOCALE : l
}

const DECIMAL_STYLES = new Set([
  'decimal',
  'short',
  'long',
  'scientific',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
])
const CURRENCY_STYLES = new Set(['symbol', 'accounting', 'code', 'name', 'short'])
const ROUNDINGS = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even'])

const int = (s: string) => {
  const n = Number.parseInt(s, 10)
  return Number.isFinite(n) ? Math.min(50, Math.max(0, n)) : 0
}

/** Parses `key:value` formatter arguments (`style:short`, `maxfrac:1`, `round:down`, `no-group`). */
export function parseNumberOptions(args: readonly string[], currency: boolean): NumberOptions {
  const o: NumberOptions = {}
  for (const arg of args) {
    const i = arg.indexOf(':')
    const key = i === -1 ? arg : arg.slice(0, i)
    const val = i === -1 ? '' : arg.slice(i + 1)
    switch (key) {
      case 'style':
        if (currency) {
          if (CURRENCY_STYLES.has(val)) o.currencyStyle = val as NumberOptions['currencyStyle']
          else if (val === 'standard') o.currencyStyle = 'symbol'
        } else if (DECIMAL_STYLES.has(val)) o.style = val as NumberOptions['style']
        else if (val === 'standard') o.style = 'decimal'
        break
      case 'symbol':
        if (currency && (val === 'default' || val === 'narrow')) o.symbolWidth = val
        break
      case 'group':
      case 'grouping':
        o.group = val === '' || val === 'true'
        break
      case 'no-group':
      case 'no-grouping':
        o.group = false
        break
      case 'round':
      case 'rounding':
        if (val === 'ceil') o.round = 'ceiling'
        else if (val === 'truncate') o.round = 'down'
        else if (ROUNDINGS.has(val)) o.round = val as NumberOptions['round']
        break
      case 'minint':
      case 'minInt':
      case 'minimumIntegerDigits':
        o.minimumIntegerDigits = int(val)
        break
      case 'maxfrac':
      case 'maxFrac':
      case 'maximumFractionDigits':
        o.maximumFractionDigits = int(val)
        break
      case 'minfrac':
      case 'minFrac':
      case 'minimumFractionDigits':
        o.minimumFractionDigits = int(val)
        break
      case 'maxsig':
      case 'maxSig':
      case 'maximumSignificantDigits':
        o.maximumSignificantDigits = int(val)
        break
      case 'minsig':
      case 'minSig':
      case 'minimumSignificantDigits':
        o.minimumSignificantDigits = int(val)
        break
    }
  }
  return o
}

/**
 * A value as the reference's decimal formatters read it: its text (numbers as JavaScript
 * prints them, exponents included) parsed as a decimal, with no spaces allowed; or null.
 */
function decimalOf(value: unknown): string | null {
  return typeof value === 'number' ? decimalFromNumber(value) : decimalFromText(asString(value))
}

/** Cents for the legacy money formatters, which accept padded text. */
function legacyDecimalOf(value: unknown): string | null {
  const s = asString(value).trim()
  return s !== '' && isDecimalString(s) ? s : null
}

interface MoneyArgs {
  /** A locale given as the first argument (`i18n-money-format en-US`), else null. */
  readonly locale: string | null
  readonly options: NumberOptions
}

const LOCALE_ARG = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/

/** `money [options]`: a money value in CLDR style in the render's locale (`i18n-money-format LOCALE` names one). */
function moneyFormatter(name: string) {
  return defineFormatter<MoneyArgs>({
    prepare(args) {
      const first = args[0]
      // Only the legacy i18n-money-format takes a locale; to `money`, 'de-DE' is no option.
      if (
        name === 'i18n-money-format' &&
        first !== undefined &&
        first.indexOf(':') === -1 &&
        LOCALE_ARG.test(first)
      )
        return { locale: first.replace(/_/g, '-'), options: parseNumberOptions(args.slice(1), true) }
      return { locale: null, options: parseNumberOptions(args, true) }
    },
    apply(value, { locale: given, options }, scope) {
      const money = readMoney(value)
      if (money === null) {
        // Money formatting fails on a value that is not money; a missing one is just empty.
        if (value !== MISSING && value !== null)
          scope.fail('PLUGIN_FAILED', messages.PLUGIN_FAILED('formatter', name, MONEY_MESSAGES.notMoney))
        return ''
      }
      const locale = renderLocale(scope)
      return locale === null ? '' : formatCldrMoney(money, given ?? locale, options)
    },
  })
}

/** Cents as a plain amount with 2 decimals and ',' thousands ('123.45'); null for a non-number, which renders empty. */
function legacyCents(value: unknown): string | null {
  const cents = legacyDecimalOf(value)
  return cents === null ? null : formatLegacyMoney({ amount: movePoint(cents, -2) ?? '0', currency: '' })
}

const moneyFormat = defineFormatter({ apply: (value) => legacyCents(value) ?? '' })

/** `bookkeeper-money-format`: cents in the currency of the locale's region. */
const bookkeeperMoneyFormat = defineFormatter({
  apply(value, _args, scope) {
    const locale = renderLocale(scope)
    if (locale === null) return ''
    const amount = movePoint(decimalOf(value) ?? '0', -2) ?? '0'
    return formatCldrMoney({ amount, currency: currencyForRegion(regionOf(locale)) }, locale)
  },
})

const regions = new Map<string, string | undefined>()

/** The region of a locale ('en-US' → 'US'), with likely subtags ('de' → 'DE'); cached. */
function regionOf(locale: string): string | undefined {
  if (regions.has(locale)) return regions.get(locale)
  let region: string | undefined
  try {
    region = new Intl.Locale(locale).maximize().region
  } catch {
    region = undefined
  }
  if (regions.size < 64) regions.set(locale, region)
  return region
}

/** `percentage-format [trim]`: 2 to 3 fraction digits, or 0 to 3 with trim; non-numbers are 0. */
const percentageFormat = defineFormatter<boolean>({
  prepare: (args) => args.includes('trim'),
  apply(value, trim, scope) {
    const locale = renderLocale(scope)
    return locale === null ? '' : formatPercentage(decimalOf(value) ?? '0', locale, trim)
  },
})

/** `decimal [options]`: a number in the render's locale; empty for a non-number. */
const decimal = defineFormatter<NumberOptions>({
  prepare: (args) => parseNumberOptions(args, false),
  apply(value, options, scope) {
    const locale = renderLocale(scope)
    const n = decimalOf(value)
    return locale === null || n === null ? '' : formatDecimalNumber(n, locale, options)
  },
})

export const moneyPlugin: Plugin = {
  name: 'money',
  formatters: {
    money: moneyFormatter('money'),
    'i18n-money-format': moneyFormatter('i18n-money-format'),
    'money-format': moneyFormat,
    moneyFormat,
    'money-string': defineFormatter({
      apply(value) {
        const cents = legacyCents(value)
        return cents === null ? '' : MONEY_MESSAGES.native(cents)
      },
    }),
    'bookkeeper-money-format': bookkeeperMoneyFormat,
    'percentage-format': percentageFormat,
    decimal,
  },
}
