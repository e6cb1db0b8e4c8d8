/**
 * Every user-visible string of the dates and i18n plugins, in one place (platform spec §8, §9:
 * exact wording). Tests assert these strings.
 */

/** `timesince` on a value that is not a number (or with i18n off). */
export const INVALID_DATE = 'Invalid date.'
/** A date that cannot be represented (not a finite instant). */
export const INVALID_DATE_OBJECT = 'Invalid Date'
/** The zone-offset helper was given neither a date nor a number. */
export const INVALID_ARGUMENT = 'Invalid argument'

/** The instant falls outside the Julian-day range the calendar code supports. */
export const julianDayOutOfRange = (jd: number): string =>
  `Julian day ${jd} is outside the supported range of this library: Mon Jan 1 4713 B.C. to Fri Dec 31 8652 A.D.`

/** Units of `timesince`, largest first. */
export type SinceUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second'

/** 'a year', 'an hour', '3 days'. */
function amount(n: number, unit: SinceUnit): string {
  if (n === 1) return `${unit === 'hour' ? 'an' : 'a'} ${unit}`
  return `${n} ${unit}s`
}

/** 'about a year ago', 'about an hour ago', 'about 3 days ago'. */
export function aboutAgo(n: number, unit: SinceUnit): string {
  return `about ${amount(n, unit)} ago`
}

/** A future time phrased against now (ours: the spec words only the past): 'in about 3 days'. */
export function inAbout(n: number, unit: SinceUnit): string {
  return `in about ${amount(n, unit)}`
}

export const LESS_THAN_A_MINUTE_AGO = 'less than a minute ago'
