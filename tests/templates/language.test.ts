import { describe, expect, it } from 'vitest'
import { createEngine } from '../../templates/index'
import { out } from './helpers'

const shop = {
  name: 'Corner Shop',
  products: [
    { title: 'Mug', price: 1200, tags: ['kitchen', 'gift'] },
    { title: 'Tote', price: 2500, tags: [] },
  ],
  empty: [],
}

describe('variables', () => {
  it('prints a dotted path and nothing for a missing one', () => {
    expect(out('{name}|{products.0.title}|{nope.x}|', shop)).toBe('Corner Shop|Mug||')
  })

  it('looks names up in enclosing scopes when the current value lacks them', () => {
    expect(out('{.section products.1}{title} at {name}{.end}', shop)).toBe('Tote at Corner Shop')
  })

  it('prints @ as the current value and arrays joined by commas', () => {
    expect(out('{.section products.0.tags}{@}{.end}', shop)).toBe('kitchen,gift')
  })

  it('numbers @index from 1 and @index0 from 0 in a repeated section', () => {
    expect(out('{.repeated section products}{@index}/{@index0} {title};{.end}', shop)).toBe(
      '1/0 Mug;2/1 Tote;',
    )
  })

  it('never resolves inherited properties such as constructor', () => {
    expect(out('[{constructor}][{name.length}]', shop)).toBe('[][]')
  })

  it('treats a tag that is not valid syntax as literal text', () => {
    expect(out('a { b } {c d} {a||b} {}', { a: 1 })).toBe('a { b } {c d} {a||b} {}')
  })
})

describe('block states', () => {
  it('runs a section body for a truthy value and its .or branch otherwise', () => {
    const t = '{.section name}yes{.or}no{.end}'
    expect(out(t, shop)).toBe('yes')
    expect(out(t, {})).toBe('no')
  })

  it('repeats over a list with alternates-with between the items', () => {
    expect(out('{.repeated section products}{title}{.alternates with}, {.end}', shop)).toBe('Mug, Tote')
  })

  it('runs the .or branch of a repeated section for an empty list', () => {
    expect(out('{.repeated section empty}x{.or}none{.end}', shop)).toBe('none')
  })

  it('chains predicates through .or predicate branches', () => {
    const t = '{.repeated section n}{.equal? @ 1}one{.or equal? @ 2}two{.or}many{.end} {.end}'
    expect(out(t, { n: [1, 2, 3] })).toBe('one two many ')
  })

  it('joins .if operands with || and &&, left to right', () => {
    expect(out('{.if a || b}Y{.or}N{.end}', { a: 0, b: 1 })).toBe('Y')
    expect(out('{.if a && b}Y{.or}N{.end}', { a: 1, b: 0 })).toBe('N')
    expect(out('{.if equal? a 1}Y{.or}N{.end}', { a: 1 })).toBe('Y')
  })

  it('defines a macro and applies it as a formatter', () => {
    expect(out('{.macro price}[{@}]{.end}{n|apply price}', { n: 5 })).toBe('[5]')
  })

  it('keeps what was assembled when a block is left open at the end', () => {
    expect(out('{.section a}inside {a}', { a: 'x' })).toBe('inside x')
  })
})

describe('instructions', () => {
  it('binds a variable with .var and formatters', () => {
    expect(out('{.var @t name|slugify}{@t}', shop)).toBe('corner-shop')
  })

  it('binds an object of references with .ctx', () => {
    expect(out('{.ctx @p t=products.0.title n=name}{@p.t} from {@p.n}', shop)).toBe('Mug from Corner Shop')
  })

  it('includes a macro for its variables and only prints its output when asked', () => {
    const t = '{.macro m}text{.eval @x = 2 * 21}{.end}{.include m}{@x}|{.include m output}'
    expect(out(t)).toBe('42|text')
  })

  it('injects data by file name', () => {
    expect(
      out('{.inject @c config.json}{@c.mode}', {}, { injects: { 'config.json': { mode: 'live' } } }),
    ).toBe('live')
  })

  it('ignores both kinds of comment', () => {
    expect(out('a{# one line}b{## many\nlines ##}c')).toBe('abc')
  })

  it('prints braces, newline, space and tab through their instructions', () => {
    expect(out('{.meta-left}x{.meta-right}{.newline}{.space}{.tab}')).toBe('{x}\n \t')
  })

  it('passes arguments to a macro as @args and can make it private', () => {
    const t = '{.macro m}{@args.cls}-{outer}{.end}{x|apply m cls=big}|{x|apply m private}'
    expect(out(t, { x: { y: 1 }, outer: 'o' })).toBe('big-o|-')
  })

  it('applies formatter chains with arguments in order', () => {
    expect(out('{s|truncate 14|html}', { s: '<b>bold</b> words here' })).toBe('&lt;b&gt;bold&lt;/b&gt; ...')
  })
})

describe('compiled templates', () => {
  it('render the same after a JSON round trip, as when stored in KV', () => {
    const engine = createEngine()
    const source = '{.repeated section products}{title|html} {.eval price / 100}{.alternates with};{.end}'
    const { code, errors } = engine.compile(source)
    expect(errors).toEqual([])
    const stored = JSON.parse(JSON.stringify(code))
    expect(engine.render(stored, shop).output).toBe('Mug 12;Tote 25')
    expect(engine.render(stored, shop).output).toBe(engine.render(source, shop).output)
  })

  it('keep NaN and Infinity in expressions through JSON', () => {
    const engine = createEngine()
    const { code } = engine.compile('{.eval NaN}|{.eval 1e400}|{.eval -Infinity}')
    expect(engine.render(JSON.parse(JSON.stringify(code)), {}).output).toBe('NaN|Infinity|-Infinity')
  })
})
