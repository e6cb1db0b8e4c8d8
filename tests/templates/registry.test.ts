import { describe, expect, it } from 'vitest'
import { asString, createEngine, defineFormatter, definePredicate, type Plugin } from '../../templates/index'

const shout: Plugin = {
  name: 'shout',
  formatters: {
    shout: defineFormatter({
      // Prepared once per call site, when the template is linked.
      prepare: (args) => Number.parseInt(args[0] ?? '1', 10),
      apply: (value, times: number) => asString(value).toUpperCase() + '!'.repeat(times),
    }),
  },
  predicates: {
    'long?': definePredicate({ test: (_args, scope) => asString(scope.node()).length > 3 }),
  },
}

describe('the plugin registry', () => {
  it('adds a domain plugin on top of the core formatters and predicates', () => {
    const engine = createEngine({ plugins: [shout] })
    expect(engine.render('{w|shout 2} {w|html}', { w: 'hey' }).output).toBe('HEY!! hey')
    expect(engine.render('{.section w}{.long?}long{.or}short{.end}{.end}', { w: 'hey' }).output).toBe('short')
  })

  it('refuses at start-up two plugins that define the same name', () => {
    expect(() => createEngine({ plugins: [shout, { ...shout, name: 'again' }] })).toThrow(/already defined/)
  })

  it('refuses a predicate name without a question mark', () => {
    const bad: Plugin = { name: 'bad', predicates: { nope: definePredicate({ test: () => true }) } }
    expect(() => createEngine({ plugins: [bad] })).toThrow(/must end with '\?'/)
  })
})
