// Issue 26, the page's critical path: a product page renders from KV copies of its reviews and
// likes, never from D1 (worker/catalogue/item-extras.ts); a like and the editor's review
// moderation write the copies again before the page turns over, and a copy whose write failed
// heals; the isolate trusts a tenant's content version for CONTENT_VERSION_SECONDS, and a change
// made through `/config` forgets it (worker/middleware/tenant.ts); where it trusts versions it
// holds an item's copy for HELD_DATA_MS, and a page forgotten after a like is not stored from
// data read before (worker/middleware/page-cache.ts).
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COPY_REFRESH_MS } from '../../worker/catalogue/item-extras'
import { kvKey } from '../../worker/catalogue/records'
import { HELD_DATA_MS } from '../../worker/runtime/isolate-cache'
import { signInEditor } from './editor-client'
import { bindingsWith, failingD1, failingKvPut, fetchWith } from './faults'
import { newCrumb } from './visitor'

const AURORA = 'aurora.localhost'
const JOURNAL = 'journal.localhost'
const PRODUCT = '/apparel/trailhead-long-sleeve-tee'
const POST = '/field-notes/first-frost-on-the-marsh'
const POST_ID = 'journal-item-0001'

/** A render that bypasses the page cache (`Authorization`: never looked up nor stored). */
function rendered(host: string, path: string): Request {
  return new Request(`http://${host}${path}`, { headers: { authorization: 'Bearer test' } })
}

function likeRequest(crumb: string): Request {
  return new Request(`http://${JOURNAL}/api/content/likes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb },
    body: JSON.stringify({ itemId: POST_ID }),
  })
}

const likeCount = (html: string) =>
  Number(/data-item-id="journal-item-0001" data-like-count="(\d+)"/.exec(html)?.[1])

afterEach(() => {
  vi.useRealTimers()
})

describe('A product page’s reviews and likes', () => {
  it('Should render a product page without a D1 query once its copies exist: a D1 that fails changes nothing', async () => {
    const first = await fetchWith(bindingsWith({}), rendered(AURORA, PRODUCT))
    const html = await first.text()
    expect(html).toContain('data-review-id="aurora-review-01"')
    expect(html).toContain('<span class="product-reviews-count">13 Review(s)</span>')
    const fault = { times: Number.POSITIVE_INFINITY, hits: 0 }
    const failing = bindingsWith({ DB: failingD1(env.DB, /./, fault) })
    const again = await fetchWith(failing, rendered(AURORA, PRODUCT))
    expect(again.status).toBe(200)
    expect(await again.text()).toBe(html)
    expect(fault.hits).toBe(0)
  })

  it('Should show a like on the next render of the item’s page', async () => {
    const bindings = bindingsWith({})
    const before = likeCount(await (await fetchWith(bindings, rendered(JOURNAL, POST))).text())
    const liked = await fetchWith(bindings, likeRequest(newCrumb()))
    expect(((await liked.json()) as { likeCount: number }).likeCount).toBe(before + 1)
    // Rendered with a D1 that fails: the count comes from the copy the like wrote.
    const failing = bindingsWith({ DB: failingD1(env.DB, /./, { times: Number.POSITIVE_INFINITY, hits: 0 }) })
    expect(likeCount(await (await fetchWith(failing, rendered(JOURNAL, POST))).text())).toBe(before + 1)
  })

  it('Should keep a like whose copy could not be written, and show it once the copy heals', async () => {
    const bindings = bindingsWith({})
    const before = likeCount(await (await fetchWith(bindings, rendered(JOURNAL, POST))).text())
    // KV refuses the copy's write and its retry: the like is stored and answered all the same.
    const fault = { times: 2, hits: 0 }
    const refusing = bindingsWith({ CATALOG: failingKvPut(env.CATALOG, /:item-extras:/, fault) })
    const liked = await fetchWith(refusing, likeRequest(newCrumb()))
    expect(liked.status).toBe(200)
    expect(((await liked.json()) as { likeCount: number }).likeCount).toBe(before + 1)
    expect(fault.hits).toBe(2)
    // Briefly behind: the page still shows the count the copy had.
    expect(likeCount(await (await fetchWith(bindings, rendered(JOURNAL, POST))).text())).toBe(before)
    // Past COPY_REFRESH_MS a view serves the copy and writes it again from D1 after the response.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + COPY_REFRESH_MS + 1000)
    expect(likeCount(await (await fetchWith(bindings, rendered(JOURNAL, POST))).text())).toBe(before)
    expect(likeCount(await (await fetchWith(bindings, rendered(JOURNAL, POST))).text())).toBe(before + 1)
  })

  it('Should mend a hidden review whose copy was not written when the merchant presses Hide again', async () => {
    const page = async () => (await fetchWith(bindingsWith({}), rendered(AURORA, PRODUCT))).text()
    expect(await page()).toContain('data-review-id="aurora-review-02"')
    // The row is hidden but the copies were never written again (a write that failed).
    await env.DB.prepare(
      "UPDATE product_reviews SET hidden_at = ?, hidden_by = 'test' WHERE site_id = 'aurora' AND id = 'aurora-review-02'",
    )
      .bind(Date.now())
      .run()
    expect(await page()).toContain('data-review-id="aurora-review-02"')
    const editor = await signInEditor(AURORA, 'manager@aurora.example')
    const pressed = await editor.call('/config/api/reviews/aurora-review-02/visibility', {
      method: 'POST',
      body: { hidden: true },
    })
    expect(pressed.status).toBe(200)
    const after = await page()
    expect(after).not.toContain('data-review-id="aurora-review-02"')
    expect(after).toContain('<span class="product-reviews-count">12 Review(s)</span>')
  })
})

describe('An item copy the isolate holds, and a page forgotten after a like', () => {
  // Where the isolate trusts content versions (the tests' default reads every time).
  const holding = () => bindingsWith({ CONTENT_VERSION_SECONDS: '60' })
  const anonymous = () => new Request(`http://${JOURNAL}${POST}`)
  const cacheStatus = (response: Response) => response.headers.get('cache-status')

  it('Should show a copy it read within two seconds without reading it again, and a like made here on the next render', async () => {
    const shown = async () => likeCount(await (await fetchWith(holding(), rendered(JOURNAL, POST))).text())
    // The copy exists (the first view of an item without one writes it) and is now held.
    await shown()
    const before = await shown()
    // Another data center's like rewrote the copy in KV: this isolate shows what it holds…
    const key = `site:journal:item-extras:${POST_ID}`
    const copy = (await env.CATALOG.get(key, 'json')) as { likes: number; at: number }
    await env.CATALOG.put(key, JSON.stringify({ ...copy, likes: copy.likes + 5 }))
    expect(await shown()).toBe(before)
    // …for at most HELD_DATA_MS, then reads the copy again.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + HELD_DATA_MS + 100)
    expect(await shown()).toBe(before + 5)
    // A like made through this Worker writes the copy again from D1 (which never had those five)
    // and forgets what the isolate holds: the next render shows the like's count at once.
    const liked = await fetchWith(holding(), likeRequest(newCrumb()))
    const count = ((await liked.json()) as { likeCount: number }).likeCount
    expect(count).toBe(before + 1)
    expect(await shown()).toBe(count)
  })

  it('Should not store a page rendered within two seconds after a like forgot it, then store it again', async () => {
    const bindings = bindingsWith({})
    // Later than any like an earlier test made (its mark would keep the page from being stored).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 60_000)
    await fetchWith(bindings, anonymous())
    expect(cacheStatus(await fetchWith(bindings, anonymous()))).toMatch(/^storefront; hit/)
    const likedAt = Date.now()
    const liked = await fetchWith(bindings, likeRequest(newCrumb()))
    const count = ((await liked.json()) as { likeCount: number }).likeCount
    // Within HELD_DATA_MS of the like, any isolate may still render from a copy read before it:
    // the page is shown (with the new count here) but not stored.
    vi.setSystemTime(likedAt + HELD_DATA_MS / 2)
    const soon = await fetchWith(bindings, anonymous())
    expect(likeCount(await soon.text())).toBe(count)
    expect(cacheStatus(await fetchWith(bindings, anonymous()))).toMatch(/fwd=miss/)
    // Past it, a render is stored again and the next view is a hit with the new count.
    vi.setSystemTime(likedAt + HELD_DATA_MS + 1000)
    expect(cacheStatus(await fetchWith(bindings, anonymous()))).toMatch(/fwd=miss/)
    const hit = await fetchWith(bindings, anonymous())
    expect(cacheStatus(hit)).toMatch(/^storefront; hit/)
    expect(likeCount(await hit.text())).toBe(count)
  })
})

describe('The content version a page-cache hit trusts', () => {
  const trusting = () => bindingsWith({ CONTENT_VERSION_SECONDS: '60' })
  const anonymous = () => new Request(`http://${AURORA}/apparel`)
  const cacheStatus = async (response: Response) => response.headers.get('cache-status')

  it('Should trust the version for its lifetime, then read it again; a change made through /config shows on the next view', async () => {
    await env.CATALOG.put('site:aurora:version', `path-${crypto.randomUUID()}`)
    // Forget what earlier requests left: a no-op call to the editor goes through `/config`.
    await fetchWith(trusting(), new Request(`http://${AURORA}/config/api/nothing`, { method: 'POST' }))
    expect(await cacheStatus(await fetchWith(trusting(), anonymous()))).toBe('storefront; fwd=miss; stored')
    expect(await cacheStatus(await fetchWith(trusting(), anonymous()))).toMatch(/^storefront; hit/)
    // A version written elsewhere (another data center's publish): not read again for 60 s.
    await env.CATALOG.put('site:aurora:version', `path-${crypto.randomUUID()}`)
    expect(await cacheStatus(await fetchWith(trusting(), anonymous()))).toMatch(/^storefront; hit/)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 61_000)
    expect(await cacheStatus(await fetchWith(trusting(), anonymous()))).toBe('storefront; fwd=miss; stored')
    vi.useRealTimers()
    expect(await cacheStatus(await fetchWith(trusting(), anonymous()))).toMatch(/^storefront; hit/)
    // A review hidden in the editor, through this isolate's `/config` (a local run forwards it
    // to the editor's Worker): the pages turn over and the next view here renders afresh.
    const editor = await signInEditor(AURORA, 'admin@aurora.example')
    const crumb = newCrumb()
    const hidden = await fetchWith(
      trusting(),
      new Request(`http://${AURORA}/config/api/reviews/aurora-review-03/visibility`, {
        method: 'POST',
        headers: {
          cookie: `crumb=${crumb}; ${editor.cookie}`,
          'X-CSRF-Token': crumb,
          'X-XSRF-Token': editor.xsrfToken ?? '',
          origin: `http://${AURORA}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ hidden: true }),
      }),
    )
    expect(hidden.status).toBe(200)
    expect(await cacheStatus(await fetchWith(trusting(), anonymous()))).toBe('storefront; fwd=miss; stored')
  })
})

describe('A tenant’s first page in an isolate', () => {
  it('Should read the frame’s templates beside the item, not after it, and each template record once', async () => {
    // A new content version: nothing of the tenant's is held by the isolate any more.
    await env.CATALOG.put(kvKey.version('aurora'), `first-page-${Date.now()}`)
    const events: string[] = []
    const catalog = new Proxy(env.CATALOG, {
      get(target, property) {
        if (property === 'get')
          return (key: string, type: 'text') => {
            events.push(`read ${key}`)
            return target.get(key, type).then((value) => {
              events.push(`answered ${key}`)
              return value
            })
          }
        const value = (target as unknown as Record<PropertyKey, unknown>)[property]
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const response = await fetchWith(bindingsWith({ CATALOG: catalog }), rendered(AURORA, PRODUCT))
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<h1 class="product-title">Trailhead Long-Sleeve Tee')
    const header = events.indexOf(`read ${kvKey.compiledTemplate('aurora', 'header')}`)
    const footer = events.indexOf(`read ${kvKey.compiledTemplate('aurora', 'footer')}`)
    const item = events.indexOf(`answered ${kvKey.item('aurora', 'apparel', 'trailhead-long-sleeve-tee')}`)
    expect(item).toBeGreaterThan(-1)
    expect(header).toBeGreaterThan(-1)
    expect(header).toBeLessThan(item)
    expect(footer).toBeLessThan(item)
    const templateReads = events.filter((event) => event.startsWith('read site:aurora:template:'))
    expect(templateReads.length).toBeGreaterThan(2)
    expect(new Set(templateReads).size).toBe(templateReads.length)
  })
})
