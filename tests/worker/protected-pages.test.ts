// Member-only and locked pages (storefront.md section 6, platform.md section 1): the screens
// and their forms, opening each page, what is never shared (caches, the sitemap, search), and
// the page-role settings.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { unlockTokenFor } from '../../worker/auth/tokens'
import { visit } from './helpers'
import {
  cookieValue,
  DEMO_PASSWORDS,
  inOneRateWindow,
  newCrumb,
  RATE_WINDOW_TIMEOUT,
  setCookie,
  signIn,
} from './visitor'

const HOST = 'journal.localhost'
const ORIGIN = `http://${HOST}`
const LOCKED = '/workshop-drafts'
const MEMBERS = '/members'
const LOCKED_CONTENT = 'Draft handouts for the spring 2027'
const MEMBER_CONTENT = 'Printable species checklists'

function get(path: string, cookies: string[] = []) {
  return visit(HOST, path, cookies.length > 0 ? { headers: { cookie: cookies.join('; ') } } : {})
}

/** A plain HTML form post from the page itself (the browser sends its Origin). */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return visit(HOST, path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `crumb=${newCrumb()}`,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  })
}

describe('A locked page', () => {
  it('Should show "This page is locked" with a password field, never the content, to a visitor without the password', async () => {
    const response = await get(LOCKED)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(html).toContain('<h1>This page is locked</h1>')
    expect(html).toMatch(
      /<label for="lock-screen-password">Password<\/label>\s*<input id="lock-screen-password" type="password" name="password"/,
    )
    expect(html).toContain(`<form class="lock-screen-form" method="post" action="${LOCKED}">`)
    expect(html).not.toContain(LOCKED_CONTENT)
    expect(html).not.toContain('pbkdf2')
  })

  it('Should say so when the password is wrong, and set no cookie', async () => {
    const response = await postForm(LOCKED, { password: 'wrong password' })
    expect(response.status).toBe(403)
    const html = await response.text()
    expect(html).toContain(
      '<p class="lock-screen-error" id="lock-screen-error" role="alert">That password is not correct. Please try again.</p>',
    )
    expect(html).toContain('aria-invalid="true"')
    expect(setCookie(response, 'ss_unlock_workshop-drafts')).toBeUndefined()
  })

  it('Should open with the right password: a signed, HttpOnly cookie scoped to the page, then the content', async () => {
    const response = await postForm(LOCKED, { password: 'tidepool-sketches' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(LOCKED)
    expect(setCookie(response, 'ss_unlock_workshop-drafts')).toMatch(
      /^ss_unlock_workshop-drafts=\d+\.[\w-]{43}; Max-Age=86400; Path=\/workshop-drafts; HttpOnly; Secure; SameSite=Lax$/,
    )
    const unlocked = await get(LOCKED, [
      `ss_unlock_workshop-drafts=${cookieValue(response, 'ss_unlock_workshop-drafts')}`,
    ])
    expect(unlocked.status).toBe(200)
    expect(unlocked.headers.get('cache-control')).toBe('private, no-store')
    const html = await unlocked.text()
    expect(html).toContain(LOCKED_CONTENT)
    expect(html).not.toContain('pbkdf2')
  })

  it('Should stay locked with a forged, expired or other page’s cookie', async () => {
    const valid = cookieValue(
      await postForm(LOCKED, { password: 'tidepool-sketches' }),
      'ss_unlock_workshop-drafts',
    ) as string
    const [expiry, signature] = valid.split('.')
    const record = JSON.parse(
      (await env.CATALOG.get('site:journal:collection:workshop-drafts', 'text')) ?? '{}',
    )
    const otherPage = await unlockTokenFor(
      env.SESSION_SECRET,
      'journal',
      'journal-col-members',
      record.pagePassword,
      Number(expiry),
    )
    const otherSite = await unlockTokenFor(
      env.SESSION_SECRET,
      'aurora',
      record.id,
      record.pagePassword,
      Number(expiry),
    )
    const expired = await unlockTokenFor(
      env.SESSION_SECRET,
      'journal',
      record.id,
      record.pagePassword,
      1_700_000_000,
    )
    for (const forged of [
      `${Number(expiry) + 1}.${signature}`,
      `${expiry}.${'A'.repeat(43)}`,
      `1.${signature}`,
      'garbage',
      otherPage,
      otherSite,
      expired,
    ]) {
      expect(await (await get(LOCKED, [`ss_unlock_workshop-drafts=${forged}`])).text(), forged).not.toContain(
        LOCKED_CONTENT,
      )
    }
  })

  it('Should refuse a password posted from another site', async () => {
    const response = await postForm(
      LOCKED,
      { password: 'tidepool-sketches' },
      { origin: 'https://evil.example' },
    )
    expect(response.status).toBe(403)
    expect(setCookie(response, 'ss_unlock_workshop-drafts')).toBeUndefined()
  })

  it(
    'Should answer the 11th password of a visitor within a minute with a 429 and a message',
    async () => {
      const statuses = await inOneRateWindow(async () => {
        const crumb = newCrumb()
        const statuses: number[] = []
        for (let i = 0; i < 11; i++) {
          const response = await postForm(LOCKED, { password: `guess ${i}` }, { cookie: `crumb=${crumb}` })
          statuses.push(response.status)
          if (response.status === 429) {
            expect(await response.text()).toContain('Too many attempts. Please wait a minute and try again.')
          }
        }
        return statuses
      })
      expect(statuses).toEqual([...Array(10).fill(403), 429])
    },
    RATE_WINDOW_TIMEOUT,
  )
})

describe('A member-only page', () => {
  const MEMBER = 'member@journal.example'

  it('Should show "This page available only site members" with a sign-in form, never the content, to a visitor', async () => {
    const response = await get(MEMBERS)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(html).toContain('<h1>This page available only site members</h1>')
    expect(html).toContain('data-island="member-account"')
    expect(html).toContain(`<form class="member-sign-in" action="${MEMBERS}" method="post">`)
    expect(html).toMatch(
      /<label for="member-sign-in-email">Email<\/label><input id="member-sign-in-email" type="email"[^>]* name="email"/,
    )
    expect(html).toMatch(
      /<label for="member-sign-in-password">Password<\/label><input id="member-sign-in-password" type="password"[^>]* name="password"/,
    )
    expect(html).not.toContain(MEMBER_CONTENT)
  })

  it('Should show the content to a signed-in site user, with who is signed in and a way out', async () => {
    const { cookie } = await signIn(HOST, MEMBER, DEMO_PASSWORDS[MEMBER] as string)
    const response = await get(MEMBERS, [cookie])
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(html).toContain(MEMBER_CONTENT)
    expect(html).toContain('Signed in as member@journal.example')
    expect(html).toMatch(
      /<form class="member-sign-out" action="\/members" method="post"><input type="hidden" name="intent" value="sign-out"\/><button type="submit">Sign out<\/button>/,
    )
  })

  it('Should sign in by the plain form post and go back to the page, and sign out the same way', async () => {
    const response = await postForm(MEMBERS, { email: MEMBER, password: DEMO_PASSWORDS[MEMBER] as string })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(MEMBERS)
    const session = `ss_site_user=${cookieValue(response, 'ss_site_user')}`
    expect(await (await get(MEMBERS, [session])).text()).toContain(MEMBER_CONTENT)
    const out = await postForm(MEMBERS, { intent: 'sign-out' }, { cookie: `crumb=${newCrumb()}; ${session}` })
    expect(out.status).toBe(303)
    expect(cookieValue(out, 'ss_site_user')).toBe('')
    expect(await (await get(MEMBERS, [session])).text()).not.toContain(MEMBER_CONTENT)
  })

  it('Should say so when the plain form’s password is wrong, keeping the email typed', async () => {
    const response = await postForm(MEMBERS, { email: MEMBER, password: 'nope' })
    expect(response.status).toBe(401)
    const html = await response.text()
    expect(html).toContain('The email or password is incorrect. Please try again.')
    expect(html).toMatch(/<input id="member-sign-in-email" type="email"[^>]* value="member@journal.example"/)
    expect(setCookie(response, 'ss_site_user')).toBeUndefined()
  })

  it('Should keep out a signed-in site user the page’s roles do not let in, and tell them why', async () => {
    const record = JSON.parse((await env.CATALOG.get('site:journal:collection:members', 'text')) ?? '{}')
    await env.CATALOG.put(
      'site:journal:collection:editors',
      JSON.stringify({
        ...record,
        id: 'journal-col-editors',
        urlId: 'editors',
        fullUrl: '/editors',
        memberRoles: [4],
      }),
    )
    const viewer = await signIn(
      HOST,
      'viewer@journal.example',
      DEMO_PASSWORDS['viewer@journal.example'] as string,
    )
    const refused = await (await get('/editors', [viewer.cookie])).text()
    expect(refused).toContain('<h1>This page available only site members</h1>')
    expect(refused).toContain('Your account does not have access to this page.')
    expect(refused).not.toContain(MEMBER_CONTENT)
    const editor = await signIn(
      HOST,
      'editor@journal.example',
      DEMO_PASSWORDS['editor@journal.example'] as string,
    )
    expect(await (await get('/editors', [editor.cookie])).text()).toContain(MEMBER_CONTENT)
  })
})

describe('What protected pages never share', () => {
  beforeAll(async () => {
    await env.CATALOG.put('site:journal:version', 'protected-pages-test')
  })

  it('Should keep both pages out of the sitemap and site search', async () => {
    const sitemap = await (await get('/sitemap.xml')).text()
    // Whole paths: the journal's `/membership` shop is public and listed.
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? '')
    expect(paths).toContain('/membership')
    for (const path of paths) {
      expect(path === MEMBERS || path.startsWith(`${MEMBERS}/`), path).toBe(false)
      expect(path === LOCKED || path.startsWith(`${LOCKED}/`), path).toBe(false)
    }
    for (const word of ['checklists', 'handouts']) {
      const results = await (await get(`/search?q=${word}`)).text()
      expect(results, word).toContain('0 results')
    }
  })

  it('Should load no tracking script on the lock screen, the member screen or the not-found page', async () => {
    for (const path of [LOCKED, MEMBERS, '/no-such-page']) {
      const html = await (await get(path)).text()
      expect(html, path).not.toContain('data-tracking=')
      expect(html, path).not.toContain('/_islands/tracking-')
    }
  })

  it('Should load the tracking script, with the page’s context, on ordinary pages', async () => {
    const html = await (await get('/field-notes')).text()
    const tag = html.match(
      /<script type="module" src="\/_islands\/tracking-[A-Z0-9]+\.js" data-tracking='([^']*)'><\/script>/,
    )
    expect(tag).not.toBeNull()
    const context = JSON.parse((tag?.[1] ?? '').replace(/&#39;/g, "'").replace(/&amp;/g, '&'))
    expect(context).toEqual({
      websiteId: 'journal',
      pageKind: 'blog',
      pageId: 'journal-col-field-notes',
      // A blog has no page type of platform.md section 9.
      pageType: null,
      restrictiveCookies: false,
      pixelQueue: null,
      commerce: { website_id: 'journal', product_page: false, page_id: 'journal-col-field-notes' },
    })
  })
})
