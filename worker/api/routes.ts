/**
 * The public APIs of the spec (storefront.md section 7, platform.md section 7), one route group
 * per area in `worker/api/<area>.ts`, mounted under `/api`, each call's method and path from the
 * one table (shared/api-routes.ts). Every answer is JSON: bad input is a 4xx with a message
 * (validate.ts), an unknown path a JSON 404, never the HTML page.
 *
 * Checks per call, in this order: the rate limit (rate-limit.ts, per visitor and endpoint), the
 * crumb for state-changing calls from scripts (crumb.ts), then the input (validate.ts).
 */

import type { AppEnv } from '../env'
import { InputError } from '../http/body'
import { Hono } from '../http/hono'
import { logError } from '../runtime/log'
import { censusRoutes } from './census'
import { clankerRoutes } from './clanker'
import { commentRoutes } from './comments'
import { commerceRoutes } from './commerce'
import { eventRoutes } from './events'
import { formRoutes } from './forms'
import { likeRoutes } from './likes'
import { paymentRoutes } from './payments'
import { performanceRoutes } from './performance'
import { placesRoutes } from './places'
import { quickViewRoutes } from './quick-view'
import { restockRoutes } from './restock'
import { reviewRoutes } from './reviews'
import { siteUserRoutes } from './site-users'

export const apiRoutes = new Hono<AppEnv>()

apiRoutes.onError(function apiError(error, c) {
  if (error instanceof InputError) {
    return c.json({ message: error.message, errors: error.errors }, error.status)
  }
  logError('api-error', { path: c.req.path, method: c.req.method, message: String(error) })
  return c.json({ message: 'Something went wrong on our side. Please try again later.' }, 500)
})

// Area route groups, one entry each (before the catch-all below). Each registers its calls at
// their paths in the table (shared/api-routes.ts, through ./route.ts `on`), so all mount at the root.
for (const group of [
  commerceRoutes,
  quickViewRoutes,
  formRoutes,
  restockRoutes,
  reviewRoutes,
  placesRoutes,
  likeRoutes,
  commentRoutes,
  siteUserRoutes,
  censusRoutes,
  eventRoutes,
  clankerRoutes,
  performanceRoutes,
  paymentRoutes,
])
  apiRoutes.route('/', group)

// Last: any other /api path is a JSON 404.
apiRoutes.all('*', (c) => c.json({ message: 'There is no such API call.' }, 404))
