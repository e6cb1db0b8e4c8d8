// Rich text as the editor stores it (worker/editor/sanitize.ts): what an attacker or a careless
// paste puts in is reduced to the allow-list on every save and again at publish.
import { describe, expect, it } from 'vitest'
import { isSafeHref, sanitizeRichText } from '../../worker/editor/sanitize'
import { editorFetch } from './editor-client'

const EMBEDS = ['https://www.youtube-nocookie.com']

describe('Sanitising rich text', () => {
  it.each([
    ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<p onclick="alert(1)" class="lead">hi</p>', '<p class="lead">hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<b>x</b>">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['<img src="x" onerror="alert(1)">', '<img>'],
    ['<img src="javascript:alert(1)">', '<img>'],
    ['<p style="position:fixed">x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['<iframe src="https://evil.example/x"></iframe>', ''],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<form action="/x"><input name="a"></form><p>x</p>', '<p>x</p>'],
    ['<!-- note --><p>x</p>', '<p>x</p>'],
    ['<marquee>old</marquee>', 'old'],
  ])('Should reduce %s', async (input, output) => {
    expect(await sanitizeRichText(input, EMBEDS)).toBe(output)
  })

  it('Should keep what the toolbar and the link editor make', async () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>' +
      '<p><a href="/about" data-ref="abc123">page</a> <a href="mailto:a@b.example">mail</a> <a href="tel:+18025550100">call</a></p>'
    expect(await sanitizeRichText(html, EMBEDS)).toBe(html)
    expect(await sanitizeRichText('<a href="https://x.example" target="_blank">x</a>', EMBEDS)).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(
      await sanitizeRichText(
        '<iframe src="https://www.youtube-nocookie.com/embed/x" onload="x()"></iframe>',
        EMBEDS,
      ),
    ).toBe('<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>')
  })

  it('Should accept only site paths, anchors, http, https, mailto and tel as link targets', () => {
    for (const ok of ['/a', '#top', 'https://x.example', 'mailto:a@b.example', 'tel:+1'] as const)
      expect(isSafeHref(ok)).toBe(true)
    for (const bad of ['javascript:x', 'vbscript:x', 'data:x', '//x.example', 'file:///etc/passwd'])
      expect(isSafeHref(bad)).toBe(false)
  })
})

describe("The editor app's page", () => {
  it('Should run scripts by nonce only, load no tracking script, and never be cached, indexed or framed', async () => {
    const response = await editorFetch('aurora.localhost', '/config/')
    expect(response.status).toBe(200)
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(csp).toContain("'strict-dynamic'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('X-Robots-Tag')).toContain('noindex')
    const html = await response.text()
    expect(html).toContain(`nonce="${nonce}"`)
    expect(html).not.toContain('data-tracking')
    expect(html).not.toContain('/_islands/')
    const script = /src="(\/config\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string
    const asset = await editorFetch('aurora.localhost', script)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('Set-Cookie')).toBeNull()
    const again = await editorFetch('aurora.localhost', script, {
      headers: { 'If-None-Match': asset.headers.get('ETag') ?? '' },
    })
    expect(again.status).toBe(304)
    expect((await editorFetch('aurora.localhost', '/config')).headers.get('Location')).toBe('/config/')
  })
})
