// Issue 26, cold start: the script's top level renders a sample product page once
// (worker/render/warm-up.ts), so a new isolate's first visitor does not pay for compiling the
// render path. The sample must stay a product page that reaches every part of that path: its
// records pass the schemas, its islands render, its head and reviews are written; and it must
// leave nothing a tenant could be served.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmUp } from '../../worker/render/warm-up'
import { bindingsWith, fetchWith } from './faults'

afterEach(() => vi.restoreAllMocks())

describe('The isolate’s warm-up', () => {
  it('Should render the sample product page whole: header, product with its islands, reviews, footer', () => {
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log')]
    const html = warmUp()
    expect(html).toContain('<title>Tee')
    expect(html).toContain('application/ld+json')
    const islands = new Set<string | undefined>(
      [...html.matchAll(/data-island="([a-z-]+)"/g)].map((match) => match[1]),
    )
    for (const island of ['variant-picker', 'product-reviews', 'gallery', 'like-button'])
      expect(islands).toContain(island)
    // The reviews' dates went through the date formats (ICU's data loaded).
    expect(html).toContain('November 14, 2023')
    expect(html).toContain('Good.')
    expect(html).toContain(`<span>© ${new Date().getUTCFullYear()} Warm</span>`)
    // Not a word in the log: a warm-up is invisible.
    for (const spy of logged) expect(spy).not.toHaveBeenCalled()
  })

  it('Should leave a tenant’s pages their own: the sample’s header, page and title are nowhere', async () => {
    warmUp()
    const response = await fetchWith(
      bindingsWith({}),
      new Request('http://aurora.localhost/apparel/trailhead-long-sleeve-tee', {
        headers: { authorization: 'Bearer test' },
      }),
    )
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<title>Trailhead Long-Sleeve Tee — Aurora Outfitters</title>')
    expect(html).not.toContain('warm.invalid')
    expect(html).not.toMatch(/>Warm</)
  })
})
