/**
 * The isolate's warm-up (issue 26, cold start). A new isolate's first page paid some 45 ms more
 * than the next one: V8 compiling the render path on its first call, ICU loading its date data
 * (`new Intl.DateTimeFormat`, 15 to 20 ms alone), zod building its parsers, React's first render.
 * `warmUp` runs that path once, from the script's top level (worker/index.ts): workerd loads
 * the script before it takes a request, and in production it loads it while the visitor's TLS
 * handshake is under way. It renders a built-in sample product page (records parsed by their
 * schemas, the built-in header, footer and product templates with their islands, the page's
 * head and style block). The document's stream and its style hash are left to the first
 * request: the top level may not use either.
 *
 * Pure work only: the top level may not do I/O, start timers or draw random numbers (workerd
 * refuses), so nothing is read or stored. What it leaves in the isolate's caches is settled and
 * keyed by the sample's site id '', which no tenant has (`siteIdSchema`) and no request names.
 * Nothing is logged and nothing is thrown: a warm-up that fails only leaves the first request
 * cold. tests/worker/warm-up.test.ts holds the sample to the schemas and the islands.
 */
import { SPEC_RULES, STRICT_ESCAPING, type TemplateName } from '../../templates/index'
import { collectionSchema, itemSchema, siteSchema } from '../catalogue/records'
import { merchandisingFor, siteData, type TemplateData } from '../catalogue/template-data'
import type { ProductReview } from '../db/product-reviews'
import type { Tenant } from '../env'
import { storefrontEngine } from './engine'
import { pageStyles, renderHead } from './head'
import { builtIns } from './template-store'

const money = (value: string) => ({ value, currency: 'USD' })
const image = { assetUrl: '/demo/warm.svg', originalSize: '800x1000', altText: 'A' }
const variant = (id: string, size: string, qtyInStock: number) => ({
  id,
  sku: size,
  attributes: { Size: size },
  priceMoney: money('20.00'),
  salePriceMoney: money('15.00'),
  onSale: size === 'S',
  qtyInStock,
  mainImage: image,
})
const review = (id: string, starRating: string): ProductReview => ({
  id,
  productId: 'warm-item',
  starRating,
  text: 'Good.',
  reviewDate: 1_700_000_000_000,
  sourceType: null,
  importedProductName: null,
  importedProductImageUrls: [],
  importedImageUrls: [],
  firstName: 'A',
  lastName: 'B',
  loginName: null,
  userName: null,
})
const tally = { count: 2, average: 4.5 }

/** The sample page's HTML (tests); '' when something failed. */
export function warmUp(): string {
  try {
    const site = siteSchema.parse({
      id: 'warm',
      website: {
        id: 'warm-site',
        siteTitle: 'Warm',
        language: 'en-US',
        simpleLikingEnabled: true,
        logoImage: image,
      },
      theme: { logoHeight: 40 },
      navigation: [
        { title: 'Shop', url: '/shop' },
        { title: 'More', children: [{ title: 'About', url: '/about' }] },
      ],
      homeCollection: 'shop',
      storeSettings: {},
    })
    const collection = collectionSchema.parse({
      id: 'warm-shop',
      urlId: 'shop',
      title: 'Shop',
      fullUrl: '/shop',
      type: 13,
      typeName: 'products',
      itemSlugs: ['tee'],
    })
    const item = itemSchema.parse({
      id: 'warm-item',
      collectionId: collection.id,
      urlId: 'tee',
      title: 'Tee',
      fullUrl: '/shop/tee',
      recordType: 11,
      body: '<p>Soft.</p>',
      addedOn: 0,
      mainImage: image,
      items: [image, image],
      structuredContent: {
        productType: 1,
        variants: [variant('warm-s', 'S', 3), variant('warm-m', 'M', 0)],
        variantOptionOrdering: ['Size'],
      },
    })
    const tenant: Tenant = {
      siteId: '',
      site,
      version: '',
      hostname: 'warm.invalid',
      origin: 'https://warm.invalid',
    }
    const shared = siteData(tenant, item.fullUrl)
    const page = {
      ...shared,
      collection,
      item,
      productMerchandisingContext: merchandisingFor(tenant, [item]),
      productReviews: {
        reviews: [review('warm-1', '5'), review('warm-2', '4')],
        nextPage: 1,
        summary: { product: tally, store: tally },
      },
    }
    const { templates, partials } = builtIns()
    const options = { partials, locale: 'en-US', params: { [STRICT_ESCAPING]: true, [SPEC_RULES]: true } }
    const run = (name: TemplateName, data: TemplateData) => {
      const template = templates.get(name)
      return template === undefined ? '' : storefrontEngine.render(template.code, data, options).output
    }
    const head = renderHead(tenant, { title: item.title, path: item.fullUrl, type: 'product', product: item })
    return `${head}<style>${pageStyles(tenant, '')}</style>${run('header', shared)}${run('product', page)}${run('footer', shared)}`
  } catch {
    return ''
  }
}
