/**
 * A site's files for shoppers: `GET`/`HEAD /s/<id>/<any name>` on the tenant's own host (the
 * name is decoration, so a renamed file's old URLs keep working), `?format=<w>w` for a srcset
 * width: the smallest srcset width at least that wide, or the original (a width at or above the
 * original's is not stored).
 * The editor writes them (worker/editor/files-*.ts): a file's served keys exist only while it is
 * ready, so this reads R2 alone, one object (two for a width not stored), and no database sits on
 * an image's path. `ETag` is the object's own, so a replace changes it; `If-None-Match` answers
 * 304. Browsers keep a copy a minute, the edge a day unless a replace or delete purges it by the
 * file's `Cache-Tag`.
 */
import type { MiddlewareHandler } from 'hono'
import { fileCacheTag, IMAGE_SRCSET_WIDTHS } from '../../shared/index'
import type { AppEnv } from '../env'

const CACHE_CONTROL = 'public, max-age=60, s-maxage=86400'

const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
}

/** Types Cloudflare Images resizes here (a GIF's widths are the stored stills, or the original). */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp'])

/**
 * A srcset width made by Cloudflare Images from the original (`IMAGE_WIDTHS = "cloudflare"` and
 * the `IMAGES` binding; docs/deployment.md): never wider than the original (`scale-down`), in its
 * type, its ETag the original's and the width. Not run locally (miniflare's Images needs a native
 * module); the default, `stored`, serves the widths the editor made and the job checked.
 */
async function resized(
  images: ImagesBinding,
  original: R2ObjectBody | null,
  width: number,
  ifNoneMatch: string | undefined,
): Promise<Response> {
  if (original === null) return notFound()
  const type = original.httpMetadata?.contentType ?? ''
  const headers = new Headers({ 'cache-control': CACHE_CONTROL, 'x-content-type-options': 'nosniff' })
  if (!RESIZABLE.has(type)) {
    headers.set('etag', original.httpEtag)
    headers.set('content-type', type)
    return new Response(original.body, { headers })
  }
  headers.set('etag', `"${original.etag}-w${width}"`)
  if (ifNoneMatch === headers.get('etag')) {
    await original.body.cancel()
    return new Response(null, { status: 304, headers })
  }
  const result = await images
    .input(original.body)
    .transform({ width, fit: 'scale-down' })
    .output({ format: type as 'image/jpeg' })
  headers.set('content-type', result.contentType())
  return new Response(result.image(), { headers })
}

export function serveFile(): MiddlewareHandler<AppEnv> {
  return async function serveFile(c) {
    const { siteId } = c.get('tenant')
    const id = c.req.param('id') ?? ''
    if (!/^[a-f0-9]{24}$/.test(id)) return notFound()
    const base = `sites/${siteId}/files/${id}/`
    const conditions = { onlyIf: c.req.raw.headers }
    // The smallest srcset width at least the one asked for (stored when below the original's).
    const wanted = Number(/^(\d{1,4})w$/.exec(c.req.query('format') ?? '')?.[1])
    const width = IMAGE_SRCSET_WIDTHS.find((w) => w >= wanted)
    if (width !== undefined && c.env.IMAGE_WIDTHS === 'cloudflare' && c.env.IMAGES)
      return resized(
        c.env.IMAGES,
        await c.env.FILES.get(`${base}original`),
        width,
        c.req.header('if-none-match'),
      )
    const variant = width === undefined ? null : await c.env.FILES.get(`${base}w${width}`, conditions)
    const object = variant ?? (await c.env.FILES.get(`${base}original`, conditions))
    if (object === null) return notFound()
    // The name the link shows (the URL's own, any name serves), safe in the header.
    let name = c.req.param('name') ?? ''
    try {
      name = decodeURIComponent(name)
    } catch {}
    const headers = new Headers({
      etag: object.httpEtag,
      'cache-control': CACHE_CONTROL,
      'cache-tag': fileCacheTag(siteId, id),
      'x-content-type-options': 'nosniff',
      // RFC 8187 §3.2.1: `'`, `(`, `)` and `*` are not attr-chars either.
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, percent)}`,
    })
    object.writeHttpMetadata(headers)
    if (!headers.get('content-type')?.startsWith('image/'))
      headers.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    // R2 answers an object without its body when `If-None-Match` matched (RFC 9110 §13.1.2).
    if (!('body' in object)) return new Response(null, { status: 304, headers })
    headers.set('content-length', String(object.size))
    return new Response((object as R2ObjectBody).body, { headers })
  }
}
