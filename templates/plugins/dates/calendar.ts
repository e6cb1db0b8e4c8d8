/**
 * Calendar fields of an instant in a zone, computed from its Julian day the way the reference's
 * calendar code does: proleptic Julian calendar before the Gregorian cutover (15 Oct 1582),
 * Gregorian after, US weeks (Sunday, 1 minimum day) and ISO weeks (Monday, 4 minimum days).
 */
import { julianDayOutOfRange } from './words'
import { zoneAbbreviation, zoneOffset } from './zones'

const DAY_MS = 86_400_000
/** Julian day number of 1970-01-01. */
const JD_UNIX_EPOCH = 2_440_588
/** The supported range: Mon Jan 1 4713 B.C. .. Fri Dec 31 8652 A.D. */
const JD_MIN = 0
const JD_MAX = 4_881_503
/** First Julian day of the Gregorian calendar (1582-10-15). */
const JD_GREGORIAN_CUTOVER = 2_299_161
const CUTOVER_YEAR = 1582

export interface DateFields {
  /** The instant, UTC epoch milliseconds. */
  readonly utc: number
  /** Offset of the zone at that instant, milliseconds east of UTC. */
  readonly offset: number
  readonly zone: string
  /** Extended year (1 B.C. is 0) and the era's year (1 B.C. is 1). */
  readonly extendedYear: number
  readonly year: number
  /** 1..12 */
  readonly month: number
  readonly day: number
  /** 1..366 */
  readonly dayOfYear: number
  /** 1 = Sunday .. 7 = Saturday */
  readonly dayOfWeek: number
  readonly hour: number
  readonly minute: number
  readonly second: number
  readonly millis: number
}

export type CalendarResult = { ok: true; fields: DateFields } | { ok: false; error: string }

const isLeap = (y: number): boolean => y % 4 === 0 && (y < CUTOVER_YEAR || y % 100 !== 0 || y % 400 === 0)
const yearLength = (y: number): number => (isLeap(y) ? 366 : 365)
/** Days before the first of each month, non-leap. */
const MONTH_STARTS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

function monthAndDay(year: number, dayOfYear: number): [number, number] {
  const leap = isLeap(year)
  let month = 11
  while (month > 0 && dayOfYear <= (MONTH_STARTS[month] as number) + (leap && month > 1 ? 1 : 0)) month--
  return [month + 1, dayOfYear - (MONTH_STARTS[month] as number) - (leap && month > 1 ? 1 : 0)]
}

/** Extended year and day of year of a Julian day. */
function yearAndDay(jd: number): [number, number] {
  if (jd >= JD_GREGORIAN_CUTOVER) {
    // Days since 0001-01-01 (Gregorian), split into 400/100/4/1-year cycles.
    let days = jd - 1_721_426
    const q400 = Math.floor(days / 146_097)
    days -= q400 * 146_097
    const q100 = Math.min(Math.floor(days / 36_524), 3)
    days -= q100 * 36_524
    const q4 = Math.floor(days / 1461)
    days -= q4 * 1461
    const q1 = Math.min(Math.floor(days / 365), 3)
    days -= q1 * 365
    return [400 * q400 + 100 * q100 + 4 * q4 + q1 + 1, days + 1]
  }
  // Julian calendar: a leap year every fourth year; day 0 here is 0001-01-01 (Julian).
  const days = jd - 1_721_424
  const year = Math.floor((4 * days + 1464) / 1461)
  const jan1 = 365 * (year - 1) + Math.floor((year - 1) / 4)
  return [year, days - jan1 + 1]
}

/** The fields of `utc` in `zone`, or the Julian-day range error. */
export function dateFields(utc: number, zone: string): CalendarResult {
  const offset = zoneOffset(zone, utc)
  const local = utc + offset
  const days = Math.floor(local / DAY_MS)
  const jd = days + JD_UNIX_EPOCH
  if (jd < JD_MIN || jd > JD_MAX) return { ok: false, error: julianDayOutOfRange(jd) }
  let ms = local - days * DAY_MS
  const [extendedYear, dayOfYear] = yearAndDay(jd)
  const [month, day] = monthAndDay(extendedYear, dayOfYear)
  let dayOfWeek = (jd + 2) % 7
  if (dayOfWeek < 1) dayOfWeek += 7
  const millis = ms % 1000
  ms = Math.floor(ms / 1000)
  return {
    ok: true,
    fields: {
      utc,
      offset,
      zone,
      extendedYear,
      year: extendedYear < 1 ? 1 - extendedYear : extendedYear,
      month,
      day,
      dayOfYear,
      dayOfWeek,
      hour: Math.floor(ms / 3600),
      minute: Math.floor(ms / 60) % 60,
      second: ms % 60,
      millis,
    },
  }
}

/**
 * Week of year and the year that week belongs to, for weeks starting on `firstDay`
 * (1 = Sunday) whose first week has at least `minDays` days in the new year.
 */
export function weekOfYear(d: DateFields, firstDay: number, minDays: number): [week: number, year: number] {
  // Position of the date and of 1 January within their week, 0 = first day of the week.
  const rel = (d.dayOfWeek - firstDay + 7) % 7
  const jan1 = (((rel - (d.dayOfYear - 1)) % 7) + 7) % 7
  const week1Start = (jan1Rel: number) => (7 - jan1Rel >= minDays ? 1 - jan1Rel : 8 - jan1Rel)
  const start = week1Start(jan1)
  if (d.dayOfYear < start) {
    // Belongs to the last week of the previous year.
    const prevLength = yearLength(d.extendedYear - 1)
    const prevJan1 = (((jan1 - prevLength) % 7) + 7) % 7
    return [Math.floor((d.dayOfYear + prevLength - week1Start(prevJan1)) / 7) + 1, d.extendedYear - 1]
  }
  const length = yearLength(d.extendedYear)
  const nextStart = length + week1Start((jan1 + length) % 7)
  if (d.dayOfYear >= nextStart) return [1, d.extendedYear + 1]
  return [Math.floor((d.dayOfYear - start) / 7) + 1, d.extendedYear]
}

/** The zone's short name at the date's instant. */
export const abbreviation = (d: DateFields): string => zoneAbbreviation(d.zone, d.utc, d.offset)
