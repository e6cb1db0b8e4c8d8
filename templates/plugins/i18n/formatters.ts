/**
 * i18n plugin: `message` and its alias `plural` format an ICU-style message held by the value,
 * with arguments taken from the template (`{msg|message count name=person.name}`: each argument
 * is positional, and `key=path` or `key:path` also names it). The locale comes from the render
 * settings; with i18n off (`'none'`) the output is empty, like the reference's legacy mode.
 * `unit` (and `{0 unit in:byte}` inside a message) formats measurements: see `units.ts`.
 */

import { BoundedCache } from '../../../shared/bounded-cache'
import { MESSAGE_FORMATTER_CACHE_SIZE } from '../../../shared/enumerations'
import { asNumber, asString, child, isObject, MISSING } from '../../../shared/json'
import { formatCldrMoney, formatDecimalNumber, type NumberOptions } from '../../../shared/money'
import { messages } from '../../errors'
import { splitPath } from '../../patterns'
import { defineFormatter, definePredicate, type Plugin, type Scope } from '../../registry'
import { siteZone } from '../dates/formatters'
import {
  type DatetimeOptions,
  formatDatetime,
  formatInterval,
  type IntervalOptions,
  parseDatetimeOptions,
  parseIntervalOptions,
} from '../dates/intl'
import { zoneOffset } from '../dates/zones'
import { parseNumberOptions } from '../money/formatters'
import { renderLocale } from './locale'
import { type MessageArgName, type MessageCode, parseMessage } from './messages'
import { formatUnit, parseUnitOptions, type UnitOptions } from './units'

interface MessageArg {
  key: string | null
  path: (string | number)[]
}

interface Args {
  positional: unknown[]
  keyword: Record<string, unknown>
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/

/** The decimal amount of a money value (`decimalValue`, else `value`), or MISSING. */
function moneyAmount(v: unknown): unknown {
  if (!isObject(v)) return MISSING
  const amount = child(v, 'decimalValue')
  return amount !== MISSING ? amount : child(v, 'value')
}

/** The number an argument stands for, as decimal text, or null when it is not one (`unit`). */
function decimalOrNull(v: unknown): string | null {
  const amount = moneyAmount(v)
  const x = amount === MISSING ? v : amount
  if (typeof x === 'number') return Number.isFinite(x) ? String(x) : null
  if (typeof x === 'boolean') return x ? '1' : '0'
  if (typeof x === 'string') {
    const t = x.trim()
    return DECIMAL.test(t) ? t : null
  }
  return null
}

// ---- message arguments, converted as the reference's message formatter converts them ----

/** An argument that is not there (`{2}` with two arguments) is undefined, not MISSING. */
type Arg = unknown

/** An argument as text: a money value prints its amount, null and missing print nothing. */
function argText(v: Arg): string {
  const amount = moneyAmount(v)
  return asString(amount === MISSING ? v : amount)
}

/** A decimal as the reference keeps one: digits, sign, and the scale it was written with. */
interface Decimal {
  negative: boolean
  coefficient: bigint
  /** Digits after the point; negative for trailing zeros of an exponent ('1e3'). */
  scale: number
}

const NUMBER_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?$/

/** Parses the reference's decimal syntax (see shared/money decimalFromText); null when not one. */
function parseDecimal(s: string): Decimal | null {
  const m = NUMBER_TEXT.exec(s)
  if (m === null) return null
  const int = m[2] ?? ''
  const frac = m[3] ?? ''
  if (int === '' && frac === '') return null
  return {
    negative: m[1] === '-',
    coefficient: BigInt(int + frac),
    scale: frac.length - (m[4] === undefined ? 0 : Number.parseInt(m[4], 10)),
  }
}

/** Decimal text as the reference prints it: '1.0' keeps its zero, '1e3' is '1000', '.5' '0.5'. */
function decimalToString(d: Decimal): string {
  let digits = d.coefficient.toString()
  if (d.scale <= 0) digits += '0'.repeat(-d.scale)
  else {
    digits = digits.padStart(d.scale + 1, '0')
    digits = `${digits.slice(0, digits.length - d.scale)}.${digits.slice(digits.length - d.scale)}`
  }
  return d.negative ? `-${digits}` : digits
}

const ZERO: Decimal = { negative: false, coefficient: 0n, scale: 0 }
const ONE: Decimal = { negative: false, coefficient: 1n, scale: 0 }

/** An argument as a number: money its amount, booleans 1 and 0, other non-numbers 0; null is NaN. */
function argDecimal(v: Arg): Decimal | null {
  if (v === undefined) return null
  const amount = moneyAmount(v)
  const x = amount === MISSING ? v : amount
  switch (typeof x) {
    case 'number':
      return parseDecimal(String(x)) ?? ZERO
    case 'string':
      return parseDecimal(x) ?? ZERO
    case 'boolean':
      return amount === MISSING ? (x ? ONE : ZERO) : ZERO
    default:
      return ZERO
  }
}

/**
 * `n - offset` as the reference's decimal subtracts: n's scale is kept, except that a zero has
 * none; a zero result with a scale is negative ('1.0' less 1 prints '-0.0').
 */
function subtract(d: Decimal, offset: number): Decimal {
  const scale = d.coefficient === 0n ? 0 : Math.max(d.scale, 0)
  const value =
    (d.negative ? -d.coefficient : d.coefficient) * 10n ** BigInt(scale - Math.min(d.scale, scale))
  const result = value - BigInt(offset) * 10n ** BigInt(scale)
  return {
    negative: result < 0n || (result === 0n && scale > 0),
    coefficient: result < 0n ? -result : result,
    scale,
  }
}

/** A value as a template number (`asNumber`): strings parse, booleans are 1 and 0, else 0. */
const argNumber = (v: Arg): number => (v === MISSING || v === undefined ? 0 : asNumber(v))

const pluralRules = new BoundedCache<Intl.PluralRules>(64)

/** CLDR plural category; visible fraction digits count ('1.0' is not 'one' in English). */
function pluralCategory(locale: string, text: string, ordinal: boolean): string {
  const dot = text.indexOf('.')
  const digits = dot === -1 ? 0 : Math.min(text.length - dot - 1, 20)
  const type = ordinal ? 'ordinal' : 'cardinal'
  const key = `${locale}|${type}|${digits}`
  const rules =
    pluralRules.get(key) ??
    pluralRules.set(key, new Intl.PluralRules(locale, { type, minimumFractionDigits: digits }))
  return rules.select(Number(text))
}

const numberArgOptions = new BoundedCache<NumberOptions>(MESSAGE_FORMATTER_CACHE_SIZE)
const moneyArgOptions = new BoundedCache<NumberOptions>(MESSAGE_FORMATTER_CACHE_SIZE)
const datetimeArgOptions = new BoundedCache<DatetimeOptions>(MESSAGE_FORMATTER_CACHE_SIZE)
const intervalArgOptions = new BoundedCache<IntervalOptions>(MESSAGE_FORMATTER_CACHE_SIZE)
const unitArgOptions = new BoundedCache<UnitOptions>(MESSAGE_FORMATTER_CACHE_SIZE)

/** Options of a sub-format, read once per distinct option list (and kept as one object, for caches). */
function optionsOf<T>(
  cache: BoundedCache<T>,
  options: readonly string[],
  read: (o: readonly string[]) => T,
): T {
  const key = options.join(' ')
  return cache.get(key) ?? cache.set(key, read(options))
}

interface Env {
  locale: string
  scope: Scope
  args: Args
}

function lookup(args: Args, name: MessageArgName): Arg {
  const key = String(name)
  if (Object.hasOwn(args.keyword, key)) return args.keyword[key]
  return typeof name === 'number' ? args.positional[name] : undefined
}

/** `{0 money}`: an argument that is not money prints nothing. */
function formatMoneyArg(env: Env, v: Arg, options: readonly string[]): string {
  if (v === undefined) return ''
  let amount = child(v, 'decimalValue')
  let code = child(v, 'currencyCode')
  if (amount === MISSING || code === MISSING) {
    amount = child(v, 'value')
    code = child(v, 'currency')
  }
  if (amount === MISSING || code === MISSING) return ''
  const d = argDecimal(amount)
  const money = { amount: d === null ? 'NaN' : decimalToString(d), currency: argText(code) }
  return formatCldrMoney(
    money,
    env.locale,
    optionsOf(moneyArgOptions, options, (o) => parseNumberOptions(o, true)),
  )
}

function formatSimple(env: Env, code: Extract<MessageCode, { kind: 'simple' }>): string {
  const first = lookup(env.args, code.names[0] as MessageArgName)
  switch (code.format) {
    case 'money':
    case 'currency':
      return formatMoneyArg(env, first, code.options)
    case 'number':
    case 'decimal': {
      if (first === undefined) return ''
      const d = argDecimal(first)
      const options = optionsOf(numberArgOptions, code.options, (o) => parseNumberOptions(o, false))
      return formatDecimalNumber(d === null ? 'NaN' : decimalToString(d), env.locale, options)
    }
    case 'datetime': {
      const t = argNumber(first)
      if (first === undefined || !Number.isFinite(t) || Math.abs(t) > MAX_DATE) return ''
      return formatDatetime(
        env.locale,
        siteZone(env.scope),
        t,
        optionsOf(datetimeArgOptions, code.options, parseDatetimeOptions),
      )
    }
    case 'datetime-interval': {
      const second = lookup(env.args, code.names[1] ?? '')
      if (first === undefined || second === undefined) return ''
      // Text that is not a number reads as 0 here (the reference's calendar takes NaN as the epoch).
      const s = argNumber(first) || 0
      const e = argNumber(second) || 0
      if (!Number.isFinite(s) || !Number.isFinite(e) || Math.abs(s) > MAX_DATE || Math.abs(e) > MAX_DATE)
        return ''
      const zone = siteZone(env.scope)
      const o = optionsOf(intervalArgOptions, code.options, parseIntervalOptions)
      return formatInterval(env.locale, zone, s, e, zoneOffset(zone, s), zoneOffset(zone, e), o)
    }
    case 'unit': {
      const text = decimalOrNull(first)
      return formatUnit(
        env.locale,
        Number(text ?? '0'),
        optionsOf(unitArgOptions, code.options, parseUnitOptions),
        (reason) => env.scope.fail('PLUGIN_FAILED', messages.PLUGIN_FAILED('formatter', 'message', reason)),
      )
    }
    default:
      return ''
  }
}

/** The most milliseconds from the epoch a JavaScript Date holds. */
const MAX_DATE = 8.64e15

/** Evaluates message code; `argsub` is what `#` prints inside a plural or select case. */
function evaluate(env: Env, code: MessageCode, argsub: string): string {
  switch (code.kind) {
    case 'text':
      return code.text
    case 'block': {
      let out = ''
      for (const part of code.parts) out += evaluate(env, part, argsub)
      return out
    }
    case 'arg':
      return argText(lookup(env.args, code.name))
    case 'argsub':
      return argsub
    case 'plural': {
      const num = argDecimal(lookup(env.args, code.names[0] as MessageArgName))
      const value = num === null ? Number.NaN : Number(decimalToString(num))
      const sub = num === null ? null : code.offset !== 0 ? subtract(num, code.offset) : num
      const subText = sub === null ? 'NaN' : decimalToString(sub)
      const category = pluralCategory(env.locale, subText, code.ordinal)
      let other: MessageCode | undefined
      for (const c of code.choices) {
        if (c.exact) {
          if (Number(c.key) === value)
            return evaluate(env, c.code, num === null ? 'NaN' : decimalToString(num))
        } else if (c.key === category) return evaluate(env, c.code, subText)
        else if (c.key === 'other') other = c.code
      }
      return other === undefined ? '' : evaluate(env, other, subText)
    }
    case 'select': {
      const arg = lookup(env.args, code.names[0] as MessageArgName)
      const text = argText(arg)
      let other: MessageCode | undefined
      for (const c of code.choices) {
        if (c.key === text) return evaluate(env, c.code, text)
        if (c.key === 'other') other = c.code
      }
      return other === undefined ? '' : evaluate(env, other, text)
    }
    case 'simple':
      return formatSimple(env, code)
    default:
      return ''
  }
}

/** Formats an ICU-style message in `locale` with resolved arguments. */
export function formatMessage(locale: string, scope: Scope, message: string, args: Args): string {
  return evaluate({ locale, scope, args }, parseMessage(message), '')
}

const message = defineFormatter<MessageArg[]>({
  prepare: (args) =>
    args.map((arg) => {
      const i = arg.search(/[:=]/)
      return i === -1
        ? { key: null, path: splitPath(arg) }
        : { key: arg.slice(0, i), path: splitPath(arg.slice(i + 1)) }
    }),
  apply(value, prepared, scope) {
    const locale = renderLocale(scope.settings)
    if (locale === null) return ''
    const args: Args = { positional: [], keyword: {} }
    for (const a of prepared) {
      const v = scope.resolveOuter(a.path)
      if (a.key !== null) args.keyword[a.key] = v
      args.positional.push(v)
    }
    return formatMessage(locale, scope, asString(value), args)
  },
})

/**
 * `unit in:<unit> [out:<unit>[,<unit>...]] [sequence:<unit>,...] [compact:<set>]
 * [format:narrow|short|long] [number options]`: a measurement in the render's locale. A value
 * that is not a number renders empty.
 */
const unit = defineFormatter<UnitOptions>({
  prepare: parseUnitOptions,
  apply(value, options, scope) {
    const locale = renderLocale(scope.settings)
    const text = decimalOrNull(value)
    if (locale === null || text === null) return ''
    return formatUnit(locale, Number(text), options, (reason) =>
      scope.fail('PLUGIN_FAILED', messages.PLUGIN_FAILED('formatter', 'unit', reason)),
    )
  },
})

/**
 * `{.units-metric?}`: platform.md section 5 has the predicate report 'formatter is not yet
 * implemented', as the reference does: it is false and adds that error on every call.
 */
const unitsMetricPredicate = definePredicate({
  test: (_args, scope) => {
    scope.fail('NOT_IMPLEMENTED', messages.NOT_IMPLEMENTED('units-metric?'))
    return false
  },
})

export const i18nPlugin: Plugin = {
  name: 'i18n',
  formatters: { message, plural: message, unit },
  predicates: { 'units-metric?': unitsMetricPredicate },
}
