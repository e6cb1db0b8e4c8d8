import { describe, expect, it } from 'vitest'
import { createEngine } from '../../templates/index'
import { SOCIAL_TEXT, socialPlugin } from '../../templates/plugins/social/formatters'

const engine = createEngine({ plugins: [socialPlugin] })
const out = (template: string, data: unknown = {}) => engine.render(template, data).output.trim()

const item = { id: 'post-7', fullUrl: '/blog/post-7', likeCount: 4 }

describe('comment counts', () => {
  it("says 'No Comments', '1 Comment' and 'N Comments'", () => {
    expect(out('{@|comment-count}', { publicCommentCount: 0 })).toBe('No Comments')
    expect(out('{@|comment-count}', { publicCommentCount: 1 })).toBe('1 Comment')
    expect(out('{@|comment-count}', { publicCommentCount: 12 })).toBe('12 Comments')
    expect(out('{@|comment-count}', {})).toBe('No Comments')
    expect(SOCIAL_TEXT.commentCount(2)).toBe('2 Comments')
  })
})

describe('comment-link', () => {
  it('links to the item comment thread with the count in words', () => {
    const link = out('{item|comment-link}', { item: { ...item, publicCommentCount: 1 } })
    expect(
      link.startsWith('<a href="/blog/post-7#comments-post-7" class="sqs-comment-link" data-id="post-7">'),
    ).toBe(true)
    expect(link.replace(/\s+/g, ' ')).toContain('> 1 Comment </a>')
    expect(
      out('{item|comment-link}', { item: { ...item, publicCommentCount: 0 } }).replace(/\s+/g, ' '),
    ).toContain('No Comments')
  })

  it('leaves an empty link for the third-party comment service when one is configured', () => {
    const data = { websiteSettings: { disqusShortname: 'shop' }, item }
    expect(out('{item|comment-link}', data)).toBe(
      '<a href="/blog/post-7" class="sqs-comment-link sqs-disqus-comment-link" data-id="post-7"></a>',
    )
  })
})

describe('comments', () => {
  it('writes the thread container with the item comment state', () => {
    const data = { item: { ...item, publicCommentCount: 3, commentState: 1 } }
    expect(out('{item|comments}', data)).toBe(
      '<div class="squarespace-comments" id="comments-post-7" data-item-id="post-7" data-public-comment-count="3" data-comment-state="1"></div>',
    )
  })

  it('writes the comment service thread when a short name is set', () => {
    expect(out('{item|comments}', { websiteSettings: { disqusShortname: 'shop' }, item })).toBe(
      '<div class="squarespace-comments" id="disqus_thread"></div>',
    )
  })

  it('shows comments when the state is on or there are public comments, unless the website turns them off', () => {
    const shown = (data: unknown) => out('{.section x}{.comments?}yes{.or}no{.end}{.end}', { x: data })
    expect(shown({ commentState: 1 })).toBe('yes')
    expect(shown({ commentState: 2, publicCommentCount: 5 })).toBe('yes')
    expect(shown({ commentState: 2 })).toBe('no')
    expect(shown({ commentState: 1, websiteSettings: { commentsEnabled: false } })).toBe('no')
  })

  it('detects the comment service under either spelling of its short name', () => {
    const uses = (settings: unknown) =>
      out('{.section x}{.disqus?}yes{.or}no{.end}{.end}', { x: { websiteSettings: settings } })
    expect(uses({ disqusShortName: 'a' })).toBe('yes')
    expect(uses({ disqusShortname: 'a' })).toBe('yes')
    expect(uses({ disqusShortname: '' })).toBe('no')
  })
})

describe('likes and buttons', () => {
  it('shows the like button only with simple liking on', () => {
    expect(out('{item|like-button}', { item })).toBe('')
    const on = out('{item|like-button}', { item, websiteSettings: { simpleLikingEnabled: true } })
    expect(on).toContain('<span class="sqs-simple-like" data-item-id="post-7" data-like-count="4">')
  })

  it('writes share buttons only when the website has share options, escaping the title', () => {
    const post = {
      mainImageId: 'm1',
      mainImage: { assetUrl: '/i.jpg' },
      recordType: 1,
      title: 'A "B" & C',
      fullUrl: '/p',
    }
    expect(out('{@|social-button}', { ...post, website: { shareButtonOptions: [] } })).toBe('')
    expect(out('{@|social-button-inline}', { ...post, website: { shareButtonOptions: ['twitter'] } })).toBe(
      '<span class="squarespace-social-buttons inline-style" data-system-data-id="m1" data-asset-url="/i.jpg" ' +
        'data-record-type="1" data-full-url="/p" data-title="A &quot;B&quot; &amp; C"></span>',
    )
  })

  it('takes the twitter user name from the profile URL when none is given', () => {
    expect(
      out('{@|twitter-follow-button}', { userName: '', profileUrl: 'https://twitter.com/shopco' }),
    ).toContain('<div class="squarespace-follow-button" data-username="shopco"></div>')
  })

  it('turns URLs, mentions and hashtags in tweets into links', () => {
    expect(out('{t|activate-twitter-links}', { t: 'see https://ex.com/a @shop #sale' })).toBe(
      'see <a target="new" href="https://ex.com/a">https://ex.com/a</a> ' +
        '<a target="new" href="https://twitter.com/shop/">@shop</a> ' +
        '<a target="new" href="https://twitter.com/hashtag/sale?src=hash">#sale</a>',
    )
  })
})

describe('google-calendar-url', () => {
  it('writes UTC start and end, the escaped title and the location', () => {
    const event = {
      title: 'Tea & cake',
      startDate: Date.UTC(2024, 0, 2, 3, 4, 5),
      endDate: Date.UTC(2024, 0, 2, 4, 0, 0),
      location: { addressLine1: '1 High St', addressLine2: ' ', addressCountry: 'UK' },
    }
    expect(out('{e|google-calendar-url}', { e: event })).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Tea%20%26%20cake' +
        '&dates=20240102T030405Z/20240102T040000Z&location=1%20High%20St%2C%20UK',
    )
  })
})
