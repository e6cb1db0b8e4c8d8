/**
 * How the engine and the domain rules see JSON data. Values stay plain JSON (no wrapper objects, so resolving a
 * variable allocates nothing); a reference that resolves to nothing is the `MISSING` sentinel,
 * which is distinct from JSON `null` (`{x|json}` prints `null` for one and nothing for the other).
 */

/** The value of a reference that does not resolve. */
export const MISSING: unique symbol = Symbol('missing')

const hasOwn = Object.prototype.hasOwnProperty

/**
 * `compute` kept per object (arrays too): catalogue records and their parts are never changed
 * once read (a publish is read as new objects), so what is derived from one holds for as long
 * as the object lives; a product list derives the same prices, srcsets and JSON on every render
 * (issue 26). A value that is not an object is computed each time. Settled values only, in a
 * `WeakMap` per `compute`: nothing outlives its object.
 */
export function keptPerObject<T>(compute: (value: unknown) => T): (value: unknown) => T {
  const kept = new WeakMap<object, { value: T }>()
  return (value) => {
    if (typeof value !== 'object' || value === null) return compute(value)
    const known = kept.get(value)
    if (known !== undefined) return known.value
    const made = compute(value)
    kept.set(value, { value: made })
    return made
  }
}

/** True for a plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * One step down a path: a property of an object, or an in-range numeric index of an array.
 * Inherited properties never resolve: every inherited member of Object.prototype is a method
 * (filtered by the function test) except the `__proto__` accessor, which resolves only when
 * the data has its own `__proto__` key (JSON.parse makes it an ordinary property). This avoids
 * a hasOwnProperty call on the hottest path of rendering.
 */
export function child(v: unknown, key: string | number): unknown {
  if (typeof v !== 'object' || v === null) return MISSING
  if (Array.isArray(v)) {
    if (typeof key !== 'number' || key >= v.length) return MISSING
    const item: unknown = v[key]
    return item === undefined ? MISSING : item
  }
  if (key === '__proto__') return hasOwn.call(v, key) ? (v as Record<string, unknown>)[key] : MISSING
  const item = (v as Record<string | number, unknown>)[key]
  return item === undefined || typeof item === 'function' ? MISSING : item
}

/** Walks a path from a value; stops at the first missing or null step. */
export function walk(v: unknown, path: readonly (string | number)[], from = 0): unknown {
  let node = v
  for (let i = from; i < path.length; i++) {
    if (node === MISSING || node === null) return MISSING
    node = child(node, path[i] as string | number)
  }
  return node
}

/** Template truthiness: empty strings, zero, NaN, empty containers, null and missing are false. */
export function isTruthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v !== ''
    case 'number':
      return v !== 0 && !Number.isNaN(v)
    case 'boolean':
      return v
    case 'object':
      if (v === null) return false
      if (Array.isArray(v)) return v.length !== 0
      for (const _ in v) return true
      return false
    default:
      return false
  }
}

/** Scalar to string; containers, null and missing become ''. */
export function asString(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v
    case 'number':
    case 'boolean':
      return String(v)
    default:
      return ''
  }
}

/** Number of a value: strings parse (float when they hold a '.', else integer), booleans are 0/1. */
export function asNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v
    case 'string':
      return v.indexOf('.') === -1 ? Number.parseInt(v, 10) : Number.parseFloat(v)
    case 'boolean':
      return v ? 1 : 0
    default:
      return 0
  }
}

/** Boolean the JSON way: only `true`, the string "true" and non-zero integers are true. */
export function asBoolean(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v
    case 'string':
      return v === 'true'
    case 'number':
      return Number.isInteger(v) && v !== 0
    default:
      return false
  }
}

/**
 * Number to text, as String() does. Non-integers are cached: printing a double is slow (a
 * shortest round-trip search) and storefront pages print the same prices on every request.
 */
const numberText = new Map<number, string>()
export function numberToString(n: number): string {
  if (Number.isSafeInteger(n)) return String(n)
  let text = numberText.get(n)
  if (text === undefined) {
    // Bounded: a page that prints many distinct numbers just starts the cache over.
    if (numberText.size >= 2048) numberText.clear()
    text = String(n)
    numberText.set(n, text)
  }
  return text
}

/** The text a value prints as: scalars as text, arrays joined by ',', objects and null as ''. */
export function toOutput(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v
    case 'number':
      return numberToString(v)
    case 'boolean':
      return String(v)
    case 'object':
      return Array.isArray(v) ? v.join(',') : ''
    default:
      return ''
  }
}

/** Structural equality of JSON values; missing compares as null. */
export function deepEquals(a: unknown, b: unknown): boolean {
  const x = a === MISSING ? null : a
  const y = b === MISSING ? null : b
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return x === y
  if (Array.isArray(x) !== Array.isArray(y)) return false
  if (Array.isArray(x) && Array.isArray(y)) {
    if (x.length !== y.length) return false
    for (let i = 0; i < x.length; i++) if (!deepEquals(x[i], y[i])) return false
    return true
  }
  const ox = x as Record<string, unknown>
  const oy = y as Record<string, unknown>
  const kx = Object.keys(ox)
  if (kx.length !== Object.keys(oy).length) return false
  for (const k of kx) if (!hasOwn.call(oy, k) || !deepEquals(ox[k], oy[k])) return false
  return true
}

/** Compares UTF-16 code units, like Java's String.compareTo. */
function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i)
    if (d !== 0) return d
  }
  return a.length - b.length
}

/**
 * Orders `a` against `b` by `a`'s type: numbers numerically (b converted), strings by code
 * unit, booleans false < true; other types are only ever equal (0) or "less" (-1).
 */
export function compareValues(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number': {
      const n = asNumber(b)
      return a < n ? -1 : a === n ? 0 : 1
    }
    case 'string':
      return compareStrings(a, asString(b))
    case 'boolean': {
      const n = asBoolean(b)
      return a === n ? 0 : a ? 1 : -1
    }
    default:
      return deepEquals(a, b) ? 0 : -1
  }
}

/** JSON text of a value with `</` escaped so it can sit inside a <script> element. */
export function toScriptSafeJson(v: unknown, indent?: string): string {
  const text = JSON.stringify(v === MISSING ? null : v, undefined, indent) ?? ''
  return text.indexOf('</') === -1 ? text : text.replace(/<\//g, '<\\/')
}
