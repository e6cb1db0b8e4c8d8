/**
 * Preview: any page of the site with the drafts applied, rendered by the storefront's own app
 * (worker/app.ts: the same routes, templates, islands and theme that serve the live site). The
 * drafts are laid over the site's KV records exactly as a publish would write them (publish.ts
 * plans the writes; a Draft or Needs Review record shows as if published, a Scheduled one as if
 * its time had come), under a content version of their own, so nothing a preview reads is ever
 * mistaken for a live record by the storefront's per-isolate caches. The editor's session cookie
 * travels with the request, so the storefront neither looks the page up in nor stores it into
 * the page cache; the answer is `private, no-store`, carries a visible "Preview" banner, keeps
 * its links inside the preview, and loads no tracking script.
 */
import { EDITOR_TEXT } from '../../shared/index'
import { createApp } from '../app'
import { kvKey } from '../catalogue/records'
import { hex, sha256 } from '../crypto/encoding'
import type { EditorEnv } from './env'
import { listKeys } from './model'
import { type KvWrite, planPreview } from './publish'

export const PREVIEW_PREFIX = '/config/preview'

/**
 * The storefront's app for previews (this module's and template-pages.ts'): the page Worker's,
 * its API calls forwarded (the editor's Worker has no `API` binding, so they answer the API's 404).
 */
export const storefront = createApp('forward')

/**
 * KV with `writes` laid over it: reads see the draft values, lists the added and removed keys.
 * Writes the page makes (the review and like copies it heals, catalogue/item-extras.ts) are
 * dropped: a preview never writes the live store; the next live view writes them.
 */
export function overlayKv(kv: KVNamespace, writes: readonly KvWrite[]): KVNamespace {
  const over = new Map(writes.map((w) => [w.key, w.after]))
  async function get(key: string, options?: unknown): Promise<unknown> {
    if (!over.has(key)) return kv.get(key, options as never)
    const text = over.get(key) ?? null
    const type = typeof options === 'string' ? options : (options as { type?: string } | undefined)?.type
    if (text === null || type !== 'json') return text
    return JSON.parse(text)
  }
  async function list(options: KVNamespaceListOptions = {}): Promise<KVNamespaceListResult<unknown>> {
    const prefix = options.prefix ?? ''
    const names = new Set(await listKeys(kv, prefix))
    for (const [key, value] of over) {
      if (!key.startsWith(prefix)) continue
      if (value === null) names.delete(key)
      else names.add(key)
    }
    return { keys: [...names].sort().map((name) => ({ name })), list_complete: true, cacheStatus: null }
  }
  // A laid-over value carries no metadata: the storefront reads the site after the version then
  // (middleware/tenant.ts), as it does for any site record without a publish's stamp.
  async function getWithMetadata(key: string, options?: unknown): Promise<unknown> {
    if (!over.has(key)) return kv.getWithMetadata(key, options as never)
    return { value: await get(key, options), metadata: null, cacheStatus: null }
  }
  async function put(): Promise<void> {}
  return { get, getWithMetadata, list, put } as unknown as KVNamespace
}

const BANNER_STYLE = [
  'position:sticky',
  'top:0',
  'z-index:2147483647',
  'display:flex',
  'gap:1rem',
  'align-items:center',
  'justify-content:center',
  'padding:.5rem 1rem',
  'background:#1f2a44',
  'color:#fff',
  'font:600 14px/1.4 system-ui,sans-serif',
  'text-align:center',
].join(';')

function banner(): string {
  return `<div role="status" data-preview-banner style="${BANNER_STYLE}">${EDITOR_TEXT.previewBanner}</div>`
}

/** A storefront page with the site's drafts applied, for a signed-in editor (checked by the caller). */
export async function previewResponse(
  request: Request,
  env: EditorEnv,
  ctx: ExecutionContext,
  siteId: string,
): Promise<Response> {
  const url = new URL(request.url)
  const path = url.pathname.slice(PREVIEW_PREFIX.length) || '/'
  const writes = await planPreview(env, siteId)
  const liveVersion = (await env.CATALOG.get(kvKey.version(siteId), 'text'))?.trim() ?? '0'
  const fingerprint = hex(await sha256(JSON.stringify(writes))).slice(0, 16)
  const overlay = overlayKv(env.CATALOG, [
    ...writes,
    { key: kvKey.version(siteId), before: liveVersion, after: `${liveVersion}-preview-${fingerprint}` },
  ])
  const inner = new Request(new URL(`${path}${url.search}`, url.origin), {
    method: request.method === 'HEAD' ? 'GET' : request.method,
    headers: request.headers,
    ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: request.body }),
    redirect: 'manual',
  })
  // The preview's version is its own: never taken from, nor left in, the isolate's known versions.
  const rendered = await storefront.fetch(
    inner,
    { ...env, CATALOG: overlay, CONTENT_VERSION_SECONDS: '0' },
    ctx,
  )
  const headers = new Headers(rendered.headers)
  headers.set('Cache-Control', 'private, no-store')
  headers.set('X-Robots-Tag', 'noindex, nofollow')
  headers.delete('ETag')
  headers.delete('Cache-Tag')
  const location = headers.get('Location')
  if (location?.startsWith('/') && !location.startsWith('//'))
    headers.set('Location', `${PREVIEW_PREFIX}${location}`)
  const response = new Response(rendered.body, { status: rendered.status, headers })
  if (!(headers.get('Content-Type') ?? '').includes('text/html')) return response
  return new HTMLRewriter()
    .on('body', {
      element(body) {
        body.prepend(banner(), { html: true })
      },
    })
    .on('a[href^="/"]', {
      element(link) {
        const href = link.getAttribute('href') ?? ''
        if (!href.startsWith('//') && !href.startsWith(PREVIEW_PREFIX))
          link.setAttribute('href', `${PREVIEW_PREFIX}${href}`)
      },
    })
    .on('script[data-tracking]', {
      element(script) {
        script.remove()
      },
    })
    .transform(response)
}
