import { describe, expect, it } from 'vitest'
import { createEngine, messages } from '../../templates/index'
import { engine, errorsOf, out } from './helpers'

/** Compiles one expression and returns its syntax error messages. */
function exprErrors(expression: string, maxExpressionTokens?: number): string[] {
  const e = maxExpressionTokens === undefined ? engine : createEngine({ limits: { maxExpressionTokens } })
  return e.compile(`{.eval ${expression}}`).errors.map((x) => x.message)
}

describe('the expression error catalogue (platform spec §8, exact wording)', () => {
  it.each([
    ['"abc', 'Unterminated string'],
    ['0x', 'Expected digits after start of hex number'],
    ['1.2.3', 'Duplicate decimal point in number'],
    ['1e', 'Expected a digit after exponent in decimal number'],
    ['1e5.5', 'Unexpected decimal point in exponent'],
    ['sqrt(4)', 'Invalid function sqrt'],
    ['1 # 2', 'Unexpected character at 2'],
    ['"a\nb"', 'Illegal bare line feed character in string literal'],
    ['"a\rb"', 'Illegal bare carriage return character in string literal'],
  ])('rejects %j with "%s"', (expression, message) => {
    expect(exprErrors(expression)).toEqual([message])
  })

  it('reports the token limit with the limit in the message', () => {
    expect(exprErrors('1 + 2 + 3', 4)).toEqual(['Expression exceeds the maximum number of allowed tokens: 4'])
  })

  it('reports unbalanced parentheses and bad escapes', () => {
    expect(exprErrors('(1 + 2')).toEqual([messages.MISMATCHED_OPERATOR('(')])
    expect(exprErrors('1 + 2)')).toEqual([messages.MISMATCHED_OPERATOR(')')])
    expect(exprErrors('"\\xZZ"')).toEqual([messages.INVALID_HEX_ESCAPE()])
    expect(exprErrors('"\\u12"')).toEqual([messages.INVALID_UNICODE_ESCAPE()])
  })

  it('reports evaluation errors at render time and prints nothing for them', () => {
    expect(engine.render('[{.eval 1 +}]', {})).toMatchObject({ output: '[]' })
    expect(errorsOf('{.eval 1 +}')).toEqual(['Invalid arguments to operator +'])
    expect(errorsOf('{.eval max()}')).toEqual(['Error calling function max'])
    expect(errorsOf('{.eval obj}', { obj: { a: 1 } })).toEqual(['Reduce error: unexpected token on stack'])
  })

  it('drops variables assigned by an expression that failed', () => {
    expect(out('{.eval @a = 1; 1 + obj}{@a}', { obj: {} })).toBe('')
  })
})

describe('template errors', () => {
  it('reports an unknown formatter as a render error and leaves its output empty', () => {
    const r = engine.render('a{x|no-such-formatter}b', { x: 'X' })
    expect(r.output).toBe('ab')
    expect(r.errors).toMatchObject([{ code: 'FORMATTER_UNKNOWN', stage: 'render' }])
    expect(r.errors[0]?.message).toBe(messages.FORMATTER_UNKNOWN('no-such-formatter'))
  })

  it('reports an unknown predicate and leaves its whole block empty', () => {
    const r = engine.render('a{.nope? x}yes{.or}no{.end}b', { x: 1 })
    expect(r.output).toBe('ab')
    expect(r.errors.map((e) => e.code)).toEqual(['PREDICATE_UNKNOWN'])
  })

  it('reports a missing partial and renders it empty', () => {
    const r = engine.render('a{x|apply nowhere}b{.include nowhere}c', { x: 1 })
    expect(r.output).toBe('abc')
    expect(r.errors.map((e) => e.message)).toEqual([
      messages.PARTIAL_MISSING('nowhere'),
      messages.PARTIAL_MISSING('nowhere'),
    ])
  })

  it('reports a partial that fails to parse and renders it empty', () => {
    const r = engine.render(
      'a{x|apply broken}b',
      { x: 1 },
      { partials: { broken: '{.section x}never closed' } },
    )
    expect(r.output).toBe('ab')
    expect(r.errors).toMatchObject([{ code: 'PARTIAL_PARSE_FAILED' }])
  })

  it('reports a block left open at the end of the template', () => {
    expect(engine.compile('{.repeated section a}x').errors).toMatchObject([
      { code: 'EOF_IN_BLOCK', message: messages.EOF_IN_BLOCK('{.repeated section}') },
    ])
  })

  it('reports .end, .or and .alternates with outside any block', () => {
    const codes = engine.compile('{.end}{.or}{.alternates with}').errors.map((e) => e.code)
    expect(codes).toEqual(['NOT_ALLOWED_AT_ROOT', 'NOT_ALLOWED_AT_ROOT', 'NOT_ALLOWED_AT_ROOT'])
  })

  it('reports instructions not allowed inside a block', () => {
    expect(engine.compile('{.section a}{.alternates with}{.end}').errors).toMatchObject([
      {
        code: 'NOT_ALLOWED_IN_BLOCK',
        message: messages.NOT_ALLOWED_IN_BLOCK('{.alternates with}', '{.section}'),
      },
    ])
    expect(engine.compile('{.macro m}{.or}{.end}').errors.map((e) => e.code)).toEqual([
      'NOT_ALLOWED_IN_BLOCK',
    ])
  })

  it('reports an .or that can never run after a bare .or', () => {
    expect(engine.compile('{.section a}1{.or}2{.or}3{.end}').errors.map((e) => e.code)).toEqual(['DEAD_CODE'])
  })

  it('gives each error the offset of the tag that caused it', () => {
    expect(engine.compile('abc{.end}').errors[0]?.offset).toBe(3)
  })

  it('contains a plugin that throws as a render error', () => {
    const bad = createEngine({
      plugins: [
        {
          name: 'bad',
          formatters: {
            boom: {
              apply() {
                throw new Error('kaput')
              },
            },
          },
        },
      ],
    })
    const r = bad.render('a{x|boom}b', { x: 1 })
    expect(r.output).toBe('ab')
    expect(r.errors.map((e) => e.code)).toEqual(['PLUGIN_FAILED'])
  })
})
