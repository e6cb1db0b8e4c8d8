import { describe, expect, it } from 'vitest'
import builtInCode from '../../dist/default-templates.json'
import { DEFAULT_TEMPLATES } from '../../templates/defaults/pages'
import { DEFAULT_PARTIALS } from '../../templates/defaults/partials'
import { compilingEngine as storefrontEngine } from '../../worker/editor/compiling-engine'

describe('built-in templates', () => {
  for (const [name, source] of Object.entries({ ...DEFAULT_TEMPLATES, ...DEFAULT_PARTIALS })) {
    it(`Should compile the built-in "${name}" template without errors`, () => {
      expect(storefrontEngine.compile(source).errors.map((e) => e.message)).toEqual([])
    })
  }

  it('Should render every built-in page template against empty data without render errors', () => {
    for (const [name, source] of Object.entries(DEFAULT_TEMPLATES)) {
      const { errors } = storefrontEngine.render(source, {}, { partials: DEFAULT_PARTIALS })
      expect(errors.map((e) => `${name}: ${e.message}`)).toEqual([])
    }
  })

  // The storefront renders the build's compiled form (scripts/build-templates.ts) and has no
  // compiler: a build older than a template's source would serve the old template.
  it('Should find every built-in in dist/default-templates.json as the engine compiles its source today', () => {
    const compiled = (sources: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(sources).map(([name, source]) => [name, storefrontEngine.compile(source).code]),
      )
    expect(builtInCode).toEqual({
      templates: compiled(DEFAULT_TEMPLATES),
      partials: compiled(DEFAULT_PARTIALS),
    })
  })
})
