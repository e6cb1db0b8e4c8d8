// How a rendered page leaves (worker/render/document.ts, issue 26): its head first while storage
// answers, so the browser fetches the stylesheet and fonts meanwhile; whole, in one body of known
// length, when the isolate holds everything the page is made of.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { app } from '../../worker/api-worker/index'
import type { Env } from '../../worker/env'
import { forgetContentVersions } from '../../worker/middleware/tenant'
import { bindingsWith } from './faults'

const HELD_MS = 40
const PAGE = 'http://aurora.localhost/apparel/trailhead-long-sleeve-tee'

/** The real KV with every read held back `HELD_MS` once `holding` is on. */
function slowKv(kv: KVNamespace) {
  const state = { holding: true }
  const wrapped = new Proxy(kv, {
    get(target, property) {
      const value = (target as unknown as Record<PropertyKey, unknown>)[property]
      if (typeof value !== 'function') return value
      if (property !== 'get' && property !== 'getWithMetadata') return value.bind(target)
      return async (...args: unknown[]) => {
        const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        if (state.holding) await new Promise((resolve) => setTimeout(resolve, HELD_MS))
        return answer
      }
    },
  })
  return { kv: wrapped, state }
}

/** A view as a browser reads it: each chunk as it arrives, with its time from the request. */
async function view(bindings: Env) {
  const ctx = createExecutionContext()
  const started = performance.now()
  // `Authorization` keeps the page cache out of it: every view renders.
  const response = await app.fetch(
    new Request(PAGE, { headers: { authorization: 'Bearer stream' } }),
    bindings,
    ctx,
  )
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  const chunks: { text: string; at: number }[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push({ text: decoder.decode(value, { stream: true }), at: performance.now() - started })
  }
  await waitOnExecutionContext(ctx)
  return { status: response.status, chunks, html: chunks.map((chunk) => chunk.text).join('') }
}

/** The page's HTML with what differs from one view to the next (the visitor's crumb) taken out. */
const comparable = (html: string) => html.replace(/[0-9a-f]{16,}(\.[\w-]+)?/g, '<token>')

describe('A rendered page leaving the Worker', () => {
  let site: { value: string | null; metadata: unknown }
  beforeAll(async () => {
    site = await env.CATALOG.getWithMetadata('site:aurora', 'text')
  })
  beforeEach(async () => {
    // A new content version: nothing of the tenant's is held by the isolate.
    forgetContentVersions()
    const version = `stream-${crypto.randomUUID()}`
    await env.CATALOG.put('site:aurora', site.value as string, { metadata: { version } })
    await env.CATALOG.put('site:aurora:version', version)
  })
  afterEach(async () => {
    await env.CATALOG.put('site:aurora', site.value as string, { metadata: site.metadata })
  })

  it('Should send the head alone first while the page is still read from storage', async () => {
    const { kv } = slowKv(env.CATALOG)
    const page = await view(bindingsWith({ CATALOG: kv, CONTENT_VERSION_SECONDS: '5' } as Partial<Env>))
    expect(page.status).toBe(200)
    const [head, ...rest] = page.chunks
    expect(head?.text.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(head?.text.endsWith('</head><body>')).toBe(true)
    expect(page.html).toContain('Trailhead Long-Sleeve Tee')
    expect(page.html.endsWith('</body></html>')).toBe(true)
    // The product's records and copies were read after the head left.
    expect((rest.at(-1)?.at ?? 0) - (head?.at ?? 0)).toBeGreaterThanOrEqual(HELD_MS - 5)
  })

  it('Should send a page the isolate holds whole, the same document as streamed', async () => {
    const { kv, state } = slowKv(env.CATALOG)
    const bindings = bindingsWith({ CATALOG: kv, CONTENT_VERSION_SECONDS: '5' } as Partial<Env>)
    const streamed = await view(bindings)
    state.holding = false
    // The first views keep the version, the records, the templates and the copies in the isolate.
    await view(bindings)
    const whole = await view(bindings)
    expect(whole.status).toBe(200)
    // No chunk of the head alone: the body is one string of known length, read in pieces.
    expect(whole.chunks[0]?.text.endsWith('</head><body>')).toBe(false)
    expect(comparable(whole.html)).toBe(comparable(streamed.html))
  })
})
