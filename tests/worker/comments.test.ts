// Our own comments (storefront.md sections 2 and 4, issue 24): the thread in the page's HTML,
// the comments API (read, post, reply, hide), who may write and who may hide (COMMENTER 7,
// MODERATOR 6), escaping, the count the comment link prints, and a comment service's origins
// in that site's Content-Security-Policy only.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { COMMENTS_TEXT, FORMS_TEXT } from '../../shared/index'
import { apiCall, localCaptchaToken, newCrumb, rows } from './form-helpers'
import { visit } from './helpers'
import { callApi, copyTenant, DEMO_PASSWORDS, type SignedIn, signIn } from './visitor'

const JOURNAL = 'journal.localhost'
const COMMENTS = '/api/content/comments'
const DRAGONFLIES = { id: 'journal-item-0005', path: '/field-notes/a-summer-of-dragonflies' }
const FROST = { id: 'journal-item-0001', path: '/field-notes/first-frost-on-the-marsh' }
const BIRDSONG = { id: 'journal-item-0002', path: '/field-notes/learning-birdsong-by-ear' }
const FOG = { id: 'journal-item-0006', path: '/field-notes/reading-the-fog-line' }

interface Thread {
  id: string
  authorName: string
  text: string
  parentId: string | null
  member: boolean
  replies: Thread[]
}

async function thread(itemId: string, query = '', cookies: string[] = []) {
  const response = await visit(JOURNAL, `${COMMENTS}?itemId=${itemId}${query}`, {
    headers: cookies.length > 0 ? { cookie: cookies.join('; ') } : {},
  })
  return {
    status: response.status,
    body: (await response.json()) as {
      data: { comments: Thread[]; nextPage: number | null; count: number }
      viewer: { signedIn: boolean; name: string | null; moderator: boolean }
      message?: string
    },
  }
}

function visitorPost(body: Record<string, unknown>, host = JOURNAL) {
  return apiCall(host, COMMENTS, { body: { name: 'Lee Visitor', email: 'lee@example.com', ...body } })
}

function memberPost(who: SignedIn, body: Record<string, unknown>, xsrf = who.xsrfToken) {
  return callApi(JOURNAL, COMMENTS, { body, cookies: [who.cookie], headers: { 'X-XSRF-Token': xsrf } })
}

function hide(commentId: string, who?: SignedIn) {
  return callApi(JOURNAL, `${COMMENTS}/${commentId}/hide`, {
    cookies: who ? [who.cookie] : [],
    headers: who ? { 'X-XSRF-Token': who.xsrfToken } : {},
  })
}

const as = (email: string) => signIn(JOURNAL, email, DEMO_PASSWORDS[email] as string)

async function page(path: string): Promise<string> {
  const response = await visit(JOURNAL, path)
  expect(response.status).toBe(200)
  return response.text()
}

describe('Reading a thread without script', () => {
  it('Should print the demo thread, its reply nested, and the true count in the link and the container', async () => {
    const html = await page(DRAGONFLIES.path)
    // The thread as HTML (the island's marker before it carries the same as its props).
    const list = html.slice(html.indexOf('<ol class="comments-list"'))
    expect(html).toContain('class="sqs-comment-link" data-id="journal-item-0005"')
    expect(html).toMatch(/class="sqs-comment-link"[^>]*>\s*3\s*Comments\s*<\/a>/)
    expect(html).toContain('data-public-comment-count="3"')
    expect(html).toContain('data-comment-state="1"')
    const first = list.indexOf('Fourteen species at one pond!')
    const reply = list.indexOf('July, by a long way')
    const third = list.indexOf('The sketch of the meadowhawks')
    expect(first).toBeGreaterThan(0)
    // Oldest first, the reply inside the first comment's replies list.
    expect(reply).toBeGreaterThan(first)
    expect(third).toBeGreaterThan(reply)
    expect(list.slice(first, reply)).toContain('class="comment-replies"')
    expect(html).toContain(
      '<h2 class="comments-heading" id="comments-journal-item-0005-heading">3 Comments</h2>',
    )
  })

  it('Should keep the page free of the comments island where comments are not shown', async () => {
    const html = await page(FOG.path)
    expect(html).not.toContain('data-island="comments"')
    expect(html).not.toContain('squarespace-comments')
    expect(await page(DRAGONFLIES.path)).toContain('data-island="comments"')
  })
})

describe('GET /api/content/comments', () => {
  it('Should answer the thread oldest or newest first, with replies and the count', async () => {
    const oldest = await thread(DRAGONFLIES.id)
    expect(oldest.status).toBe(200)
    expect(oldest.body.data.count).toBe(3)
    expect(oldest.body.data.comments.map((c) => c.id)).toEqual([
      'journal-comment-0001',
      'journal-comment-0003',
    ])
    expect(oldest.body.data.comments[0]?.replies.map((r) => r.authorName)).toEqual(['Ines Park'])
    expect(oldest.body.viewer).toEqual({ signedIn: false, name: null, moderator: false })
    const newest = await thread(DRAGONFLIES.id, '&sort=newest')
    expect(newest.body.data.comments.map((c) => c.id)).toEqual([
      'journal-comment-0003',
      'journal-comment-0001',
    ])
  })

  it('Should refuse a bad order (400) and an item without comments (404)', async () => {
    const bad = await thread(DRAGONFLIES.id, '&sort=sideways')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('sort must be oldest or newest.')
    expect((await thread(FOG.id)).status).toBe(404)
    expect((await thread('journal-item-9999')).status).toBe(404)
  })

  it('Should page a long thread 20 top-level comments at a time, in the API and without script', async () => {
    const tideId = 'journal-item-0004'
    await env.DB.batch(
      Array.from({ length: 23 }, (_, n) =>
        env.DB.prepare(
          `INSERT INTO item_comments (id, site_id, item_id, author_name, body, created_at) VALUES (?, 'journal', ?, 'Reader', ?, ?)`,
        ).bind(`paging-${n}`, tideId, `Comment number ${n}`, 1_700_000_000_000 + n * 1000),
      ),
    )
    const first = await thread(tideId)
    expect(first.body.data.comments).toHaveLength(20)
    expect(first.body.data.nextPage).toBe(1)
    const second = await thread(tideId, '&page=1')
    expect(second.body.data.comments.map((c) => c.text)).toEqual([
      'Comment number 20',
      'Comment number 21',
      'Comment number 22',
    ])
    expect(second.body.data.nextPage).toBeNull()
    const later = await page('/field-notes/tide-pools-at-dawn?page=2')
    expect(later).toContain('Comment number 22')
    expect(later).not.toContain('Comment number 3<')
  })
})

describe('POST /api/content/comments', () => {
  it('Should take a visitor’s comment past the captcha, store it before answering, and make the count true', async () => {
    const refused = await visitorPost({ itemId: FROST.id, text: 'No captcha here.' })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toBe(FORMS_TEXT.captchaRequired)
    await page(FROST.path)
    const response = await visitorPost({
      itemId: FROST.id,
      text: 'Saw the frost too, on the boardwalk.',
      captchaToken: localCaptchaToken(),
    })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { comment: Thread; count: number }
    expect(body.count).toBe(1)
    expect(body.comment).toMatchObject({ authorName: 'Lee Visitor', member: false, parentId: null })
    const stored = await rows<{ author_email: string; body: string }>(
      'SELECT author_email, body FROM item_comments WHERE site_id = ? AND id = ?',
      'journal',
      body.comment.id,
    )
    expect(stored).toEqual([
      { author_email: 'lee@example.com', body: 'Saw the frost too, on the boardwalk.' },
    ])
    // The page's copy and the page itself: the next view prints the comment and '1 Comment'.
    const copy = (await env.CATALOG.get(`site:journal:item-extras:${FROST.id}`, 'json')) as {
      comments: { count: number }
    }
    expect(copy.comments.count).toBe(1)
    const html = await page(FROST.path)
    expect(html).toContain('Saw the frost too, on the boardwalk.')
    expect(html).toMatch(/class="sqs-comment-link"[^>]*>\s*1\s*Comment\s*<\/a>/)
  })

  it('Should store a post sent again with the same Idempotency-Key once, answering the stored comment', async () => {
    const crumb = newCrumb()
    const send = () =>
      apiCall(JOURNAL, COMMENTS, {
        crumb,
        headers: { 'Idempotency-Key': 'retry-key-0001' },
        body: {
          itemId: FROST.id,
          text: 'Sent twice, stored once.',
          name: 'Lee Visitor',
          email: 'lee@example.com',
          captchaToken: localCaptchaToken(),
        },
      })
    const first = (await (await send()).json()) as { comment: Thread }
    const again = await send()
    expect(again.status).toBe(201)
    expect(((await again.json()) as { comment: Thread }).comment.id).toBe(first.comment.id)
    const stored = await rows(
      "SELECT id FROM item_comments WHERE site_id = 'journal' AND body = 'Sent twice, stored once.'",
    )
    expect(stored).toHaveLength(1)
    // Another visitor's same key is another comment.
    const other = await apiCall(JOURNAL, COMMENTS, {
      headers: { 'Idempotency-Key': 'retry-key-0001' },
      body: {
        itemId: FROST.id,
        text: 'Sent twice, stored once.',
        name: 'Kim',
        email: 'kim@example.com',
        captchaToken: localCaptchaToken(),
      },
    })
    expect(((await other.json()) as { comment: Thread }).comment.id).not.toBe(first.comment.id)
  })

  it('Should escape a comment’s text and name everywhere it lands', async () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"'
    const name = '"><svg onload=alert(3)>'
    const response = await visitorPost({ itemId: BIRDSONG.id, text, name, captchaToken: localCaptchaToken() })
    expect(response.status).toBe(201)
    const html = await page(BIRDSONG.path)
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<svg onload')
    expect(html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot;',
    )
    expect(html).toContain('&quot;&gt;&lt;svg onload=alert(3)&gt;')
    const api = await thread(BIRDSONG.id)
    expect(api.body.data.comments.at(-1)?.text).toBe(text)
  })

  it('Should let a signed-in site user comment under their name, with the session’s XSRF token', async () => {
    const member = await as('member@journal.example')
    const noToken = await memberPost(member, { itemId: FROST.id, text: 'Member here.' }, 'wrong')
    expect(noToken.status).toBe(403)
    expect(((await noToken.json()) as { xsrfFail?: boolean }).xsrfFail).toBe(true)
    const response = await memberPost(member, { itemId: FROST.id, text: 'Member here.' })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { comment: Thread }
    expect(body.comment).toMatchObject({ authorName: 'Maya Chen', member: true })
    const viewer = await thread(FROST.id, '', [member.cookie])
    expect(viewer.body.viewer).toEqual({ signedIn: true, name: 'Maya Chen', moderator: false })
  })

  it('Should take replies one level deep, to a visible comment of the same item', async () => {
    const member = await as('member@journal.example')
    const reply = await memberPost(member, {
      itemId: DRAGONFLIES.id,
      parentId: 'journal-comment-0003',
      text: 'Agreed!',
    })
    expect(reply.status).toBe(201)
    const replyId = ((await reply.json()) as { comment: Thread }).comment.id
    const deeper = await memberPost(member, { itemId: DRAGONFLIES.id, parentId: replyId, text: 'Deeper' })
    expect(deeper.status).toBe(400)
    expect(((await deeper.json()) as { message: string }).message).toBe(COMMENTS_TEXT.replyToReply)
    const elsewhere = await memberPost(member, {
      itemId: FROST.id,
      parentId: 'journal-comment-0003',
      text: 'x',
    })
    expect(elsewhere.status).toBe(404)
    const api = await thread(DRAGONFLIES.id)
    expect(api.body.data.comments[1]?.replies.map((r) => r.text)).toEqual(['Agreed!'])
  })

  it('Should refuse without the crumb (403), a bad body (400), a closed item (404) and visitors where the site says no (401)', async () => {
    const noCrumb = await apiCall(JOURNAL, COMMENTS, { body: { itemId: FROST.id, text: 'x' }, crumb: null })
    expect(noCrumb.status).toBe(403)
    const empty = await visitorPost({ itemId: FROST.id, text: '   ' })
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { message: string }).message).toContain('text is required.')
    const long = await visitorPost({ itemId: FROST.id, text: 'x'.repeat(5001) })
    expect(long.status).toBe(400)
    const badEmail = await visitorPost({ itemId: FROST.id, text: 'x', email: 'not-an-email' })
    expect(badEmail.status).toBe(400)
    expect((await apiCall(JOURNAL, COMMENTS, { rawBody: '{"itemId":' })).status).toBe(400)
    const fog = await visitorPost({ itemId: FOG.id, text: 'x', captchaToken: localCaptchaToken() })
    expect(fog.status).toBe(404)
    await copyTenant('journal', 'journal-members-only', 'journal-members-only.localhost', {
      commentsAllowVisitors: false,
    })
    const closed = await visitorPost(
      { itemId: FROST.id, text: 'x', captchaToken: localCaptchaToken() },
      'journal-members-only.localhost',
    )
    expect(closed.status).toBe(401)
    expect(((await closed.json()) as { message: string }).message).toBe(COMMENTS_TEXT.visitorsNotAllowed)
  })
})

describe('Hiding a comment (COMMENTER 7, MODERATOR 6)', () => {
  it('Should refuse a visitor (401) and a site user without either role (403)', async () => {
    expect((await hide('journal-comment-0003')).status).toBe(401)
    const member = await as('member@journal.example')
    expect((await hide('journal-comment-0003', member)).status).toBe(403)
  })

  it('Should let a moderator hide a comment with its replies, dropping it from the thread, the count and the page', async () => {
    const moderator = await as('moderator@journal.example')
    expect((await thread(DRAGONFLIES.id, '', [moderator.cookie])).body.viewer.moderator).toBe(true)
    const before = (await thread(DRAGONFLIES.id)).body.data.count
    const response = await hide('journal-comment-0001', moderator)
    expect(response.status).toBe(200)
    // The comment and Ines Park's reply to it.
    expect(((await response.json()) as { count: number }).count).toBe(before - 2)
    const after = await thread(DRAGONFLIES.id)
    expect(after.body.data.comments.map((c) => c.id)).not.toContain('journal-comment-0001')
    const html = await page(DRAGONFLIES.path)
    expect(html).not.toContain('Fourteen species at one pond!')
    expect(html).not.toContain('July, by a long way')
    expect(html).toContain(`data-public-comment-count="${before - 2}"`)
    const hidden = await rows<{ hidden_by: string }>(
      "SELECT hidden_by FROM item_comments WHERE site_id = 'journal' AND id IN ('journal-comment-0001', 'journal-comment-0002')",
    )
    expect(hidden).toEqual([{ hidden_by: 'journal-moderator' }, { hidden_by: 'journal-moderator' }])
    expect((await hide('journal-comment-0001', moderator)).status).toBe(404)
  })

  it('Should let a commenter hide a comment, but not another site’s', async () => {
    const commenter = await as('commenter@journal.example')
    const posted = await visitorPost({
      itemId: FROST.id,
      text: 'Spam spam spam',
      captchaToken: localCaptchaToken(),
    })
    const id = ((await posted.json()) as { comment: Thread }).comment.id
    expect((await hide(id, commenter)).status).toBe(200)
    expect((await thread(FROST.id)).body.data.comments.map((c) => c.text)).not.toContain('Spam spam spam')
    await env.DB.prepare(
      "INSERT INTO item_comments (id, site_id, item_id, author_name, body, created_at) VALUES ('other-site', 'aurora', 'x', 'A', 'B', 1)",
    ).run()
    expect((await hide('other-site', commenter)).status).toBe(404)
  })
})

describe('A comment service (disqusShortname)', () => {
  it('Should print its container and allow its origins in that site’s policy only', async () => {
    await copyTenant('journal', 'journal-disqus', 'journal-disqus.localhost', {
      disqusShortname: 'field-journal',
    })
    const response = await visit('journal-disqus.localhost', DRAGONFLIES.path)
    const html = await response.text()
    expect(html).toContain('id="disqus_thread"')
    expect(html).toContain('data-disqus-shortname="field-journal"')
    expect(html).not.toContain('Fourteen species at one pond!')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src [^;]*https:\/\/field-journal\.disqus\.com/)
    expect(policy).toMatch(/frame-src [^;]*https:\/\/disqus\.com/)
    const own = (await visit(JOURNAL, DRAGONFLIES.path)).headers.get('content-security-policy') ?? ''
    expect(own).not.toContain('disqus')
    expect((await thread(DRAGONFLIES.id)).status).toBe(200)
  })

  it('Should load nothing for a short name that is not one', async () => {
    await copyTenant('journal', 'journal-bad-disqus', 'journal-bad-disqus.localhost', {
      disqusShortname: 'x.evil.example/;script-src *',
    })
    const response = await visit('journal-bad-disqus.localhost', DRAGONFLIES.path)
    expect(response.headers.get('content-security-policy')).not.toContain('evil')
    expect(await response.text()).not.toContain('evil.example/;')
  })
})
