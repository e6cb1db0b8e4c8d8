// Issue 26, cold start: the rounds of KV reads an uncached page waits on, one after another, in an
// isolate that knows nothing of the tenant yet (a new isolate, or a tenant it has not served).
// Every KV read here is the real binding's, held back a fixed time, so reads that start together
// end together: a read's round is one more than the latest round that ended before it started.
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { EditorEnv } from '../../worker/editor/env'
import { overlayKv } from '../../worker/editor/preview'
import { completeRevision, journal } from '../../worker/editor/publish'
import type { Env } from '../../worker/env'
import { forgetContentVersions } from '../../worker/middleware/tenant'
import { bindingsWith, fetchWith } from './faults'

const HELD_MS = 20

interface Read {
  key: string
  end: number
  round: number
}

type Answer = { value: string | null; metadata: unknown }

/**
 * The real KV, every read held back `HELD_MS`, each read's round noted. `answer` may stand in for
 * a read (a read that raced a publish): what it returns is returned instead.
 */
function roundCountingKv(kv: KVNamespace, answer?: (key: string) => Answer | undefined) {
  const reads: Read[] = []
  const wrapped = new Proxy(kv, {
    get(target, property) {
      if (property === 'get' || property === 'getWithMetadata')
        return async (...args: unknown[]) => {
          const start = performance.now()
          const round =
            1 + Math.max(0, ...reads.filter((read) => read.end <= start).map((read) => read.round))
          const key = String(args[0])
          const instead = answer?.(key)
          const value =
            instead === undefined
              ? await (target[property] as (...a: unknown[]) => Promise<unknown>).apply(target, args)
              : property === 'get'
                ? instead.value
                : instead
          await new Promise((resolve) => setTimeout(resolve, HELD_MS))
          reads.push({ key, end: performance.now(), round })
          return value
        }
      const value = (target as unknown as Record<PropertyKey, unknown>)[property]
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { kv: wrapped, reads }
}

/** A publish as the editor's leaves it: the site record stamped with the new version, then the version. */
async function publishStamped(siteId: string, change: (site: Record<string, unknown>) => void = () => {}) {
  const version = `rounds-${crypto.randomUUID()}`
  const site = JSON.parse((await env.CATALOG.get(`site:${siteId}`, 'text')) ?? '{}')
  change(site)
  await env.CATALOG.put(`site:${siteId}`, JSON.stringify(site), { metadata: { version } })
  await env.CATALOG.put(`site:${siteId}:version`, version)
  return version
}

/** A page view with the content version trusted for 5 seconds, as production runs. */
async function render(kv: KVNamespace, host: string, path: string) {
  const response = await fetchWith(
    bindingsWith({ CATALOG: kv, CONTENT_VERSION_SECONDS: '5' } as Partial<Env>),
    // `Authorization` keeps the page cache out of it: these are the render's own reads.
    new Request(`http://${host}${path}`, { headers: { authorization: 'Bearer rounds' } }),
  )
  return { status: response.status, html: await response.text() }
}

function roundOf(reads: Read[], key: string): number | undefined {
  return reads.find((read) => read.key === key)?.round
}

/** The rounds from the version's (the host's tenant may be kept from an earlier view) to the last. */
function roundsFromVersion(reads: Read[], siteId: string): number {
  const first = roundOf(reads, `site:${siteId}:version`) ?? 0
  return Math.max(...reads.map((read) => read.round)) - first + 1
}

describe('KV rounds of an uncached page in an isolate new to the tenant', () => {
  let site: { value: string | null; metadata: unknown }
  beforeAll(async () => {
    site = await env.CATALOG.getWithMetadata('site:aurora', 'text')
  })
  beforeEach(() => forgetContentVersions())
  afterEach(async () => {
    await env.CATALOG.put('site:aurora', site.value as string, { metadata: site.metadata })
  })

  // Before: the version, then the site, then the page's records and the header's and footer's
  // templates, then what the records name (the collection's templates, a product's review copies).
  it.each([
    ['a product page', '/apparel/trailhead-long-sleeve-tee'],
    ['a collection page', '/apparel'],
    ['the home page', '/'],
  ])('Should read the version and the site side by side for %s', async (_, path) => {
    await publishStamped('aurora')
    const { kv, reads } = roundCountingKv(env.CATALOG)
    const page = await render(kv, 'aurora.localhost', path)
    expect(page.status).toBe(200)
    expect(roundOf(reads, 'site:aurora')).toBe(roundOf(reads, 'site:aurora:version'))
    expect(reads.filter((read) => read.key === 'site:aurora')).toHaveLength(1)
    expect(roundsFromVersion(reads, 'aurora')).toBe(3)
  })

  it('Should read the site again after the version when the one read beside it is older', async () => {
    const before = (await env.CATALOG.get('site:aurora', 'text')) as string
    await publishStamped('aurora', (site) => {
      ;(site.website as Record<string, unknown>).siteTitle = 'Aurora Outfitters, renamed'
    })
    // The read beside the version raced the publish: it got the site from before, stamped as such.
    let raced = false
    const { kv, reads } = roundCountingKv(env.CATALOG, (key) => {
      if (key !== 'site:aurora' || raced) return undefined
      raced = true
      return { value: before, metadata: { version: 'the-version-before' } }
    })
    const first = await render(kv, 'aurora.localhost', '/about')
    expect(first.html).toContain('Aurora Outfitters, renamed')
    const version = roundOf(reads, 'site:aurora:version') ?? 0
    expect(reads.filter((read) => read.key === 'site:aurora').map((read) => read.round)).toEqual([
      version,
      version + 1,
    ])
    // What the isolate kept under the new version is the new site.
    const again = await render(env.CATALOG, 'aurora.localhost', '/about')
    expect(again.html).toContain('Aurora Outfitters, renamed')
    expect(again.html).not.toContain('<title>About — Aurora Outfitters</title>')
  })

  it('Should read the site after the version when it carries no stamp (written outside a publish)', async () => {
    const text = site.value as string
    await env.CATALOG.put('site:aurora', text.replace('"Aurora Outfitters"', '"Aurora, unstamped"'))
    await env.CATALOG.put('site:aurora:version', `rounds-${crypto.randomUUID()}`)
    forgetContentVersions()
    const { kv, reads } = roundCountingKv(env.CATALOG)
    const page = await render(kv, 'aurora.localhost', '/about')
    expect(page.html).toContain('Aurora, unstamped')
    expect(roundOf(reads, 'site:aurora:version')).toBeLessThan(
      Math.max(...reads.filter((read) => read.key === 'site:aurora').map((read) => read.round)),
    )
  })

  it("Should stamp the site with the version a publish writes, the site's own text unchanged", async () => {
    const editorEnv = env as unknown as EditorEnv
    const text = await env.CATALOG.get('site:journal', 'text')
    const { seq, version } = await journal(
      editorEnv,
      'journal',
      { keys: [], writes: [], drafts: [] },
      'rounds',
    )
    await completeRevision(editorEnv, 'journal', seq)
    const stored = await env.CATALOG.getWithMetadata('site:journal', 'text')
    expect(stored.value).toBe(text)
    expect(stored.metadata).toEqual({ version })
    expect(await env.CATALOG.get('site:journal:version', 'text')).toBe(version)
  })
})

describe('The preview’s KV laid over the live one', () => {
  it('Should answer a read with metadata: a laid-over value with none, any other key as KV holds it', async () => {
    const overlay = overlayKv(env.CATALOG, [{ key: 'site:journal:tagline', before: null, after: 'Drafted' }])
    expect(await overlay.getWithMetadata('site:journal:tagline', 'text')).toMatchObject({
      value: 'Drafted',
      metadata: null,
    })
    const live = await env.CATALOG.getWithMetadata('site:journal', 'text')
    expect(await overlay.getWithMetadata('site:journal', 'text')).toMatchObject({
      value: live.value,
      metadata: live.metadata,
    })
  })
})
