// The production island bundle (scripts/build-islands.mjs, built before the suite) holds every
// registered island, and the static assets serve it with a year of immutable caching.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import manifest from '../../dist/islands-manifest.json'
import { ISLAND_NAMES } from '../../islands/names'

const chunks: Record<string, string[]> = manifest.chunks

describe('island bundle', () => {
  it('Should name at least the three first islands', () => {
    expect(ISLAND_NAMES).toEqual(expect.arrayContaining(['gallery', 'installment-teaser', 'variant-picker']))
  })

  // islands/registry.ts is typed to map exactly these names; here each one must be built.
  for (const name of ISLAND_NAMES) {
    it(`Should build the "${name}" island's client component into the production bundle`, () => {
      const holding = Object.keys(chunks).filter((file) =>
        chunks[file]?.includes(`islands/${name}/client.tsx`),
      )
      expect(holding).toHaveLength(1)
    })
  }

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
