/**
 * Dates and time plugin: `date` (strftime patterns), `datetime`, `datetime-interval`,
 * `relative-time`, `timesince` and the `same-day?` predicate, all in the website's time zone
 * (`website.timeZone`, default America/New_York; platform spec §9).
 */

import { asNumber, asString, child, MISSING } from '../../../shared/json'
import { messages } from '../../errors'
import type { Path } from '../../opcodes'
import { defineFormatter, definePredicate, type Plugin, type Scope } from '../../registry'
import { renderLocale } from '../i18n/locale'
import { dateFields } from './calendar'
import {
  applyContext,
  type DatetimeOptions,
  formatDatetime,
  formatInterval,
  type IntervalOptions,
  parseDatetimeOptions,
  parseIntervalOptions,
} from './intl'
import { formatRelative, humanizeSince, relativeAmount } from './relative'
import { formatStrftime } from './strftime'
import { INVALID_DATE, INVALID_DATE_OBJECT } from './words'
import { BoundedCache, resolveZone, zoneOffset } from './zones'

/** The website's zone, resolved (aliases, unknown ids to UTC). */
const TIME_ZONE: Path = ['website', 'timeZone']

export function siteZone(scope: Scope): string {
  const id = scope.resolve(TIME_ZONE)
  return resolveZone(id === MISSING ? null : asString(id))
}

const now = (scope: Scope): number => scope.settings.now ?? Date.now()

/** A `date` call site's pattern, and its texts so far per zone and instant. */
interface DatePattern {
  pattern: string
  texts: BoundedCache<BoundedCache<string, number>>
}

/**
 * `date %Y-%m-%d`: strftime pattern in the site's zone; no pattern prints nothing. The text
 * depends on the pattern, the zone and the instant alone, so each is kept (bounded, settled
 * strings): a blog list prints the same few dates on every view.
 */
const date = defineFormatter<DatePattern>({
  prepare: (args) => ({ pattern: args.join(' '), texts: new BoundedCache(64) }),
  apply(value, { pattern, texts }, scope) {
    if (pattern === '') return ''
    const instant = asNumber(value)
    if (!Number.isFinite(instant)) {
      scope.fail('PLUGIN_FAILED', messages.PLUGIN_FAILED('formatter', 'date', INVALID_DATE_OBJECT))
      return ''
    }
    const zone = siteZone(scope)
    const byInstant = texts.get(zone) ?? texts.set(zone, new BoundedCache(1024))
    const known = byInstant.get(instant)
    if (known !== undefined) return known
    const result = dateFields(instant, zone)
    if (!result.ok) {
      scope.fail('PLUGIN_FAILED', messages.PLUGIN_FAILED('formatter', 'date', result.error))
      return ''
    }
    return byInstant.set(instant, formatStrftime(result.fields, pattern))
  },
})

/** `datetime [width] [date:w] [time:w] [skeleton:...] [wrap:w] [calendar:c] [context:c]`. */
const datetime = defineFormatter<DatetimeOptions>({
  prepare: parseDatetimeOptions,
  apply(value, options, scope) {
    const locale = renderLocale(scope.settings)
    const instant = asNumber(value)
    if (locale === null || !Number.isFinite(instant)) return ''
    return formatDatetime(locale, siteZone(scope), instant, options)
  },
})

/** `{start, end|datetime-interval [skeleton]}`. */
const datetimeInterval = defineFormatter<IntervalOptions>({
  prepare: parseIntervalOptions,
  apply(value, options, scope, extra) {
    const locale = renderLocale(scope.settings)
    if (locale === null || extra.length === 0) return ''
    const start = asNumber(value)
    const end = asNumber(extra[0])
    if (!Number.isFinite(start) || !Number.isFinite(end)) return ''
    const zone = siteZone(scope)
    return formatInterval(locale, zone, start, end, zoneOffset(zone, start), zoneOffset(zone, end), options)
  },
})

interface RelativeOptions {
  allowWeeks: boolean
  context: string | undefined
}

/** `{date|relative-time}` (from now) or `{start, end|relative-time}`; `allowWeeks:true`, `context:`. */
const relativeTime = defineFormatter<RelativeOptions>({
  prepare(args) {
    const o: RelativeOptions = { allowWeeks: false, context: undefined }
    for (const arg of args) {
      if (arg === 'allowWeeks:true') o.allowWeeks = true
      else if (arg.startsWith('context:')) o.context = arg.slice(8)
    }
    return o
  },
  apply(value, options, scope, extra) {
    const locale = renderLocale(scope.settings)
    if (locale === null) return ''
    let start = now(scope)
    let end = asNumber(value)
    if (extra.length > 0) {
      start = end
      end = asNumber(extra[0])
    }
    if (!Number.isFinite(start) || !Number.isFinite(end)) return ''
    const [unit, amount] = relativeAmount(start, end, options.allowWeeks)
    return applyContext(formatRelative(locale, amount, unit), options.context)
  },
})

/** `timesince`: 'about 3 days ago' in a span carrying the instant; 'Invalid date.' otherwise. */
const timesince = defineFormatter({
  apply(value, _args, scope) {
    const instant = asNumber(value)
    if (renderLocale(scope.settings) === null || !Number.isFinite(instant)) return INVALID_DATE
    const text = humanizeSince(now(scope) - instant)
    return `<span class="timesince" data-date="${instant}">${text}</span>`
  },
})

/** Local day number of an instant in a zone (days since the epoch). */
const localDay = (utc: number, zone: string): number => Math.floor((utc + zoneOffset(zone, utc)) / 86_400_000)

/** `same-day?`: the item's startDate and endDate fall on the same calendar day in the site's zone. */
const sameDay = definePredicate({
  test(_args, scope) {
    const item = scope.node()
    const start = asNumber(child(item, 'startDate'))
    const end = asNumber(child(item, 'endDate'))
    if (!Number.isFinite(start) || !Number.isFinite(end)) return false
    const zone = siteZone(scope)
    return localDay(start, zone) === localDay(end, zone)
  },
})

export const datesPlugin: Plugin = {
  name: 'dates',
  formatters: {
    date,
    datetime,
    'datetime-interval': datetimeInterval,
    'relative-time': relativeTime,
    timesince,
  },
  predicates: { 'same-day?': sameDay },
}
