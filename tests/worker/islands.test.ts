// The registry and the production island bundle (scripts/build-islands.ts, built before the
// suite) agree: every registered island has its module, every island folder with a client is
// registered, and the static assets serve the bundle with a year of immutable caching.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import chunkList from '../../dist/islands-chunks.json'
import manifest from '../../dist/islands-manifest.json'
import { createEngine } from '../../templates/index'
import { ISLAND_NAMES, islandKit } from '../../worker/render/islands'
import * as TEST_REGISTRY from '../fixtures/islands/registry'

const chunks: Record<string, string[]> = chunkList
const modules: Record<string, string> = manifest.islands

describe('island bundle', () => {
  it('Should name at least the three first islands', () => {
    expect(ISLAND_NAMES).toEqual(expect.arrayContaining(['gallery', 'installment-teaser', 'variant-picker']))
  })

  it('Should build exactly the registered islands (no folder left out, none unregistered)', () => {
    expect(Object.keys(modules).sort()).toEqual([...ISLAND_NAMES].sort())
  })

  for (const name of ISLAND_NAMES) {
    it(`Should build the "${name}" island's client component into its own module`, () => {
      const src = modules[name] as string
      expect(src).toMatch(new RegExp(`^/_islands/${name}-[A-Z0-9]+\\.js$`))
      expect(chunks[src]).toContain(`islands/${name}/client.tsx`)
    })
  }

  it('Should keep the list of every output and its sources out of the manifest the worker imports', () => {
    expect(Object.keys(manifest).sort()).toEqual(['islands', 'runtime', 'scripts', 'tracking'])
    expect(Object.keys(chunks)).toEqual(expect.arrayContaining([manifest.runtime, manifest.tracking]))
  })

  it('Should keep React out of the runtime, the one script a page loads before any interaction', () => {
    expect(chunks[manifest.runtime]?.some((input) => input.includes('node_modules/react'))).toBe(false)
  })

  it('Should serve the runtime and every chunk from static assets with immutable caching', async () => {
    for (const file of Object.keys(chunks)) {
      const response = await env.ASSETS.fetch(new Request(`http://aurora.localhost${file}`))
      expect(response.status, file).toBe(200)
      expect(response.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('content-type'), file).toMatch(/javascript/)
      await response.arrayBuffer()
    }
  })

  it('Should keep the runtime small: under 2 KB gzip is its budget', async () => {
    const response = await env.ASSETS.fetch(new Request(`http://aurora.localhost${manifest.runtime}`))
    const gzipped = await new Response(
      (response.body as ReadableStream<Uint8Array>).pipeThrough(new CompressionStream('gzip')),
    ).arrayBuffer()
    expect(gzipped.byteLength).toBeLessThan(2048)
  })
})

describe('An island added the documented way (its folder and one registry line)', () => {
  const kit = islandKit(TEST_REGISTRY, {
    ...manifest.islands,
    'test-counter': '/_islands/test-counter-TEST.js',
  })
  const engine = createEngine({ plugins: [{ name: 'islands', formatters: kit.formatters }] })

  it('Should print its marker with its props, strategy and module from its formatter', () => {
    const { output, errors } = engine.render('{counter|test-counter}', { counter: { start: 3 } })
    expect(errors).toEqual([])
    expect(output).toBe(
      `<sf-island data-island="test-counter" data-island-props='{"label":"Count","start":3}' data-island-hydrate="interaction" data-island-src="/_islands/test-counter-TEST.js"><button type="button" class="test-counter">Count: 3</button></sf-island>`,
    )
  })

  it('Should keep every production island beside it', () => {
    expect([...kit.names].sort()).toEqual([...ISLAND_NAMES, 'test-counter'].sort())
  })
})
