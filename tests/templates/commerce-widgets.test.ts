import { describe, expect, it } from 'vitest'
import { COMMERCE_TEXT } from '../../shared/index'
import { createEngine, type RenderOptions } from '../../templates/index'
import {
  addToCartButtonMarkup,
  quantityInputMarkup,
  summaryTimeMarkup,
} from '../../templates/plugins/commerce/markup'
import { commerceWidgetsPlugin } from '../../templates/plugins/commerce/widgets'

const engine = createEngine({ plugins: [commerceWidgetsPlugin] })
const out = (template: string, data: unknown, options?: RenderOptions) =>
  engine.render(template, data, options).output.trim()

/** A lamp with two finishes, five in stock. */
const lamp = (content: Record<string, unknown> = {}) => ({
  id: 'lamp-1',
  collectionId: 'shop',
  structuredContent: {
    productType: 1,
    variantOptionOrdering: ['Finish'],
    variants: [
      { attributes: { Finish: 'Brass' }, qtyInStock: 2 },
      { attributes: { Finish: 'Matte <black>' }, qtyInStock: 3 },
    ],
    ...content,
  },
})

const count = (text: string, needle: string) => text.split(needle).length - 1

describe('add-to-cart-btn', () => {
  it('reads Add To Cart by default', () => {
    const html = out('{item|add-to-cart-btn}', { item: lamp() })
    expect(html).toContain('<div class="sqs-add-to-cart-button-inner">Add To Cart</div>')
    expect(html).toContain('data-original-label="Add To Cart"')
    expect(html).toContain('data-item-id="lamp-1"')
    expect(html).not.toContain('use-form')
  })

  it('reads Subscribe for a subscribable product and marks the button as a subscription', () => {
    const html = out('{item|add-to-cart-btn}', { item: lamp({ isSubscribable: true }) })
    expect(html).toContain('>Subscribe</div>')
    expect(html).toContain('data-is-subscription="true"')
  })

  it('lets the merchant custom label replace either default, escaped', () => {
    const item = lamp({
      useCustomAddButtonText: true,
      customAddButtonText: 'Take <it> home',
      isSubscribable: true,
    })
    const html = out('{item|add-to-cart-btn}', { item })
    expect(html).toContain('>Take &lt;it&gt; home</div>')
    expect(html).toContain('data-original-label="Take &lt;it&gt; home"')
  })

  it('uses the page localized labels when the page has them', () => {
    expect(
      out('{item|add-to-cart-btn}', {
        item: lamp(),
        localizedStrings: { productAddToCartText: 'In den Korb' },
      }),
    ).toContain('>In den Korb</div>')
  })

  it('carries the additional-fields form and is marked as using a form when the product has one', () => {
    const item = lamp({ additionalFieldsFormId: 'f1', additionalFieldsForm: { name: 'Engraving' } })
    const html = out('{item|add-to-cart-btn}', { item })
    expect(html).toContain('sqs-button-element--primary use-form"')
    expect(html).toContain('data-form="{&quot;name&quot;:&quot;Engraving&quot;}"')
  })

  it('names the first subscription option of a subscribable product', () => {
    const item = lamp({
      isSubscribable: true,
      productSubscriptionOptions: [{ id: 'weekly' }, { id: 'monthly' }],
    })
    expect(out('{item|add-to-cart-btn}', { item })).toContain('data-subscription-option-id="weekly"')
  })
})

describe('variants-select', () => {
  it('shows one dropdown and radio row per option, with the Select {variantName} placeholder', () => {
    const html = out('{item|variants-select}', { item: lamp() })
    expect(html).toContain('<div class="variant-option-title">Finish: </div>')
    expect(html).toContain('<option value="">Select Finish</option>')
    expect(html).toContain('<option value="Brass">Brass</option><option value="Matte &lt;black&gt;">')
    expect(count(html, 'type="radio"')).toBe(2)
  })

  it('orders options as variantOptionOrdering lists them', () => {
    const item = lamp({
      variantOptionOrdering: ['Size', 'Finish'],
      variants: [
        { attributes: { Finish: 'Brass', Size: 'S' } },
        { attributes: { Finish: 'Brass', Size: 'L' } },
      ],
    })
    const html = out('{item|variants-select}', { item })
    expect(html.indexOf('data-variant-option-name="Size"')).toBeLessThan(
      html.indexOf('data-variant-option-name="Finish"'),
    )
  })

  it('is left out when the product has one variant or none', () => {
    expect(
      out('{item|variants-select}', { item: lamp({ variants: [{ attributes: { Finish: 'Brass' } }] }) }),
    ).toBe('')
    expect(out('{item|variants-select}', { item: lamp({ variants: [] }) })).toBe('')
  })

  it('reads Select Value and Value for a gift card', () => {
    const item = lamp({
      productType: 4,
      variantOptionOrdering: ['Value'],
      variants: [{ attributes: { Value: '25' } }, { attributes: { Value: '50' } }],
    })
    const html = out('{item|variants-select}', { item })
    expect(html).toContain('<option value="">Select Value</option>')
    expect(html).toContain('<div class="variant-option-title">Value: </div>')
  })
})

describe('quantity-input', () => {
  const shown = (item: unknown, data: Record<string, unknown> = {}) =>
    out('{item|quantity-input}', { item, ...data }).includes('product-quantity-input')

  it('is a number input from 1 to 9999 in steps of 1, starting at 1, size 4, labelled Quantity', () => {
    const html = out('{item|quantity-input}', { item: lamp() })
    expect(html).toContain('<div class="quantity-label">Quantity:</div>')
    expect(html).toContain(
      'aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"',
    )
  })

  it('shows for a physical product with more than one unit in stock', () => {
    expect(shown(lamp())).toBe(true)
    expect(shown(lamp({ variants: [{ qtyInStock: 1 }] }))).toBe(false)
    expect(shown(lamp({ variants: [{ unlimited: true }] }))).toBe(true)
  })

  it('never shows for subscribable, digital or gift-card products', () => {
    expect(shown(lamp({ isSubscribable: true }))).toBe(false)
    expect(shown(lamp({ productType: 2 }))).toBe(false)
    expect(shown(lamp({ productType: 4 }))).toBe(false)
  })

  it('shows for a service unless the store turns multiple quantities off (on by default)', () => {
    const service = lamp({ productType: 3 })
    expect(shown(service)).toBe(true)
    const off = { websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } } }
    expect(shown(service, off)).toBe(false)
  })
})

describe('product-checkout', () => {
  it('prints the variants select, then the quantity input, then the button', () => {
    const html = out('{item|product-checkout}', { item: lamp() })
    const select = html.indexOf('product-variants')
    const quantity = html.indexOf('product-quantity-input')
    const button = html.indexOf('sqs-add-to-cart-button-wrapper')
    expect(select).toBeGreaterThanOrEqual(0)
    expect(quantity).toBeGreaterThan(select)
    expect(button).toBeGreaterThan(quantity)
  })
})

describe('product-status', () => {
  const soldOut = { id: 'p1', structuredContent: { productType: 1, variants: [{ qtyInStock: 0 }] } }

  it('marks a sold-out product with lower-case sold out', () => {
    expect(out('{@|product-status}', soldOut)).toBe('<div class="product-mark sold-out">sold out</div>')
  })

  it("prefers the store's custom sold-out text (escaped), then the localized text", () => {
    const custom = { ...soldOut, productMerchandisingContext: { p1: { customSoldOutText: 'All <gone>' } } }
    expect(out('{@|product-status}', custom)).toContain('>All &lt;gone&gt;</div>')
    expect(
      out('{@|product-status}', { ...soldOut, localizedStrings: { productSoldOutText: 'Épuisé' } }),
    ).toContain('>Épuisé</div>')
  })

  it('marks a product on sale with sale, or the localized text', () => {
    const onSale = { structuredContent: { productType: 1, variants: [{ qtyInStock: 4, onSale: true }] } }
    expect(out('{@|product-status}', onSale)).toBe('<div class="product-mark sale">sale</div>')
    expect(
      out('{@|product-status}', { ...onSale, localizedStrings: { productSaleText: 'Soldes' } }),
    ).toContain('>Soldes<')
  })

  it('prints nothing for a product in stock and not on sale, and never marks digital goods sold out', () => {
    expect(
      out('{@|product-status}', { structuredContent: { productType: 1, variants: [{ qtyInStock: 4 }] } }),
    ).toBe('')
    expect(out('{@|product-status}', { structuredContent: { productType: 2 } })).toBe('')
  })
})

describe('product-restock-notification', () => {
  const page = (product: Record<string, unknown>, website: unknown = {}) => ({
    item: { id: 'p1' },
    website,
    productMerchandisingContext: {
      p1: {
        restockNotificationMessages: {
          CTAText: 'Tell me when it is back',
          placeholderText: 'you@example.com',
          buttonText: 'Notify me',
          mailingListDescription: 'Also send me news',
        },
        restockNotificationViews: [{ variantId: 'v1', hiddenByDefault: true }, { variantId: 'v2' }],
        ...product,
      },
    },
  })

  it('prints CTA text, an email input hinted as email and a submit button per variant', () => {
    const html = out('{item|product-restock-notification}', page({}))
    expect(count(html, 'class="product-restock-notification"')).toBe(2)
    expect(html).toContain('<span class="product-restock-cta">Tell me when it is back</span>')
    expect(html).toContain(
      'x-autocompletetype="email" spellcheck="false" name="email" placeholder="you@example.com"',
    )
    expect(html).toContain('<input class="sqs-editable-button" type="submit" value="Notify me">')
  })

  it('hides a variant form flagged hidden by default', () => {
    const html = out('{item|product-restock-notification}', page({}))
    expect(html).toContain('data-variant-id="v1" hidden>')
    expect(html).toContain('data-variant-id="v2">')
  })

  it('offers the mailing-list checkbox only when sign-up is on, pre-checked when opt-in is the default', () => {
    expect(out('{item|product-restock-notification}', page({}))).not.toContain('isJoinMailingList')
    const optIn = out(
      '{item|product-restock-notification}',
      page({ mailingListSignUpEnabled: true, mailingListOptInByDefault: true }),
    )
    expect(optIn).toContain(
      '<input type="checkbox" name="isJoinMailingList" checked>Also send me news</label>',
    )
    const optOut = out('{item|product-restock-notification}', page({ mailingListSignUpEnabled: true }))
    expect(optOut).toContain('<input type="checkbox" name="isJoinMailingList">Also send me news</label>')
  })

  it('adds a captcha container only when the website has a captcha site key', () => {
    expect(out('{item|product-restock-notification}', page({}))).not.toContain('captcha-container')
    const withKey = out(
      '{item|product-restock-notification}',
      page({}, { captchaSettings: { siteKey: 'k' } }),
    )
    expect(count(withKey, '<div class="captcha-container"></div>')).toBe(2)
  })
})

describe('product-scarcity', () => {
  const page = (settings: Record<string, unknown>) => ({
    item: { id: 'p1' },
    productMerchandisingContext: { p1: settings },
  })

  it('fills the in-stock quantity into the merchant text, escaped, hidden until the variant matches', () => {
    const html = out(
      '{item|product-scarcity}',
      page({
        scarcityEnabled: true,
        scarcityText: 'Just {qtyInStock} <left>',
        scarcityTemplateViews: [{ qtyInStock: 2, attributes: { Finish: 'Brass' } }, { qtyInStock: 9 }],
      }),
    )
    expect(html).toContain('data-variant-attributes="{&quot;Finish&quot;:&quot;Brass&quot;}" hidden>')
    expect(html).toContain('Just 2 &lt;left&gt;')
    expect(html).toContain('<div class="product-scarcity">\n    Just 9 &lt;left&gt;')
  })

  it('prints nothing when scarcity is off for the product', () => {
    expect(
      out(
        '{item|product-scarcity}',
        page({ scarcityEnabled: false, scarcityTemplateViews: [{ qtyInStock: 1 }] }),
      ),
    ).toBe('')
  })
})

describe('product-quick-view', () => {
  it('reads Quick View, or the localized text, and carries the item id and group', () => {
    expect(out('{item|product-quick-view shelf}', { item: { id: 'p1' }, shelf: 'lamps' })).toBe(
      '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="p1" data-group="lamps">Quick View</span>',
    )
    expect(
      out('{item|product-quick-view}', {
        item: { id: 'p1' },
        localizedStrings: { productQuickViewText: 'Peek' },
      }),
    ).toContain('>Peek</span>')
  })
})

describe('variant-descriptor', () => {
  it("joins a variant's option values with slashes", () => {
    expect(out('{@|variant-descriptor}', { optionValues: [{ value: 'Brass' }, { value: 'Large' }] })).toBe(
      'Brass / Large',
    )
  })
})

describe('summary-form-field', () => {
  const summary = (field: Record<string, unknown>, data: Record<string, unknown> = {}) =>
    out('{field|summary-form-field}', { field, ...data })
  const answer = (html: string) => html.slice(html.indexOf('</span> ') + 8, html.lastIndexOf('\n</div>'))

  it('prints the title in bold and the answer beside it', () => {
    expect(summary({ type: 'text', rawTitle: 'Note', value: 'Gift wrap' })).toBe(
      '<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">Note:</span> Gift wrap\n</div>',
    )
  })

  it('reads N/A for an empty answer, or the localized text', () => {
    expect(answer(summary({ type: 'mystery', rawTitle: 'Q' }))).toBe('N/A')
    expect(answer(summary({ type: 'checkbox', rawTitle: 'Q' }))).toBe('N/A')
    expect(
      answer(
        summary(
          { type: 'checkbox', rawTitle: 'Q' },
          { localizedStrings: { productSummaryFormNoAnswerText: 'None' } },
        ),
      ),
    ).toBe('None')
  })

  it('prints an address on three lines, skipping an empty second line', () => {
    const values = { Line1: '1 Quay St', City: 'Cork', State: 'Munster', Zip: 'T12', Country: 'IE' }
    expect(answer(summary({ type: 'address', rawTitle: 'Ship to', values }))).toBe(
      '<div style="padding-left:5px;">\n  <div>1 Quay St</div>\n  <div>Cork, Munster T12 IE</div>\n</div>',
    )
  })

  it('prints checked boxes comma-separated', () => {
    expect(answer(summary({ type: 'checkbox', rawTitle: 'Extras', values: ['Bulb', 'Shade'] })).trim()).toBe(
      'Bulb, Shade',
    )
  })

  it('prints dates as month/day/year and names as first then last', () => {
    expect(
      answer(summary({ type: 'date', rawTitle: 'D', values: { Month: '2', Day: '29', Year: '2024' } })),
    ).toBe('2/29/2024')
    expect(answer(summary({ type: 'name', rawTitle: 'N', values: { First: 'Ada', Last: 'Byron' } }))).toBe(
      'Ada Byron',
    )
  })

  it('prints a phone number with the country code only when one was given', () => {
    const values = { Areacode: '212', Prefix: '555', Line: '0199' }
    expect(answer(summary({ type: 'phone', rawTitle: 'P', values }))).toBe('212-555-0199')
    expect(answer(summary({ type: 'phone', rawTitle: 'P', values: { ...values, Country: '44' } }))).toBe(
      '+44 212-555-0199',
    )
  })

  it("fills missing time parts with '00'", () => {
    expect(answer(summary({ type: 'time', rawTitle: 'T', values: { Hour: 7, Ampm: 'pm' } }))).toBe(
      '7:00:00 pm',
    )
    expect(answer(summary({ type: 'time', rawTitle: 'T', values: { Minute: '45' } }))).toBe('00:45:00 ')
    expect(summaryTimeMarkup({ Second: '5' })).toBe('00:00:5 ')
  })

  it('labels likert answers from Strongly Disagree to Strongly Agree, unknown ones as Neutral', () => {
    const values = { a: '-2', b: '-1', c: '0', d: '1', e: '2', f: '9' }
    const html = summary({ type: 'likert', rawTitle: 'Survey', values })
    for (const [q, label] of [
      ['a', 'Strongly Disagree'],
      ['b', 'Disagree'],
      ['c', 'Neutral'],
      ['d', 'Agree'],
      ['e', 'Strongly Agree'],
      ['f', 'Neutral'],
    ])
      expect(html).toContain(`<div><span style="font-weight:bold;">${q}:</span> ${label}</div>`)
  })

  it('uses localized likert labels when the page has them', () => {
    const html = summary(
      { type: 'likert', rawTitle: 'S', values: { a: '1' } },
      { localizedStrings: { productAnswerMapAgree: "D'accord" } },
    )
    expect(html).toContain("</span> D'accord</div>")
  })
})

describe('commerce markup functions', () => {
  it('build the same DOM an island can reuse', () => {
    expect(quantityInputMarkup('p9', COMMERCE_TEXT.productQuantityInputLabel)).toContain('data-item-id="p9"')
    const button = addToCartButtonMarkup({
      collectionId: 'c',
      itemId: 'i',
      productType: '1',
      useCustomLabel: 'false',
      isSubscription: null,
      label: COMMERCE_TEXT.productAddToCartText,
      formJson: null,
      subscriptionOptionId: null,
    })
    expect(button).toBe(
      out('{item|add-to-cart-btn}', {
        item: {
          id: 'i',
          collectionId: 'c',
          structuredContent: { productType: '1', useCustomAddButtonText: false },
        },
      }),
    )
  })

  it('keep every default text word for word', () => {
    expect(COMMERCE_TEXT).toMatchObject({
      productAddToCartText: 'Add To Cart',
      productSubscribeText: 'Subscribe',
      productQuantityInputLabel: 'Quantity',
      productQuickViewText: 'Quick View',
      productVariantSelectText: 'Select {variantName}',
      giftCardVariantSelectText: 'Select Value',
      productSummaryFormNoAnswerText: 'N/A',
    })
  })
})
