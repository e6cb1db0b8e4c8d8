/** Times the editor reads from people: a local date-time in the site's time zone. */

/** The site's time zone (`website.timeZone`, default America/New_York; unknown zones: UTC). */
export function siteTimeZone(website: { timeZone?: unknown }): string {
  const zone =
    typeof website.timeZone === 'string' && website.timeZone !== '' ? website.timeZone : 'America/New_York'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return zone
  } catch {
    return 'UTC'
  }
}

/** Milliseconds the zone is ahead of UTC at `epoch`. */
function offsetAt(epoch: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(epoch))
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return asUtc - Math.floor(epoch / 1000) * 1000
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * Epoch milliseconds of a wall-clock time (`2026-12-01T09:00` or with seconds) in `timeZone`, or
 * null when it is not one. A time skipped by a clock change moves forward with the clock.
 */
export function zonedTimeToEpoch(local: string, timeZone: string): number | null {
  const match = LOCAL.exec(local)
  if (match === null) return null
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[]
  const wall = Date.UTC(y as number, (mo as number) - 1, d as number, h as number, mi as number, s ?? 0)
  if (Number.isNaN(wall)) return null
  const first = wall - offsetAt(wall, timeZone)
  return wall - offsetAt(first, timeZone)
}
