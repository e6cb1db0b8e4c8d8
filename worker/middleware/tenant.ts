/**
 * Tenancy: the request's `Host` names the tenant (KV `host:<hostname>` -> site id). A hostname
 * no tenant owns answers a plain 404 that names no tenant; a tenant whose records are broken
 * answers a 500 page (app.ts). The tenant and the request's catalogue reader go into Hono's
 * context variables for everything below.
 */
import type { MiddlewareHandler } from 'hono'
import {
  BrokenRecordError,
  Catalog,
  describeIssues,
  fitsKv,
  parseRecord,
  readRecord,
} from '../catalogue/reader'
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
  return ownSite(siteId, await readRecord(kv, kvKey.site(siteId), siteSchema))
}

/** The site record, refused when it names another tenant (an operator's copying mistake). */
function ownSite(siteId: string, site: Site | null): Site | null {
  if (site && site.id !== siteId) {
    throw new BrokenRecordError(kvKey.site(siteId), [`id: is "${site.id}", expected "${siteId}"`])
  }
  return site
}

/**
 * The site record's text and the content version its publish stamped on it (the key's KV
 * metadata, `{ version }`: editor/publish.ts, `completeRevision`; seeding stamps the demo
 * tenants'), or undefined when it carries none.
 */
async function stampedSite(kv: KVNamespace, siteId: string) {
  const { value, metadata } = await kv.getWithMetadata<{ version?: unknown }>(kvKey.site(siteId), 'text')
  return { text: value, stamp: typeof metadata?.version === 'string' ? metadata.version : undefined }
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

/**
 * The tenant's content version and its site record as of that version. An isolate that knows no
 * version of the tenant yet (a new isolate, or one the tenant's visitors left) reads the two side
 * by side instead of one after the other: a round of KV reads less before its first page (issue
 * 26, cold start). The site read beside the version is taken only when its publish stamped it
 * with that very version; otherwise (a publish landed between the two reads, or the record was
 * written without a stamp) it is read again after the version, as a known tenant's is, so a site
 * older than its version is never kept under it.
 */
async function versionAndSite(
  env: Pick<Env, 'CATALOG' | 'CONTENT_VERSION_SECONDS'>,
  siteId: string,
  exact: boolean,
): Promise<{ version: string; site: Site | null }> {
  const kv = env.CATALOG
  const read = () => getSite(kv, siteId)
  if (exact || versions.get(siteId) !== undefined || versionLifetimeMs(env) === 0) {
    const version = await knownVersion(env, siteId, exact)
    return { version, site: await sites.getOrRead(`${siteId}\u0000${version}`, read) }
  }
  const [version, beside] = await Promise.all([knownVersion(env, siteId, false), stampedSite(kv, siteId)])
  const key = `${siteId}\u0000${version}`
  const kept = sites.get(key)
  if (kept !== undefined) return { version, site: kept }
  if (beside.stamp === version) {
    const site = ownSite(siteId, parseRecord(kvKey.site(siteId), beside.text, siteSchema))
    return { version, site: sites.set(key, site) }
  }
  return { version, site: await sites.getOrRead(key, read) }
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
    const { version, site } = await versionAndSite(c.env, siteId, exact)
    // A host that points at a site with no record is an operator's mistake: same answer as an
    // unknown host, so nothing about the missing tenant leaks.
    if (site === null) return unknownHostResponse()
    const tenant = { siteId, site, version, hostname, origin: canonicalOrigin(site, url, hostname) }
    c.set('tenant', tenant)
    c.set('catalog', new Catalog(kv, tenant))
    await next()
  }
}
