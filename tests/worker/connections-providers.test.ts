// The connections' third parties without the network: Mailchimp's Marketing API calls as the
// provider makes them (a member's id is the MD5 of the lower-case address; 'Unable to connect'
// for a refusal or a timeout), the choice of provider by configuration, and where a Zapier hook
// may deliver in development and in production.
import { describe, expect, it } from 'vitest'
import { hookTarget } from '../../worker/editor/hook-targets'
import {
  MailingListUnavailable,
  mailchimpLists,
  mailingListService,
  offeredProviders,
} from '../../worker/providers/mailing-lists'

const KEY = `${'f'.repeat(32)}-us21`

function recordingFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; method: string; body: unknown; auth: string | null }[] = []
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      auth: new Headers(init?.headers).get('authorization'),
    })
    return answer()
  }) as typeof fetch
  return { fetcher, calls }
}

describe('Mailchimp', () => {
  it('Should list the audiences of the key’s data centre with their member counts', async () => {
    const { fetcher, calls } = recordingFetch(() =>
      Response.json({ lists: [{ id: 'a1b2', name: 'Readers', stats: { member_count: 12 } }] }),
    )
    expect(await mailchimpLists(KEY, fetcher).lists()).toEqual([
      { id: 'a1b2', name: 'Readers', memberCount: 12 },
    ])
    expect(calls[0]?.url).toBe(
      'https://us21.api.mailchimp.com/3.0/lists?count=1000&fields=lists.id,lists.name,lists.stats.member_count',
    )
    expect(calls[0]?.auth).toBe(`Basic ${btoa(`key:${KEY}`)}`)
  })

  it('Should add a member under the MD5 of the lower-case address, subscribed, with PUT', async () => {
    const { fetcher, calls } = recordingFetch(() => Response.json({ id: 'x' }))
    await mailchimpLists(KEY, fetcher).subscribe('a1b2', {
      email: 'Reader@Example.com',
      source: 'form:newsletter',
    })
    expect(calls).toEqual([
      {
        // MD5 of "reader@example.com".
        url: 'https://us21.api.mailchimp.com/3.0/lists/a1b2/members/baa0f4114eafbdd39ce828d01b849ae6',
        method: 'PUT',
        body: { email_address: 'reader@example.com', status_if_new: 'subscribed', status: 'subscribed' },
        auth: `Basic ${btoa(`key:${KEY}`)}`,
      },
    ])
  })

  it('Should say it is unavailable when Mailchimp refuses or cannot be reached', async () => {
    for (const answer of [
      () => new Response('{}', { status: 401 }),
      () => new Response('{}', { status: 503 }),
      () => Promise.reject(new TypeError('fetch failed')),
    ]) {
      const { fetcher } = recordingFetch(answer)
      await expect(mailchimpLists(KEY, fetcher).lists()).rejects.toBeInstanceOf(MailingListUnavailable)
    }
  })

  it('Should refuse a key without its data centre at start-up, saying how it should end', () => {
    expect(() => mailchimpLists('no-data-centre-here-000000000000')).toThrow(/…-us21/)
  })
})

describe('Choosing the mailing-list provider', () => {
  it('Should offer the local lists alone by default, and Mailchimp beside them where configured', () => {
    expect(offeredProviders({})).toEqual(['local'])
    expect(offeredProviders({ MAILING_LIST_PROVIDER: 'mailchimp' })).toEqual(['local', 'mailchimp'])
    expect(() => offeredProviders({ MAILING_LIST_PROVIDER: 'sendgrid' })).toThrow(/"local" or "mailchimp"/)
  })

  it('Should refuse a service that is not offered, and Mailchimp without its key', () => {
    const base = { DB: {} as D1Database, ENVIRONMENT: 'production' }
    expect(() => mailingListService(base, 'journal', 'mailchimp')).toThrow(MailingListUnavailable)
    expect(() =>
      mailingListService({ ...base, MAILING_LIST_PROVIDER: 'mailchimp' }, 'journal', 'mailchimp'),
    ).toThrow(/MAILCHIMP_API_KEY/)
  })
})

describe('Where a Zapier hook may deliver', () => {
  it('Should take https targets on public hosts everywhere', () => {
    expect(hookTarget('https://hooks.zapier.com/hooks/standard/1/abc/', 'production')).toBe(
      'https://hooks.zapier.com/hooks/standard/1/abc/',
    )
  })

  it('Should take plain http and local receivers in development only', () => {
    expect(hookTarget('http://127.0.0.1:9999/hook', 'development')).toBe('http://127.0.0.1:9999/hook')
    expect(hookTarget('http://hooks.example.com/x', 'production')).toBeNull()
  })

  it('Should refuse private, loopback, link-local and metadata addresses in production', () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.1.1/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://metadata.google.internal/x',
      'https://user:pass@hooks.zapier.com/x',
      'not a url',
    ]) {
      expect({ url, target: hookTarget(url, 'production') }).toEqual({ url, target: null })
    }
    expect(hookTarget('https://172.32.0.1/x', 'production')).toBe('https://172.32.0.1/x')
  })
})
