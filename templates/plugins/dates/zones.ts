/**
 * Time zones through the platform's `Intl` data (no shipped tables): resolving a site's zone id,
 * the UTC offset at an instant and the zone's short name. Every `Intl.DateTimeFormat` is cached
 * in a bounded map, since constructing one is far more expensive than using it.
 */
import { BoundedCache } from '../../../shared/bounded-cache'
import { DEFAULT_TIME_ZONE } from '../../../shared/enumerations'
import { INVALID_ARGUMENT } from './words'

/**
 * Legacy ids the reference maps before looking a zone up (platform spec §9). ICU knows some
 * SystemV ids but with other rules, so these are replaced first.
 */
const LEGACY_ZONES: Readonly<Record<string, string>> = {
  'SystemV/AST4': 'America/Puerto_Rico',
  'SystemV/AST4ADT': 'America/Halifax',
  'SystemV/CST6': 'America/Regina',
  'SystemV/CST6CDT': 'America/Chicago',
  'SystemV/EST5': 'America/Indianapolis',
  'SystemV/EST5EDT': 'America/New_York',
  'SystemV/HST10': 'Pacific/Honolulu',
  'SystemV/MST7': 'America/Phoenix',
  'SystemV/MST7MDT': 'America/Denver',
  'SystemV/PST8': 'Pacific/Pitcairn',
  'SystemV/PST8PDT': 'America/Los_Angeles',
  'SystemV/YST9': 'Pacific/Gambier',
  'SystemV/YST9YDT': 'America/Anchorage',
  'Canada/East-Saskatchewan': 'America/Regina',
}

export const UTC = 'UTC'

const zoneIds = new BoundedCache<string>(256)

/**
 * A site's own zone data (`website.tzData`, storefront.md section 4): the tz database's packed
 * form as moment-timezone unpacks it. Period `i` lasts until `untils[i]` (epoch ms; null or
 * Infinity: open-ended), is called `abbrs[i]` and is `offsets[i]` minutes west of UTC.
 */
export interface TzData {
  name: string
  abbrs: readonly string[]
  untils: readonly (number | null)[]
  offsets: readonly number[]
}

/** Zones made of a site's zone data are named `tzdata:<name>|<digest>`, apart from every tz id. */
const TZDATA_PREFIX = 'tzdata:'
const tzZones = new BoundedCache<TzData>(256)
const tzKeys = new WeakMap<TzData, string>()

function digest(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

/**
 * The zone to render in for a site's zone data: a name the other helpers here take like a tz id
 * (offsets and abbreviations come from the data). Named by its content, so two sites' data
 * never share a name unless they are the same; the site record's object is kept weakly.
 */
export function tzDataZone(data: TzData): string {
  let key = tzKeys.get(data)
  if (key === undefined) {
    key = `${TZDATA_PREFIX}${data.name}|${digest(JSON.stringify(data))}`
    tzKeys.set(data, key)
  }
  if (tzZones.get(key) === undefined) tzZones.set(key, data)
  return key
}

/** Whether `zone` is a site's zone data rather than a tz id. */
export const isTzDataZone = (zone: string): boolean => zone.startsWith(TZDATA_PREFIX)

/** The period of the zone data in force at `utc` (the last one past every end). */
function tzPeriod(data: TzData, utc: number): number {
  let low = 0
  let high = data.abbrs.length - 1
  while (low < high) {
    const mid = (low + high) >> 1
    const until = data.untils[mid]
    if (until === null || until === undefined || utc < until) high = mid
    else low = mid + 1
  }
  return low
}

/** Offset (ms east) and abbreviation at `utc` of a zone-data zone; UTC if its data was forgotten. */
function tzDataAt(zone: string, utc: number): { offset: number; abbr: string } {
  const data = tzZones.get(zone)
  if (data === undefined) return { offset: 0, abbr: 'UTC' }
  const i = tzPeriod(data, utc)
  return { offset: -(data.offsets[i] ?? 0) * 60_000, abbr: data.abbrs[i] ?? '' }
}

/**
 * For the helpers that format through `Intl` (which knows only tz ids): the zone and instant to
 * ask it for. A zone-data zone is UTC at the instant moved by its offset, so the wall-clock
 * fields are the data's (a zone name it prints is then UTC's: moment's own data has only
 * abbreviations).
 */
export function intlZoneAndInstant(zone: string, utc: number): [string, number] {
  return isTzDataZone(zone) ? [UTC, utc + tzDataAt(zone, utc).offset] : [zone, utc]
}

/** The zone to render in: legacy aliases replaced; an id `Intl` does not know becomes UTC. */
export function resolveZone(id: string | null | undefined): string {
  const wanted = id === null || id === undefined ? DEFAULT_TIME_ZONE : (LEGACY_ZONES[id] ?? id)
  const known = zoneIds.get(wanted)
  if (known !== undefined) return known
  let zone = UTC
  if (wanted !== '') {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: wanted })
      zone = wanted
    } catch {
      zone = UTC
    }
  }
  return zoneIds.set(wanted, zone)
}

const partsFormats = new BoundedCache<Intl.DateTimeFormat>(128)

function partsFormat(zone: string): Intl.DateTimeFormat {
  return (
    partsFormats.get(zone) ??
    partsFormats.set(
      zone,
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        calendar: 'gregory',
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
    )
  )
}

/** Offset of `zone` at `utc` asked of `Intl` (one `formatToParts`, the slow part of dates). */
function intlOffset(zone: string, utc: number): number {
  const f = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, bc: false }
  for (const p of partsFormat(zone).formatToParts(utc)) {
    switch (p.type) {
      case 'era':
        f.bc = p.value === 'BC' || p.value === 'B'
        break
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        f[p.type] = Number.parseInt(p.value, 10)
        break
      default:
        break
    }
  }
  const local = new Date(0)
  local.setUTCFullYear(f.bc ? 1 - f.year : f.year, f.month - 1, f.day)
  local.setUTCHours(f.hour % 24, f.minute, f.second, 0)
  const wholeSeconds = Math.floor(utc / 1000) * 1000
  return local.getTime() - wholeSeconds
}

const DAY_MS = 86_400_000
/** Marks a UTC day that holds a transition: its offsets are asked of `Intl` one by one. */
const CHANGES = Number.NaN
const DAYS_PER_ZONE = 4096
/** Per zone, the offset of each UTC day seen so far (NaN for a day with a transition). */
const dayOffsets = new BoundedCache<BoundedCache<number, number>>(256)

/**
 * Offset of `zone` from UTC at the instant `utc`, in milliseconds (east positive). Asked of
 * `Intl` once per zone and UTC day: a day whose first and last second have the same offset
 * holds no transition (zones change at most once a day), so every instant in it shares that
 * offset. A page of dated posts then costs map lookups, not a `formatToParts` per date.
 */
export function zoneOffset(zone: string, utc: number): number {
  if (zone === UTC) return 0
  if (isTzDataZone(zone)) return tzDataAt(zone, utc).offset
  const day = Math.floor(utc / DAY_MS)
  let days = dayOffsets.get(zone)
  if (days === undefined) days = dayOffsets.set(zone, new BoundedCache(DAYS_PER_ZONE))
  const known = days.get(day)
  if (known !== undefined) return Number.isNaN(known) ? intlOffset(zone, utc) : known
  const start = day * DAY_MS
  const first = intlOffset(zone, start)
  const last = intlOffset(zone, start + DAY_MS - 1000)
  days.set(day, first === last ? first : CHANGES)
  return first === last ? first : intlOffset(zone, utc)
}

/** Whether this runs in a browser (the engine also runs in the worker, which has no document). */
const inBrowser = (): boolean => typeof (globalThis as { document?: unknown }).document === 'object'

/** Whether `id` names a zone with data: the site's own, or one the platform knows (aliases included). */
export const isKnownZone = (id: string | null | undefined): boolean =>
  !!id && (id === UTC || isTzDataZone(id) || resolveZone(id) !== UTC)

/**
 * The zone-offset helper of the platform's time utilities: minutes west of UTC like
 * `Date.prototype.getTimezoneOffset`. Throws 'Invalid argument' for anything but a Date or a
 * number (platform spec §8). Without zone data for `zone` (no zone, or one neither the site's
 * data nor the platform knows) it falls back to the browser's own offset in a browser
 * (storefront.md section 8), and to UTC on the server.
 */
export function timezoneOffsetMinutes(zone: string | null | undefined, at: unknown): number {
  let ms: number
  if (at instanceof Date) ms = at.getTime()
  else if (typeof at === 'number') ms = at
  else throw new Error(INVALID_ARGUMENT)
  if (!isKnownZone(zone) && inBrowser()) return new Date(ms).getTimezoneOffset()
  // `+ 0`: an offset of zero reads 0, not -0.
  return -zoneOffset(resolveZone(zone), ms) / 60000 + 0
}

/**
 * English locales whose CLDR data names zones by letters (EST, JST, IST, AEST, ...). The
 * reference prints tz-database abbreviations; CLDR has letters for most zones people use.
 */
const ABBREVIATION_LOCALES = [
  'en-US',
  'en-CA',
  'en-GB',
  'en-AU',
  'en-NZ',
  'en-IN',
  'en-IE',
  'en-ZA',
  'ja-JP',
] as const
const LETTERS = /^[A-Z]{2,5}$/
const GMT_OFFSET = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/

const nameFormats = new BoundedCache<Intl.DateTimeFormat>(256)
const abbreviations = new BoundedCache<string>(512)

function shortName(locale: string, zone: string, utc: number): string {
  const key = `${locale}|${zone}`
  const format =
    nameFormats.get(key) ??
    nameFormats.set(key, new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }))
  for (const p of format.formatToParts(utc)) if (p.type === 'timeZoneName') return p.value
  return ''
}

/**
 * Zones the tz database abbreviates by their offset although CLDR has letters for them, and
 * since when (Lord Howe kept Sydney's AEST until 1981).
 */
const NUMERIC_ABBREVIATIONS: ReadonlyMap<string, number> = new Map([
  ['Australia/Lord_Howe', Date.UTC(1981, 2, 1)],
  ['Australia/Eucla', Number.NEGATIVE_INFINITY],
])

/** An offset the way the tz database writes numeric abbreviations: '+11', '+1030', '-0330'. */
function numericAbbreviation(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / 60_000)
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0')
  const rest = minutes % 60
  return `${offset < 0 ? '-' : '+'}${hours}${rest === 0 ? '' : String(rest).padStart(2, '0')}`
}

const NAMES_FROM = Date.UTC(1970, 0, 1)

/**
 * The instant to ask a zone's name at: `utc` itself, or for an instant before 1970 the same
 * day and time in 1971 when the zone's offset is the same then. ICU names zones from 1970 on
 * ('GMT-5' for New York in 1969); CLDR's names, which the reference uses, hold for the
 * zone's whole history ('EST').
 */
export function namingInstant(zone: string, utc: number): number {
  if (utc >= NAMES_FROM) return utc
  const d = new Date(utc)
  const probe = Date.UTC(
    1971,
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  )
  return Number.isFinite(probe) && zoneOffset(zone, probe) === zoneOffset(zone, utc) ? probe : utc
}

/**
 * The zone's short name at `utc`: letters where CLDR has them, else the offset the way the tz
 * database writes numeric abbreviations ('+03', '+0545').
 */
export function zoneAbbreviation(zone: string, utc: number, offset: number): string {
  if (zone === UTC) return 'UTC'
  if (isTzDataZone(zone)) return tzDataAt(zone, utc).abbr
  if (utc >= (NUMERIC_ABBREVIATIONS.get(zone) ?? Number.POSITIVE_INFINITY)) return numericAbbreviation(offset)
  const key = `${zone}|${offset}`
  const cached = abbreviations.get(key)
  if (cached !== undefined) return cached
  const at = namingInstant(zone, utc)
  let fallback = ''
  for (const locale of ABBREVIATION_LOCALES) {
    const name = shortName(locale, zone, at)
    if (LETTERS.test(name)) return abbreviations.set(key, name)
    if (fallback === '') fallback = name
  }
  const m = GMT_OFFSET.exec(fallback)
  if (m !== null) {
    const hours = (m[2] as string).padStart(2, '0')
    fallback = `${m[1]}${hours}${m[3] !== undefined && m[3] !== '00' ? m[3] : ''}`
  }
  return abbreviations.set(key, fallback)
}
