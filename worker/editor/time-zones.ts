/**
 * `GET /config/api/time-zones`: every time zone this runtime knows (`Intl.supportedValuesOf`),
 * with its offset from UTC now, for the Settings screen's searchable list. The names are read
 * once per isolate (a settled value); the offsets on each call, since daylight saving moves them.
 */
import { Hono } from 'hono'
import type { TimeZoneOption } from '../../shared/index'
import type { EditorAppEnv } from './env'

let names: readonly string[] | null = null

function zoneNames(): readonly string[] {
  names ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
  return names
}

/** `UTC+05:30` from the `longOffset` name (`GMT+05:30`, `GMT` for UTC itself). */
function offsetOf(zone: string, now: Date): TimeZoneOption {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name)
  if (match === null) return { id: zone, offset: 'UTC', minutes: 0 }
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
  return { id: zone, offset: `UTC${match[1]}${match[2]}:${match[3]}`, minutes }
}

export const timeZoneRoutes = new Hono<EditorAppEnv>()

timeZoneRoutes.get('/time-zones', (c) => {
  const now = new Date()
  return c.json({ zones: zoneNames().map((zone) => offsetOf(zone, now)) })
})
