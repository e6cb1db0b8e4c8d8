/**
 * i18n plugin: `message` and its alias `plural` format an ICU-style message held by the value,
 * with arguments taken from the template (`{msg|message count name=person.name}`: each argument
 * is positional, and `key=path` or `key:path` also names it). The locale comes from the render
 * settings; with i18n off (`'none'`) the output is empty, like the reference's legacy mode.
 * `unit` (and `{0 unit in:byte}` inside a message) formats measurements: see `i18n.units.ts`.
 */

import { MESSAGE_FORMATTER_CACHE_SIZE } from '../constants'
import { messages } from '../errors'
import { splitPath } from '../patterns'
import { defineFormatter, definePredicate, type Plugin, type Scope } from '../registry'
import { asNumber, asString, child, isObject, MISSING } from '../values'
import { siteZone } from './dates'
import { formatDatetime, formatInterval, parseDatetimeOptions, parseIntervalOptions } from './dates.intl'
import { BoundedCache, zoneOffset } from './dates.zones'
import { DEFAULT_LOCALE, renderLocale } from './i18n.locale'
import { type MessageNode, parseMessage } from './i18n.messages'
import { numberFormat, numberOptions } from './i18n.numbers'
import { formatUnit, parseUnitOptions, type UnitOptions, unitsMetric } from './i18n.units'

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

/** The number an argument stands for, as decimal text, or null when it is not one. */
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

/** The number an argument stands for, as decimal text ('0' when it is not one). */
function decimalText(v: unknown): string {
  return decimalOrNull(v) ?? '0'
}

/** An argument as plain text: money values print their amount. */
function plainText(v: unknown): string {
  const amount = moneyAmount(v)
  return asString(amount === MISSING ? v : amount)
}

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

function formatNumber(locale: string, v: unknown, options: readonly string[]): string {
  try {
    return numberFormat(locale, numberOptions(options, false)).format(Number(decimalText(v)))
  } catch {
    return ''
  }
}

function formatMoney(locale: string, v: unknown, options: readonly string[]): string {
  if (!isObject(v)) return ''
  let amount = child(v, 'decimalValue')
  let code = child(v, 'currencyCode')
  if (amount === MISSING || code === MISSING) {
    amount = child(v, 'value')
    code = child(v, 'currency')
  }
  if (amount === MISSING || code === MISSING) return ''
  try {
    const o: Intl.NumberFormatOptions = {
      ...numberOptions(options, true),
      style: 'currency',
      currency: asString(code),
    }
    return numberFormat(locale, o).format(Number(decimalText(amount)))
  } catch {
    return ''
  }
}

const unitArgOptions = new BoundedCache<UnitOptions>(MESSAGE_FORMATTER_CACHE_SIZE)

/** A message's unit argument options, read once per distinct option list. */
function unitOptionsOf(options: readonly string[]): UnitOptions {
  const key = options.join(' ')
  return unitArgOptions.get(key) ?? unitArgOptions.set(key, parseUnitOptions(options))
}

interface Env {
  locale: string
  scope: Scope
  args: Args
}

function lookup(args: Args, name: string): unknown {
  if (/^\d+$/.test(name)) return args.positional[Number(name)]
  return Object.hasOwn(args.keyword, name) ? args.keyword[name] : undefined
}

function formatArg(env: Env, node: Extract<MessageNode, { kind: 'arg' }>): string {
  const value = lookup(env.args, node.names[0] ?? '')
  if (value === undefined || value === MISSING) return ''
  switch (node.type) {
    case '':
      return plainText(value)
    case 'decimal':
    case 'number':
      return formatNumber(env.locale, value, node.options)
    case 'money':
    case 'currency':
      return formatMoney(env.locale, value, node.options)
    case 'datetime': {
      const t = asNumber(value)
      if (!Number.isFinite(t)) return ''
      return formatDatetime(env.locale, siteZone(env.scope), t, parseDatetimeOptions(node.options))
    }
    case 'datetime-interval': {
      const end = lookup(env.args, node.names[1] ?? '')
      const s = asNumber(value)
      const e = asNumber(end)
      if (end === undefined || !Number.isFinite(s) || !Number.isFinite(e)) return ''
      const zone = siteZone(env.scope)
      const o = parseIntervalOptions(node.options)
      return formatInterval(env.locale, zone, s, e, zoneOffset(zone, s), zoneOffset(zone, e), o)
    }
    case 'unit':
      return formatUnit(env.locale, Number(decimalText(value)), unitOptionsOf(node.options), (reason) =>
        env.scope.fail('PLUGIN_FAILED', messages.PLUGIN_FAILED('formatter', 'message', reason)),
      )
    default:
      return ''
  }
}

function chooseCase(env: Env, node: Extract<MessageNode, { kind: 'choice' }>, value: unknown): MessageNode[] {
  const { cases } = node
  if (node.type === 'select') return cases.get(plainText(value)) ?? cases.get('other') ?? []
  const text = decimalText(value)
  const exact = cases.get(`=${text}`) ?? cases.get(`=${Number(text)}`)
  if (exact !== undefined) return exact
  const category = pluralCategory(env.locale, text, node.type === 'selectordinal')
  return cases.get(category) ?? cases.get('other') ?? []
}

function evaluate(env: Env, nodes: readonly MessageNode[], hash: string | null): string {
  let out = ''
  for (const node of nodes) {
    if (typeof node === 'string') out += node
    else if (node.kind === 'hash') out += hash ?? '#'
    else if (node.kind === 'arg') out += formatArg(env, node)
    else {
      const value = lookup(env.args, node.name)
      const body = chooseCase(env, node, value)
      out += evaluate(env, body, node.type === 'select' ? hash : decimalText(value))
    }
  }
  return out
}

/** Formats an ICU-style message in `locale` with resolved arguments. */
export function formatMessage(locale: string, scope: Scope, message: string, args: Args): string {
  return evaluate({ locale, scope, args }, parseMessage(message), null)
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

/** `{.units-metric?}`: the render's locale measures in metric units (en-US does not). */
const unitsMetricPredicate = definePredicate({
  test: (_args, scope) => unitsMetric(renderLocale(scope.settings) ?? DEFAULT_LOCALE),
})

export const i18nPlugin: Plugin = {
  name: 'i18n',
  formatters: { message, plural: message, unit },
  predicates: { 'units-metric?': unitsMetricPredicate },
}
