/**
 * Route groups register their handlers from the one table of the API (shared/api-routes.ts):
 * `on(group, API.likeItem, rateLimit(...), requireCrumb(), handler)` takes the entry's method
 * and path, so a path is written only in the table. Every group is mounted at the API's root
 * (worker/api/routes.ts), itself mounted at `/api` (worker/app.ts).
 *
 * `bodySchema(API.likeItem, schema)` is the zod schema of an entry's JSON body, typed so that
 * what it accepts (its input) is exactly the table's body type: if either drifts, it no longer
 * compiles.
 */
import type { Handler, MiddlewareHandler } from 'hono'
import type { ApiBody, ApiMethod, ApiRoute } from '../../shared/index'
import type { AppEnv } from '../env'
import type * as z from '../runtime/zod'
import type { Hono } from './hono'

const API_ROOT = '/api'

/** The path of an entry inside the `/api` mount. */
export function mountedPath(route: ApiRoute): string {
  return route.path.slice(API_ROOT.length)
}

/** Registers `handlers` for the entry's method and path. */
export function on<P extends string>(
  group: Hono<AppEnv>,
  route: ApiRoute<ApiMethod, `/api${P}`>,
  ...handlers: [...MiddlewareHandler<AppEnv, NoInfer<P>>[], Handler<AppEnv, NoInfer<P>>]
): void {
  group.on(route.method, mountedPath(route), ...(handlers as unknown as [Handler<AppEnv>]))
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** A schema whose input is exactly the entry's body type (a compile error otherwise). */
export function bodySchema<R extends ApiRoute, S extends z.ZodMiniType>(
  _route: R,
  schema: S & (Same<z.input<S>, ApiBody<R>> extends true ? unknown : { bodyDiffersFromTable: ApiBody<R> }),
): S {
  return schema
}
