/**
 * The editor app's bundle (scripts/build-editor.ts), served by the editor's Worker itself under
 * `/config/assets/`: content-hashed names, so a year of immutable caching, and an `ETag` from
 * the name for a 304. Bundled into this Worker (never the storefront's), it is served the same
 * way in production, in `wrangler dev` (where a second Worker's static assets cannot be reached
 * over a service binding) and in the tests.
 */
import files from '../../dist/editor-assets.json'

const FILES: Readonly<Record<string, string>> = files

const TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
}

export function assetResponse(request: Request): Response {
  const path = new URL(request.url).pathname
  const body = FILES[path]
  const type = TYPES[path.slice(path.lastIndexOf('.') + 1)]
  if (body === undefined || type === undefined)
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  const etag = `"${path.slice(path.lastIndexOf('/') + 1)}"`
  const headers = {
    'Content-Type': type,
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  }
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
  return new Response(body, { headers })
}
