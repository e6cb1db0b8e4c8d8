import { describe, expect, it } from 'vitest'
import { parseProps, serializeProps } from '../../islands/props'

describe('island props', () => {
  it('Should round-trip plain JSON data', () => {
    const props = {
      title: 'Linen "Shirt"',
      price: 4800,
      onSale: false,
      sizes: ['S', 'M'],
      nested: { a: null },
    }
    expect(parseProps(serializeProps(props))).toEqual(props)
  })

  it('Should write no character that can close a script element or open a comment', () => {
    const text = serializeProps({ evil: '</script><script>alert(1)</script><!-- & \u2028 \u2029' })
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(parseProps(text)).toEqual({ evil: '</script><script>alert(1)</script><!-- & \u2028 \u2029' })
  })

  it('Should refuse __proto__, constructor and prototype keys when reading', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(() => parseProps(`{"a":{"${key}":{"polluted":true}}}`)).toThrow(`forbidden key: ${key}`)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('Should refuse forbidden keys and non-JSON values when writing', () => {
    expect(() => serializeProps(JSON.parse('{"__proto__":{"x":1}}'))).toThrow('forbidden key')
    expect(() => serializeProps({ when: new Date() as never })).toThrow('not plain JSON data')
    expect(() => serializeProps({ n: Number.NaN })).toThrow('not a finite number')
    expect(() => serializeProps({ f: (() => 1) as never })).toThrow('not plain JSON data')
  })

  it('Should refuse props that are not an object', () => {
    expect(() => parseProps('[1,2]')).toThrow('must be a JSON object')
    expect(() => parseProps('null')).toThrow('must be a JSON object')
  })
})
