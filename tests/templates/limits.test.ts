import { describe, expect, it } from 'vitest'
import { clampDigits, createEngine, DEFAULT_LIMITS, messages } from '../../templates/index'

describe('limits', () => {
  it('default to a partial depth of 16, as the platform spec sets', () => {
    expect(DEFAULT_LIMITS.maxPartialDepth).toBe(16)
  })

  it('stop partials nesting deeper than 16 and report the depth', () => {
    const engine = createEngine()
    const r = engine.render('{.macro m}x{@|apply m}{.end}{@|apply m}', {})
    expect(r.output).toBe('x'.repeat(16))
    expect(r.errors.map((e) => e.message)).toEqual([messages.PARTIAL_DEPTH('m', 16)])
  })

  it('let the caller choose a smaller partial depth', () => {
    const engine = createEngine({ limits: { maxPartialDepth: 3 } })
    expect(engine.render('{.macro m}x{@|apply m}{.end}{@|apply m}', {}).output).toBe('xxx')
  })

  it('cap the total number of partial applications in one render', () => {
    const engine = createEngine({ limits: { maxPartialCalls: 10 } })
    const r = engine.render('{.macro m}x{@|apply m}{@|apply m}{.end}{@|apply m}', {})
    expect(r.output).toBe('x'.repeat(10))
    expect(r.errors.map((e) => e.code)).toEqual(['PARTIAL_CALLS'])
  })

  it('cap the tokens of an expression at the caller-set limit', () => {
    const engine = createEngine({ limits: { maxExpressionTokens: 3 } })
    expect(engine.render('{.eval 1 + 2}', {}).output).toBe('3')
    const r = engine.render('{.eval 1 + 2 + 3}', {})
    expect(r.output).toBe('')
    expect(r.errors.map((e) => e.message)).toEqual([messages.TOO_MANY_TOKENS(3)])
  })

  it('cap the length of strings an expression builds', () => {
    const engine = createEngine({ limits: { maxStringLength: 5 } })
    expect(engine.render("{.eval 'ab' + 'cde'}", {}).output).toBe('abcde')
    const r = engine.render("{.eval 'ab' + 'cdef'}", {})
    expect(r.output).toBe('')
    expect(r.errors.map((e) => e.message)).toEqual(['Concatenation would exceed maximum string length 5'])
  })

  it('clamp number-format digit options to 0..50', () => {
    expect([clampDigits(-1), clampDigits(2), clampDigits(51), clampDigits(Number.NaN)]).toEqual([0, 2, 50, 0])
  })
})
