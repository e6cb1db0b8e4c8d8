import { describe, expect, it } from 'vitest'
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
    it(`Should send a policy on ${host}${path} that allows exactly its own inline style and no inline script`, async () => {
      const response = await visit(host, path)
      const html = await response.text()
      const csp = directives(response.headers.get('content-security-policy'))
      expect(csp.get('script-src')).toEqual(["'self'"])
      expect(csp.get('frame-ancestors')).toEqual(["'self'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('base-uri')).toEqual(["'self'"])
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '')
      expect(styles).toHaveLength(1)
      expect(csp.get('style-src')).toEqual(["'self'", await sha256(styles[0] ?? '')])
      // Scripts are the island runtime by URL, and JSON-LD data blocks; nothing inline runs.
      for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (body?.trim()) expect(attributes).toContain('type="application/ld+json"')
      }
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      // Personal pages (the cart) send no Referer: their URLs can carry order ids and tokens.
      expect(response.headers.get('referrer-policy')).toBe(
        path === '/cart' ? 'no-referrer' : 'strict-origin-when-cross-origin',
      )
      expect(response.headers.get('permissions-policy')).toContain('camera=()')
      expect(response.headers.has('x-sf-inline-style-hashes')).toBe(false)
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
