/**
 * Address autocomplete (platform.md section 7): `GET /api/google-maps/places/autocomplete` and
 * `/details`, a proxy to the places provider (worker/providers/places.ts) so its API key never
 * reaches the browser. The caller's parameters arrive merged with its tracking context
 * (`productPage`, `productSection`); the provider gets only the parameters it knows. A details
 * call without productPage or productSection logs the tracking-context warning (storefront.md
 * section 5).
 *
 * The provider is a paid API: both calls need the visitor's signed crumb (cookie and
 * `X-CSRF-Token`, as the form island sends them), and count against the visitor's and the
 * client address's limits.
 */

import { API } from '../../shared/index'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { queryOf } from '../http/body'
import { Hono } from '../http/hono'
import { requireCrumb } from '../middleware/crumb'
import { rateLimit } from '../middleware/rate-limit'
import { type PlacesParams, placesProvider } from '../providers/places'
import { logWarning } from '../runtime/log'
import * as z from '../runtime/zod'

export const placesRoutes = new Hono<AppEnv>()

const param = z.optional(z.string().check(z.maxLength(256)))

/** The tracking context a caller merges into its parameters. */
const trackingContextSchema = z.object({
  productPage: z.optional(z.string().check(z.maxLength(64))),
  productSection: z.optional(z.string().check(z.maxLength(64))),
})

const autocompleteSchema = z.extend(trackingContextSchema, {
  input: z.string().check(z.trim(), z.minLength(1, 'input must not be empty.'), z.maxLength(256)),
  sessiontoken: param,
  language: param,
  components: param,
  types: param,
})

const detailsSchema = z.extend(trackingContextSchema, {
  place_id: z.string().check(z.minLength(1, 'place_id must not be empty.'), z.maxLength(512)),
  sessiontoken: param,
  language: param,
  fields: param,
})

/** The provider's parameters: the caller's, less the tracking context and anything unset. */
function providerParams(query: Record<string, string | undefined>): PlacesParams {
  const { productPage: _page, productSection: _section, ...rest } = query
  return Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}

on(
  placesRoutes,
  API.placesAutocomplete,
  rateLimit('places'),
  requireCrumb({ reads: true }),
  async function autocomplete(c) {
    const query = queryOf(c, autocompleteSchema)
    return c.json(await placesProvider(c.env).autocomplete(providerParams(query)), 200, {
      'cache-control': 'no-store',
    })
  },
)

on(
  placesRoutes,
  API.placesDetails,
  rateLimit('places'),
  requireCrumb({ reads: true }),
  async function details(c) {
    const query = queryOf(c, detailsSchema)
    if (!query.productPage || !query.productSection) {
      logWarning('places-tracking-context-missing', {
        siteId: c.get('tenant').siteId,
        message: 'Place details were requested without a tracking context (productPage and productSection).',
      })
    }
    return c.json(await placesProvider(c.env).details(providerParams(query)), 200, {
      'cache-control': 'no-store',
    })
  },
)
