import { describe, expect, it } from 'vitest'
import { TRACKING_LOADER } from '../../worker/render/tracking'
import { visit } from './helpers'

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}

function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

const PAGES = [
  ['aurora.localhost', '/'],
  ['aurora.localhost', '/apparel'],
  ['aurora.localhost', '/apparel/ridgeline-flannel-shirt'],
  ['aurora.localhost', '/cart'],
  ['aurora.localhost', '/search?q=wool'],
  ['aurora.localhost', '/no-such-page'],
  ['journal.localhost', '/gallery'],
  ['journal.localhost', '/contact'],
  ['unknown.localhost', '/'],
  ['broken.localhost', '/'],
] as const

describe('Security headers', () => {
  for (const [host, path] of PAGES) {
    it(`Should send a policy on ${host}${path} that allows exactly its own inline style and no inline script but the tracking loader`, async () => {
      const response = await visit(host, path)
      const html = await response.text()
      const csp = directives(response.headers.get('content-security-policy'))
      // A tracked page's one inline script is the tracking loader (worker/render/tracking.ts), allowed by its hash.
      const tracked = html.includes('id="sf-tracking-context"')
      expect(csp.get('script-src')).toEqual(tracked ? ["'self'", await sha256(TRACKING_LOADER)] : ["'self'"])
      expect(csp.get('frame-ancestors')).toEqual(["'self'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('base-uri')).toEqual(["'self'"])
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '')
      expect(styles).toHaveLength(1)
      expect(csp.get('style-src')).toEqual(["'self'", await sha256(styles[0] ?? '')])
      // Scripts are the island runtime by URL, JSON-LD and the tracking context as data blocks,
      // and the tracking loader; nothing else inline runs.
      for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (!body?.trim()) continue
        if (body === TRACKING_LOADER) expect(attributes).toBe(' type="module"')
        else expect(attributes).toMatch(/type="application\/(ld\+)?json"/)
      }
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('permissions-policy')).toContain('camera=()')
      expect(response.headers.has('x-sf-inline-style-hashes')).toBe(false)
      expect(response.headers.has('x-sf-inline-script-hashes')).toBe(false)
    })
  }

  it('Should add the providers, media and embedding origins a tenant configures', async () => {
    const { contentSecurityPolicy } = await import('../../worker/middleware/secure-headers')
    const tenant = {
      site: {
        website: {
          security: {
            providers: ['recaptcha', 'stripe'],
            mediaOrigins: ['https://cdn.example.com'],
            embedOrigins: ['https://partner.example'],
          },
        },
      },
    } as unknown as Parameters<typeof contentSecurityPolicy>[0]
    const csp = directives(contentSecurityPolicy(tenant, []))
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com',
      'https://www.gstatic.com',
      'https://js.stripe.com',
    ])
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://cdn.example.com'])
    expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://partner.example'])
  })
})
