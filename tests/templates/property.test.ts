import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEngine, Op } from '../../templates/index'

/** Pieces tenants' templates are made of, valid and otherwise. */
const fragment = fc.oneof(
  fc.constantFrom(
    '{.section a}',
    '{.repeated section list}',
    '{.alternates with}',
    '{.or}',
    '{.or equal? @ 1}',
    '{.end}',
    '{.if a || b}',
    '{.if a && list}',
    '{.equal? a 1}',
    '{.even?}',
    '{.nth? 2}',
    '{.macro m}',
    '{@|apply m}',
    '{a|apply m x=1 private}',
    '{.include m}',
    '{.var @v a.b|json}',
    '{.ctx @c x=a y=list}',
    '{.eval @n = 1 + 2 * a}',
    '{.eval "x" + @n}',
    '{.inject @i f.json}',
    '{@index}',
    '{@}',
    '{a.b.c|html|truncate 3}',
    '{list|count}',
    '{a|format list}',
    '{a|unknown-fmt}',
    '{.unknown? x}',
    '{# note}',
    '{## long\nnote ##}',
    '{.meta-left}',
    '{',
    '}',
    '{{',
    '||',
    '\n',
  ),
  fc.string({ maxLength: 6 }),
)

const template = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''))

const data = fc.record({
  a: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.record({ b: fc.jsonValue() })),
  b: fc.boolean(),
  list: fc.array(fc.oneof(fc.integer(), fc.string(), fc.jsonValue()), { maxLength: 5 }),
})

/** A template with one random edit: a character dropped, doubled, or replaced. */
const mutated = fc
  .tuple(template, fc.nat(), fc.constantFrom('drop', 'double', 'brace', 'dot', 'pipe'))
  .map(([t, n, how]) => {
    if (t.length === 0) return t
    const i = n % t.length
    const ch = { drop: '', double: t.charAt(i) + t.charAt(i), brace: '{', dot: '.', pipe: '|' }[how]
    return t.slice(0, i) + ch + t.slice(i + 1)
  })

const engine = createEngine({ limits: { maxPartialDepth: 6, maxPartialCalls: 2_000 } })
const partials = { m: '{@}{@|apply m}', broken: '{.section' }

function renderSafely(source: string, json: unknown) {
  const r = engine.render(source, json, { partials, injects: { 'f.json': { k: 1 } } })
  expect(typeof r.output).toBe('string')
  expect(Array.isArray(r.errors)).toBe(true)
  for (const e of r.errors) expect(typeof e.message).toBe('string')
  return r
}

describe('the engine under random input', () => {
  it('never throws and always finishes on random templates', () => {
    fc.assert(
      fc.property(template, data, (t, d) => {
        renderSafely(t, d)
      }),
      { numRuns: 300 },
    )
  })

  it('never throws on mutated templates, from source or compiled', () => {
    fc.assert(
      fc.property(mutated, data, (t, d) => {
        const { code } = engine.compile(t)
        const fromSource = renderSafely(t, d)
        const fromCode = engine.render(JSON.parse(JSON.stringify(code)), d, {
          partials,
          injects: { 'f.json': { k: 1 } },
        })
        expect(fromCode.output).toBe(fromSource.output)
      }),
      { numRuns: 300 },
    )
  })

  it('never nests partials deeper than the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), (depth) => {
        const limited = createEngine({ limits: { maxPartialDepth: depth } })
        const r = limited.render('{.macro m}x{@|apply m}{.end}{@|apply m}', {})
        expect(r.output).toBe('x'.repeat(depth))
      }),
      { numRuns: 16 },
    )
  })

  it('never builds an expression string longer than the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 1, max: 40 }), (s, max) => {
        const limited = createEngine({ limits: { maxStringLength: max } })
        const r = limited.render('{.eval @s + @s + @s}', {}, { injects: {} })
        expect(r.output.length).toBeLessThanOrEqual(max)
        const withData = limited.render('{.eval s + s}', { s })
        expect(withData.output.length).toBeLessThanOrEqual(max)
      }),
      { numRuns: 100 },
    )
  })

  it('never compiles an expression with more tokens than the limit', () => {
    const expr = fc.array(fc.constantFrom('1', '+', '2', '*', '(', ')', 'a', ';', '"s"', '-'), {
      maxLength: 30,
    })
    fc.assert(
      fc.property(expr, fc.integer({ min: 1, max: 20 }), (tokens, max) => {
        const limited = createEngine({ limits: { maxExpressionTokens: max } })
        const { code, errors } = limited.compile(`{.eval ${tokens.join(' ')}}`)
        // Each generated piece is exactly one token, so too many pieces must be an error.
        if (tokens.length > max) expect(errors.length).toBeGreaterThan(0)
        const inst = code.body[0]
        if (errors.length === 0 && inst !== undefined && inst[0] === Op.EVAL && inst[1] !== null) {
          const operands = inst[1].reduce((n, rpn) => n + rpn.length, 0)
          expect(operands).toBeLessThanOrEqual(max)
        }
      }),
      { numRuns: 200 },
    )
  })
})
