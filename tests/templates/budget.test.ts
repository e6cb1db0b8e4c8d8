import { describe, expect, it } from 'vitest'
import { createEngine, DEFAULT_LIMITS, messages } from '../../templates/index'
import { domainPlugins } from '../../templates/plugins/index'

const LEAF = '<p class="lorem">Lorem ipsum dolor sit amet, consectetur adipiscing.</p>'

/**
 * Nested macros, each printing the one below it eight times: `levels` levels print
 * LEAF.length * 8^levels characters from a template of a few hundred bytes.
 */
function hostileHeader(levels: number): string {
  let t = `{.macro l0}${LEAF}{.end}`
  for (let i = 1; i <= levels; i++) t += `{.macro l${i}}{.var @s @|apply l${i - 1}}${'{@s}'.repeat(8)}{.end}`
  return `${t}<header>{@|apply l${levels}}</header>TAIL`
}

/** Macros applying each other six times per level: a lot of work and no output. */
function busyTemplate(levels: number): string {
  let t = '{.macro w0}{.if a}{.end}{.end}\n'
  for (let i = 1; i <= levels; i++) t += `{.macro w${i}}${`{@|apply w${i - 1}}`.repeat(6)}{.end}\n`
  return `${t}{@|apply w${levels}}TAIL`
}

const engine = createEngine({ plugins: domainPlugins })

describe('the render budget', () => {
  it('defaults to 2 MiB of output and a million units of work', () => {
    expect(DEFAULT_LIMITS.maxOutputSize).toBe(2 * 1024 * 1024)
    expect(DEFAULT_LIMITS.maxWork).toBe(1_000_000)
  })

  it('grows a hostile header by eight per level, as the arithmetic below assumes', () => {
    const r = createEngine({ limits: { maxOutputSize: 0, maxWork: 0 } }).render(hostileHeader(3), {})
    // Compared as a boolean: a failure would otherwise print the whole page.
    expect(r.output.length).toBe(LEAF.length * 8 ** 3 + '<header></header>TAIL'.length)
    expect(r.output === `<header>${LEAF.repeat(8 ** 3)}</header>TAIL`).toBe(true)
  })

  it('stops a 750-byte header of nested macros that would print tens of MB, quickly, at 2 MiB', () => {
    const template = hostileHeader(6)
    expect(template.length).toBeLessThanOrEqual(750)
    expect(LEAF.length * 8 ** 6).toBeGreaterThan(10_000_000)

    const r = engine.render(template, {})

    expect(r.stopped).toBe('output')
    expect(r.output.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxOutputSize)
    expect(r.output.endsWith('TAIL')).toBe(false)
    const last = r.errors[r.errors.length - 1]
    expect(last?.code).toBe('RENDER_BUDGET')
    expect(last?.message).toBe(messages.RENDER_BUDGET('output', DEFAULT_LIMITS.maxOutputSize))
    // How long it takes to stop is measured by `npm run bench -- engine` (the clock stands still in workerd).
  })

  it('stops macros that apply each other hundreds of thousands of times at the work budget', () => {
    const busy = createEngine({ limits: { maxPartialCalls: 0 } })
    const r = busy.render(busyTemplate(9), { a: false })

    expect(r.stopped).toBe('work')
    // The line breaks between the macro definitions, and nothing after the stop.
    expect(r.output).toBe('\n'.repeat(10))
    expect(r.work).toBeGreaterThan(DEFAULT_LIMITS.maxWork)
    expect(r.errors.map((e) => e.code)).toEqual(['RENDER_BUDGET'])
    expect(r.errors[0]?.message).toBe(messages.RENDER_BUDGET('work', DEFAULT_LIMITS.maxWork))
    // It stops within the budget's first units past the limit: nothing runs after the stop.
    expect(r.work).toBeLessThan(DEFAULT_LIMITS.maxWork + 100)
  })

  it('takes both limits from createEngine({ limits })', () => {
    const small = createEngine({ limits: { maxOutputSize: 10, maxWork: 50 } })
    const long = small.render('{.repeated section a}{@}{.end}', { a: ['abcd', 'efgh', 'ijkl'] })
    expect(long).toMatchObject({ stopped: 'output', output: 'abcdefghij' })

    const busy = small.render('{.repeated section a}{.if @}{.end}{.end}', { a: Array(100).fill(1) })
    expect(busy.stopped).toBe('work')
    expect(busy.errors.map((e) => e.message)).toEqual([messages.RENDER_BUDGET('work', 50)])
  })

  it('appends nothing once stopped, in the caller of a partial either', () => {
    const small = createEngine({ limits: { maxOutputSize: 20 } })
    const r = small.render('{.macro m}{@}{@}{@}{.end}[{a|apply m}]after', { a: '0123456789' })
    expect(r.stopped).toBe('output')
    expect(r.output).toBe('[0123456789012345678')
  })

  it('counts the value of nested .ctx variables, which doubles per line, as work', () => {
    let t = '{.ctx @c0 a=a}'
    for (let i = 1; i <= 40; i++) t += `{.ctx @c${i} a=@c${i - 1} b=@c${i - 1}}`
    const r = engine.render(`${t}{@c40|json}`, { a: 'x' })
    expect(r.stopped).toBe('work')
    expect(r.output).toBe('')
  })

  it('leaves a large ordinary page alone', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      title: `Product ${i}`,
      urlId: `product-${i}`,
      tags: ['a', 'b', 'c'],
      price: 1000 + i,
      body: '<p>Made by hand.</p>'.repeat(20),
    }))
    const template = `{.macro card}<article><h2><a href="/shop/{urlId}">{title|html}</a></h2>
{.repeated section tags}<span>{@|html}</span>{.alternates with}, {.end}
<p>{price|money-format}</p><div>{body|safe}</div></article>{.end}
<main>{.repeated section items}{@|apply card}{.end}</main>`
    const unlimited = createEngine({ plugins: domainPlugins, limits: { maxOutputSize: 0, maxWork: 0 } })
    const r = engine.render(template, { items })
    expect(r.stopped).toBeNull()
    expect(r.errors).toEqual([])
    expect(r.output).toBe(unlimited.render(template, { items }).output)
    expect(r.output.length).toBeGreaterThan(80_000)
    expect(r.work).toBeLessThan(DEFAULT_LIMITS.maxWork / 20)
  })
})

describe('robustness limits', () => {
  const nested = (n: number) => `${'{.section a}'.repeat(n)}x${'{.end}'.repeat(n)}`

  it('compiles blocks nested up to the maximum depth, and the tree survives JSON', () => {
    const { code, errors } = engine.compile(nested(DEFAULT_LIMITS.maxNesting))
    expect(errors).toEqual([])
    let data: unknown = 'leaf'
    for (let i = 0; i < DEFAULT_LIMITS.maxNesting; i++) data = { a: data }
    const r = engine.render(JSON.parse(JSON.stringify(code)), data)
    expect(r.output).toBe('x')
  })

  it('reports a block nested deeper than the maximum as a compile error and cuts the template there', () => {
    const r = engine.render(`before${nested(DEFAULT_LIMITS.maxNesting + 1)}after`, {})
    expect(r.errors.map((e) => e.code)).toEqual(['NESTING_TOO_DEEP'])
    expect(r.errors[0]).toMatchObject({ stage: 'syntax', message: messages.NESTING_TOO_DEEP(100) })
    expect(r.output).toBe('before')
  })

  it('returns an error value, not a crash, for nesting thousands deep', () => {
    const { code, errors } = engine.compile(nested(20_000))
    expect(errors.map((e) => e.code)).toEqual(['NESTING_TOO_DEEP'])
    expect(() => JSON.stringify(code)).not.toThrow()
  })

  it('counts each {.or} of a chain as one level of nesting', () => {
    const chain = (n: number) =>
      `{.equal? a 0}zero${Array.from({ length: n }, (_, i) => `{.or equal? a ${i + 1}}${i + 1}`).join('')}{.end}`
    expect(engine.compile(chain(99)).errors).toEqual([])
    expect(engine.render(chain(99), { a: 99 }).output).toBe('99')
    expect(engine.compile(chain(100)).errors.map((e) => e.code)).toEqual(['NESTING_TOO_DEEP'])
  })

  it('lets the caller set the maximum nesting', () => {
    const shallow = createEngine({ limits: { maxNesting: 2 } })
    expect(shallow.compile(nested(2)).errors).toEqual([])
    expect(shallow.compile(nested(3)).errors.map((e) => e.message)).toEqual([messages.NESTING_TOO_DEEP(2)])
  })

  it('caps the errors of one render at 100 and says how many more there were', () => {
    const r = createEngine({ limits: { maxPartialCalls: 0 } }).render(
      '{.macro m}{@|nope}{@|nope}{.end}{.repeated section a}{@|apply m}{.end}',
      { a: Array(300).fill(1) },
    )
    expect(r.errors).toHaveLength(101)
    expect(r.errors.slice(0, 100).every((e) => e.code === 'FORMATTER_UNKNOWN')).toBe(true)
    expect(r.errors[100]).toMatchObject({
      code: 'TOO_MANY_ERRORS',
      message: messages.TOO_MANY_ERRORS(500, 100),
    })
  })

  it('caps compile errors the same way, compile errors first', () => {
    const r = engine.render(`${'{.end}'.repeat(150)}{x|nope}`, {})
    expect(r.errors).toHaveLength(101)
    expect(r.errors[99]?.code).toBe('NOT_ALLOWED_AT_ROOT')
    expect(r.errors[100]).toMatchObject({
      code: 'TOO_MANY_ERRORS',
      message: messages.TOO_MANY_ERRORS(51, 100),
    })
    expect(engine.compile('{.end}'.repeat(150)).errors).toHaveLength(101)
  })

  it('keeps the budget error after the cap', () => {
    const r = createEngine({ limits: { maxPartialCalls: 0, maxWork: 5_000 } }).render(
      '{.macro m}{@|nope}{.end}{.repeated section a}{@|apply m}{.end}',
      { a: Array(5000).fill(1) },
    )
    expect(r.stopped).toBe('work')
    expect(r.errors.map((e) => e.code).slice(-2)).toEqual(['TOO_MANY_ERRORS', 'RENDER_BUDGET'])
  })
})
