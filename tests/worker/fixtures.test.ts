// The demo tenants are the shared test data: every record passes its schema and every
// reference between records resolves.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { collectionSchema, formSchema, itemSchema, siteSchema } from '../../worker/catalogue/records'
import { DEMO_TENANTS } from './helpers'

const fixtures = new Map(env.TEST_FIXTURES.map(({ key, value }) => [key, value]))
const json = (key: string): unknown => JSON.parse(fixtures.get(key) ?? 'null')

describe('demo tenant fixtures', () => {
  for (const tenant of DEMO_TENANTS) {
    describe(tenant.host, () => {
      const prefix = `site:${tenant.siteId}:`
      const keys = [...fixtures.keys()].filter((key) => key.startsWith(prefix))

      it('Should map the host to the site', () => {
        expect(fixtures.get(`host:${tenant.host}`)).toBe(tenant.siteId)
      })

      it('Should hold a site record that passes its schema', () => {
        const site = siteSchema.parse(json(`site:${tenant.siteId}`))
        expect(site.website.siteTitle).toBe(tenant.title)
        expect(site.website.language).toBe(tenant.lang)
        expect(site.storeSettings?.selectedCurrency ?? null).toBe(tenant.currency)
        expect(fixtures.has(`${prefix}version`)).toBe(true)
      })

      it('Should hold collections, items and forms that pass their schemas and resolve', () => {
        const site = siteSchema.parse(json(`site:${tenant.siteId}`))
        const collections = keys
          .filter((key) => key.startsWith(`${prefix}collection:`))
          .map((key) => collectionSchema.parse(json(key)))
        expect(collections.map((c) => c.urlId)).toContain(site.homeCollection)
        const urls = new Set(collections.map((c) => c.fullUrl))
        for (const link of site.navigation) expect(urls, link.url).toContain(link.url)
        for (const collection of collections) {
          for (const slug of collection.itemSlugs) {
            const key = `${prefix}item:${collection.urlId}/${slug}`
            const item = itemSchema.parse(json(key))
            expect(item.collectionId, key).toBe(collection.id)
            expect(item.urlId, key).toBe(slug)
          }
          if (collection.formId) formSchema.parse(json(`${prefix}form:${collection.formId}`))
        }
        const items = keys.filter((key) => key.startsWith(`${prefix}item:`))
        const listed = collections.flatMap((c) =>
          c.itemSlugs.map((slug) => `${prefix}item:${c.urlId}/${slug}`),
        )
        expect(new Set(listed)).toEqual(new Set(items))
        for (const key of keys.filter((k) => k.startsWith(`${prefix}form:`))) formSchema.parse(json(key))
      })
    })
  }

  it('Should give Aurora Outfitters every product case the storefront spec exercises', () => {
    const products = [...fixtures.keys()]
      .filter((key) => key.startsWith('site:aurora:item:'))
      .map((key) => itemSchema.parse(json(key)))
      .filter((item) => item.structuredContent)
    const content = products.flatMap((p) => (p.structuredContent ? [p.structuredContent] : []))
    expect(products.length).toBeGreaterThanOrEqual(60)
    const productCollections = new Set(products.map((p) => p.collectionId))
    expect(productCollections.size).toBeGreaterThanOrEqual(3)
    const soldOut = content.filter(
      (c) => [1, 3].includes(c.productType) && c.variants.every((v) => !v.unlimited && v.qtyInStock === 0),
    )
    expect(soldOut).toHaveLength(1)
    expect(content.some((c) => c.variants.some((v) => !v.unlimited && v.qtyInStock === 3))).toBe(true)
    expect(content.some((c) => c.variants.some((v) => v.onSale))).toBe(true)
    expect(content.some((c) => c.variantOptionOrdering.length >= 2 && c.variants.length >= 6)).toBe(true)
    expect(content.some((c) => c.additionalFieldsFormId)).toBe(true)
    expect(content.some((c) => c.isSubscribable && c.subscriptionPlan)).toBe(true)
    expect(content.some((c) => c.productType === 4)).toBe(true)
    expect(content.some((c) => c.productType === 3)).toBe(true)
    for (const c of content.filter((x) => x.additionalFieldsFormId)) {
      expect(fixtures.has(`site:aurora:form:${c.additionalFieldsFormId}`)).toBe(true)
    }
  })

  it('Should give Kissa Tea weekly and monthly subscriptions, a digital product, a service and gift cards', () => {
    const content = [...fixtures.keys()]
      .filter((key) => key.startsWith('site:kissa:item:'))
      .map((key) => itemSchema.parse(json(key)).structuredContent)
      .filter((c) => c !== undefined)
    const units = content.filter((c) => c.isSubscribable).map((c) => c.subscriptionPlan?.billingPeriod.unit)
    expect(units).toEqual(expect.arrayContaining(['WEEK', 'MONTH']))
    for (const type of [2, 3, 4])
      expect(
        content.some((c) => c.productType === type),
        `type ${type}`,
      ).toBe(true)
    for (const c of content) for (const v of c.variants) expect(v.priceMoney.currency).toBe('JPY')
  })

  it('Should give Field Journal posts, past and upcoming events, a gallery, forms, a member-only and a locked page', () => {
    const collections = [...fixtures.keys()]
      .filter((key) => key.startsWith('site:journal:collection:'))
      .map((key) => collectionSchema.parse(json(key)))
    const kinds = new Set(collections.map((c) => c.typeName))
    for (const kind of ['blog', 'events', 'gallery', 'form', 'page']) expect(kinds, kind).toContain(kind)
    expect(collections.some((c) => c.memberOnly)).toBe(true)
    expect(collections.some((c) => c.locked)).toBe(true)
    const events = [...fixtures.keys()]
      .filter((key) => key.startsWith('site:journal:item:'))
      .map((key) => itemSchema.parse(json(key)))
      .filter((item) => item.recordType === 12)
    const now = Date.parse('2026-11-22T00:00:00Z')
    expect(events.some((e) => (e.endDate ?? 0) < now)).toBe(true)
    expect(events.some((e) => (e.startDate ?? 0) > now)).toBe(true)
    const forms = [...fixtures.keys()]
      .filter((key) => key.startsWith('site:journal:form:'))
      .map((key) => formSchema.parse(json(key)))
    expect(forms.some((f) => f.isNewsletter)).toBe(true)
    expect(forms.some((f) => !f.isNewsletter)).toBe(true)
  })
})
