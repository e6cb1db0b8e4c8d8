// Product reviews (storefront.md sections 3, 4, 7 and 9): the API's pages, and what a product
// page shows: the first page filled in, the summary, stars, the reviewer name rule, escaping.
import { describe, expect, it } from 'vitest'
import { apiCall } from './form-helpers'
import { visit } from './helpers'

const AURORA = 'aurora.localhost'
const API = '/api/commerce/product/reviews'

interface ReviewsAnswer {
  data: { productReviews: { id: string; productId: string; reviewDate: number }[]; nextPage: number | null }
}

async function reviews(host: string, query: string): Promise<ReviewsAnswer['data']> {
  const response = await apiCall(host, `${API}${query}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as ReviewsAnswer).data
}

describe('GET /api/commerce/product/reviews', () => {
  it('Should answer the store’s first page of 10, newest first, with nextPage 1', async () => {
    const data = await reviews(AURORA, '')
    expect(data.productReviews).toHaveLength(10)
    expect(data.nextPage).toBe(1)
    const dates = data.productReviews.map((review) => review.reviewDate)
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
  })

  it('Should page one product’s reviews until nextPage is null', async () => {
    const first = await reviews(AURORA, '?productId=aurora-item-0001')
    expect(first.productReviews).toHaveLength(10)
    expect(first.productReviews.every((review) => review.productId === 'aurora-item-0001')).toBe(true)
    expect(first.nextPage).toBe(1)
    const second = await reviews(AURORA, '?productId=aurora-item-0001&page=1')
    expect(second.productReviews.map((review) => review.id)).toEqual([
      'aurora-review-11',
      'aurora-review-12',
      'aurora-review-13',
    ])
    expect(second.nextPage).toBeNull()
  })

  it('Should carry each review’s fields, imported marketplace ones with their images', async () => {
    const data = await reviews(AURORA, '?productId=aurora-item-0001&size=13')
    expect(data.productReviews.find((review) => review.id === 'aurora-review-04')).toEqual({
      id: 'aurora-review-04',
      productId: 'aurora-item-0001',
      starRating: '5',
      text: 'Arrived two days after I ordered it from the shop on Etsy. Exactly as pictured.',
      reviewDate: Date.parse('2026-03-09T12:00:00Z'),
      sourceType: 'ETSY',
      importedProductName: 'Trailhead Long-Sleeve Tee, Forest',
      importedProductImageUrls: ['/demo/aurora/trailhead-long-sleeve-tee-forest.svg'],
      importedImageUrls: ['/demo/aurora/trailhead-long-sleeve-tee.svg'],
      firstName: 'Ada',
      lastName: 'Okafor',
      loginName: null,
      userName: null,
    })
  })

  it('Should take size up to 1000 (the summary load) and refuse more, a negative page or words, with a 400', async () => {
    const all = await reviews('forms.localhost', '?size=1000')
    expect(all.productReviews).toHaveLength(1000)
    expect(all.nextPage).toBe(1)
    for (const query of ['?size=1001', '?page=-1', '?page=two', '?size=0', '?size=1.5']) {
      const response = await apiCall(AURORA, `${API}${query}`)
      expect(response.status, query).toBe(400)
      expect(((await response.json()) as { message: string }).message).not.toBe('')
    }
  })

  it('Should never answer another tenant’s reviews', async () => {
    const kissa = await reviews('kissa.localhost', '?size=100')
    expect(kissa.productReviews.length).toBeGreaterThan(0)
    expect(kissa.productReviews.every((review) => review.id.startsWith('kissa-'))).toBe(true)
    expect((await reviews('kissa.localhost', '?productId=aurora-item-0001')).productReviews).toEqual([])
  })
})

describe('Reviews on a product page', () => {
  async function page(path: string, host = AURORA): Promise<string> {
    const response = await visit(host, path)
    expect(response.status).toBe(200)
    return response.text()
  }

  function reviewIds(html: string): string[] {
    return [...html.matchAll(/data-review-id="([^"]+)"/g)].map((match) => match[1] ?? '')
  }

  it('Should show the product’s first 10 reviews and ‘See More Reviews’ while more remain', async () => {
    const html = await page('/apparel/trailhead-long-sleeve-tee')
    expect(reviewIds(html)).toHaveLength(10)
    expect(html).toContain('>See More Reviews</button>')
  })

  it('Should write the first page once: the island’s props carry each review’s rating and import details, never its text', async () => {
    const html = await page('/apparel/ridgeline-flannel-shirt')
    const text = 'Arrived two days after I ordered it from the shop on Etsy. Exactly as pictured.'
    expect(html.split(text)).toHaveLength(2)
    const marker = /<sf-island data-island="product-reviews" data-island-props='([^']*)'/.exec(html)?.[1]
    const props = JSON.parse(marker ?? '{}') as Record<string, unknown>
    expect(props.reviews).toBeUndefined()
    expect(props.first).toHaveLength(10)
    expect((props.first as unknown[])[4]).toEqual({
      rating: 5,
      source: 'Etsy',
      importedProductName: 'Trailhead Long-Sleeve Tee, Forest',
    })
    expect((props.first as unknown[])[0]).toEqual({ rating: 5 })
  })

  it('Should fill the first page in with other products’ reviews when the product has fewer than 10, without ‘See More Reviews’', async () => {
    const html = await page('/footwear/granite-hiking-boot')
    const ids = reviewIds(html)
    expect(ids).toHaveLength(10)
    expect(ids.slice(0, 3)).toEqual(['aurora-review-14', 'aurora-review-15', 'aurora-review-16'])
    expect(html).toMatch(/data-review-id="aurora-review-01" data-product-id="aurora-item-0001"/)
    expect(html).not.toContain('See More Reviews')
  })

  it('Should show the summary after the title: stars, the average and the product’s and store’s counts', async () => {
    const html = await page('/apparel/trailhead-long-sleeve-tee')
    const title = html.indexOf('class="product-title"')
    const summary = html.indexOf('class="product-reviews-summary"')
    expect(summary).toBeGreaterThan(title)
    expect(summary).toBeLessThan(html.indexOf('class="product-price'))
    expect(html).toContain('<span class="product-reviews-count">13 Review(s)</span>')
    expect(html).toContain('<span class="product-reviews-store-count">20 Store Review(s)</span>')
    // (5+4.5+4+5+3.5+5+4+4.5+5+2.5+4+5+4.5) / 13 = 4.35 -> 4.3, drawn as 4.5 stars.
    expect(html).toContain('Average rating 4.3 out of 5')
    expect(html).toContain('aria-label="4.5 out of 5 stars"')
  })

  it('Should say ‘1000+ Store Reviews’ when the store has more than 999', async () => {
    const html = await page('/shop/storm-lantern', 'forms.localhost')
    expect(html).toContain('<span class="product-reviews-store-count">1000+ Store Reviews</span>')
    expect(html).toContain('<span class="product-reviews-count">1 Review(s)</span>')
  })

  it('Should draw half stars', async () => {
    const html = await page('/shop/storm-lantern', 'forms.localhost')
    const stars = html.match(/aria-label="3\.5 out of 5 stars">(.*?)<\/span><p/)?.[1] ?? ''
    expect([...stars.matchAll(/review-star--(\w+)/g)].map((match) => match[1])).toEqual([
      'full',
      'full',
      'full',
      'half',
      'empty',
    ])
  })

  it('Should name reviewers by the rule: first name and last initial, else login name, else user name, else ‘Anonymous’', async () => {
    const html = await page('/apparel/trailhead-long-sleeve-tee')
    const author = (id: string) =>
      html.match(new RegExp(`data-review-id="${id}".*?class="review-author">([^<]*)<`))?.[1]
    expect(author('aurora-review-01')).toBe('Maren L.')
    expect(author('aurora-review-03')).toBe('trailmix_kate')
    expect(author('aurora-review-05')).toBe('hiker2041')
    expect(author('aurora-review-07')).toBe('Anonymous')
  })

  it('Should print the review text escaped, never as markup', async () => {
    const html = await page('/apparel/trailhead-long-sleeve-tee')
    expect(html).toContain('I wish it came in a tall size. &lt;b&gt;Not&lt;/b&gt; a deal-breaker.')
    expect(html).not.toContain('<b>Not</b>')
  })

  it('Should show an imported review’s source, product and images with a lightbox for each', async () => {
    const html = await page('/apparel/trailhead-long-sleeve-tee')
    const review = html.slice(html.indexOf('data-review-id="aurora-review-04"'))
    expect(review).toContain('Review from Etsy')
    expect(review).toContain('Purchased: Trailhead Long-Sleeve Tee, Forest')
    expect(review).toMatch(/commandfor="review-aurora-review-04-product" command="show-modal"/)
    expect(review).toMatch(/<dialog id="review-aurora-review-04-photo" class="review-lightbox"/)
    expect(review).toContain('src="/demo/aurora/trailhead-long-sleeve-tee.svg"')
  })

  it('Should show no reviews section on a store without reviews, and none on content pages', async () => {
    expect(await page('/shop/summit-shell', 'picker.localhost')).not.toContain('class="product-reviews')
    expect(await page('/field-notes/the-notebook-i-carry', 'journal.localhost')).not.toContain(
      'product-reviews',
    )
  })
})
