// The page kinds table (worker/catalogue/page-kinds.ts): one row per collection type of the
// schema, and the behaviour routes, search and the sitemap read from it.
import { describe, expect, it } from 'vitest'
import { PAGE_KINDS } from '../../worker/catalogue/page-kinds'
import { collectionSchema } from '../../worker/catalogue/records'
import { visit } from './helpers'

/** The search results of a page as (title, kind label) pairs. */
async function searchResults(host: string, q: string): Promise<string[][]> {
  const html = await (await visit(host, `/search?q=${encodeURIComponent(q)}`)).text()
  return [
    ...html.matchAll(
      /<li class="search-result"><a href="[^"]*">([^<]*)<\/a>(?: <span class="search-result-kind">([^<]*)<\/span>)?/g,
    ),
  ].map((match) => [match[1] ?? '', match[2] ?? ''])
}

describe('Page kinds', () => {
  it('Should have one row for every collection type the schema accepts, and no other', () => {
    const accepted = collectionSchema.shape.typeName.options
    expect(Object.keys(PAGE_KINDS).sort()).toEqual([...accepted].sort())
  })

  it('Should label search results by the kind of their collection', async () => {
    expect(await searchResults('aurora.localhost', 'ridgeline daypack')).toContainEqual([
      'Ridgeline Daypack',
      'Product',
    ])
    expect(await searchResults('journal.localhost', 'dragonflies')).toContainEqual([
      'A Summer of Dragonflies',
      'Post',
    ])
    expect(await searchResults('journal.localhost', 'pillar point')).toContainEqual([
      'Low-Tide Pool Walk at Pillar Point',
      'Event',
    ])
  })

  it('Should neither search nor serve the items of a kind without item pages (gallery images)', async () => {
    const results = await searchResults('journal.localhost', 'marsh at first light')
    expect(results.map(([title]) => title)).not.toContain('Marsh at first light')
    const response = await visit('journal.localhost', '/gallery/marsh-at-first-light')
    expect(response.status).toBe(404)
    await response.body?.cancel()
  })

  it('Should page only the kinds with a page size (a gallery has no second page)', async () => {
    const response = await visit('journal.localhost', '/gallery?page=2')
    expect(response.status).toBe(404)
    await response.body?.cancel()
    expect(PAGE_KINDS.gallery.pageSize).toBeUndefined()
  })
})
