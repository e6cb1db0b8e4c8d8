import { describe, expect, it } from 'vitest'
import { DEFAULT_TEMPLATES } from '../../templates/defaults/pages'
import { DEFAULT_PARTIALS } from '../../templates/defaults/partials'
import { compilingEngine as storefrontEngine } from '../../worker/editor/engine'

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
})
