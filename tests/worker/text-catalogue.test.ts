/// <reference types="vite/client" />
// The shopper text catalogues (shared/text/) are the one home of the spec's sentences: a
// sentence from a catalogue written as a literal anywhere else in the application source fails
// here. Tests and fixtures may quote them; comments may cite them.
import { describe, expect, it } from 'vitest'
import { TEXT } from '../../shared/index'

const SOURCES = import.meta.glob(
  [
    '../../worker/**/*.{ts,tsx}',
    '../../islands/**/*.{ts,tsx}',
    '../../templates/**/*.ts',
    '!../../templates/text/**',
  ],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>

/** Source without comments (line comments after whitespace, and block comments). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')
}

/** Catalogue texts that are sentences or labels of several words (single words are everywhere). */
function sentences(): [string, string][] {
  const found: [string, string][] = []
  for (const [area, catalogue] of Object.entries(TEXT)) {
    for (const [name, text] of Object.entries(catalogue)) {
      const literal = text.replace(/\{\w+\}/g, '').trim()
      if (/\s/.test(literal) || /[…!]/.test(literal)) found.push([`${area}.${name}`, text])
    }
  }
  return found
}

describe('The shopper text catalogues', () => {
  it('Should read every application source file', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50)
    expect(Object.keys(SOURCES).some((path) => path.includes('/worker/routes/pages.tsx'))).toBe(true)
  })

  it('Should hold the spec’s add-to-cart, cart, forms and restock sentences word for word', () => {
    expect(TEXT.commerce.sessionExpired).toBe(
      'Your session has expired. Please reload the page and try again.',
    )
    expect(TEXT.commerce.notEnoughStock).toBe('Sorry, we do not have enough of that item available.')
    expect(TEXT.cart.cartOverCapLabel).toBe('More than 100 items in cart')
    expect(TEXT.forms.status404).toBe('This form has not been configured yet.')
    expect(TEXT.restock.emailBlank).toBe('Email cannot be blank')
    expect(TEXT.reviews.storeCountOverCap).toBe('1000+ Store Reviews')
    expect(TEXT.installments.overMax).toBe('available for orders up to {amount}')
  })

  it('Should be the only place in the application that spells them out', () => {
    const copies: string[] = []
    for (const [name, text] of sentences()) {
      for (const [path, source] of Object.entries(SOURCES)) {
        if (code(source).includes(text)) copies.push(`${name} ('${text}') in ${path.replace('../../', '')}`)
      }
    }
    expect(copies).toEqual([])
  })
})
