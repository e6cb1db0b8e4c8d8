/**
 * The token patterns of the tag language, as sticky regular expressions so a matcher can test
 * them at any offset without slicing the source.
 */

const WORD = '[a-zA-Z][a-zA-Z0-9_-]*'
/** A path segment: digits, a name (optionally `@`- or `$`-prefixed) or a bare `@`. */
const SEGMENT = `(?:\\d+|[@$]?${WORD}|@)`

export const patterns = {
  word: new RegExp(WORD, 'y'),
  /** `foo`, `foo.bar.0`, `@`, `@index`, `$foo.$bar`, `@.name`. */
  variable: new RegExp(`${SEGMENT}(?:\\.${SEGMENT})*`, 'y'),
  /** `@name`, the target of `.var`, `.ctx` and `.inject`. */
  definition: new RegExp(`@${WORD}`, 'y'),
  /** `equal?`, `greaterThanOrEqual?`. */
  predicate: new RegExp(`${WORD}\\?`, 'y'),
  /** Macro names and inject paths: `./file.json`, `person-info`, `emit.the.numbers`. */
  filePath: /[./a-zA-Z0-9_-]+/y,
  /** A formatter's arguments run to the next `|` or the end of the tag; first char is the delimiter. */
  formatterArgs: /[^|}]+/y,
  /** An instruction's arguments run to the end of the tag; first char is the delimiter. */
  instructionArgs: /[^}]+/y,
  variableSeparator: / *, */y,
  ifOperator: /&&|\|\|/y,
  whitespace: /[ \f\n\r\t\v]+/y,
} as const

const DIGITS = /^\d+$/

/**
 * Splits a dotted reference into a path. All-digit segments become numbers (array indices)
 * unless they would not fit a signed 32-bit integer, in which case they stay keys.
 */
export function splitPath(ref: string): (string | number)[] {
  const parts: (string | number)[] = ref.split('.')
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string
    if (DIGITS.test(part)) {
      const n = Number.parseInt(part, 10)
      if (n <= 0x7fffffff) parts[i] = n
    }
  }
  return parts
}

/** Splits raw arguments whose first character is the delimiter: ` a b` → [a, b], `:a:b` → [a, b]. */
export function splitArgs(raw: string): string[] {
  const parts = raw.slice(1).split(raw.charAt(0))
  return parts.length === 1 && parts[0] === '' ? [] : parts
}
