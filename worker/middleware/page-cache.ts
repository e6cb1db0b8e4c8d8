/**
 * The full-page cache (Cache API) for anonymous views of catalogue pages: home and ordinary
 * pages, collections, items, blog, events, gallery, search results, the sitemap, not-found.
 *
 * Key: the tenant, its content version (a publish bumps it, so the next view renders fresh),
 * the build of the islands' modules and stylesheet a page links (a deploy that changes them
 * renders afresh: a stored page never names a module the new assets lack), the canonical origin, the path and the allow-listed query (`ALLOWED_QUERY`, sorted; `utm_*`,
 * `gclid`, `fbclid` and anything unknown are dropped). The visitor's own cookies (crumb, visit
 * cookies) are added by middleware outside this one, after the lookup, so a stored page never
 * carries anyone's cookies and a hit is served with the same headers as a miss.
 *
 * Never stored: a request with `Authorization` or a signed-in or password-unlocked visitor (no
 * lookup either), a response with `Set-Cookie`, a status other than 200, 301 and 404, a
 * `Cache-Control` of `private` or `no-store` (cart, checkout, order, subscription, gift-card,
 * lock and member pages send `private, no-store`), a page whose render failed.
 *
 * Freshness is ours (the stored time), so a stale entry is served at once while a background
 * render (`waitUntil`) refreshes it: stale-while-revalidate. `ETag` / `If-None-Match` give a
 * 304. Each response says what happened in `Cache-Status` (RFC 9211).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { COOKIE } from '../../shared/index'
import { hex } from '../crypto/encoding'
import type { AppEnv } from '../env'
import { pageOutcome } from '../http/headers'
import { ASSETS_BUILD } from '../render/stylesheet'
import { prefetchFrame } from '../render/template-store'
import { HELD_DATA_MS } from '../runtime/isolate-cache'

/** Query parameters that change a catalogue page: paging, category, tag, search term. */
export const ALLOWED_QUERY = ['page', 'category', 'tag', 'q'] as const

/** Seconds a stored page is fresh, then served stale while it is refreshed in the background. */
export const FRESH_SECONDS = 300
const STALE_SECONDS = 86_400

/**
 * What browsers and shared caches are told about a catalogue page (RFC 9111): browsers check
 * back on every view (`max-age=0, must-revalidate`: a cheap 304 from our page cache while nothing
 * changed), so a shopper sees a publish on their very next view; shared caches may keep it for
 * `FRESH_SECONDS`. Our own page cache keeps its own freshness (the stored time, below) and
 * serves stale while it revalidates.
 */
export const CATALOGUE_CACHE_CONTROL = `public, max-age=0, must-revalidate, s-maxage=${FRESH_SECONDS}`
/** Personal pages: cart, checkout, order, subscription, gift card, lock and member screens. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'

const STORED_AT = 'x-sf-stored-at'
/**
 * Headers of a stored copy that describe its transfer or its lookup, not the page: the Cache API
 * answers with its own `Date`, `Age`, `CF-Cache-Status` and `Transfer-Encoding: chunked`, which
 * a visitor's answer must not repeat (a `Date` of when it was stored makes every shared cache
 * below count the copy as older than it is; a forced chunked encoding hides its length).
 */
const NOT_THE_PAGES = [
  STORED_AT,
  'cache-control',
  'age',
  'date',
  'cf-cache-status',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]
const CACHEABLE_STATUS = new Set([200, 301, 404])
const CACHE_NAME = 'storefront-pages'

/**
 * The `Cache-Tag` of a page: the tenant, and the collection and item it shows. An operator purges
 * a tenant, a collection or an item at the zone with these (docs/caching.md, "Publishing and purging").
 */
export function cacheTags(siteId: string, collection?: string, item?: string): string {
  const tags = [`site-${siteId}`]
  if (collection !== undefined) tags.push(`site-${siteId}-collection-${collection}`)
  if (collection !== undefined && item !== undefined) tags.push(`site-${siteId}-item-${collection}-${item}`)
  return tags.join(',')
}

/** What a response that sets a cookie tells shared caches and browsers instead of `public`. */
export const COOKIE_SETTING_CACHE_CONTROL = 'private, max-age=0, must-revalidate'

/**
 * A response that sets a cookie is never shareable (RFC 9111 §3, RFC 6265 §8.1): a shared cache
 * between us and the shopper that kept it would hand one visitor's crumb or visitor id to the
 * next. Such a response's `public` cache policy becomes `private` (the browser may still keep
 * it a minute); our own page cache stores copies without cookies (the cookies are added after
 * it), so a repeat view that sets nothing stays public. Mounted outside every middleware that
 * sets cookies.
 */
export function privateWhenSettingCookies(): MiddlewareHandler<AppEnv> {
  return async function privateWhenSettingCookies(c, next) {
    await next()
    const headers = c.res.headers
    if (!headers.has('Set-Cookie')) return
    const control = headers.get('Cache-Control') ?? ''
    if (/\b(private|no-store)\b/i.test(control)) return
    headers.set(
      'Cache-Control',
      /\b(public|s-maxage)\b/i.test(control) ? COOKIE_SETTING_CACHE_CONTROL : 'private',
    )
  }
}

/** Whether the request is someone's own: never looked up, never stored. */
export function isPersonalRequest(request: Request): boolean {
  if (request.headers.has('Authorization')) return true
  const cookies = request.headers.get('Cookie') ?? ''
  return cookies.split(';').some((cookie) => {
    const name = cookie.split('=')[0]?.trim() ?? ''
    return name === COOKIE.siteUser || name.startsWith(COOKIE.pageUnlock)
  })
}

/**
 * The cache key of a page view (a URL): tenant, version, canonical origin, path, allowed query.
 * A request without a query (most views) skips the query's parsing.
 */
export function pageCacheKey(c: Context<AppEnv>): string {
  // The URL as workerd serialized it: the path, still percent-encoded, runs to `?` (no fragment).
  const url = c.req.url
  const mark = url.indexOf('?')
  const path = url.slice(url.indexOf('/', url.indexOf('//') + 2), mark < 0 ? undefined : mark)
  if (mark < 0) return cacheKeyOf(c.get('tenant'), path, '')
  const given = new URLSearchParams(url.slice(mark + 1))
  const query = new URLSearchParams()
  for (const name of ALLOWED_QUERY) {
    const value = given.get(name)
    if (value !== null) query.set(name, value)
  }
  query.sort()
  return cacheKeyOf(c.get('tenant'), path, query.size > 0 ? `?${query}` : '')
}

function cacheKeyOf(tenant: AppEnv['Variables']['tenant'], path: string, search: string): string {
  const { siteId, version, origin } = tenant
  return `https://page-cache.internal/${encodeURIComponent(siteId)}/${encodeURIComponent(version)}/${ASSETS_BUILD}/${encodeURIComponent(origin)}${path}${search}`
}

/**
 * Forgets this data center's copy of a page (its first page, no query) after a visitor changed
 * what it shows (a like's count): the next view renders it again. Other isolates trust their
 * own copies for up to `MEMORY_SECONDS` more, and other data centers until they go stale.
 */
export async function forgetPage(c: Context<AppEnv>, path: string): Promise<string> {
  const key = cacheKeyOf(c.get('tenant'), path, '')
  await forgetPageKey(key)
  return key
}

/**
 * The header an API answer names a page it forgot with (its cache key): the page Worker, which
 * forwarded the call (app.ts), forgets its own copy too, so the visitor's next view there shows
 * the change; it never reaches the visitor.
 */
export const FORGOTTEN_PAGE_HEADER = 'x-sf-forgotten-page'

/**
 * Forgets the page stored under `key`, here and in the Cache API (`forgetPage`), and leaves a
 * mark in the Cache API saying when: no isolate stores a render of the page made from data read
 * before then (a render under way, or an item copy an isolate held: `HELD_DATA_MS`).
 */
export async function forgetPageKey(key: string): Promise<void> {
  const cache = await caches.open(CACHE_NAME)
  await cache.put(
    forgottenMarkKey(key),
    new Response(null, {
      headers: { [FORGOTTEN_AT]: String(Date.now()), 'Cache-Control': `public, max-age=${MARK_SECONDS}` },
    }),
  )
  await forgetKey(cache, key)
}

const FORGOTTEN_AT = 'x-sf-forgotten-at'
/** How long a forgotten page's mark is kept: far longer than any render, or data an isolate holds. */
const MARK_SECONDS = 60

function forgottenMarkKey(key: string): string {
  return `${key}${key.includes('?') ? '&' : '?'}sf-forgotten`
}

/** Whether any isolate forgot the page (its mark) at or after `dataFrom`. */
async function wasForgottenSince(cache: Cache, key: string, dataFrom: number): Promise<boolean> {
  const mark = await cache.match(forgottenMarkKey(key))
  return mark !== undefined && Number(mark.headers.get(FORGOTTEN_AT)) >= dataFrom
}

async function forgetKey(cache: Cache, key: string): Promise<void> {
  const page = memory.get(key)
  if (page) {
    memory.delete(key)
    memoryBytes -= page.body.size
  }
  await cache.delete(key)
}

/** Whether a page response may be stored for everyone. */
function isStorable(response: Response): boolean {
  if (!CACHEABLE_STATUS.has(response.status)) return false
  if (response.headers.has('Set-Cookie')) return false
  const control = response.headers.get('Cache-Control') ?? ''
  return !/\b(private|no-store)\b/i.test(control)
}

async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body))
  return `"${hex(digest.slice(0, 12))}"`
}

function storedAtOf(headers: Headers): number {
  const at = Number(headers.get(STORED_AT))
  return Number.isFinite(at) ? at : Number.NEGATIVE_INFINITY
}

/** Whole seconds since `storedAt` (the page's age; infinite when it was never stamped). */
function ageOf(storedAt: number): number {
  return Math.max(0, Math.floor((Date.now() - storedAt) / 1000))
}

/**
 * A stored page: what the Cache API holds, and what the isolate keeps of its hottest pages. The
 * body is a `Blob`: a response made from one shares its bytes, where one made from an
 * `ArrayBuffer` copies them on every hit. What a visitor's answer needs is worked out once per
 * copy (issue 26: a hit's cost was mostly copying and editing header lists): when it was
 * stored, its ETag, and its headers as the visitor gets them, less `Cache-Status`, as a
 * `Headers` (a response copies one natively; a list of pairs it converts pair by pair, which
 * cost a held hit about 50 microseconds more).
 */
interface StoredPage {
  status: number
  body: Blob
  storedAt: number
  etag: string | null
  answerHeaders: Headers
}

function storedPage(status: number, headers: Headers, body: Blob): StoredPage {
  const answerHeaders = new Headers(headers)
  for (const name of NOT_THE_PAGES) answerHeaders.delete(name)
  answerHeaders.set('cache-control', CATALOGUE_CACHE_CONTROL)
  return { status, body, storedAt: storedAtOf(headers), etag: headers.get('ETag'), answerHeaders }
}

/**
 * The isolate's own copies of its hottest pages, in front of the Cache API (whose lookups cost a
 * round trip): settled bytes only (isolate-cache.ts), each trusted for `MEMORY_SECONDS` after it
 * was stored or read from the Cache API (so a zone purge by tag reaches them within that; then
 * one lookup confirms the copy for as long again) and only while fresh, at most `MEMORY_BYTES`
 * in all, the oldest leaving first. (Trusting a copy for `MEMORY_SECONDS` after it was *stored*
 * sent every hit of a page older than that to the Cache API for the rest of its freshness.)
 */
const MEMORY_SECONDS = 30
const MEMORY_BYTES = 16 * 1024 * 1024
const memory = new Map<string, HotPage>()
let memoryBytes = 0

/** A stored page the isolate holds, and when it last knew the Cache API's copy to be this one. */
interface HotPage extends StoredPage {
  checkedAt: number
}

function remember(key: string, page: StoredPage): void {
  const old = memory.get(key)
  if (old) {
    memoryBytes -= old.body.size
    memory.delete(key)
  }
  if (page.body.size > MEMORY_BYTES / 16) return
  memory.set(key, { ...page, checkedAt: Date.now() })
  memoryBytes += page.body.size
  for (const [oldest, entry] of memory) {
    if (memoryBytes <= MEMORY_BYTES) break
    memory.delete(oldest)
    memoryBytes -= entry.body.size
  }
}

function recall(key: string): StoredPage | null {
  const page = memory.get(key)
  if (page === undefined) return null
  if (Date.now() - page.checkedAt > MEMORY_SECONDS * 1000 || ageOf(page.storedAt) > FRESH_SECONDS) {
    memory.delete(key)
    memoryBytes -= page.body.size
    return null
  }
  return page
}

/** Stores a copy of `body` with `response`'s headers once it is complete, unless the render failed. */
async function store(
  cache: Cache,
  key: string,
  response: Response,
  body: ReadableStream,
  renderedFrom: number,
): Promise<void> {
  const bytes = await new Response(body).arrayBuffer()
  // The oldest data the render may have shown: what it read, or what the isolate held for it.
  const dataFrom = renderedFrom - HELD_DATA_MS
  if (pageOutcome(response)?.failed || (await wasForgottenSince(cache, key, dataFrom))) return
  const headers = new Headers(response.headers)
  headers.set(STORED_AT, String(Date.now()))
  headers.set('ETag', await etagOf(bytes))
  // The Cache API keeps it as long as we may serve it stale; freshness is judged by STORED_AT.
  headers.set('Cache-Control', `public, max-age=${FRESH_SECONDS + STALE_SECONDS}`)
  const page = new Blob([bytes])
  remember(key, storedPage(response.status, headers, page))
  await cache.put(key, new Response(page, { status: response.status, headers }))
  // Forgotten while it was being stored: the copy is older than what the visitor changed.
  if (await wasForgottenSince(cache, key, dataFrom)) await forgetKey(cache, key)
}

/** A stored page as the visitor gets it: the catalogue cache headers, its ETag, Cache-Status. */
function fromCache(stored: StoredPage, status: string, request: Request): Response {
  const etag = stored.etag
  const unchanged =
    etag !== null &&
    request.headers
      .get('If-None-Match')
      ?.split(',')
      .some((tag) => tag.trim() === etag || tag.trim() === '*')
  const response = new Response(unchanged ? null : stored.body, {
    status: unchanged ? 304 : stored.status,
    headers: stored.answerHeaders,
  })
  response.headers.set('cache-status', status)
  return response
}

/**
 * Marks the background render of a stale page; the value is this isolate's own secret, so no
 * visitor can send it to force renders.
 */
const REVALIDATE_HEADER = 'x-sf-revalidate'
let revalidateToken: string | undefined

/** Made on first use: workerd allows no random values at global scope. */
function revalidationToken(): string {
  revalidateToken ??= crypto.randomUUID()
  return revalidateToken
}

export interface PageCacheOptions {
  /** Runs a request through the whole app again (the background render of a stale page). */
  refetch: (request: Request, env: AppEnv['Bindings'], ctx: ExecutionContext) => Promise<Response>
}

/**
 * The answer to an anonymous GET of a page this isolate holds fresh with a 200 (what
 * `pageCache` would answer with no lookup), or null; null too unless `quiet()` holds. For the
 * held-page answer (app.ts), which gives it before the middlewares that would only have passed
 * it on.
 */
export function heldPage(c: Context<AppEnv>, quiet: () => boolean): Response | null {
  if (c.req.method !== 'GET' || isPersonalRequest(c.req.raw) || c.req.header(REVALIDATE_HEADER) !== undefined)
    return null
  const key = pageCacheKey(c)
  const hot = recall(key)
  if (hot === null || hot.status !== 200 || !quiet()) return null
  return fromCache(hot, `storefront; hit; ttl=${FRESH_SECONDS - ageOf(hot.storedAt)}`, c.req.raw)
}

/** Serves anonymous GETs of the pages below it from the page cache, storing what may be stored. */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<AppEnv> {
  return async function pageCache(c, next) {
    if (c.req.method !== 'GET' || isPersonalRequest(c.req.raw)) {
      if (c.req.method === 'GET') prefetchFrame(c.get('catalog'))
      await next()
      c.res.headers.set('Cache-Status', 'storefront; fwd=bypass')
      return
    }
    const key = pageCacheKey(c)
    const revalidating = c.req.header(REVALIDATE_HEADER) === revalidationToken()
    const hot = revalidating ? null : recall(key)
    if (hot) return fromCache(hot, `storefront; hit; ttl=${FRESH_SECONDS - ageOf(hot.storedAt)}`, c.req.raw)
    const cache = await caches.open(CACHE_NAME)
    const match = revalidating ? undefined : await cache.match(key)
    const stored = match ? storedPage(match.status, match.headers, await match.blob()) : null
    if (stored) {
      const age = ageOf(stored.storedAt)
      if (age <= FRESH_SECONDS) {
        remember(key, stored)
        return fromCache(stored, `storefront; hit; ttl=${FRESH_SECONDS - age}`, c.req.raw)
      }
      // Stale: this visitor gets it now; a render in the background refreshes it for the next.
      const again = new Request(c.req.raw, { headers: new Headers(c.req.raw.headers) })
      again.headers.set(REVALIDATE_HEADER, revalidationToken())
      c.executionCtx.waitUntil(
        options.refetch(again, c.env, c.executionCtx).then((response) => response.body?.cancel()),
      )
      return fromCache(stored, 'storefront; fwd=stale', c.req.raw)
    }
    const renderedFrom = Date.now()
    prefetchFrame(c.get('catalog'))
    await next()
    const response = c.res
    if (!isStorable(response) || response.body === null) {
      response.headers.set('Cache-Status', 'storefront; fwd=miss')
      return
    }
    if (!response.headers.has('Cache-Tag'))
      response.headers.set('Cache-Tag', cacheTags(c.get('tenant').siteId))
    const [visitor, copy] = response.body.tee()
    c.executionCtx.waitUntil(store(cache, key, response, copy, renderedFrom))
    const headers = new Headers(response.headers)
    headers.set('Cache-Control', CATALOGUE_CACHE_CONTROL)
    headers.set('Cache-Status', 'storefront; fwd=miss; stored')
    c.res = new Response(visitor, { status: response.status, headers })
  }
}
