/**
 * Variable paths as the executor uses them: the head segment classified once (current value,
 * index, @-variable or key) so resolving a reference needs no string tests.
 */
import type { Path } from './opcodes'

/** How the first segment of a path resolves. */
export const Head = {
  /** `@`: the current value. */
  CURRENT: 0,
  /** `@index`: 1-based position in the nearest repeated section. */
  INDEX: 1,
  /** `@index0`: 0-based position. */
  INDEX0: 2,
  /** `@name`: a variable from `.var`, `.ctx`, `.inject`, `.eval` or `@args`. */
  VAR: 3,
  /** A key of the current value, or of an enclosing one. */
  KEY: 4,
  /** `length`: a key, or an array's length (the reference reads `node['length']`). */
  LENGTH: 5,
} as const

export interface LinkedPath {
  kind: number
  head: string | number
  rest: (string | number)[]
  raw: Path
}

/** The kind of a path's first segment. */
export function headKind(head: string | number): number {
  if (head === 'length') return Head.LENGTH
  if (typeof head !== 'string' || head.charCodeAt(0) !== 0x40) return Head.KEY
  if (head === '@') return Head.CURRENT
  if (head === '@index') return Head.INDEX
  return head === '@index0' ? Head.INDEX0 : Head.VAR
}

/** Classifies a path's head once, so resolving it needs no string tests. */
export function linkPath(raw: Path): LinkedPath {
  const head = raw[0] ?? ''
  return { kind: headKind(head), head, rest: raw.slice(1), raw }
}
