/**
 * The performance collector's calls (platform.md sections 7 and 9):
 *
 * - `GET /api/1/performance/settings`: this page load's id and the collector's feature flags
 *   (`rum`, `track-page-speed`, `track-user-timing`) as rollout variants of the metric
 *   settings: each is on for `website.performanceRollout[flag]` percent of the site's visitors
 *   (100 when not given), the visitor's bucket a hash of the site, the flag and their crumb, so
 *   the same visitor gets the same variant on every page; all off for a site with tracking
 *   disabled. `variants` says which variant and percentage decided each flag.
 * - `POST /api/1/performance/records`: a JSON array of `{app, data, event, pageLoadId, ts}`
 *   (sent by beacon or XHR as text/plain), each `Performance` entry's data checked against the
 *   Performance payload and each `UserTiming` mark against the product's prefix; queued: 202,
 *   or 204 when suppressed. It needs the crumb cookie and stays within the beacon limits
 *   (analytics/guard.ts); more than 50 records is a 413. A `Performance` record is stored with
 *   the Performance schema's fixed fields (platform.md section 7: action load, actor user, owner
 *   team web_performance, source web, object type website).
 */

import type { Context } from 'hono'
import { API, PERFORMANCE_EVENT_ORIGIN, type PerformanceFlag, TRACKING } from '../../shared/index'
import { beaconBatch } from '../analytics/beacon-body'
import { acceptEvents, refererPath } from '../analytics/gate'
import { beaconGuard } from '../analytics/guard'
import { BEACON_LIMITS } from '../analytics/limits'
import { performanceRecordsSchema } from '../analytics/schemas'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { Hono } from '../http/hono'

export const performanceRoutes = new Hono<AppEnv>()

/** FNV-1a, 32 bits: a stable, evenly spread bucket for a string (not a secret). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** The visitor's bucket for `flag` on this site, 0 to 99: the same for every page they open. */
export function rolloutBucket(siteId: string, flag: PerformanceFlag, visitor: string): number {
  return fnv1a(`${siteId}|${flag}|${visitor}`) % 100
}

interface Variant {
  variant: 'on' | 'off'
  percentage: number
}

/** Each flag's variant for this request's visitor. */
function variantsOf(c: Context<AppEnv>): Record<PerformanceFlag, Variant> {
  const { siteId, site } = c.get('tenant')
  const rollout = site.website.performanceRollout ?? {}
  const variants = {} as Record<PerformanceFlag, Variant>
  for (const flag of TRACKING.performance.flags) {
    const percentage = site.website.trackingDisabled ? 0 : (rollout[flag] ?? 100)
    const on = rolloutBucket(siteId, flag, c.get('crumb')) < percentage
    variants[flag] = { variant: on ? 'on' : 'off', percentage }
  }
  return variants
}

on(performanceRoutes, API.performanceSettings, function performanceSettings(c) {
  const variants = variantsOf(c)
  const settings = Object.fromEntries(
    Object.entries(variants).map(([flag, { variant }]) => [flag, variant === 'on']),
  )
  return c.json(
    {
      pageLoadId: crypto.randomUUID(),
      settings,
      variants,
      collectorVersion: TRACKING.performance.collectorVersion,
    },
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
      data: {
        app,
        pageLoadId,
        pagePath,
        ...data,
        ...(event === 'Performance' ? PERFORMANCE_EVENT_ORIGIN : {}),
      },
      occurredAt: ts,
    }))
    return acceptEvents(c, events, { pagePath })
  },
)
