// The form rules the browser and the worker share (storefront.md section 5): value gathering,
// reading submitted JSON, validation, the restock email.
import { describe, expect, it } from 'vitest'
import {
  characterCounter,
  type FormFieldDefinition,
  gatherFormValues,
  readSubmittedValues,
  restockSignUpError,
  validateFormValues,
} from '../../shared/index'

const FIELDS: FormFieldDefinition[] = [
  { id: 'intro', type: 'section', title: 'About you', required: true },
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email' },
  { id: 'phone', type: 'phone', title: 'Phone', required: true },
  { id: 'tags', type: 'checkbox', title: 'Tags', options: ['A', 'B'], required: true },
  { id: 'size', type: 'radio', title: 'Size', options: ['S', 'M'], required: true },
  { id: 'topic', type: 'select', title: 'Topic', options: ['x', 'y'], required: true },
  { id: 'mood', type: 'likert', title: 'Mood', options: ['Rain is fine', 'Early starts'] },
  { id: 'notes', type: 'textarea', title: 'Notes', maxLength: 5 },
  { id: 'campaign', type: 'hidden', title: 'Campaign', key: 'utm_campaign', value: 'none' },
]

function reader(entries: [string, string][]) {
  return (name: string) => entries.filter(([key]) => key === name).map(([, value]) => value)
}

describe('Gathering a form’s values', () => {
  it('Should give lists for checkboxes and parts, one value for radio and select, a map for likert', () => {
    const values = gatherFormValues(
      FIELDS,
      reader([
        ['name-First', 'Ada'],
        ['name-Last', 'Lovelace'],
        ['phone-Areacode', '555'],
        ['phone-Prefix', '123'],
        ['phone-Line', '4567'],
        ['tags', 'A'],
        ['tags', 'B'],
        ['size', 'M'],
        ['topic', 'y'],
        ['mood-0', '2'],
        ['mood-1', '-1'],
        ['notes', 'hi'],
      ]),
    )
    expect(values).toEqual({
      name: ['Ada', 'Lovelace'],
      email: '',
      // Three parts shown: the value still has four, the first (the country code) blank.
      phone: ['', '555', '123', '4567'],
      tags: ['A', 'B'],
      size: 'M',
      topic: 'y',
      mood: { 'Rain is fine': '2', 'Early starts': '-1' },
      notes: 'hi',
      campaign: 'none',
    })
  })

  it('Should take a hidden field’s value from the same-named query parameter when there is one', () => {
    const values = gatherFormValues(FIELDS, reader([['campaign', 'none']]), (name) =>
      name === 'utm_campaign' ? 'spring' : null,
    )
    expect(values.campaign).toBe('spring')
  })

  it('Should drop choices the form does not offer', () => {
    const values = gatherFormValues(
      FIELDS,
      reader([
        ['tags', 'Z'],
        ['size', 'XL'],
        ['mood-0', '7'],
      ]),
    )
    expect(values.tags).toEqual([])
    expect(values.size).toBe('')
    expect(values.mood).toEqual({})
  })
})

describe('Reading submitted values', () => {
  it('Should accept values of their fields’ shapes and fill missing fields with empty ones', () => {
    expect(readSubmittedValues(FIELDS, { email: 'a@b.co', tags: ['A', 'Q'] })).toEqual({
      name: ['', ''],
      email: 'a@b.co',
      phone: ['', '', '', ''],
      tags: ['A'],
      size: '',
      topic: '',
      mood: {},
      notes: '',
      campaign: '',
    })
  })

  for (const [what, raw] of [
    ['text where a list belongs', { name: 'Ada Lovelace' }],
    ['a list of the wrong length', { name: ['Ada'] }],
    ['a number', { email: 5 }],
    ['a likert answer that is not text', { mood: { 'Rain is fine': 2 } }],
    ['a list', []],
    ['null', null],
  ] as const) {
    it(`Should refuse ${what}`, () => {
      expect(readSubmittedValues(FIELDS, raw)).toBeNull()
    })
  }
})

describe('Validating a form', () => {
  it('Should skip sections and say ‘Required’ for each empty required field', () => {
    const errors = validateFormValues(FIELDS, readSubmittedValues(FIELDS, {}) ?? {})
    expect(errors).toEqual({
      name: 'Required',
      phone: 'Required',
      tags: 'Required',
      size: 'Required',
      topic: 'Required',
    })
  })

  it('Should take a multi-part field with one part filled, and let empty optional fields pass', () => {
    const values = readSubmittedValues(FIELDS, {
      name: ['', 'Lovelace'],
      phone: ['', '', '', '4567'],
      tags: ['B'],
      size: 'S',
      topic: 'x',
    })
    expect(validateFormValues(FIELDS, values ?? {})).toEqual({})
  })

  it('Should check an email for 3 to 256 characters of the simple pattern', () => {
    const message = 'Email is not valid. Email addresses should follow the format user@domain.com.'
    const email = (value: string) =>
      validateFormValues([{ id: 'email', type: 'email', title: 'Email' }], { email: value }).email ?? null
    expect(email('a@b.co')).toBeNull()
    expect(email('')).toBeNull()
    expect(email('a@b')).toBe(message)
    expect(email('ab')).toBe(message)
    expect(email(`${'a'.repeat(252)}@b.co`)).toBe(message)
    expect(email(`${'a'.repeat(251)}@b.co`)).toBeNull()
  })

  it('Should refuse a text area over its limit, counting characters as a person does', () => {
    const fields: FormFieldDefinition[] = [{ id: 'notes', type: 'textarea', title: 'Notes', maxLength: 3 }]
    expect(validateFormValues(fields, { notes: '🦦🦦🦦' })).toEqual({})
    expect(validateFormValues(fields, { notes: 'abcd' })).toEqual({
      notes: 'You have exceeded the character limit.',
    })
    expect(characterCounter('abcd', 3)).toEqual({ text: '4 / 3', over: true })
    expect(characterCounter('ab', 3)).toEqual({ text: '2 / 3', over: false })
  })
})

describe('The restock email rule', () => {
  it('Should say blank, invalid, then the captcha, in that order', () => {
    expect(restockSignUpError('  ', true, null)).toBe('Email cannot be blank')
    expect(restockSignUpError('nope', true, null)).toBe('Email is invalid')
    expect(restockSignUpError('a@b.co', true, null)).toBe('Complete CAPTCHA before submitting.')
    expect(restockSignUpError('a@b.co', true, 'token')).toBeNull()
    expect(restockSignUpError('a@b.co', false, null)).toBeNull()
  })
})
