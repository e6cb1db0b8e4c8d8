// Quick View's product (issue 24): `GET /api/commerce/quick-view/{itemId}` renders the tenant's
// `quick-view` template for a published product from KV: the product page's own islands (the
// gallery, the variant picker with quantity and add-to-cart), the price, a link to the page. A
// bad id is a 400, anything that is not a product for sale (or sits behind a lock) a 404. The
// product cards of a grid carry the Quick View link and the page its small script.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { visit } from './helpers'
import { copyTenant } from './visitor'

interface QuickViewAnswer {
  item: { id: string; title: string; fullUrl: string }
  html: string
}

async function quickView(itemId: string, host = 'aurora.localhost') {
  const response = await visit(host, `/api/commerce/quick-view/${itemId}`)
  return { response, body: (await response.json()) as QuickViewAnswer & { message?: string } }
}

describe('GET /api/commerce/quick-view/{itemId}', () => {
  it('Should answer a product with the product page’s gallery and variant picker islands, its price and its page', async () => {
    const { response, body } = await quickView('aurora-item-0002')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(body.item).toEqual({
      id: 'aurora-item-0002',
      title: 'Ridgeline Flannel Shirt',
      fullUrl: '/apparel/ridgeline-flannel-shirt',
    })
    const { html } = body
    expect(html).toContain(
      '<article class="product-detail quick-view-product" data-item-id="aurora-item-0002">',
    )
    expect(html).toMatch(/<sf-island data-island="gallery" [^>]*data-island-src="\/_islands\/gallery-/)
    expect(html).toMatch(
      /<sf-island data-island="variant-picker" [^>]*data-island-src="\/_islands\/variant-picker-/,
    )
    expect(html).toContain('<h2 class="product-title quick-view-title">Ridgeline Flannel Shirt</h2>')
    expect(html).toContain('<span class="sqs-money-native">78.00</span>')
    // Variants (Size × Color), quantity and the add-to-cart button of the checkout block.
    expect(html).toContain('data-variants=')
    expect(html).toContain('name="quantity"')
    expect(html).toContain('Add To Cart')
    expect(html).toContain(
      '<a class="quick-view-details" href="/apparel/ridgeline-flannel-shirt">View full details</a>',
    )
  })

  it('Should carry a product’s additional-fields form for its add-to-cart button, as its page does', async () => {
    const { body } = await quickView('aurora-item-0012')
    expect(body.item.fullUrl).toBe('/apparel/custom-embroidered-beanie')
    expect(body.html).toContain('use-form')
    expect(body.html).toMatch(/data-form='[^']*monogram/)
  })

  it('Should refuse an id that is not one with a 400, and answer 404 for an unknown item or one not for sale', async () => {
    const bad = await quickView('not%20an%20id')
    expect(bad.response.status).toBe(400)
    expect(bad.body.message).toContain('must be an item id')
    const unknown = await quickView('aurora-item-9999')
    expect(unknown.response.status).toBe(404)
    expect(unknown.body.message).toBe('That item is no longer for sale.')
    // A blog post is an item, not a product.
    expect((await quickView('journal-item-0005', 'journal.localhost')).response.status).toBe(404)
    // Another tenant's product is not this tenant's.
    expect((await quickView('aurora-item-0002', 'kissa.localhost')).response.status).toBe(404)
  })

  it('Should not show a product of a locked collection', async () => {
    await copyTenant('aurora', 'qvlocked', 'qvlocked.localhost', {})
    const key = 'site:qvlocked:collection:apparel'
    const apparel = JSON.parse((await env.CATALOG.get(key, 'text')) ?? '{}')
    await env.CATALOG.put(key, JSON.stringify({ ...apparel, locked: true }))
    expect((await quickView('aurora-item-0002', 'qvlocked.localhost')).response.status).toBe(404)
    // Its other collections are open.
    expect((await quickView('aurora-item-0004', 'aurora.localhost')).response.status).toBe(200)
  })
})

describe('Quick View on product grids', () => {
  it('Should print a Quick View link to each product’s page on a collection page, and the script that opens the dialog', async () => {
    const html = await (await visit('aurora.localhost', '/apparel')).text()
    const links = [
      ...html.matchAll(
        /<a class="product-card-quick-view" href="([^"]+)" data-quick-view="([^"]+)" aria-label="Quick View: ([^"]+)">Quick View<\/a>/g,
      ),
    ]
    expect(links.length).toBeGreaterThan(10)
    expect(links[1]?.slice(1)).toEqual([
      '/apparel/ridgeline-flannel-shirt',
      'aurora-item-0002',
      'Ridgeline Flannel Shirt',
    ])
    const tag =
      /<script type="module" src="\/_islands\/quick-view-[A-Z0-9]+\.js" data-quick-view-text='([^']+)'><\/script>/.exec(
        html,
      )
    expect(JSON.parse(tag?.[1] ?? '{}')).toMatchObject({
      quickViewClose: 'Close',
      quickViewLoading: 'Loading…',
    })
  })

  it('Should write the button and the dialog’s words as the tenant does', async () => {
    const html = await (await visit('kissa.localhost', '/tea')).text()
    expect(html).toMatch(/aria-label="クイックビュー: [^"]+">クイックビュー<\/a>/)
    const tag = /data-quick-view-text='([^']+)'/.exec(html)
    expect(JSON.parse(tag?.[1] ?? '{}')).toMatchObject({
      quickViewClose: '閉じる',
      quickViewDetails: '詳細を見る',
    })
    const { html: body } = (await (
      await visit('kissa.localhost', '/api/commerce/quick-view/kissa-item-0003')
    ).json()) as {
      html: string
    }
    expect(body).toContain('>詳細を見る</a>')
  })

  it('Should load no Quick View script on a page without product cards', async () => {
    const html = await (await visit('aurora.localhost', '/apparel/ridgeline-flannel-shirt')).text()
    expect(html).not.toContain('/_islands/quick-view-')
    expect(html).not.toContain('data-quick-view=')
  })
})
