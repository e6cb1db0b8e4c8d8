// Visit cookies at the edge (platform.md sections 4, 5 and 9; storefront.md section 9): every
// transition of the visitor record `ss_cvr` and the visit timestamp `ss_cvt`, the restrictive
// cookie policy, and pages that stay the same for every visitor.
import { beforeAll, describe, expect, it } from 'vitest'
import { visit } from './helpers'
import { cookieValue, copyTenant, newCrumb, setCookie, setCookies } from './visitor'

const HOST = 'journal.localhost'
const MINUTE = 60_000

function page(cookies: string[] = [], path = '/field-notes', host = HOST) {
  return visit(host, path, cookies.length > 0 ? { headers: { cookie: cookies.join('; ') } } : {})
}

function record(response: Response): string[] {
  return (cookieValue(response, 'ss_cvr') ?? '').split('|')
}

beforeAll(async () => {
  await copyTenant('journal', 'quiet', 'quiet.localhost', { cookiePolicy: 'restrictive' })
})

describe('The visitor record and visit timestamp', () => {
  it('Should give a first-time visitor a record of five parts with count 1, for two years, and a 30-minute timestamp', async () => {
    const before = Date.now()
    const response = await page()
    const [id, first, previous, current, count] = record(response)
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(Number(first)).toBeGreaterThanOrEqual(before)
    expect(previous).toBe(first)
    expect(current).toBe(first)
    expect(count).toBe('1')
    expect(setCookie(response, 'ss_cvr')).toMatch(
      /^ss_cvr=[^;]+; Max-Age=63072000; Path=\/; Secure; SameSite=Lax$/,
    )
    expect(setCookie(response, 'ss_cvt')).toBe(
      `ss_cvt=${current}; Max-Age=1800; Path=/; Secure; SameSite=Lax`,
    )
  })

  it('Should keep both cookies readable by the tracking script (not HttpOnly)', async () => {
    const response = await page()
    expect(setCookie(response, 'ss_cvr')).not.toMatch(/HttpOnly/i)
    expect(setCookie(response, 'ss_cvt')).not.toMatch(/HttpOnly/i)
  })

  it('Should count a new visit when the record is valid and the timestamp has expired', async () => {
    const current = Date.now() - 45 * MINUTE
    const response = await page([`ss_cvr=visitor1|1700000000000|1700000500000|${current}|4`])
    const [id, first, previous, now, count] = record(response)
    expect([id, first, previous, count]).toEqual(['visitor1', '1700000000000', String(current), '5'])
    expect(Number(now)).toBeGreaterThan(current)
    expect(cookieValue(response, 'ss_cvt')).toBe(now)
  })

  it('Should count a new visit when the timestamp is malformed', async () => {
    for (const timestamp of ['0', 'later', '-1', '1.5']) {
      const response = await page([
        `ss_cvr=visitor2|1700000000000|1700000000000|1700000000000|1`,
        `ss_cvt=${timestamp}`,
      ])
      expect(record(response)[4], timestamp).toBe('2')
    }
  })

  it('Should keep the same visit while the timestamp is live: the record is not set again, the timestamp is renewed', async () => {
    const live = Date.now() - 10 * MINUTE
    const response = await page([`ss_cvr=visitor3|1700000000000|1700000000000|${live}|7`, `ss_cvt=${live}`])
    expect(setCookie(response, 'ss_cvr')).toBeUndefined()
    expect(Number(cookieValue(response, 'ss_cvt'))).toBeGreaterThan(live)
  })

  it('Should replace an invalid record with a fresh one of count 1', async () => {
    for (const invalid of ['abc', 'v|1|2|3', 'v|1|2|3|0', 'v|1|2|3|4|5', 'v|x|2|3|4']) {
      const response = await page([`ss_cvr=${invalid}`, `ss_cvt=${Date.now()}`])
      const [id, , , , count] = record(response)
      expect(count, invalid).toBe('1')
      expect(id, invalid).not.toBe('v')
    }
  })

  it('Should set the visit cookies on a not-found page too, and never on API answers or the sitemap', async () => {
    expect(setCookie(await page([], '/no-such-page'), 'ss_cvr')).toBeDefined()
    expect(setCookie(await page([], '/sitemap.xml'), 'ss_cvr')).toBeUndefined()
    expect(setCookie(await page([], '/api/1/performance/settings'), 'ss_cvr')).toBeUndefined()
  })

  it('Should serve the same page body whatever visit cookies the visitor brings (pages stay cacheable)', async () => {
    const fresh = await (await page()).text()
    const returning = await (
      await page(['ss_cvr=visitor4|1700000000000|1700000000000|1700000000000|9', `ss_cvt=${Date.now()}`])
    ).text()
    expect(returning).toBe(fresh)
    expect(fresh).not.toContain('visitor4')
  })
})

describe('A restrictive cookie policy', () => {
  const everyCookie = () => [
    `crumb=${newCrumb()}`,
    'ss_cvr=visitor5|1700000000000|1700000000000|1700000000000|2',
    `ss_cvt=${Date.now()}`,
    'ss_aid=analytics-1',
    'ss_sid=session-1',
    'ss_mid=marketing-1',
    'ss_cart=cart-1',
    'has-cart=true',
    'ss_site_user=token',
  ]

  it('Should clear the five visitor cookies the browser sends and set none of them', async () => {
    const response = await page(everyCookie(), '/field-notes', 'quiet.localhost')
    expect(response.status).toBe(200)
    const cookies = setCookies(response)
    for (const name of ['ss_cvr', 'ss_cvt', 'ss_aid', 'ss_sid', 'ss_mid']) {
      expect(
        cookies.filter((c) => c.startsWith(`${name}=`)),
        name,
      ).toEqual([`${name}=; Max-Age=0; Path=/; Secure; SameSite=Lax`])
    }
  })

  it('Should never clear crumb, the cart cookies or the site-user cookie', async () => {
    const cookies = setCookies(await page(everyCookie(), '/field-notes', 'quiet.localhost'))
    for (const name of ['crumb', 'ss_cart', 'has-cart', 'ss_site_user']) {
      expect(
        cookies.some((c) => c.startsWith(`${name}=`)),
        name,
      ).toBe(false)
    }
  })

  it('Should set no visit cookie for a first-time visitor, who still gets a crumb', async () => {
    const cookies = setCookies(await page([], '/field-notes', 'quiet.localhost'))
    expect(cookies.some((c) => c.startsWith('ss_cvr=') || c.startsWith('ss_cvt='))).toBe(false)
    expect(cookies.some((c) => c.startsWith('crumb='))).toBe(true)
  })

  it('Should tell the tracking script to keep no ids', async () => {
    const html = await (await page([], '/field-notes', 'quiet.localhost')).text()
    expect(html).toContain('"restrictiveCookies":true')
  })
})
