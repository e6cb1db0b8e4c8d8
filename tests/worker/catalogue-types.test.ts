// Issue 24, "Product types", "Merchandising" and "Small divergences" as a shopper and a merchant
// meet them: a paywall product and a product of an unknown type render with a label and no
// add-to-cart (the cart refuses them), only physical and service products may be subscribable,
// product money is read in the spec's minor units as well as in decimals, the scarcity message
// shows before a variant is chosen when the store says so, and alt text from an image body is
// cut at 1000 characters on the storefront.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_TYPES_TEXT } from '../../shared/index'
import { itemSchema } from '../../worker/catalogue/records'
import { Shopper } from './shopper'

const PAYWALL_PAGE = '/membership/field-journal-membership'
const PAYWALL_ID = 'journal-item-membership-1'

async function pageHtml(shopper: Shopper, path: string): Promise<{ status: number; html: string }> {
  const response = await shopper.fetch(path)
  return { status: response.status, html: await response.text() }
}

/** The article of a product page: the product's own markup, without the header's and footer's. */
function productArticle(html: string): string {
  const start = html.indexOf('<article class="product-detail"')
  expect(start).toBeGreaterThan(-1)
  return html.slice(start, html.indexOf('</article>', start))
}

/** A copy of an Aurora product in a products collection of its own, with changes to its record. */
async function seedAuroraProduct(
  source: string,
  slug: string,
  change: (item: Record<string, unknown>) => Record<string, unknown>,
): Promise<{ id: string; path: string }> {
  const original = (await env.CATALOG.get(`site:aurora:item:${source}`, 'json')) as Record<string, unknown>
  const collection = `types-${slug}`
  const id = `aurora-item-types-${slug}`
  const item = change({
    ...original,
    id,
    collectionId: `aurora-col-${collection}`,
    urlId: slug,
    fullUrl: `/${collection}/${slug}`,
  })
  await env.CATALOG.put(`site:aurora:item:${collection}/${slug}`, JSON.stringify(item))
  await env.CATALOG.put(
    `site:aurora:collection:${collection}`,
    JSON.stringify({
      id: `aurora-col-${collection}`,
      urlId: collection,
      title: 'Types',
      fullUrl: `/${collection}`,
      type: 13,
      typeName: 'products',
      itemSlugs: [slug],
    }),
  )
  await env.CATALOG.put('site:aurora:version', `types-${crypto.randomUUID()}`)
  return { id, path: `/${collection}/${slug}` }
}

type Content = Record<string, unknown> & { variants: Record<string, unknown>[] }
const withContent = (change: (content: Content) => Content) => (item: Record<string, unknown>) => ({
  ...item,
  structuredContent: change(item.structuredContent as Content),
})

describe('A paywall product (type 5)', () => {
  it('Should show its page with the members-only label and note, and no price or add-to-cart', async () => {
    const { status, html } = await pageHtml(new Shopper('journal.localhost'), PAYWALL_PAGE)
    expect(status).toBe(200)
    const article = productArticle(html)
    expect(article).toContain(`<p class="product-type-mark">${CATALOGUE_TYPES_TEXT.paywallLabel}</p>`)
    expect(article).toContain('This is access to members-only content.')
    expect(article).not.toContain('sqs-add-to-cart-button')
    expect(article).not.toContain('product-price')
    expect(article).not.toContain('sold out')
    // Its structured data offers nothing to buy.
    expect(html).toContain('"@type":"Product"')
    expect(html).toContain('"offers":[]')
  })

  it('Should show the label on its card in a product list', async () => {
    const { status, html } = await pageHtml(new Shopper('journal.localhost'), '/membership')
    expect(status).toBe(200)
    const card = html.slice(html.indexOf('<article class="product-card'))
    expect(card).toContain(`<p class="product-type-mark">${CATALOGUE_TYPES_TEXT.paywallLabel}</p>`)
    expect(card.slice(0, card.indexOf('</article>'))).not.toContain('product-price')
  })

  it('Should be refused by the cart as an item not for sale', async () => {
    const shopper = new Shopper('journal.localhost')
    const response = await shopper.add(PAYWALL_ID, 'FJ-MEMBER-YEAR', 1)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ message: 'That item is no longer for sale.' })
  })
})

describe('A product of a type the platform does not know', () => {
  it('Should render with the not-available label and no add-to-cart, and be refused by the cart', async () => {
    const { id, path } = await seedAuroraProduct(
      'gear/ridgeline-daypack',
      'mystery-pack',
      withContent((content) => ({ ...content, productType: 9 })),
    )
    const shopper = new Shopper('aurora.localhost')
    const { status, html } = await pageHtml(shopper, path)
    expect(status).toBe(200)
    const article = productArticle(html)
    expect(article).toContain(`<p class="product-type-mark">${CATALOGUE_TYPES_TEXT.unknownTypeLabel}</p>`)
    expect(article).toContain(CATALOGUE_TYPES_TEXT.unknownTypeNote)
    expect(article).not.toContain('sqs-add-to-cart-button')
    const added = await shopper.add(id, 'AO-DP-22L-BLK', 1)
    expect(added.status).toBe(404)
  })
})

describe('The product record schema', () => {
  const product = (structuredContent: Record<string, unknown>) => ({
    id: 'p1',
    collectionId: 'c1',
    urlId: 'p',
    title: 'P',
    fullUrl: '/shop/p',
    recordType: 11,
    addedOn: 0,
    structuredContent: {
      variants: [
        {
          id: 'v1',
          sku: 'SKU-1',
          priceMoney: { value: '4800', currency: 'USD' },
          salePriceMoney: { value: '0', currency: 'USD' },
        },
      ],
      ...structuredContent,
    },
  })

  it('Should accept a subscribable physical or service product and refuse a subscribable digital one, naming the field', () => {
    expect(itemSchema.safeParse(product({ productType: 1, isSubscribable: true })).success).toBe(true)
    expect(itemSchema.safeParse(product({ productType: 3, isSubscribable: true })).success).toBe(true)
    for (const productType of [2, 4, 5]) {
      const parsed = itemSchema.safeParse(product({ productType, isSubscribable: true }))
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({
          path: ['structuredContent', 'isSubscribable'],
          message: 'only physical (1) and service (3) products can be subscribable (platform.md section 9)',
        }),
      ])
    }
  })

  it('Should take paywall and unknown type codes, and still refuse a type that is not a whole number', () => {
    expect(itemSchema.safeParse(product({ productType: 5 })).success).toBe(true)
    expect(itemSchema.safeParse(product({ productType: 42 })).success).toBe(true)
    expect(itemSchema.safeParse(product({ productType: 'paywall' })).success).toBe(false)
    expect(itemSchema.safeParse(product({ productType: 1.5 })).success).toBe(false)
  })

  it('Should read money in minor units ("4800") and in decimals ("48.00") as the same decimal amount', () => {
    const money = (value: string, currency = 'USD') =>
      itemSchema.parse(
        product({
          productType: 1,
          variants: [
            {
              id: 'v1',
              sku: 'SKU-1',
              priceMoney: { value, currency },
              salePriceMoney: { value: '0', currency },
            },
          ],
        }),
      ).structuredContent?.variants[0]?.priceMoney
    expect(money('4800')).toEqual({ value: '48.00', currency: 'USD' })
    expect(money('48.00')).toEqual({ value: '48.00', currency: 'USD' })
    expect(money('5')).toEqual({ value: '0.05', currency: 'USD' })
    expect(money('1800', 'JPY')).toEqual({ value: '1800', currency: 'JPY' })
    expect(money('12.5')).toEqual({ value: '12.5', currency: 'USD' })
    const refused = itemSchema.safeParse(
      product({
        productType: 1,
        variants: [
          {
            id: 'v1',
            sku: 'S',
            priceMoney: { value: '$48', currency: 'USD' },
            salePriceMoney: { value: '0', currency: 'USD' },
          },
        ],
      }),
    )
    expect(refused.error?.issues[0]?.path).toEqual([
      'structuredContent',
      'variants',
      0,
      'priceMoney',
      'value',
    ])
  })
})

describe('Money in minor units in a product record', () => {
  it('Should price the page and the cart as the decimal form does', async () => {
    const minor = await seedAuroraProduct(
      'gear/ridgeline-daypack',
      'minor-units-pack',
      withContent((content) => ({
        ...content,
        variants: content.variants.map((variant) => ({
          ...variant,
          priceMoney: { value: String(variant.price), currency: 'USD' },
          salePriceMoney: { value: String(variant.salePrice ?? 0), currency: 'USD' },
        })),
      })),
    )
    const shopper = new Shopper('aurora.localhost')
    const decimalPage = productArticle((await pageHtml(shopper, '/gear/ridgeline-daypack')).html)
    const minorPage = productArticle((await pageHtml(shopper, minor.path)).html)
    const priceOf = (html: string) => /<div class="product-price"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1]
    expect(priceOf(minorPage)).toBeDefined()
    expect(priceOf(minorPage)).toBe(priceOf(decimalPage))

    const added = await shopper.add(minor.id, 'AO-DP-22L-BLK', 2)
    expect(added.status).toBe(200)
    const cart = (await added.json()) as { shoppingCart: { subtotal: { value: string } } }
    const original = (await env.CATALOG.get('site:aurora:item:gear/ridgeline-daypack', 'json')) as {
      structuredContent: { variants: { sku: string; priceMoney: { value: string } }[] }
    }
    const black = original.structuredContent.variants.find((variant) => variant.sku === 'AO-DP-22L-BLK')
    expect(Number(cart.shoppingCart.subtotal.value)).toBe(2 * Number(black?.priceMoney.value))
  })
})

describe('scarcityShownByDefault', () => {
  it('Should print the variants’ scarcity messages shown before a choice when the store sets it (Kissa)', async () => {
    const { html } = await pageHtml(new Shopper('kissa.localhost'), '/tea/shincha-2026')
    const messages = [...productArticle(html).matchAll(/<div class="product-scarcity"[^>]*>/g)].map(
      (m) => m[0],
    )
    expect(messages.length).toBe(2)
    for (const message of messages) {
      expect(message).toContain('data-variant-attributes=')
      expect(message).not.toContain('hidden')
    }
  })

  it('Should keep them hidden until a variant is chosen when the store does not (Aurora)', async () => {
    const { html } = await pageHtml(new Shopper('aurora.localhost'), '/gear/boot-and-pack-fitting')
    const messages = [...productArticle(html).matchAll(/<div class="product-scarcity"[^>]*>/g)].map(
      (m) => m[0],
    )
    expect(messages.length).toBeGreaterThan(0)
    for (const message of messages) expect(message).toMatch(/ hidden>$/)
  })
})

describe('The public form’s validation switch and button text', () => {
  /** The props the public-form island's marker carries, as the page prints them. */
  async function formProps(host: string, path: string): Promise<string> {
    const { status, html } = await pageHtml(new Shopper(host), path)
    expect(status).toBe(200)
    const marker = /<sf-island[^>]*data-island="public-form"[^>]*>/.exec(html)?.[0] ?? ''
    expect(marker).not.toBe('')
    return marker.replaceAll('&quot;', '"')
  }

  it('Should hand the island validationDisabled from the form record, off unless the form says so', async () => {
    expect(await formProps('forms.localhost', '/quick-note')).toContain('"validationDisabled":true')
    expect(await formProps('journal.localhost', '/contact')).toContain('"validationDisabled":false')
  })

  it('Should print a form’s own button text, else ‘Submit’', async () => {
    const { html } = await pageHtml(new Shopper('forms.localhost'), '/quick-note')
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Send note<\/button>/)
    await env.CATALOG.put(
      'site:forms:form:quick-note',
      JSON.stringify({
        id: 'quick-note',
        name: 'Quick note',
        fields: [{ id: 'note', type: 'text', title: 'Note' }],
      }),
    )
    await env.CATALOG.put('site:forms:version', `types-${crypto.randomUUID()}`)
    const { html: plain } = await pageHtml(new Shopper('forms.localhost'), '/quick-note')
    expect(plain).toMatch(/<button[^>]*type="submit"[^>]*>Submit<\/button>/)
  })
})
