// A product whose publish date is still to come is out everywhere: its page answers not-found and
// the cart refuses it; once the date has come, both take it, even within one content version.
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Shopper } from './shopper'

const SITE = 'aurora'
const COLLECTION = 'scheduled-gear'
const SKU = 'AO-DP-22L-BLK'

/** A copy of the Ridgeline Daypack in a products collection of its own, publishing at `publishOn`. */
async function seedProduct(slug: string, publishOn: number): Promise<string> {
  const source = await env.CATALOG.get(`site:${SITE}:item:gear/ridgeline-daypack`, 'json')
  const itemId = `aurora-item-sched-${slug}`
  const item = {
    ...(source as Record<string, unknown>),
    id: itemId,
    collectionId: 'aurora-col-scheduled-gear',
    urlId: slug,
    fullUrl: `/${COLLECTION}/${slug}`,
    publishOn,
  }
  await env.CATALOG.put(`site:${SITE}:item:${COLLECTION}/${slug}`, JSON.stringify(item))
  await env.CATALOG.put(
    `site:${SITE}:collection:${COLLECTION}`,
    JSON.stringify({
      id: 'aurora-col-scheduled-gear',
      urlId: COLLECTION,
      title: 'Scheduled Gear',
      fullUrl: `/${COLLECTION}`,
      type: 13,
      typeName: 'products',
      itemSlugs: [slug],
    }),
  )
  // A publish bumps the content version; records and indexes are kept per version.
  await env.CATALOG.put(`site:${SITE}:version`, `scheduled-${crypto.randomUUID()}`)
  return itemId
}

function pageStatus(shopper: Shopper, slug: string): Promise<number> {
  return shopper.fetch(`/${COLLECTION}/${slug}`).then(async (response) => {
    await response.body?.cancel()
    return response.status
  })
}

async function addStatus(shopper: Shopper, itemId: string): Promise<number> {
  const response = await shopper.add(itemId, SKU, 1)
  await response.body?.cancel()
  return response.status
}

describe('A scheduled product', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('Should answer not-found on its page and be refused by the cart while its publish date is to come', async () => {
    const itemId = await seedProduct('later-pack', Date.now() + 86_400_000)
    const shopper = new Shopper('aurora.localhost')
    expect(await pageStatus(shopper, 'later-pack')).toBe(404)
    expect(await addStatus(shopper, itemId)).toBe(404)
  })

  it('Should show its page and take it into the cart once its publish date has passed', async () => {
    const itemId = await seedProduct('earlier-pack', Date.now() - 86_400_000)
    const shopper = new Shopper('aurora.localhost')
    expect(await pageStatus(shopper, 'earlier-pack')).toBe(200)
    expect(await addStatus(shopper, itemId)).toBe(200)
  })

  it('Should be taken by the page and the cart alike when its publish date comes within one content version', async () => {
    const now = Date.now()
    const itemId = await seedProduct('timed-pack', now + 60_000)
    const shopper = new Shopper('aurora.localhost')
    // Before the date the cart refuses it, having looked the product up once. (Its page is not
    // viewed yet: the page cache would keep that not-found for its fresh minutes.)
    expect(await addStatus(shopper, itemId)).toBe(404)
    // The date comes; nothing is published again, so the content version stays.
    vi.setSystemTime(now + 120_000)
    expect(await pageStatus(shopper, 'timed-pack')).toBe(200)
    expect(await addStatus(shopper, itemId)).toBe(200)
  })
})
