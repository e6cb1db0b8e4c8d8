/**
 * The census beacons (storefront.md section 7): page views and button, overlay, form and
 * quick-view beacons, all form-encoded, each with the crumb cookie (a beacon cannot send the
 * header) and within the beacon limits (analytics/guard.ts: 403 without a crumb the server
 * minted, 429 past a limit), validated (400 with a reason, 413 over the size limit) and handed
 * to the analytics queue (analytics/gate.ts: 202, or 204 when suppressed).
 *
 * - `POST /api/census/RecordHit`: `event`, `data` (JSON with `pagePath`), `ss_cvr`
 * - `POST /api/census/button-click`, `button-render`: `data` (button, page), `ss_cvr`
 * - `POST /api/census/overlay`: `data` (overlay, action, page), `ss_cvr`
 * - `POST /api/census/form-render`: `formId`, `visitorCookie`
 * - `POST /api/census/RecordQuickView/{id}`: optional `data` (page), `ss_cvr`
 */

import { API } from '../../shared/index'
import { beaconForm } from '../analytics/beacon-body'
import { acceptEvents, refererPath } from '../analytics/gate'
import { beaconGuard } from '../analytics/guard'
import {
  buttonBeaconSchema,
  formRenderSchema,
  overlayBeaconSchema,
  quickViewIdSchema,
  quickViewSchema,
  recordHitSchema,
} from '../analytics/schemas'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { validate } from '../http/body'
import { Hono } from '../http/hono'

export const censusRoutes = new Hono<AppEnv>()

const guard = (endpoint: string) => beaconGuard(`census:${endpoint}`)

on(censusRoutes, API.recordHit, guard('RecordHit'), async function recordHit(c) {
  const { event, data, ss_cvr } = await beaconForm(c, recordHitSchema)
  // The site is the request's, whatever the page view claims.
  const websiteId = c.get('tenant').site.website.id
  return acceptEvents(c, [{ event: 'RecordHit', data: { ...data, websiteId, event, ss_cvr } }], {
    pagePath: data.pagePath,
    pageView: true,
  })
})

for (const [kind, route] of [
  ['button-click', API.buttonClick],
  ['button-render', API.buttonRender],
] as const) {
  on(censusRoutes, route, guard(kind), async function recordButton(c) {
    const { data, ss_cvr } = await beaconForm(c, buttonBeaconSchema)
    return acceptEvents(c, [{ event: kind, data: { ...data, ss_cvr } }], { pagePath: data.pagePath })
  })
}

on(censusRoutes, API.overlay, guard('overlay'), async function recordOverlay(c) {
  const { data, ss_cvr } = await beaconForm(c, overlayBeaconSchema)
  return acceptEvents(c, [{ event: 'overlay', data: { ...data, ss_cvr } }], { pagePath: data.pagePath })
})

on(censusRoutes, API.formRender, guard('form-render'), async function recordFormRender(c) {
  const { formId, visitorCookie } = await beaconForm(c, formRenderSchema)
  const pagePath = refererPath(c.req.header('referer'))
  return acceptEvents(c, [{ event: 'form-render', data: { formId, visitorCookie, pagePath } }], { pagePath })
})

on(censusRoutes, API.recordQuickView, guard('RecordQuickView'), async function recordQuickView(c) {
  const itemId = validate(quickViewIdSchema, c.req.param('id'))
  const { data, ss_cvr } = await beaconForm(c, quickViewSchema)
  const pagePath = data?.pagePath ?? refererPath(c.req.header('referer'))
  return acceptEvents(c, [{ event: 'RecordQuickView', data: { itemId, pagePath, ss_cvr } }], { pagePath })
})
