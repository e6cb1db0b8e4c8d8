/**
 * Relative times: `relative-time` ("in 2 hours", "yesterday") through `Intl.RelativeTimeFormat`,
 * choosing the unit the reference chooses (the largest calendar field that differs, its amount
 * rounded half-even), and `timesince` ("about 3 days ago").
 */
import { BoundedCache } from '../../../shared/bounded-cache'
import { aboutAgo, inAbout, LESS_THAN_A_MINUTE_AGO, type SinceUnit } from './words'

export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second'

const SECOND = 1000
const UNIT_MS: readonly (readonly [RelativeUnit, number])[] = [
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', SECOND],
]

function addMonths(t: number, n: number): number {
  const d = new Date(t)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + n)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return d.getTime()
}

/** Rounds half to even, as the reference's number formatting does by default. */
function roundHalfEven(x: number): number {
  const r = Math.round(x)
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r
}

/** The unit and signed amount for the time from `start` to `end`. */
export function relativeAmount(start: number, end: number, allowWeeks: boolean): [RelativeUnit, number] {
  const sign = end < start ? -1 : 1
  const a = Math.min(start, end)
  const b = Math.max(start, end)
  const da = new Date(a)
  const db = new Date(b)
  let months = (db.getUTCFullYear() - da.getUTCFullYear()) * 12 + (db.getUTCMonth() - da.getUTCMonth())
  if (months > 0 && addMonths(a, months) > b) months--
  const fractional = (whole: number, step: number): number => {
    const from = addMonths(a, whole * step)
    return whole + (b - from) / (addMonths(a, (whole + 1) * step) - from)
  }
  let unit: RelativeUnit = 'second'
  let amount: number
  if (months >= 12) {
    unit = 'year'
    amount = fractional(Math.floor(months / 12), 12)
  } else if (months > 0) {
    unit = 'month'
    amount = fractional(months, 1)
  } else {
    const rest = b - a
    amount = rest / SECOND
    for (const [u, ms] of UNIT_MS) {
      if (u === 'week' && !allowWeeks) continue
      if (rest >= ms) {
        unit = u
        amount = rest / ms
        break
      }
    }
  }
  return [unit, sign * roundHalfEven(amount)]
}

const formats = new BoundedCache<Intl.RelativeTimeFormat>(64)
const texts = new BoundedCache<string>(1024)

/** "in 2 hours", "yesterday", "now" in `locale`; each distinct text asked of `Intl` once. */
export function formatRelative(locale: string, amount: number, unit: RelativeUnit): string {
  const key = `${locale}|${unit}|${amount}`
  const known = texts.get(key)
  if (known !== undefined) return known
  const f =
    formats.get(locale) ?? formats.set(locale, new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }))
  return texts.set(key, f.format(amount, unit))
}

const DAY_S = 86_400

/**
 * `timesince` wording for `deltaMs` milliseconds in the past. Future times and times under a
 * minute past are phrased against the time itself, 'less than a minute ago' (platform spec §9),
 * unless `againstNow` (`against:now`): then 'in about 3 days', 'about 30 seconds ago'.
 */
export function humanizeSince(deltaMs: number, againstNow = false): string {
  if (deltaMs < 0 && !againstNow) return LESS_THAN_A_MINUTE_AGO
  const say = (n: number, unit: SinceUnit) => (deltaMs < 0 ? inAbout(n, unit) : aboutAgo(n, unit))
  let seconds = Math.abs(deltaMs) / 1000
  const days = Math.trunc(seconds / DAY_S)
  const years = Math.trunc(days / 365)
  if (years > 0) return say(years, 'year')
  const months = Math.trunc(days / 30)
  if (months > 0) return say(months, 'month')
  const weeks = Math.trunc(days / 7)
  if (weeks > 0) return say(weeks, 'week')
  if (days > 0) return say(days, 'day')
  seconds -= days * DAY_S
  const hours = Math.trunc(seconds / 3600)
  if (hours > 0) return say(hours, 'hour')
  const minutes = Math.trunc(seconds / 60)
  if (minutes > 0) return say(minutes, 'minute')
  return againstNow && seconds >= 1 ? say(Math.trunc(seconds), 'second') : LESS_THAN_A_MINUTE_AGO
}
