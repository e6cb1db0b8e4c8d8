// Share and follow buttons on storefront pages (platform.md section 3's `shareButtonOptions`):
// the platform's containers, filled with plain links instead of the platform's script, which
// the storefront's Content-Security-Policy would refuse.
import { describe, expect, it } from 'vitest'
import { STRICT_ESCAPING } from '../../templates/index'
import { compilingEngine } from '../../worker/editor/compiling-engine'

function render(source: string, data: Record<string, unknown>): string {
  const result = compilingEngine.render(source, data, { params: { [STRICT_ESCAPING]: true } })
  expect(result.errors).toEqual([])
  return result.output
}

const POST = {
  title: 'Owls & "Hawks"',
  fullUrl: '/field-notes/owls',
  recordType: 1,
  mainImage: { assetUrl: '/demo/owl.jpg' },
}

describe('share buttons', () => {
  it('Should print a link per service the site turns on, with the page’s absolute URL and title encoded', () => {
    const html = render('{@|social-button}', {
      ...POST,
      website: {
        baseUrl: 'https://journal.example',
        shareButtonOptions: ['facebook', 'twitter', 'email', 'myspace'],
      },
    })
    expect(html).toContain('class="squarespace-social-buttons button-style" role="group" aria-label="Share"')
    const links = [...html.matchAll(/<a class="share-link share-(\w+)" href="([^"]+)"([^>]*)>([^<]+)<\/a>/g)]
    expect(links.map((m) => [m[1], m[4]])).toEqual([
      ['facebook', 'Share on Facebook'],
      ['twitter', 'Share on X'],
      ['email', 'Share by email'],
    ])
    const url = encodeURIComponent('https://journal.example/field-notes/owls')
    expect(links[0]?.[2]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`)
    expect(links[1]?.[2]).toBe(
      `https://twitter.com/intent/tweet?url=${url}&amp;text=${encodeURIComponent('Owls & "Hawks"')}`,
    )
    expect(links[0]?.[3]).toBe(' target="_blank" rel="noopener noreferrer"')
    expect(links[2]?.[2]).toBe(`mailto:?subject=${encodeURIComponent('Owls & "Hawks"')}&amp;body=${url}`)
    expect(html).toContain('data-title="Owls &amp; &quot;Hawks&quot;"')
    expect(html).not.toContain('<script')
  })

  it('Should read the platform’s numbered options and print nothing when none is on', () => {
    const inline = render('{@|social-button-inline}', {
      ...POST,
      website: { baseUrl: 'https://j.example', shareButtonOptions: { '6': true, '1': false, '7': true } },
    })
    expect(inline.startsWith('<span class="squarespace-social-buttons inline-style"')).toBe(true)
    expect([...inline.matchAll(/share-link share-(\w+)/g)].map((m) => m[1])).toEqual(['pinterest', 'tumblr'])
    expect(inline).toContain(`media=${encodeURIComponent('https://j.example/demo/owl.jpg')}`)
    expect(render('{@|social-button}', { ...POST, website: { shareButtonOptions: [] } })).toBe('')
    expect(render('{@|social-button}', { ...POST, website: { shareButtonOptions: { '1': false } } })).toBe('')
    expect(render('{@|social-button}', POST)).toBe('')
  })
})

describe('follow button', () => {
  it('Should link to the account’s profile, from its user name or its profile URL, with no script', () => {
    expect(render('{@|twitter-follow-button}', { userName: 'fieldjournal' })).toBe(
      '<div class="squarespace-follow-button" data-username="fieldjournal"><a class="follow-link" href="https://twitter.com/fieldjournal" target="_blank" rel="noopener noreferrer">Follow @fieldjournal</a></div>',
    )
    expect(render('{@|twitter-follow-button}', { profileUrl: 'https://twitter.com/shopco/' })).toContain(
      'href="https://twitter.com/shopco"',
    )
    // A name no account can have prints nothing rather than a link somewhere else.
    expect(render('{@|twitter-follow-button}', { userName: '"><script>' })).toBe('')
  })
})
