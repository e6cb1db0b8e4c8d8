// The storefront's render parameter `specRules` (templates/plugins/core/spec-rules.ts): where the
// platform spec and the reference engine differ, the storefront follows the spec and the engine
// without it stays byte-identical to the reference (the conformance specs f-image-6 and
// f-product-scarcity-3 pin the reference's output).
import { describe, expect, it } from 'vitest'
import { createEngine, domainPlugins, SPEC_RULES } from '../../templates/index'

const engine = createEngine({ plugins: domainPlugins })
const storefront = { params: { [SPEC_RULES]: true } }
const render = (template: string, data: unknown, options = {}) =>
  engine.render(template, data, options).output

describe('Alt text from an image body', () => {
  const body = `${'a'.repeat(600)}${'b'.repeat(600)}`
  const image = { assetUrl: '/a.jpg', title: '', body }
  const altOf = (html: string) => /<noscript><img src="\/a.jpg" alt="([^"]*)"/.exec(html)?.[1] ?? null

  it('Should be cut at 1000 characters on the storefront (platform.md section 9)', () => {
    expect(altOf(render('{img|image}', { img: image }, storefront))).toBe(
      `${'a'.repeat(600)}${'b'.repeat(400)}`,
    )
  })

  it("Should be cut at the reference's 250 without the storefront's rules", () => {
    expect(altOf(render('{img|image}', { img: image }))).toBe('a'.repeat(250))
  })
})

describe('scarcityShownByDefault', () => {
  const data = (shownByDefault: boolean) => ({
    item: { id: 'p1' },
    productMerchandisingContext: {
      p1: {
        scarcityEnabled: true,
        scarcityText: 'Only {qtyInStock} left!',
        scarcityShownByDefault: shownByDefault,
        scarcityTemplateViews: [{ qtyInStock: 3, attributes: { Color: 'Red' } }],
      },
    },
  })
  const template = '{.section item}{@|product-scarcity}{.end}'

  it('Should print a variant’s message shown on the storefront when the product says so', () => {
    const html = render(template, data(true), storefront)
    expect(html).toContain(
      '<div class="product-scarcity" data-variant-attributes="{&quot;Color&quot;:&quot;Red&quot;}">',
    )
    expect(html).toContain('Only 3 left!')
  })

  it('Should keep it hidden when the product does not, and always without the storefront’s rules', () => {
    expect(render(template, data(false), storefront)).toContain('&quot;Red&quot;}" hidden>')
    expect(render(template, data(true))).toContain('&quot;Red&quot;}" hidden>')
  })
})
