import { describe, expect, it } from 'vitest'
import { createEngine, type RenderOptions } from '../../templates/index'
import { datesPlugin } from '../../templates/plugins/dates/formatters'
import { i18nPlugin } from '../../templates/plugins/i18n/formatters'

const engine = createEngine({ plugins: [datesPlugin, i18nPlugin] })
const out = (template: string, data: unknown = {}, options?: RenderOptions) =>
  engine.render(template, data, options).output

describe('message formatter', () => {
  it('fills positional and named arguments from the template context', () => {
    const data = { msg: 'Dear {name}, your order {0} ships {1}.', who: 'Ada', order: 'A-7', when: 'today' }
    expect(out('{msg|message order when name=who}', data)).toBe('Dear Ada, your order A-7 ships today.')
  })

  it('chooses plural cases, with exact matches first and # as the number', () => {
    const msg = '{0 plural =0{no bags} one{# bag} other{# bags}}'
    expect(out('{msg|message n}', { msg, n: 0 })).toBe('no bags')
    expect(out('{msg|message n}', { msg, n: 1 })).toBe('1 bag')
    expect(out('{msg|message n}', { msg, n: '4' })).toBe('4 bags')
  })

  it('counts visible fraction digits: 1.0 is not singular in English but is in French', () => {
    const msg = '{0 plural one{ONE} other{OTHER}}'
    expect(out('{msg|message n}', { msg, n: '1.0' })).toBe('OTHER')
    expect(out('{msg|message n}', { msg, n: '1.5' }, { locale: 'fr-FR' })).toBe('ONE')
  })

  it('formats ordinals and selects', () => {
    const msg =
      '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}} for {1 select gold{the winner} other{a runner}}'
    expect(out('{msg|plural place medal}', { msg, place: 22, medal: 'gold' })).toBe('22nd for the winner')
    expect(out('{msg|plural place medal}', { msg, place: 13, medal: 'none' })).toBe('13th for a runner')
  })

  it('keeps quoted braces literal and renders unknown sub-formats as nothing', () => {
    expect(out('{msg|message n}', { msg: "'{braces}' {0 mystery}!", n: 1 })).toBe('{braces} !')
  })

  it('formats numbers, money and dates inside a message', () => {
    const data = {
      msg: '{0 decimal maxFrac:1} / {1 money} / {2 datetime date:short}',
      n: '12345.678',
      price: { decimalValue: '19.5', currencyCode: 'USD' },
      t: 1582663910000,
      website: { timeZone: 'America/Los_Angeles' },
    }
    expect(out('{msg|message n price t}', data)).toBe('12,345.7 / $19.50 / 2/25/20')
  })

  it('renders nothing when i18n is off', () => {
    expect(out('{msg|message n}', { msg: '{0} items', n: 2 }, { locale: 'none' })).toBe('')
  })
})
