/**
 * Dates and time plugin: `date` (strftime patterns; the long date-time 'LLL' without one),
 * `datetime`, `datetime-interval`, `relative-time`, `timesince` and the `same-day?` predicate,
 * all in the website's time zone: its own zone data (`website.tzData`) when the site has it,
 * else `website.timeZone` (default America/New_York; unknown zones UTC; platform spec §9).
 */

import { BoundedCache } from '../../../shared/bounded-cache'
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
import { formatLongDateTime, formatStrftime } from './strftime'
import { INVALID_DATE, INVALID_DATE_OBJECT } from './words'
import { intlZoneAndInstant, resolveZone, type TzData, tzDataZone, zoneOffset } from './zones'

const TIME_ZONE: Path = ['website', 'timeZone']
const TZ_DATA: Path = ['website', 'tzData']

/** The website's zone: its own zone data when present, else its zone id resolved (aliases, unknown ids to UTC). */
export function siteZone(scope: Scope): string {
  // The site record's schema checked its shape (worker/catalogue/records.ts); a partial one is ignored.
  const tz = scope.resolve(TZ_DATA) as TzData
  if (Array.isArray(tz?.offsets) && tz.offsets.length === tz.abbrs?.length) return tzDataZone(tz)
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
 * `date %Y-%m-%d`: strftime pattern in the site's zone; without a pattern, the default date
 * format, the long date-time 'LLL' ('February 17, 2021 4:26 PM'; platform spec §9). The text
 * depends on the pattern, the zone and the instant alone, so each is kept (bounded, settled
 * strings): a blog list prints the same few dates on every view.
 */
const date = defineFormatter<DatePattern>({
  prepare: (args) => ({ pattern: args.join(' '), texts: new BoundedCache(64) }),
  apply(value, { pattern, texts }, scope) {
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
    const text = pattern === '' ? formatLongDateTime(result.fields) : formatStrftime(result.fields, pattern)
    return byInstant.set(instant, text)
  },
})

/** `datetime [width] [date:w] [time:w] [skeleton:...] [wrap:w] [calendar:c] [context:c]`. */
const datetime = defineFormatter<DatetimeOptions>({
  prepare: parseDatetimeOptions,
  apply(value, options, scope) {
    const locale = renderLocale(scope.settings)
    const instant = asNumber(value)
    if (locale === null || !Number.isFinite(instant)) return ''
    const [zone, at] = intlZoneAndInstant(siteZone(scope), instant)
    return formatDatetime(locale, zone, at, options)
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
    const site = siteZone(scope)
    const [zone, from] = intlZoneAndInstant(site, start)
    const [, to] = intlZoneAndInstant(site, end)
    return formatInterval(locale, zone, from, to, zoneOffset(zone, from), zoneOffset(zone, to), options)
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

/**
 * `timesince`: 'about 3 days ago' in a span carrying the instant; 'Invalid date.' otherwise.
 * Future times and times under 60 seconds past are phrased against the time itself ('less than
 * a minute ago') unless `against:now` asks for them against now ('in about 3 days', 'about 30
 * seconds ago'; platform spec §9).
 */
const timesince = defineFormatter<boolean>({
  prepare: (args) => args.includes('against:now'),
  apply(value, againstNow, scope) {
    const instant = asNumber(value)
    if (renderLocale(scope.settings) === null || !Number.isFinite(instant)) return INVALID_DATE
    const text = humanizeSince(now(scope) - instant, againstNow)
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
