// Cache poisoning attempts against the page cache, over raw HTTP to the test server (what a
// browser cannot send: a GET with a body, odd Host spellings, forwarding headers). Whatever the
// first request carries, the page stored is the one every visitor would get.
import { expect, test } from '@playwright/test'
import { PORT, type RawAnswer, rawHttp } from './helpers'

/** The attempt as sent: Host, headers and body exactly as given. */
function raw(
  host: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return rawHttp(host, path, { headers, ...(body === undefined ? {} : { body }) })
}

/** The next plain view of the page, once the first one's copy is stored. */
async function plainView(path: string): Promise<RawAnswer> {
  let answer = await raw(`aurora.localhost:${PORT}`, path)
  for (let i = 0; i < 40 && !answer.cacheStatus.includes('hit'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    answer = await raw(`aurora.localhost:${PORT}`, path)
  }
  return answer
}

const ATTEMPTS: [string, string, Record<string, string>, string | undefined][] = [
  [
    'forwarding headers',
    '/footwear',
    { 'X-Forwarded-Host': 'evil.example', Forwarded: 'host=evil.example', 'X-Original-URL': '/evil' },
    undefined,
  ],
  [
    'a GET with a body',
    '/gear',
    { 'Content-Type': 'application/x-www-form-urlencoded' },
    'q=%3Cscript%3Ealert(1)%3C/script%3E',
  ],
  ['odd query strings', '/gifts?q=%3Cscript%3E&utm_source=%22%3E%3Cimg&page=1&page=2', {}, undefined],
  ['a Host in capitals with a trailing dot', '/about', {}, undefined],
  [
    'a cookie of another visitor',
    '/apparel',
    { Cookie: 'crumb=AbCdEfGhIjKlMnOpQrStUv; has-cart=true; ss_cart=someone' },
    undefined,
  ],
]

for (const [what, path, headers, body] of ATTEMPTS) {
  test(`Should store nothing another visitor can see from ${what}`, async () => {
    const host = what.startsWith('a Host') ? `AURORA.LOCALHOST.:${PORT}` : `aurora.localhost:${PORT}`
    const first = await raw(host, path, headers, body)
    expect([200, 404]).toContain(first.status)
    const next = await plainView(path.replace(/\?.*$/, ''))
    expect(next.cacheStatus).toContain('hit')
    for (const marker of ['evil.example', '/evil', '<script>alert', '"><img', 'someone']) {
      expect(next.body, marker).not.toContain(marker)
    }
    // The next visitor gets their own crumb, never the first one's.
    expect(next.setCookie.join(';')).not.toContain('AbCdEfGhIjKlMnOpQrStUv')
    expect(next.body).toMatch(/<\/html>$/)
  })
}
