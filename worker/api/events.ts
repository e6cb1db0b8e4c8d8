/**
 * Error reports and version 0 events (platform.md section 7):
 *
 * - `POST /api/events/RecordJavascriptErrors`: a JSON array of at most 10 entries `{event,
 *   data (JSON text), timestamp}`, with the crumb as `X-CSRF-Token` (the reporter sends it
 *   with `fetch`, so it can). Recorded whatever the analytics rules say: they are not analytics.
 * - `POST /api/events/RecordEvent`: the version 0 tracker, form-encoded `crumb` (the cookie's
 *   value, in the body so it works as a beacon), `event`, `data` (JSON); 202 (200 and 202 are
 *   both success for the client).
 */
import { Hono } from 'hono'
import { beaconForm } from '../analytics/beacon-body'
import { acceptEvents } from '../analytics/gate'
import { javascriptErrorsSchema, recordEventSchema } from '../analytics/schemas'
import type { AppEnv } from '../context'
import { crumbRefusal, requireCrumb, sameSecret } from '../middleware/crumb'
import { rateLimit } from '../middleware/rate-limit'
import { jsonBody } from './validate'

export const eventRoutes = new Hono<AppEnv>()

eventRoutes.post(
  '/RecordJavascriptErrors',
  rateLimit('events:RecordJavascriptErrors', { limiter: 'BEACON_LIMITER' }),
  requireCrumb(),
  async function recordJavascriptErrors(c) {
    const entries = await jsonBody(c, javascriptErrorsSchema)
    const events = entries.map(({ event, data, timestamp }) => ({
      event: 'JavascriptError',
      data: { ...data, name: event },
      occurredAt: timestamp,
    }))
    return acceptEvents(c, events, { pagePath: '/', always: true })
  },
)

eventRoutes.post(
  '/RecordEvent',
  rateLimit('events:RecordEvent', { limiter: 'BEACON_LIMITER' }),
  async function recordEvent(c) {
    const { crumb, event, data } = await beaconForm(c, recordEventSchema)
    // The body's crumb stands in for the header a beacon cannot send.
    if (!c.var.knownVisitor || !sameSecret(c.var.crumb, crumb)) return crumbRefusal(c)
    return acceptEvents(c, [{ event: `RecordEvent:${event}`, data }], { pagePath: data.pagePath })
  },
)
