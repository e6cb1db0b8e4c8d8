/**
 * The performance collector's calls (platform.md sections 7 and 9):
 *
 * - `GET /api/1/performance/settings`: this page load's id and the collector's feature flags
 *   (`rum`, `track-page-speed`, `track-user-timing`): all on, or all off for a site with
 *   tracking disabled.
 * - `POST /api/1/performance/records`: a JSON array of `{app, data, event, pageLoadId, ts}`
 *   (sent by beacon or XHR as text/plain), each `Performance` entry's data checked against the
 *   Performance payload and each `UserTiming` mark against the product's prefix; queued: 202,
 *   or 204 when suppressed. It needs the crumb cookie and stays within the beacon limits
 *   (analytics/guard.ts); more than 50 records is a 413.
 */

import { API, TRACKING } from '../../shared/index'
import { beaconBatch } from '../analytics/beacon-body'
import { acceptEvents, refererPath } from '../analytics/gate'
import { beaconGuard } from '../analytics/guard'
import { BEACON_LIMITS } from '../analytics/limits'
import { performanceRecordsSchema } from '../analytics/schemas'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { Hono } from '../http/hono'

export const performanceRoutes = new Hono<AppEnv>()

on(performanceRoutes, API.performanceSettings, function performanceSettings(c) {
  const on = !c.var.tenant.site.website.trackingDisabled
  const settings = Object.fromEntries(TRACKING.performance.flags.map((flag) => [flag, on]))
  return c.json(
    { pageLoadId: crypto.randomUUID(), settings, collectorVersion: TRACKING.performance.collectorVersion },
    200,
    { 'cache-control': 'no-store' },
  )
})

on(
  performanceRoutes,
  API.performanceRecords,
  beaconGuard('performance:records'),
  async function recordPerformance(c) {
    const records = await beaconBatch(
      c,
      performanceRecordsSchema,
      BEACON_LIMITS.maxPerformanceRecords,
      'records',
    )
    const pagePath = refererPath(c.req.header('referer'))
    const events = records.map(({ app, event, data, pageLoadId, ts }) => ({
      event: `performance:${event}`,
      data: { app, pageLoadId, pagePath, ...data },
      occurredAt: ts,
    }))
    return acceptEvents(c, events, { pagePath })
  },
)
