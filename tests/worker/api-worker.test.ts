// The storefront's two Workers (docs/architecture.md, "Two Workers for the storefront"): the page
// Worker (worker/index.ts) sends every `/api*` and `/_operator*` request to the API Worker
// (worker/api-worker/) untouched, over its `API` service binding, and answers pages itself.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import api from '../../worker/api-worker/index'
import type { Env } from '../../worker/env'
import pages from '../../worker/index'
import { FORGOTTEN_PAGE_HEADER } from '../../worker/middleware/page-cache'
import { newCrumb } from './visitor'

/** A stand-in API Worker that records what reaches it. */
function recordingApi() {
  const seen: { method: string; url: string; cookie: string | null; body: string }[] = []
  const binding = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init)
      seen.push({
        method: request.method,
        url: request.url,
        cookie: request.headers.get('cookie'),
        body: await request.text(),
      })
      return new Response('{"from":"api"}', { status: 202, headers: { 'content-type': 'application/json' } })
    },
  } as unknown as Fetcher
  return { seen, binding }
}

async function pageWorker(request: Request, bindings: Env): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await pages.fetch(request, bindings, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

describe('The page Worker and the API Worker', () => {
  it('Should send an API call to the API Worker as it came, and answer with its answer', async () => {
    const { seen, binding } = recordingApi()
    const request = new Request('http://aurora.localhost/api/commerce/shopping-cart/items', {
      method: 'POST',
      headers: { cookie: 'ss_cvt=abc', 'content-type': 'application/json' },
      body: '{"itemId":"x"}',
    })
    const response = await pageWorker(request, { ...env, API: binding })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ from: 'api' })
    expect(seen).toEqual([
      {
        method: 'POST',
        url: 'http://aurora.localhost/api/commerce/shopping-cart/items',
        cookie: 'ss_cvt=abc',
        body: '{"itemId":"x"}',
      },
    ])
  })

  it("Should send the operator's calls to the API Worker, and keep pages for itself", async () => {
    const { seen, binding } = recordingApi()
    await pageWorker(new Request('http://localhost/_operator/dead-letters'), { ...env, API: binding })
    const page = await pageWorker(new Request('http://aurora.localhost/'), { ...env, API: binding })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Aurora Outfitters</title>')
    expect(seen.map((call) => call.url)).toEqual(['http://localhost/_operator/dead-letters'])
  })

  it('Should answer through the real API Worker what the API Worker answers itself', async () => {
    const url = 'http://aurora.localhost/api/site-users/account'
    const forwarded = await pageWorker(new Request(url), env)
    const direct = await api.fetch(new Request(url), env, createExecutionContext())
    expect(forwarded.status).toBe(direct.status)
    expect(await forwarded.json()).toEqual(await direct.json())
  })

  it("Should answer an API call with the API's JSON 404 when no API Worker is bound", async () => {
    const response = await pageWorker(new Request('http://aurora.localhost/api/site-users/account'), {
      ...env,
      API: undefined,
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'There is no such API call.' })
  })

  it("Should take the page a like forgot from the API Worker's answer, and not hand the header on", async () => {
    const like = () => {
      const crumb = newCrumb()
      return new Request('http://journal.localhost/api/content/likes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb },
        body: JSON.stringify({ itemId: 'journal-item-0001' }),
      })
    }
    const direct = await api.fetch(like(), env, createExecutionContext())
    expect(direct.status).toBe(200)
    expect(direct.headers.get(FORGOTTEN_PAGE_HEADER)).toMatch(/^https:\/\/page-cache\.internal\/journal/)
    const forwarded = await pageWorker(like(), env)
    expect(forwarded.status).toBe(200)
    expect(((await forwarded.json()) as { liked: boolean }).liked).toBe(true)
    expect(forwarded.headers.has(FORGOTTEN_PAGE_HEADER)).toBe(false)
  })
})
