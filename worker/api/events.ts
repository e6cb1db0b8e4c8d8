/**
 * Error reports and version 0 events (platform.md section 7), each with the crumb cookie and
 * within the beacon limits (analytics/guard.ts):
 *
 * - `POST /api/events/RecordJavascriptErrors`: a JSON array of at most 10 entries `{event,
 *   data (JSON text), timestamp}` (more is a 413), with the crumb as `X-CSRF-Token` too (the
 *   reporter sends it with `fetch`, so it can). Recorded whatever the analytics rules say: they
 *   are not analytics.
 * - `POST /api/events/RecordEvent`: the version 0 tracker, form-encoded `crumb` (the cookie's
 *   value, in the body so it works as a beacon), `event`, `data` (JSON); 202 (200 and 202 are
 *   both success for the client).
 *
 * The site an event names (`websiteId`) is the request's, whatever the client claims.
 */

import { API } from '../../shared/index'
import { beaconBatch, beaconForm } from '../analytics/beacon-body'
import { acceptEvents } from '../analytics/gate'
import { beaconGuard } from '../analytics/guard'
import { BEACON_LIMITS } from '../analytics/limits'
import { javascriptErrorsSchema, recordEventSchema } from '../analytics/schemas'
import { sameSecret } from '../crypto/encoding'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { Hono } from '../http/hono'
import { crumbRefusal, requireCrumb } from '../middleware/crumb'

export const eventRoutes = new Hono<AppEnv>()

on(
  eventRoutes,
  API.recordJavascriptErrors,
  beaconGuard('events:RecordJavascriptErrors'),
  requireCrumb(),
  async function recordJavascriptErrors(c) {
    const entries = await beaconBatch(c, javascriptErrorsSchema, BEACON_LIMITS.maxErrorReports, 'entries')
    const websiteId = c.get('tenant').site.website.id
    const events = entries.map(({ event, data, timestamp }) => ({
      event: 'JavascriptError',
      data: { ...data, websiteId, name: event },
      occurredAt: timestamp,
    }))
    return acceptEvents(c, events, { pagePath: '/', always: true })
  },
)

on(eventRoutes, API.recordEvent, beaconGuard('events:RecordEvent'), async function recordEvent(c) {
  const { crumb, event, data } = await beaconForm(c, recordEventSchema)
  // The body's crumb stands in for the header a beacon cannot send.
  if (!sameSecret(c.get('crumb'), crumb)) return crumbRefusal(c)
  const websiteId = c.get('tenant').site.website.id
  return acceptEvents(c, [{ event: `RecordEvent:${event}`, data: { ...data, websiteId } }], {
    pagePath: data.pagePath,
  })
})
