import { describe, expect, it } from 'vitest'
import type { FormFieldDefinition } from '../../shared/index'
import { fieldValueText } from '../../templates'

const field = (type: FormFieldDefinition['type'], options?: string[]): FormFieldDefinition => ({
  id: type,
  type,
  title: type,
  options,
})

describe('An additional-fields answer in the cart', () => {
  it('Should read multi-part answers as the spec’s summary field values', () => {
    expect(fieldValueText(field('name'), ['Ada', 'Lovelace'])).toBe('Ada Lovelace')
    expect(fieldValueText(field('name'), ['Ada', ''])).toBe('Ada')
    expect(fieldValueText(field('date'), ['12', '10', '1815'])).toBe('12/10/1815')
    expect(fieldValueText(field('time'), ['9', '30', '', 'AM'])).toBe('9:30:00 AM')
    expect(fieldValueText(field('phone'), ['', '415', '555', '0100'])).toBe('415-555-0100')
    expect(fieldValueText(field('phone'), ['44', '20', '7946', '0958'])).toBe('+44 20-7946-0958')
    expect(fieldValueText(field('address'), ['1 Main St', '', 'Burlington', 'VT', '05401', 'US'])).toBe(
      '1 Main St, Burlington, VT 05401 US',
    )
  })

  it('Should list checked values, label likert answers, and leave blanks out', () => {
    expect(fieldValueText(field('checkbox'), ['Red', 'Blue'])).toBe('Red, Blue')
    expect(fieldValueText(field('likert'), { 'Brewed well': '2', 'Fair price': '0' })).toBe(
      'Brewed well: Strongly Agree; Fair price: Neutral',
    )
    expect(fieldValueText(field('text'), 'JMO')).toBe('JMO')
    expect(fieldValueText(field('name'), ['', ' '])).toBe('')
    expect(fieldValueText(field('text'), undefined)).toBe('')
  })
})
