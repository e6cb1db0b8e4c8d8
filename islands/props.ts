/**
 * Island props travel from the server to the browser inside an HTML attribute as JSON. They
 * are written so that the same text is also safe inside a `<script>` element (`<`, `>`, `&`
 * and the JavaScript line separators are escaped), and read back refusing keys that could
 * reach an object's prototype.
 */

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

export type IslandProps = { [key: string]: PropValue }
export type PropValue = string | number | boolean | null | PropValue[] | { [key: string]: PropValue }

function checkValue(value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Island prop ${path} is not a finite number`)
    return
  }
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) checkValue(entry, `${path}[${index}]`)
    return
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, entry] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(key)) throw new TypeError(`Island prop ${path}.${key} uses a forbidden key`)
      checkValue(entry, `${path}.${key}`)
    }
    return
  }
  throw new TypeError(`Island prop ${path} is not plain JSON data (${typeof value})`)
}

const UNSAFE = /[<>&\u2028\u2029]/g
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/** JSON text that is safe inside an HTML attribute or a `<script>` element (JSON-LD too). */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (ch) => ESCAPES[ch] ?? ch)
}

/** JSON for the props attribute. Throws on anything that is not plain data. */
export function serializeProps(props: object): string {
  checkValue(props, 'props')
  return jsonForHtml(props)
}

/** Reads props back; a forbidden key anywhere is an error, not a silently dropped field. */
export function parseProps(text: string): IslandProps {
  const value: unknown = JSON.parse(text, (key, entry) => {
    if (FORBIDDEN_KEYS.has(key)) throw new TypeError(`Island props use a forbidden key: ${key}`)
    return entry
  })
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError('Island props must be a JSON object')
  }
  return value as IslandProps
}
