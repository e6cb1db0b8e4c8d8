/**
 * Tenancy: the request's `Host` names the tenant (KV `host:<hostname>` -> site id). A hostname
 * no tenant owns answers a plain 404 that names no tenant; a tenant whose records are broken
 * answers a 500 page (app.ts). The tenant and the request's catalogue reader go into Hono's
 * context variables for everything below.
 */
import type { MiddlewareHandler } from 'hono'
import { BrokenRecordError, Catalog, describeIssues, fitsKv, readRecord } from '../catalogue/reader'
import { kvKey, type Site, siteIdSchema, siteSchema } from '../catalogue/records'
import type { AppEnv, Env } from '../env'
import { unknownHostResponse } from '../http/plain-pages'
import { SettledCache, versionLifetimeMs } from '../runtime/isolate-cache'

/** Lower-cased hostname without port or trailing dot; `Host` is case-insensitive (RFC 9110 §4.2.3). */
export function hostnameOf(request: Request): string {
  return hostnameOfUrl(new URL(request.url))
}

function hostnameOfUrl(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '')
}

/** The site id a hostname is mapped to, or null when no tenant owns it. */
export async function siteIdForHost(kv: KVNamespace, hostname: string): Promise<string | null> {
  const key = kvKey.host(hostname)
  if (!fitsKv(key)) return null
  const siteId = await kv.get(key, 'text')
  if (siteId === null) return null
  const parsed = siteIdSchema.safeParse(siteId.trim())
  if (!parsed.success) throw new BrokenRecordError(key, describeIssues(parsed.error))
  return parsed.data
}

export async function getSite(kv: KVNamespace, siteId: string): Promise<Site | null> {
  const site = await readRecord(kv, kvKey.site(siteId), siteSchema)
  if (site && site.id !== siteId) {
    throw new BrokenRecordError(kvKey.site(siteId), [`id: is "${site.id}", expected "${siteId}"`])
  }
  return site
}

/** The tenant's content version; part of every cache key so a publish invalidates pages. */
export async function getContentVersion(kv: KVNamespace, siteId: string): Promise<string> {
  return (await kv.get(kvKey.version(siteId), 'text'))?.trim() || '0'
}

/** The origin of the tenant's canonical URLs: its primary domain, else the request's host. */
function canonicalOrigin(site: Site, url: URL, hostname: string): string {
  if (site.website.primaryDomain) return `https://${site.website.primaryDomain}`
  return `${url.protocol}//${hostname}${url.port ? `:${url.port}` : ''}`
}

/**
 * Which tenant a host is, per isolate for a minute (a remapped host takes effect within it), and
 * each tenant's parsed site record per content version: a page view reads KV only for the
 * version, and for the rest when it changed. Settled values only (isolate-cache.ts).
 */
const HOST_TTL_MS = 60_000
const hosts = new SettledCache<string | null>(10_000, HOST_TTL_MS)
const sites = new SettledCache<Site | null>(2_000)

/** The content version each tenant had when this isolate last read it (`versionLifetimeMs`). */
const versions = new SettledCache<{ version: string; at: number }>(10_000)

/** The tenant's content version as this isolate knows it (read again once older than its lifetime). */
async function knownVersion(
  env: Pick<Env, 'CATALOG' | 'CONTENT_VERSION_SECONDS'>,
  siteId: string,
  exact: boolean,
) {
  const lifetime = exact ? 0 : versionLifetimeMs(env)
  // 0: read every time and keep nothing (the editor's preview reads through a KV of its own).
  if (lifetime === 0) return getContentVersion(env.CATALOG, siteId)
  const known = versions.get(siteId)
  const now = Date.now()
  if (known !== undefined && now - known.at < lifetime) return known.version
  const version = await getContentVersion(env.CATALOG, siteId)
  versions.set(siteId, { version, at: now })
  return version
}

/** Forgets every tenant's known content version: the next request of each reads it from KV. */
export function forgetContentVersions(): void {
  versions.clear()
}

/**
 * Resolves the tenant for every request below it, or answers for an unknown host. `exact`: read
 * the content version on every request (the site editor's Worker, whose screens show what was
 * just published and must never be a version behind).
 */
export function resolveTenant(options: { exact?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const exact = options.exact === true
  return async function resolveTenant(c, next) {
    const kv = c.env.CATALOG
    // Parsed once for the hostname and the canonical origin.
    const url = new URL(c.req.url)
    const hostname = hostnameOfUrl(url)
    const siteId = await hosts.getOrRead(hostname, () => siteIdForHost(kv, hostname))
    if (siteId === null) return unknownHostResponse()
    const version = await knownVersion(c.env, siteId, exact)
    const site = await sites.getOrRead(`${siteId}\u0000${version}`, () => getSite(kv, siteId))
    // A host that points at a site with no record is an operator's mistake: same answer as an
    // unknown host, so nothing about the missing tenant leaks.
    if (site === null) return unknownHostResponse()
    const tenant = { siteId, site, version, hostname, origin: canonicalOrigin(site, url, hostname) }
    c.set('tenant', tenant)
    c.set('catalog', new Catalog(kv, tenant))
    await next()
  }
}
