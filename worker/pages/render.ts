import type { ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

/**
 * Streams a React document. React writes `<!DOCTYPE html>` itself when the root is `<html>`.
 * A render error after the shell has left is reported through `onError` and logged; the
 * status cannot change by then, so pages keep their slow parts behind Suspense.
 */
export async function renderDocument(element: ReactNode, init: { status?: number } = {}): Promise<Response> {
  const stream = await renderToReadableStream(element, {
    onError(error) {
      console.error(JSON.stringify({ level: 'error', event: 'render-failed', message: String(error) }))
    },
  })
  return new Response(stream, { status: init.status ?? 200, headers: HTML_HEADERS })
}

/**
 * A small page that needs no tenant: unknown host, broken tenant, demo index. `title` and
 * `message` are fixed text of ours; `extraHtml` must already be escaped by the caller.
 */
export function plainHtmlResponse(status: number, title: string, message: string, extraHtml = ''): Response {
  const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#222;background:#f7f7f5}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head><body><main><h1>${title}</h1><p>${message}</p>${extraHtml}</main></body></html>`
  return new Response(body, { status, headers: { ...HTML_HEADERS, 'cache-control': 'no-store' } })
}
