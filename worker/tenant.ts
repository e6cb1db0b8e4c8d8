/**
 * Tenancy: the request's `Host` names the tenant (KV `host:<hostname>` -> site id). A hostname
 * no tenant owns answers a plain 404 that names no tenant; a tenant whose records are broken
 * answers a 500 page (see `errors.ts`).
 */
import type { MiddlewareHandler } from 'hono'
import { getContentVersion, getSite, siteIdForHost } from './catalog'
import type { AppEnv } from './context'
import { unknownHostResponse } from './render/plain'

/** Lower-cased hostname without port or trailing dot; `Host` is case-insensitive (RFC 9110 §4.2.3). */
export function hostnameOf(request: Request): string {
  return new URL(request.url).hostname.toLowerCase().replace(/\.$/, '')
}

/** Resolves the tenant for every request below it, or answers for an unknown host. */
export function resolveTenant(): MiddlewareHandler<AppEnv> {
  return async function resolveTenant(c, next) {
    const hostname = hostnameOf(c.req.raw)
    const siteId = await siteIdForHost(c.env.CATALOG, hostname)
    if (siteId === null) return unknownHostResponse()
    const [site, version] = await Promise.all([
      getSite(c.env.CATALOG, siteId),
      getContentVersion(c.env.CATALOG, siteId),
    ])
    // A host that points at a site with no record is an operator's mistake: same answer as an
    // unknown host, so nothing about the missing tenant leaks.
    if (site === null) return unknownHostResponse()
    c.set('tenant', { siteId, site, version, hostname, origin: new URL(c.req.url).origin })
    await next()
  }
}
