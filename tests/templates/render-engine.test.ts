import { describe, expect, it } from 'vitest'
import { type CompiledTemplate, createEngine, createRenderEngine, domainPlugins } from '../../templates/index'

// The storefront's engine: createEngine's rendering without the compiler (templates/render-engine.ts).
const full = createEngine({ plugins: domainPlugins, limits: { maxWork: 50 } })
const renderOnly = createRenderEngine({ plugins: domainPlugins, limits: { maxWork: 50 } })
const code = (source: string): CompiledTemplate => full.compile(source).code

describe('createRenderEngine', () => {
  it('Should render a compiled template and compiled partials as createEngine does, errors and budget included', () => {
    const page = code('<h1>{title|html}</h1>{.repeated section items}{@|apply row}{.end}{x|no-such}')
    const partials = { row: code('<li>{name|html}</li>') }
    const data = { title: 'A & B', items: Array.from({ length: 30 }, (_, i) => ({ name: `n${i}` })) }
    const expected = full.render(page, data, { partials })
    expect(expected.stopped).toBe('work')
    expect(renderOnly.render(page, data, { partials })).toEqual(expected)
    expect(renderOnly.limits).toEqual(full.limits)
  })

  it('Should find no partial given as source, and refuse a source template with an internal error', () => {
    const page = code('{@|apply row}')
    const missing = renderOnly.render(page, {}, { partials: { row: '<li>x</li>' } })
    expect(missing.output).toBe('')
    expect(missing.errors.map((e) => e.code)).toEqual(['PARTIAL_MISSING'])
    const source = renderOnly.render('<p>x</p>' as unknown as CompiledTemplate, {})
    expect(source.output).toBe('')
    expect(source.errors.map((e) => e.message)).toEqual([
      'Rendering stopped by an internal error: TypeError: a render-only engine renders compiled templates only',
    ])
  })
})
