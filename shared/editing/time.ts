/**
 * Wall-clock times in a site's time zone (`website.timeZone`): the editor's Scheduled field is a
 * `datetime-local` value read in the site's zone, whatever the browser's zone is; the server
 * reads it the same way.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

function partsAt(epoch: number, timeZone: string): Record<string, number> {
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
  const out: Record<string, number> = {}
  for (const part of parts) if (part.type !== 'literal') out[part.type] = Number(part.value)
  return out
}

/** Milliseconds the zone is ahead of UTC at `epoch`. */
function offsetAt(epoch: number, timeZone: string): number {
  const p = partsAt(epoch, timeZone)
  const asUtc = Date.UTC(
    p.year ?? 1970,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  )
  return asUtc - Math.floor(epoch / 1000) * 1000
}

/**
 * Epoch milliseconds of a wall-clock time (`2026-12-01T09:00`, seconds optional) in `timeZone`,
 * or null when it is not one. A time skipped by a clock change moves forward with the clock.
 */
export function zonedTimeToEpoch(local: string, timeZone: string): number | null {
  const match = LOCAL.exec(local)
  if (match === null) return null
  const [y, mo, d, h, mi, s] = match.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const wall = Date.UTC(y, mo - 1, d, h, mi, s)
  if (Number.isNaN(wall)) return null
  const first = wall - offsetAt(wall, timeZone)
  return wall - offsetAt(first, timeZone)
}

/** The wall-clock time of `epoch` in `timeZone`, as a `datetime-local` value (minutes, or seconds). */
export function epochToZonedTime(
  epoch: number,
  timeZone: string,
  precision: 'minutes' | 'seconds' = 'minutes',
): string {
  const p = partsAt(epoch, timeZone)
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0')
  const minutes = `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`
  return precision === 'seconds' ? `${minutes}:${pad(p.second)}` : minutes
}
