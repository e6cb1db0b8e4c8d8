import { describe, expect, it } from 'vitest'
import { createEngine, type RenderOptions } from '../../templates/index'
import { i18nPlugin } from '../../templates/plugins/i18n/formatters'
import { canonicalUnit, UNIT_MESSAGES } from '../../templates/plugins/i18n/units'

const engine = createEngine({ plugins: [i18nPlugin] })
const out = (template: string, data: unknown = {}, options?: RenderOptions) =>
  engine.render(template, data, options).output
const errorsOf = (template: string, data: unknown = {}, options?: RenderOptions) =>
  engine.render(template, data, options).errors.map((e) => e.message)
const fr = { locale: 'fr-FR' }
/** French output with CLDR's no-break spaces read as plain spaces, so the assertions stay legible. */
const outFr = (template: string, data: unknown) => out(template, data, fr).replace(/[\u00a0\u202f]/g, ' ')

describe('unit formatter: choosing the unit', () => {
  it('shows a value in its own category, in the largest unit that still reads at least one', () => {
    expect(out('{n|unit in:inch}', { n: '12345' })).toBe('342.9yd')
    expect(out('{n|unit in:second}', { n: 1234567 })).toBe('14.3d')
    expect(out('{n|unit in:byte}', { n: 4194304 })).toBe('4MB')
  })

  it('falls back to the smallest unit of the set when even that reads less than one', () => {
    expect(out('{n|unit in:yard out:mile,yard,foot,inch}', { n: '.0123' })).toBe('0.4″')
    expect(out('{n|unit in:byte format:long}', { n: 0 })).toBe('0 bytes')
  })

  it('converts to the units of the locale: US customary for en-US, metric for fr-FR', () => {
    expect(out('{n|unit in:centimeter}', { n: -390625 })).toBe('-2.4mi')
    expect(outFr('{n|unit in:centimeter format:long}', { n: -390625 })).toBe('-3,9 kilomètres')
    expect(out('{n|unit in:celsius}', { n: '37' })).toBe('98.6°')
    expect(outFr('{n|unit in:fahrenheit format:long}', { n: '212' })).toBe('100 degrés Celsius')
  })

  it('converts to the one unit named by out, temperatures included', () => {
    expect(out('{n|unit in:fahrenheit out:celsius}', { n: '32' })).toBe('0°C')
    expect(out('{n|unit in:inch out:feet}', { n: '12345' })).toBe('1028.8′')
    expect(out('{n|unit in:byte out:megabyte format:long}', { n: 1073741824 })).toBe('1024 megabytes')
    expect(out('{n|unit in:mile out:foot format:long group}', { n: '10.351' })).toBe('54,653.3 feet')
  })

  it('counts bytes in powers of 1024 and bits in powers of 1000', () => {
    expect(out('{n|unit in:byte format:long}', { n: '1024' })).toBe('1 kilobyte')
    expect(out('{n|unit in:byte compact:bytes}', { n: '15789655' })).toBe('15.1MB')
    expect(out('{n|unit in:byte compact:bits format:long}', { n: '15789655' })).toBe('126.3 megabits')
  })

  it('picks from the named compact set: length, and the large and small duration sets', () => {
    expect(out('{n|unit in:inch compact:length group}', { n: 479001600 })).toBe('7,560mi')
    expect(out('{n|unit in:inch compact:length format:long}', { n: 24 })).toBe('2 feet')
    expect(out('{n|unit in:second compact:duration format:long}', { n: 3628800 })).toBe('1.4 months')
    expect(out('{n|unit in:second compact:duration-small format:long}', { n: 3628800 })).toBe('42 days')
    expect(out('{n|unit in:second compact:duration-large format:long maxfrac:5}', { n: 720 })).toBe(
      '0.00833 days',
    )
  })

  it('reads the value in the smallest unit of the target set when in is left out', () => {
    expect(out('{n|unit out:gigabit group}', { n: 1307674368000 })).toBe('1,307.7Gb')
  })
})

describe('unit formatter: sequences', () => {
  it('writes whole units largest first and ends with the fraction of the last one', () => {
    expect(out('{n|unit in:inch sequence:foot,inch}', { n: '12345' })).toBe('1028′ 9″')
    expect(out('{n|unit in:inch sequence:foot,inch group format:long}', { n: '12345' })).toBe(
      '1,028 feet 9 inches',
    )
    expect(out('{n|unit in:year sequence:year,month,day}', { n: '12.35' })).toBe('12y 4m 6.1d')
  })

  it('leaves out the parts that are zero and signs only the first part', () => {
    expect(
      out('{n|unit in:second sequence:year,month,day,hour,minute,second format:long}', { n: 9765625 }),
    ).toBe('3 months 21 days 17 hours 13 minutes 7 seconds')
    expect(out('{n|unit in:centimeter sequence:mile,foot,inch format:short}', { n: -390625 })).toBe(
      '-2 mi 2255 ft 9.4 in',
    )
    expect(out('{n|unit in:hour sequence:hour,minute}', { n: 2 })).toBe('2h')
  })

  it('joins the parts with a space in every locale', () => {
    expect(
      outFr('{n|unit in:centimeter sequence:kilometer,meter,centimeter format:long}', { n: -390625 }),
    ).toBe('-3 kilomètres 906 mètres 25 centimètres')
  })
})

describe('unit formatter: number options', () => {
  it('shows one fraction digit and no grouping unless the template asks', () => {
    expect(out('{n|unit in:inch maxfrac:3 format:long}', { n: '12345' })).toBe('342.917 yards')
    expect(out('{n|unit in:byte out:byte group}', { n: 4194304 })).toMatch(/^4,194,304/)
    expect(out('{n|unit in:byte out:kilobyte}', { n: 4194304 })).toBe('4096kB')
  })

  it('formats the number in the locale', () => {
    expect(outFr('{n|unit in:second format:long}', { n: 5040 })).toBe('1,4 heure')
  })
})

describe('unit formatter: what it cannot show', () => {
  it('renders nothing for a value that is not a number, or with i18n off', () => {
    expect(out('{@|unit}', {})).toBe('')
    expect(out('{n|unit in:byte}', { n: 'lots' })).toBe('')
    expect(out('{n|unit in:byte}', { n: 1024 }, { locale: 'none' })).toBe('')
  })

  it('reports an unknown unit and renders nothing', () => {
    expect(out('{n|unit in:furlongs-per-fortnight}', { n: 1 })).toBe('')
    expect(errorsOf('{n|unit in:cubits}', { n: 1 }).join('\n')).toContain(UNIT_MESSAGES.unknown('cubits'))
  })

  it('shows the quantity in a unit Intl knows when the one asked for is beyond it, and says so', () => {
    expect(out('{n|unit in:centimeter out:point}', { n: '3.5' })).toBe('1.4″')
    expect(errorsOf('{n|unit in:centimeter out:point}', { n: '3.5' }).join('\n')).toContain(
      UNIT_MESSAGES.notFormattable('point'),
    )
    expect(out('{n|unit in:century format:long}', { n: '2.3415796' })).toBe('234.2 years')
  })

  it('keeps the units of a sequence that belong to the category and drops the others', () => {
    expect(out('{n|unit in:degree sequence:degree,arc-minute}', { n: '389.3592' })).toBe('389.4°')
    expect(errorsOf('{n|unit in:second sequence:hour,meter}', { n: 7200 }).join('\n')).toContain(
      UNIT_MESSAGES.otherCategory('meter', 'duration'),
    )
  })

  it('reports a category none of whose units Intl can format', () => {
    expect(out('{n|unit in:hertz}', { n: 12345678 })).toBe('')
    expect(errorsOf('{n|unit in:hertz}', { n: 12345678 }).join('\n')).toContain(
      UNIT_MESSAGES.nothingToShow('frequency'),
    )
  })

  it('accepts plural and spelled-out unit names', () => {
    expect(canonicalUnit('feet')).toBe('foot')
    expect(canonicalUnit('kilograms')).toBe('kilogram')
    expect(canonicalUnit('radians')).toBe('radian')
    expect(canonicalUnit('parsecs')).toBe('parsec')
    expect(canonicalUnit('smoots')).toBeNull()
  })
})

describe('unit arguments inside a message', () => {
  const transfer =
    'Transmission of {0 unit in:byte compact:bytes} took {1 unit in:second sequence:hour,minute,second format:long}'

  it('formats units in the message with the same options as the formatter', () => {
    expect(out('{msg|message bytes secs}', { msg: transfer, bytes: '12345657890', secs: '12345' })).toBe(
      'Transmission of 11.5GB took 3 hours 25 minutes 45 seconds',
    )
  })

  it('uses the render locale for the unit names', () => {
    expect(outFr('{msg|message bytes secs}', { msg: transfer, bytes: 0, secs: 3600 })).toBe(
      'Transmission of 0o took 1 heure',
    )
  })
})

describe('units-metric predicate', () => {
  it("is false in every locale and reports 'formatter is not yet implemented' (platform.md section 5)", () => {
    const t = '{.units-metric?}metric{.or}customary{.end}'
    for (const options of [undefined, fr, { locale: 'en-GB' }]) {
      expect(out(t, {}, options)).toBe('customary')
      expect(errorsOf(t, {}, options)).toEqual(['"units-metric?" formatter is not yet implemented'])
    }
  })
})
