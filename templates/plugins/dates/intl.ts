/**
 * CLDR-style date formatting (`datetime`, `datetime-interval`, `relative-time`) on top of the
 * platform's `Intl`: the reference's option words (`date:short`, `skeleton:yMMMd`, `wrap:full`,
 * `context:begin-sentence`, ...) are mapped to `Intl.DateTimeFormat` options.
 */
import { BoundedCache } from '../../../shared/bounded-cache'
import { namingInstant, UTC } from './zones'

type Width = 'short' | 'medium' | 'long' | 'full'
const WIDTHS: ReadonlySet<string> = new Set(['short', 'medium', 'long', 'full'])
const isWidth = (s: string): s is Width => WIDTHS.has(s)
const CALENDARS: Readonly<Record<string, string>> = {
  gregorian: 'gregory',
  gregory: 'gregory',
  buddhist: 'buddhist',
  iso8601: 'iso8601',
  persian: 'persian',
  japanese: 'japanese',
}
const CONTEXTS: ReadonlySet<string> = new Set([
  'middle-of-text',
  'begin-sentence',
  'standalone',
  'ui-list-or-menu',
])

export interface DatetimeOptions {
  date?: Width
  time?: Width
  datetime?: Width
  skeleton?: string
  wrap?: Width
  context?: string
  calendar: string
}

/** Splits `key:value` (the reference also accepts `key=value` in messages; `:` here). */
function splitOption(arg: string): [string, string] {
  const i = arg.indexOf(':')
  return i === -1 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)]
}

/** `datetime` arguments: widths, skeleton fragments, `calendar:`, `context:`, `wrap:`. */
export function parseDatetimeOptions(args: readonly string[]): DatetimeOptions {
  const o: DatetimeOptions = { calendar: 'gregory' }
  const addSkeleton = (s: string) => {
    o.skeleton = (o.skeleton ?? '') + s
  }
  for (const arg of args) {
    // A double or trailing space in the tag makes an empty argument: the reference skips it.
    if (arg === '') continue
    const [key, val] = splitOption(arg)
    if (val === '') {
      if (key === 'date') o.date = 'short'
      else if (key === 'time') o.time = 'short'
      else if (isWidth(key)) o.datetime = key
      else addSkeleton(key)
      continue
    }
    switch (key) {
      case 'calendar':
        o.calendar = CALENDARS[val] ?? 'gregory'
        break
      case 'context':
        if (CONTEXTS.has(val)) o.context = val
        break
      case 'date':
      case 'time':
      case 'datetime':
        if (isWidth(val)) o[key] = val
        else addSkeleton(val)
        break
      case 'skeleton':
        o.skeleton = val
        break
      case 'wrap':
      case 'wrapper':
      case 'wrapped':
        if (isWidth(val)) o.wrap = val
        break
      default:
        break
    }
  }
  return o
}

type IntlOptions = Intl.DateTimeFormatOptions
type TextWidth = 'narrow' | 'short' | 'long'
const textWidth = (n: number): TextWidth => (n >= 5 ? 'narrow' : n === 4 ? 'long' : 'short')

/** Intl options for a CLDR skeleton such as `yMMMEd` or `Bh`. */
export function skeletonOptions(skeleton: string): IntlOptions {
  const o: IntlOptions = {}
  let i = 0
  while (i < skeleton.length) {
    const c = skeleton[i] as string
    let n = 1
    while (skeleton[i + n] === c) n++
    i += n
    switch (c) {
      case 'G':
        o.era = textWidth(n)
        break
      case 'y':
      case 'Y':
      case 'u':
        o.year = n === 2 ? '2-digit' : 'numeric'
        break
      case 'M':
      case 'L':
        o.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : textWidth(n)
        break
      case 'd':
        o.day = n === 2 ? '2-digit' : 'numeric'
        break
      case 'E':
      case 'c':
      case 'e':
        o.weekday = textWidth(n)
        break
      case 'h':
      case 'K':
      case 'H':
      case 'k':
      case 'j':
      case 'J':
      case 'C':
        o.hour = n === 2 ? '2-digit' : 'numeric'
        // 'h' is CLDR's 12-hour clock, 1-12, except in Japanese (0-11): see dateTimeFormat.
        if (c === 'h') o.hour12 = true
        else if (c === 'K') o.hourCycle = 'h11'
        else if (c === 'H') o.hourCycle = 'h23'
        else if (c === 'k') o.hourCycle = 'h24'
        break
      case 'B':
      case 'b':
        o.dayPeriod = textWidth(n)
        break
      case 'm':
        o.minute = n === 2 ? '2-digit' : 'numeric'
        break
      case 's':
        o.second = n === 2 ? '2-digit' : 'numeric'
        break
      case 'S':
        o.fractionalSecondDigits = Math.min(n, 3) as 1 | 2 | 3
        break
      case 'z':
        o.timeZoneName = n >= 4 ? 'long' : 'short'
        break
      case 'v':
      case 'V':
        o.timeZoneName = n >= 4 ? 'longGeneric' : 'shortGeneric'
        break
      case 'O':
      case 'Z':
      case 'x':
      case 'X':
        o.timeZoneName = n >= 4 ? 'longOffset' : 'shortOffset'
        break
      default:
        break
    }
  }
  return o
}

const formats = new BoundedCache<Intl.DateTimeFormat>(256)

/** A cached formatter for locale, zone, calendar and options. */
export function dateTimeFormat(
  locale: string,
  zone: string,
  calendar: string,
  o: IntlOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${calendar}|${JSON.stringify(o)}`
  const known = formats.get(key)
  if (known !== undefined) return known
  const options: IntlOptions = { ...o, timeZone: zone, calendar }
  // CLDR's 12-hour skeleton ('h') maps to 1-12 hours in its patterns, except Japanese, whose
  // patterns count 0-11 ('K'); `Intl`'s hour12 follows the region's clock (0-11 in Germany).
  if (o.hour12 === true) {
    options.hour12 = undefined
    options.hourCycle = locale.startsWith('ja') ? 'h11' : 'h12'
  }
  return formats.set(key, new Intl.DateTimeFormat(locale, options))
}

const greenwichNames = new BoundedCache<string>(64)

/**
 * How the reference names UTC: as CLDR's Greenwich metazone. Short and generic names are the
 * locale's zero-offset GMT format ('GMT', in French 'UTC'), long names the metazone's
 * ('Greenwich Mean Time'), which Abidjan (GMT all year) carries; `Intl` says 'UTC' and
 * 'Coordinated Universal Time'.
 */
function greenwichName(locale: string, long: boolean): string {
  const key = `${locale}|${long}`
  const known = greenwichNames.get(key)
  if (known !== undefined) return known
  const f = long
    ? new Intl.DateTimeFormat(locale, { timeZone: 'Africa/Abidjan', timeZoneName: 'long' })
    : new Intl.DateTimeFormat(locale, { timeZone: UTC, timeZoneName: 'shortOffset' })
  const name = f.formatToParts(Date.UTC(2000, 0, 1)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  // The zero-offset format is the bare 'GMT' (or 'UTC'); `Intl` writes 'GMT+0'.
  return greenwichNames.set(key, long ? name : name.replace(/[+\u2212-]0(?::?00)?$/, ''))
}

/** The options' zone name style, when they print one: long, or short (null: no zone name). */
function zoneNameStyle(o: IntlOptions): 'long' | 'short' | null {
  switch (o.timeZoneName) {
    case 'long':
    case 'longGeneric':
      return 'long'
    case 'short':
    case 'shortGeneric':
      return 'short'
    case undefined:
      return o.timeStyle === 'full' ? 'long' : o.timeStyle === 'long' ? 'short' : null
    default:
      // Offsets ('GMT+1') are the same in both engines.
      return null
  }
}

/** One instant formatted with its zone called `name`. */
function formatNamed(f: Intl.DateTimeFormat, utc: number, name: string): string {
  const parts = f
    .formatToParts(utc)
    .map((p) => (p.type === 'timeZoneName' ? { type: p.type, value: name } : p))
  return needsRestoring(f) ? joinRestoring(parts) : parts.map((p) => p.value).join('')
}

/** The zone name `f` prints at `utc`. */
const zoneNameAt = (f: Intl.DateTimeFormat, utc: number): string =>
  f.formatToParts(utc).find((p) => p.type === 'timeZoneName')?.value ?? ''

/**
 * One instant, its zone named as the reference names it: UTC as Greenwich, and before 1970
 * with the name the zone has at the same offset later (see namingInstant).
 */
function formatWithZone(
  f: Intl.DateTimeFormat,
  utc: number,
  locale: string,
  zone: string,
  o: IntlOptions,
): string {
  const style = zoneNameStyle(o)
  if (style === null) return formatInstant(f, utc)
  if (zone === UTC) return formatNamed(f, utc, greenwichName(locale, style === 'long'))
  const at = namingInstant(zone, utc)
  return at === utc ? formatInstant(f, utc) : formatNamed(f, utc, zoneNameAt(f, at))
}

/**
 * V8 replaces ICU's narrow no-break space (U+202F, CLDR 42+ "h:mm a") by a plain space (Node 20
 * in `format()` only, workerd also in `formatRange()`); the reference prints CLDR's character.
 * CLDR 42+ data is recognised by its thin-space range separator; detected once.
 */
let scrubsNarrowSpace: boolean | undefined
function platformScrubs(): boolean {
  if (scrubsNarrowSpace === undefined) {
    const probe = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: 'numeric', timeZone: 'UTC' })
    scrubsNarrowSpace = rangeSeparator('en-US').includes('\u2009') && !probe.format(0).includes('\u202f')
  }
  return scrubsNarrowSpace
}

type Part = { type: string; value: string }

/** Joins parts, putting the narrow space back between a time and its AM/PM marker. */
function joinRestoring(parts: readonly Part[]): string {
  let out = ''
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as Part
    out += p.type === 'literal' && p.value === ' ' && parts[i + 1]?.type === 'dayPeriod' ? '\u202f' : p.value
  }
  return out
}

/** Per format: whether its output needs the narrow space restored (`resolvedOptions` is slow). */
const restoring = new WeakMap<Intl.DateTimeFormat, boolean>()

function needsRestoring(f: Intl.DateTimeFormat): boolean {
  let restore = restoring.get(f)
  if (restore === undefined) {
    const o = platformScrubs() ? f.resolvedOptions() : null
    restore = o !== null && o.hour12 === true && o.dayPeriod === undefined
    restoring.set(f, restore)
  }
  return restore
}

/** Most texts kept per (options, locale, zone); a page prints a few dozen distinct dates. */
const TEXTS_PER_FORMAT = 512

/**
 * Finished texts per call site's options object, locale and zone, keyed by instant: pages
 * print the same dates on every request, and `Intl` formatting is the slow part of a dated
 * page. Only settled strings are kept; options objects are prepared once per template, so the
 * weak map lets a template's entries go with it.
 */
const texts = new WeakMap<object, BoundedCache<BoundedCache<BoundedCache<string, unknown>>>>()

function textCache(options: object, locale: string, zone: string): BoundedCache<string, unknown> {
  let byLocale = texts.get(options)
  if (byLocale === undefined) {
    byLocale = new BoundedCache(16)
    texts.set(options, byLocale)
  }
  // Keyed by locale, then zone: both strings come from the render's settings and data, which
  // keep their hashes, where a joined key would be a new string to hash on every call.
  const byZone = byLocale.get(locale) ?? byLocale.set(locale, new BoundedCache(64))
  return byZone.get(zone) ?? byZone.set(zone, new BoundedCache(TEXTS_PER_FORMAT))
}

/** Formats one instant, with the narrow space before AM/PM restored where the platform removed it. */
export function formatInstant(f: Intl.DateTimeFormat, utc: number): string {
  return needsRestoring(f) ? joinRestoring(f.formatToParts(utc)) : f.format(utc)
}

/** Formats a range, restoring the narrow space as `formatInstant` does. */
export function formatRange(f: Intl.DateTimeFormat, start: number, end: number): string {
  return needsRestoring(f) ? joinRestoring(f.formatRangeToParts(start, end)) : f.formatRange(start, end)
}

/** Capitalises the first letter for `context:begin-sentence`. */
export function applyContext(text: string, context: string | undefined): string {
  if (context !== 'begin-sentence' || text === '') return text
  return text.charAt(0).toLocaleUpperCase() + text.slice(1)
}

const glues = new BoundedCache<[string, boolean]>(64)

/** The locale's text joining a date and a time at `width` ("{date} at {time}"), and whether time comes first. */
function dateTimeGlue(locale: string, width: Width): [string, boolean] {
  const key = `${locale}|${width}`
  const cached = glues.get(key)
  if (cached !== undefined) return cached
  // The glue is what the combined format adds to the date and the time formatted alone (a
  // date's own suffix, like Japanese 日, stays with the date).
  const format = (o: IntlOptions) => new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' }).format(0)
  const both = format({ dateStyle: width, timeStyle: 'short' })
  const date = format({ dateStyle: width })
  const time = format({ timeStyle: 'short' })
  let glue = ', '
  let timeFirst = false
  if (both.startsWith(date) && both.endsWith(time)) glue = both.slice(date.length, both.length - time.length)
  else if (both.startsWith(time) && both.endsWith(date)) {
    glue = both.slice(time.length, both.length - date.length)
    timeFirst = true
  }
  return glues.set(key, [glue, timeFirst])
}

/** The `datetime` formatter's text for `utc` in `zone`. */
export function formatDatetime(locale: string, zone: string, utc: number, o: DatetimeOptions): string {
  const cache = textCache(o, locale, zone)
  return cache.get(utc) ?? cache.set(utc, datetimeText(locale, zone, utc, o))
}

function datetimeText(locale: string, zone: string, utc: number, o: DatetimeOptions): string {
  const fmt = (opts: IntlOptions) =>
    formatWithZone(dateTimeFormat(locale, zone, o.calendar, opts), utc, locale, zone, opts)
  let text: string
  if (o.skeleton !== undefined && (o.date !== undefined || o.time !== undefined)) {
    // A width for one half and a skeleton for the other, joined by the locale's wrapper.
    const date = o.date !== undefined ? fmt({ dateStyle: o.date }) : fmt(skeletonOptions(o.skeleton))
    const time = o.date !== undefined ? fmt(skeletonOptions(o.skeleton)) : fmt({ timeStyle: o.time as Width })
    const [glue, timeFirst] = dateTimeGlue(locale, o.wrap ?? o.date ?? 'medium')
    text = timeFirst ? time + glue + date : date + glue + time
  } else if (o.skeleton !== undefined) text = fmt(skeletonOptions(o.skeleton))
  else if (o.datetime !== undefined) text = fmt({ dateStyle: o.datetime, timeStyle: o.datetime })
  else if (o.date !== undefined && o.time !== undefined && o.wrap !== undefined) {
    // Both halves, joined by the wrapper asked for rather than the one of the date's width.
    const [glue, timeFirst] = dateTimeGlue(locale, o.wrap)
    const date = fmt({ dateStyle: o.date })
    const time = fmt({ timeStyle: o.time })
    text = timeFirst ? time + glue + date : date + glue + time
  } else if (o.date !== undefined || o.time !== undefined) {
    const opts: IntlOptions = {}
    if (o.date !== undefined) opts.dateStyle = o.date
    if (o.time !== undefined) opts.timeStyle = o.time
    text = fmt(opts)
  } else text = fmt({ dateStyle: 'long' })
  return applyContext(text, o.context)
}

export interface IntervalOptions {
  skeleton?: string
  date?: string
  time?: string
  context?: string
}

/** `datetime-interval` arguments: a bare skeleton, or `skeleton:`, `date:`, `time:`, `context:`. */
export function parseIntervalOptions(args: readonly string[]): IntervalOptions {
  const o: IntervalOptions = {}
  for (const arg of args) {
    const [key, val] = splitOption(arg)
    if (val === '') {
      if (key !== '' && key !== 'context' && key !== 'skeleton' && key !== 'date' && key !== 'time')
        o.skeleton = key
    } else if (key === 'context') {
      if (CONTEXTS.has(val)) o.context = val
    } else if (key === 'skeleton' || key === 'date' || key === 'time') o[key] = val
  }
  return o
}

const DAY_MS = 86_400_000
const HAS_DATE_FIELD = /[GyYuMLd]/
const HAS_TIME_FIELD = /[hHkKjJCmsBb]/
const separators = new BoundedCache<string>(64)

/** The locale's range separator (CLDR's interval fallback, e.g. thin space, en dash, thin space). */
function rangeSeparator(locale: string): string {
  const cached = separators.get(locale)
  if (cached !== undefined) return cached
  const f = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC', calendar: 'gregory' })
  const a = f.format(0)
  const b = f.format(4 * 365 * DAY_MS)
  const range = f.formatRange(0, 4 * 365 * DAY_MS)
  const sep =
    range.startsWith(a) && range.endsWith(b) ? range.slice(a.length, range.length - b.length) : ' – '
  return separators.set(locale, sep)
}

/**
 * The `datetime-interval` text: with no skeleton, `yMMMd` when the local days differ, else
 * hours and minutes; a time-only skeleton gets the date when the days differ.
 */
export function formatInterval(
  locale: string,
  zone: string,
  start: number,
  end: number,
  startOffset: number,
  endOffset: number,
  o: IntervalOptions,
): string {
  // The offsets follow from zone and instants, so they need no place in the key.
  const cache = textCache(o, locale, zone)
  const key = `${start}/${end}`
  return cache.get(key) ?? cache.set(key, intervalText(locale, zone, start, end, startOffset, endOffset, o))
}

function intervalText(
  locale: string,
  zone: string,
  start: number,
  end: number,
  startOffset: number,
  endOffset: number,
  o: IntervalOptions,
): string {
  const dateDiffers = Math.floor((start + startOffset) / DAY_MS) !== Math.floor((end + endOffset) / DAY_MS)
  let skeleton = o.skeleton ?? (dateDiffers && o.date !== undefined ? o.date : o.time)
  if (skeleton === undefined || skeleton === '') skeleton = dateDiffers ? 'yMMMd' : 'jm'
  else if (dateDiffers && !HAS_DATE_FIELD.test(skeleton)) {
    if (HAS_TIME_FIELD.test(skeleton)) skeleton = `yMMMd${skeleton}`
    else {
      // Weekday only: each end as "weekday, time" (medium wrapper), joined by the fallback.
      const day = dateTimeFormat(locale, zone, 'gregory', skeletonOptions(skeleton))
      const time = dateTimeFormat(locale, zone, 'gregory', skeletonOptions('jm'))
      const [glue, timeFirst] = dateTimeGlue(locale, 'medium')
      const one = (t: number) =>
        timeFirst
          ? formatInstant(time, t) + glue + formatInstant(day, t)
          : formatInstant(day, t) + glue + formatInstant(time, t)
      return applyContext(one(start) + rangeSeparator(locale) + one(end), o.context)
    }
  }
  const f = dateTimeFormat(locale, zone, 'gregory', skeletonOptions(skeleton))
  let text: string
  try {
    text = start === end ? formatInstant(f, start) : formatRange(f, start, end)
  } catch {
    // Older engines refuse an end before the start.
    text = formatInstant(f, start) + rangeSeparator(locale) + formatInstant(f, end)
  }
  return applyContext(text, o.context)
}
