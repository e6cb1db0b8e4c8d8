/**
 * The editor app's HTML: one document for every path under `/config/` (the app routes in the
 * browser). Its scripts run by nonce (`strict-dynamic` lets the entry load its lazy chunks);
 * nothing runs inline; the one style element a script adds (the colour picker's) carries the nonce too. It is personal (`private, no-store`), never indexed, never framed.
 */
import editorManifest from '../../dist/editor-manifest.json'
import { EDITOR_TEXT, escapeHtml } from '../../shared/index'
import { randomId } from '../crypto/encoding'

export interface EditorManifest {
  script: string
  style: string
}

export function editorContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The colour picker (react-colorful) adds its one style element with this nonce.
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https: http:",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')
}

export const EDITOR_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

export function shellResponse(siteTitle: string, manifest: EditorManifest = editorManifest): Response {
  const nonce = randomId(16)
  const title = `${EDITOR_TEXT.editorTitle} · ${siteTitle}`
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${escapeHtml(manifest.style)}"><script type="module" nonce="${nonce}" src="${escapeHtml(manifest.script)}"></script></head><body><div id="editor-root"></div><noscript>${escapeHtml(EDITOR_TEXT.needsJavaScript)}</noscript></body></html>`
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': editorContentSecurityPolicy(nonce),
      ...EDITOR_HEADERS,
    },
  })
}
