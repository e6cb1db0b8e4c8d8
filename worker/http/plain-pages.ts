import { ENGINE_TEXT } from '../../shared/index'
import { HTML_HEADERS, INLINE_STYLE_HASHES } from './headers'

/** Small fixed pages that need no tenant: unknown host, broken tenant, bad request, demo index. */

const PLAIN_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#222;background:#f7f7f5}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}'
/** sha256 of PLAIN_STYLE, for the Content-Security-Policy (tests/worker/security-headers.test.ts checks it). */
const PLAIN_STYLE_HASH = "'sha256-9Cbme+gwLy69g4uK44N3HVbarRH+7arbU/lobGfpFcE='"

/** `title` and `message` are fixed text of ours; `extraHtml` must already be escaped by the caller. */
export function plainHtmlResponse(status: number, title: string, message: string, extraHtml = ''): Response {
  const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${PLAIN_STYLE}</style></head><body><main><h1>${title}</h1><p>${message}</p>${extraHtml}</main></body></html>`
  return new Response(body, {
    status,
    headers: { ...HTML_HEADERS, 'cache-control': 'no-store', [INLINE_STYLE_HASHES]: PLAIN_STYLE_HASH },
  })
}

/** No tenant owns this hostname. The page must not reveal any tenant, so it is fixed text. */
export function unknownHostResponse(): Response {
  return plainHtmlResponse(404, 'Website not found', 'There is no website at this address.')
}

/** A tenant record failed its schema: the shopper sees an apology, the operator a log line. */
export function brokenSiteResponse(): Response {
  return plainHtmlResponse(500, ENGINE_TEXT.pageFailedTitle, ENGINE_TEXT.pageFailedMessage)
}
