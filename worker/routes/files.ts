/**
 * A site's files for shoppers: `GET`/`HEAD /s/<id>/<any name>` on the tenant's own host (the
 * name is decoration, so a renamed file's old URLs keep working), `?format=<w>w` for a srcset
 * width: the smallest stored width at least that wide, or the original. The editor writes them
 * (worker/editor/files-*.ts); this reads one D1 row and one R2 object. `ETag` is the object's own,
 * so a replace changes it; `If-None-Match` answers 304. Browsers keep a copy a minute, the edge a
 * day unless a replace or delete purges it by the file's `Cache-Tag`.
 */
import type { MiddlewareHandler } from 'hono'
import { fileCacheTag } from '../../shared/index'
import type { AppEnv } from '../env'

const CACHE_CONTROL = 'public, max-age=60, s-maxage=86400'

const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
}

/** The served key's last part for `?format=`: `w<width>` of the smallest variant ≥ it, else `original`. */
function servedName(format: string | undefined, variants: number[]): string {
  const wanted = Number(/^(\d{1,5})w$/.exec(format ?? '')?.[1] ?? Number.NaN)
  const width = variants.sort((a, b) => a - b).find((w) => w >= wanted)
  return width === undefined ? 'original' : `w${width}`
}

export function serveFile(): MiddlewareHandler<AppEnv> {
  return async function serveFile(c) {
    const { siteId } = c.var.tenant
    const id = c.req.param('id') ?? ''
    if (!/^[a-f0-9]{24}$/.test(id)) return notFound()
    const row = await c.env.DB.prepare(
      "SELECT name, kind, variants FROM editor_files WHERE site_id = ? AND id = ? AND state = 'ready'",
    )
      .bind(siteId, id)
      .first<{ name: string; kind: string; variants: string }>()
    if (row === null) return notFound()
    const name = servedName(c.req.query('format'), JSON.parse(row.variants) as number[])
    const object = await c.env.FILES.get(`sites/${siteId}/files/${id}/${name}`, { onlyIf: c.req.raw.headers })
    if (object === null) return notFound()
    const headers = new Headers({
      etag: object.httpEtag,
      'cache-control': CACHE_CONTROL,
      'cache-tag': fileCacheTag(siteId, id),
      'x-content-type-options': 'nosniff',
      // RFC 8187 §3.2.1: `'`, `(`, `)` and `*` are not attr-chars either.
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(row.name).replace(/['()*]/g, percent)}`,
    })
    object.writeHttpMetadata(headers)
    if (row.kind !== 'image')
      headers.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    // R2 answers an object without its body when `If-None-Match` matched (RFC 9110 §13.1.2).
    if (!('body' in object)) return new Response(null, { status: 304, headers })
    headers.set('content-length', String(object.size))
    return new Response(object.body, { headers })
  }
}
