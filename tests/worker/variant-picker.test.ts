import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { type VariantPickerProps, variantPriceHtml } from '../../islands/variant-picker/model'
import { createEngine, domainPlugins } from '../../templates/index'
import { Catalog } from '../../worker/catalogue/reader'
import type { Item } from '../../worker/catalogue/records'
import { merchandisingFor, siteData } from '../../worker/catalogue/template-data'
import { compilingEngine as storefrontEngine } from '../../worker/editor/compiling-engine'
import type { Tenant } from '../../worker/env'
import { getSite } from '../../worker/middleware/tenant'
import { storefrontPlugin } from '../../worker/render/storefront-plugin'
import { visit } from './helpers'

/** The engine without island overrides: what the conformance adapter and tenant CSS know. */
const plainEngine = createEngine({ plugins: [...domainPlugins, storefrontPlugin] })

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
      )
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

const VOID_ELEMENTS = new Set(['input', 'img', 'br', 'hr', 'meta', 'link'])
const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*\/?>|([^<]+)/g
const ATTRIBUTE = /([^\s=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g

/**
 * The DOM an HTML fragment parses to, as a list of tokens: elements with their attributes
 * (sorted, values decoded) and text with whitespace collapsed; comments and whitespace between
 * tags drop out, and a void element's stray end tag (`</input>`) is ignored as parsers do.
 */
function domOf(html: string): string[] {
  const tokens: string[] = []
  for (const m of html.matchAll(TOKEN)) {
    const [, end, start, attributes, text] = m
    if (end !== undefined) {
      if (!VOID_ELEMENTS.has(end.toLowerCase())) tokens.push(`</${end.toLowerCase()}>`)
    } else if (start !== undefined) {
      const pairs = [...(attributes ?? '').matchAll(ATTRIBUTE)].map(
        ([, n, double, single]) => `${n}=${JSON.stringify(decode(double ?? single ?? ''))}`,
      )
      tokens.push(`<${start.toLowerCase()} ${pairs.sort().join(' ')}>`)
    } else if (text !== undefined) {
      const t = decode(text).replace(/\s+/g, ' ').trim()
      if (t !== '') tokens.push(t)
    }
  }
  return tokens
}

const ISLAND = /^\s*<sf-island ([^>]*)>([\s\S]*)<\/sf-island>\s*$/

async function tenantOf(siteId: string): Promise<Tenant> {
  const site = await getSite(env.CATALOG, siteId)
  if (site === null) throw new Error(`no site ${siteId}`)
  return { siteId, site, version: '1', hostname: `${siteId}.localhost`, origin: `http://${siteId}.localhost` }
}

/** The product page's template data, as the worker builds it for `/:collection/:slug`. */
async function productData(
  tenant: Tenant,
  collectionSlug: string,
  slug: string,
  patch?: (item: Item) => Item,
) {
  const catalog = new Catalog(env.CATALOG, tenant)
  const collection = await catalog.collection(collectionSlug)
  const found = await catalog.item(collectionSlug, slug)
  if (found === null || collection === null) throw new Error(`no item ${collectionSlug}/${slug}`)
  const item = patch ? patch(found) : found
  return {
    ...siteData(tenant, item.fullUrl),
    collection,
    item,
    productMerchandisingContext: merchandisingFor(tenant, [item]),
  }
}

const CHECKOUT = '{.section item}{@|product-checkout}{.end}'
const PRICE = '{.section item}{@|product-price}{.end}'

function render(engine: typeof plainEngine, template: string, data: unknown, locale = 'en-US'): string {
  const { output, errors } = engine.render(template, data, { locale })
  expect(errors).toEqual([])
  return output
}

function islandOf(html: string): { attributes: string; inner: string; props: VariantPickerProps } {
  const match = ISLAND.exec(html)
  if (match === null) throw new Error(`not an island: ${html.slice(0, 120)}`)
  const [, attributes = '', inner = ''] = match
  const json = /data-island-props='([^']*)'/.exec(attributes)?.[1] ?? '{}'
  return { attributes, inner, props: JSON.parse(decode(json)) as VariantPickerProps }
}

/**
 * What the island changes on purpose in the formatter's DOM (issue 11, "Product page"; the cart
 * issue): the block is a form posting to `/cart/add` with the item id; each option's dropdown
 * gets its field name and, with pills (the default control), is visually hidden and out of the
 * tab order; the radio buttons sit in a
 * fieldset with a legend, their labels are plain labels (no button role, no tab stop); the
 * quantity has a visible label and − / + steppers and a field name; the add-to-cart button is a
 * real submit button with its state. Everything else (class names, `data-*`) is the formatter's.
 */
function expectedIslandDom(plain: string[], props: VariantPickerProps): string[] {
  const out: string[] = [
    `<form action="/cart/add" class="product-checkout-form" data-item-id=${JSON.stringify(props.itemId)} method="post" noValidate="">`,
    `<input name="itemId" type="hidden" value=${JSON.stringify(props.itemId)}>`,
  ]
  const quantityId = `product-quantity-${props.itemId}`
  let option = ''
  for (let i = 0; i < plain.length; i++) {
    const token = plain[i] as string
    const name = /data-variant-option-name="([^"]*)"/.exec(token)?.[1]
    if (token.startsWith('<div class="product-variants"')) {
      out.push(
        sortAttributes(token.replace(/>$/, ` data-control="${props.dropdown ? 'dropdown' : 'pills'}">`)),
      )
    } else if (token === '<div class="variant-select-wrapper">') {
      out.push(props.dropdown ? token : '<div class="variant-select-wrapper visually-hidden">')
    } else if (token.startsWith('<select ') && name !== undefined) {
      option = name
      const tab = props.dropdown ? '' : ' tabindex="-1"'
      out.push(sortAttributes(token.replace(/>$/, ` name="variant-option-${name}"${tab}>`)))
    } else if (token.startsWith('<div class="variant-radiobtn-wrapper"') && name !== undefined) {
      const title = props.select?.options.find((o) => o.name === name)?.title ?? name
      out.push(
        sortAttributes(
          `<fieldset class="variant-radiobtn-wrapper" data-variant-option-name="${name}"${props.dropdown ? ' hidden=""' : ''}>`,
        ),
        '<legend class="visually-hidden">',
        title,
        '</legend>',
      )
      // Radios and labels up to this wrapper's end.
      for (i++; i < plain.length && plain[i] !== '</div>'; i++) {
        const inner = plain[i] as string
        out.push(
          inner.startsWith('<label ')
            ? inner.replace(' role="button"', '').replace(' tabindex="0"', '')
            : inner,
        )
      }
      out.push('</fieldset>')
    } else if (token.startsWith('<div class="product-quantity-input"')) {
      out.push(token)
      const label = (plain[i + 2] as string).replace(/:$/, '')
      out.push(
        `<label class="quantity-label" for="${quantityId}">`,
        `${label}:`,
        '</label>',
        '<div class="quantity-stepper">',
        `<button aria-controls="${quantityId}" aria-label="Decrease quantity" class="quantity-step quantity-decrease" type="button">`,
        '−',
        '</button>',
        `<input id="${quantityId}" inputMode="numeric" max="9999" min="1" name="quantity" size="4" step="1" type="number" value="1">`,
        `<button aria-controls="${quantityId}" aria-label="Increase quantity" class="quantity-step quantity-increase" type="button">`,
        '+',
        '</button>',
        '</div>',
      )
      i += 4 // quantity-label div, its text, its end, the input
    } else if (token.startsWith('<div class="sqs-add-to-cart-button ')) {
      out.push(
        sortAttributes(
          token
            .replace('<div ', '<button ')
            .replace(' role="button"', '')
            .replace(' tabindex="0"', '')
            .replace(/>$/, ' aria-live="polite" data-state="idle" type="submit">'),
        ),
        '<span class="sqs-add-to-cart-button-inner">',
      )
      out.push(plain[i + 2] as string, '</span>', '</button>')
      i += 4 // inner div, its text, its end, the button's end
    } else out.push(token)
    void option
  }
  if (props.select === null)
    out.splice(
      out.findIndex(
        (t) =>
          t.startsWith('<div class="product-quantity-input"') ||
          t.startsWith('<div class="sqs-add-to-cart-button-wrapper"'),
      ),
      0,
      `<input name="sku" type="hidden" value=${JSON.stringify(props.singleSku ?? '')}>`,
    )
  if (props.quantity === null)
    out.splice(
      out.findIndex((t) => t.startsWith('<div class="sqs-add-to-cart-button-wrapper"')),
      0,
      '<input name="quantity" type="hidden" value="1">',
    )
  out.push('</form>')
  return out
}

/** A token's attributes in sorted order, as `domOf` prints them. */
function sortAttributes(token: string): string {
  const match = /^<([\w-]+) (.*)>$/.exec(token)
  if (match === null) return token
  const pairs = [...(match[2] ?? '').matchAll(/([^\s=]+)=("(?:[^"\\]|\\.)*")/g)].map(
    ([, n, v]) => `${n}=${v}`,
  )
  return `<${match[1]} ${pairs.sort().join(' ')}>`
}

/** Adds the additional-fields form record to the item, as a page with that form carries it. */
async function withMonogramForm(item: Item): Promise<Item> {
  const form = await new Catalog(env.CATALOG, await tenantOf('aurora')).form('monogram')
  expect(form).not.toBeNull()
  return { ...item, structuredContent: { ...item.structuredContent, additionalFieldsForm: form } } as Item
}

describe('The variant picker island prints the product-checkout DOM', () => {
  const products = [
    ['a product with Size and Color options', 'apparel', 'ridgeline-flannel-shirt'],
    ['a single-variant product', 'footwear', 'leather-boot-care-kit'],
    ['a subscribable product', 'gifts', 'trail-sock-club'],
    ['a service', 'gear', 'boot-and-pack-fitting'],
    ['a product with an additional-fields form', 'apparel', 'custom-embroidered-beanie'],
  ] as const

  for (const [what, collection, slug] of products) {
    it(`Should render the same elements, attributes and text as the plain formatter for ${what}`, async () => {
      const tenant = await tenantOf('aurora')
      const form =
        slug === 'custom-embroidered-beanie'
          ? await withMonogramForm((await new Catalog(env.CATALOG, tenant).item(collection, slug)) as Item)
          : null
      const data = await productData(tenant, collection, slug, form ? () => form : undefined)
      const plain = render(plainEngine, CHECKOUT, data)
      const island = islandOf(render(storefrontEngine, CHECKOUT, data))
      expect(island.attributes).toContain('data-island="variant-picker"')
      expect(island.attributes).toContain('data-island-hydrate="interaction"')
      expect(plain).not.toContain('sf-island')
      expect(domOf(island.inner)).toEqual(expectedIslandDom(domOf(plain), island.props))
      expect(domOf(plain).length).toBeGreaterThan(4)
      if (form) expect(plain).toContain('use-form')
    })
  }

  it('Should print one dropdown and one radio button per value for a product with options', async () => {
    const data = await productData(await tenantOf('aurora'), 'apparel', 'ridgeline-flannel-shirt')
    const { inner, props } = islandOf(render(storefrontEngine, CHECKOUT, data))
    expect(props.select?.options.map((o) => [o.name, o.values])).toEqual([
      ['Size', ['S', 'M', 'L', 'XL']],
      ['Color', ['Red', 'Forest', 'Navy']],
    ])
    expect(inner.match(/<select /g)).toHaveLength(2)
    expect(inner.match(/type="radio"/g)).toHaveLength(7)
    expect(props.soldOutText).toBe('Sold Out')
    expect(props.branching).toBe(false)
  })

  it('Should use the store’s custom sold-out text and branching setting', async () => {
    const tenant = await tenantOf('picker')
    tenant.site.storeSettings = {
      ...tenant.site.storeSettings,
      customSoldOutText: 'Gone <for now>',
    } as Tenant['site']['storeSettings']
    const data = await productData(tenant, 'shop', 'summit-shell')
    const { props } = islandOf(render(storefrontEngine, CHECKOUT, data))
    expect(props.soldOutText).toBe('Gone <for now>')
    expect(props.branching).toBe(true)
  })
})

describe('A chosen variant’s price is what product-price prints for that variant alone', () => {
  const cases = [
    ['one-time prices', 'aurora', 'apparel', 'ridgeline-flannel-shirt', 'en-US', false],
    ['sale prices', 'aurora', 'apparel', 'merino-liner-gloves', 'en-US', false],
    ['subscription wording', 'aurora', 'gifts', 'trail-sock-club', 'en-US', false],
    ['a sale and a missing combination', 'picker', 'shop', 'summit-shell', 'en-US', false],
    ['CLDR money in German', 'picker', 'shop', 'summit-shell', 'de-DE', true],
    ['i18n turned off', 'picker', 'shop', 'summit-shell', 'none', false],
  ] as const

  for (const [what, siteId, collection, slug, locale, cldr] of cases) {
    it(`Should match the price formatter for ${what}`, async () => {
      const tenant = await tenantOf(siteId)
      tenant.site.website = { ...tenant.site.website, useCLDRMoneyFormat: cldr }
      const data = await productData(tenant, collection, slug)
      const { props } = islandOf(render(storefrontEngine, CHECKOUT, data, locale))
      const variants = data.item.structuredContent?.variants ?? []
      expect(variants.length).toBeGreaterThan(1)
      for (const variant of variants) {
        const alone = {
          ...data.item,
          structuredContent: { ...data.item.structuredContent, variants: [variant] },
        }
        const printed = render(plainEngine, PRICE, { ...data, item: alone }, locale)
        const inner = /<div class="product-price">([\s\S]*)<\/div>$/.exec(printed)?.[1]
        expect(variantPriceHtml(variant, props.price), variant.sku).toBe(inner)
      }
    })
  }
})

describe('The product page', () => {
  it('Should serve the checkout block as a variant-picker island with the island runtime', async () => {
    const response = await visit('aurora.localhost', '/apparel/ridgeline-flannel-shirt')
    expect(response.status).toBe(200)
    const html = await response.text()
    const island =
      /<sf-island data-island="variant-picker"[^>]*>([\s\S]*?)<\/sf-island>/.exec(html)?.[1] ?? ''
    expect(island).toMatch(/^<form class="product-checkout-form"[^>]* action="\/cart\/add"/)
    expect(island).toContain('<div class="product-variants"')
    expect(island).toMatch(/<button type="submit" class="sqs-add-to-cart-button /)
    expect(html).toMatch(/<script type="module" src="\/_islands\/runtime-[^"]+\.js"><\/script>/)
    expect(html).toContain('class="product-price"')
  })

  it('Should write each variant once in the island: in the markup, not again in its props', async () => {
    const html = await (await visit('aurora.localhost', '/apparel/ridgeline-flannel-shirt')).text()
    const marker = /<sf-island data-island="variant-picker"[^>]*>/.exec(html)?.[0] ?? ''
    const props = decode(/data-island-props='([^']*)'/.exec(marker)?.[1] ?? '')
    expect((JSON.parse(props) as VariantPickerProps).select?.options.length).toBeGreaterThan(0)
    expect(props).not.toContain('variantsJson')
    expect(props).not.toContain('"sku"')
    const printed = decode(/data-variants='([^']*)'/.exec(html)?.[1] ?? '[]')
    expect((JSON.parse(printed) as unknown[]).length).toBeGreaterThan(4)
    // A variant's SKU appears in data-variants and in the JSON-LD offers, nowhere else.
    const sku = (JSON.parse(printed) as { sku: string }[])[1]?.sku ?? ''
    const places = html
      .split(sku)
      .slice(0, -1)
      .map((before) => before.slice(-80))
    expect(places, places.join('\n---\n')).toHaveLength(2)
  })

  it('Should print one restock form for every sold-out variant, hidden until one is chosen, naming each variant once', async () => {
    const html = await (await visit('aurora.localhost', '/apparel/ridgeline-flannel-shirt')).text()
    const forms = [...html.matchAll(/<div class="product-restock-notification"[^>]*>/g)].map((m) => m[0])
    expect(forms).toHaveLength(1)
    const form = forms[0] ?? ''
    const sold = [
      'aurora-item-0002-v01',
      'aurora-item-0002-v05',
      'aurora-item-0002-v09',
      'aurora-item-0002-v12',
    ]
    expect(JSON.parse(decode(/data-variant-ids='([^']*)'/.exec(form)?.[1] ?? '[]'))).toEqual(sold)
    expect(form).toContain('data-variant-id="aurora-item-0002-v01"')
    expect(form).toContain('hidden=""')
    expect(html.match(/<form class="product-restock-form"/g)).toHaveLength(1)
    expect(html).toContain('<input type="hidden" name="variantId" value="aurora-item-0002-v01"/>')
    // The variants are in the markup only, not again in the island's props.
    const marker =
      /<sf-island data-island="restock-notification" data-island-props='([^']*)'/.exec(html)?.[1] ?? ''
    expect(marker).not.toContain('aurora-item-0002-v05')
    expect(marker).not.toContain('variantIds')
  })

  it('Should show the restock form of a product with one sold-out variant without a choice', async () => {
    const html = await (await visit('forms.localhost', '/shop/storm-lantern')).text()
    const form = /<div class="product-restock-notification"[^>]*>/.exec(html)?.[0] ?? ''
    expect(form).toMatch(/data-variant-id="[^"]+"/)
    expect(form).not.toContain('hidden')
  })
})
