/**
 * ICU-style messages (`The {0 selectordinal one{#st} other{#th}} item is a {1}.`): parsed as
 * the reference's message parser (@phensley/messageformat) parses them, so a message prints
 * the same in both engines, malformed ones included: a `{` without its `}` is text, a tag that
 * is not an argument prints nothing at the top level and its inside within a plural, `{-x}`
 * prints `{x}`, apostrophes quote, `#` in a plural or select case is the number. The parsed
 * form is kept in a bounded cache; i18n.ts evaluates it.
 */
import { BoundedCache } from '../../../shared/bounded-cache'
import { MESSAGE_FORMATTER_CACHE_SIZE } from '../../../shared/enumerations'

/** An argument: a position (`0`) or a name (`count`). */
export type MessageArgName = string | number

export type MessageCode =
  | { kind: 'text'; text: string }
  | { kind: 'block'; parts: MessageCode[] }
  | { kind: 'arg'; name: MessageArgName }
  /** `#` inside a plural or select case. */
  | { kind: 'argsub' }
  | {
      kind: 'plural'
      names: MessageArgName[]
      offset: number
      ordinal: boolean
      /** `=2` cases (exact, key '2') and category cases (`one`, `other`). */
      choices: { exact: boolean; key: string; code: MessageCode }[]
    }
  | { kind: 'select'; names: MessageArgName[]; choices: { key: string; code: MessageCode }[] }
  /** A sub-format: `{0 money style:code}`, `{0;1 datetime-interval yMMMd}`. */
  | { kind: 'simple'; format: string; names: MessageArgName[]; options: string[] }
  | { kind: 'noop' }

/**
 * The sub-formats a message may use: the reference's (money, currency, datetime-interval,
 * datetime, number, decimal) and `unit`, which it lacks (see deviations.ts).
 */
export const MESSAGE_FORMATS = [
  'money',
  'currency',
  'datetime-interval',
  'datetime',
  'number',
  'decimal',
  'unit',
]

const NOOP: MessageCode = { kind: 'noop' }

// The reference's patterns, used sticky (from a position, on the whole string, as it does).
const IDENTIFIER =
  /[^\t-\r \u0085\u200e\u200f\u2028\u2029\u0021-\u002f\u003a-\u0040\u005b-\u005e\u0060\u007b-\u007e\u00a1-\u00a7\u00a9\u00ab\u00ac\u00ae\u00b0\u00b1\u00b6\u00bb\u00bf\u00d7\u00f7\u2010-\u2027\u2030-\u203e\u2041-\u2053\u2055-\u205e\u2190-\u245f\u2500-\u2775\u2794-\u2bff\u2e00-\u2e7f\u3001-\u3003\u3008-\u3020\u3030\ufd3e\ufd3f\ufe45\ufe46]+/
    .source
const SPACE = /[,\s]+/y
const ARGUMENT = new RegExp(`(0[1..9]+|\\d+|${IDENTIFIER})`, 'y')
const IDENT = new RegExp(IDENTIFIER, 'y')
const OPTION = /[^\s,{}]+/y
/** `unit` is ours: its lists (`sequence:hour,minute`) keep their commas. */
const UNIT_OPTION = /[^\s{}]+/y
const OFFSET = /offset:-?\d+/y
const CHOICE = /(=\d+(\.\d+)?)|zero|one|two|few|many|other/y
// Longer names first, so a name that is a prefix of another is tried last.
const FORMAT = new RegExp(
  `(${['plural', 'select', 'selectordinal', ...MESSAGE_FORMATS].sort((a, b) => b.length - a.length).join('|')})`,
  'y',
)

/** A range of the message being parsed: `s` moves forward, `e` is the end. */
interface Range {
  s: number
  e: number
}

const flatten = (n: MessageCode[]): MessageCode =>
  n.length === 0 ? NOOP : n.length === 1 ? (n[0] as MessageCode) : { kind: 'block', parts: n }

/** Text, with each `#` an argument substitution when inside a plural or select (`argsub`). */
function textArg(s: string, argsub: boolean): MessageCode {
  if (!argsub || s.indexOf('#') === -1) return { kind: 'text', text: s }
  const n: MessageCode[] = []
  let i = 0
  let j = s.indexOf('#')
  while (j !== -1) {
    if (i < j) n.push({ kind: 'text', text: s.substring(i, j) })
    n.push({ kind: 'argsub' })
    i = j + 1
    j = s.indexOf('#', i)
  }
  if (i < s.length) n.push({ kind: 'text', text: s.substring(i) })
  return flatten(n)
}

class Parser {
  constructor(private readonly t: string) {}

  private match(re: RegExp, r: Range): string | undefined {
    re.lastIndex = r.s
    const m = re.exec(this.t)
    if (m === null) return undefined
    r.s = re.lastIndex
    return m[0]
  }

  private spaces(r: Range): boolean {
    return this.match(SPACE, r) !== undefined
  }

  private complete(r: Range): boolean {
    return r.e === r.s
  }

  outer(r: Range, argsub: boolean): MessageCode {
    const str = this.t
    const n: MessageCode[] = []
    let buf = ''
    while (r.s < r.e) {
      const c = str[r.s] as string
      if (c === '{') {
        if (buf !== '') {
          n.push(textArg(buf, argsub))
          buf = ''
        }
        const hidden = str[r.s + 1] === '-'
        const k = this.seek(r.s, r.e)
        if (k === -1) {
          n.push(textArg(str.substring(r.s, r.e), argsub))
          r.s = r.e
        } else if (hidden) {
          n.push({ kind: 'text', text: `{${str.substring(r.s + 2, k + 1)}` })
          r.s = k
        } else {
          const child = this.inner({ s: r.s + 1, e: k })
          if (child === undefined) {
            // Not an argument: nothing at the top level, its inside as text within a case.
            if (argsub && r.s + 1 !== k) n.push(textArg(str.substring(r.s + 1, k), argsub))
          } else n.push(child)
          r.s = k
        }
      } else if (c === "'") {
        if (str[r.s + 1] === "'") {
          buf += c
          r.s++
        } else {
          r.s++
          let k = str.indexOf(c, r.s)
          if (k === -1) k = r.e
          buf += str.substring(r.s, k)
          r.s = k
        }
      } else buf += c
      r.s++
    }
    if (buf !== '') n.push(textArg(buf, argsub))
    return flatten(n)
  }

  private inner(r: Range): MessageCode | undefined {
    this.spaces(r)
    const names = this.arguments(r)
    if (names === undefined) return undefined
    if (!this.spaces(r) || this.complete(r)) return { kind: 'arg', name: names[0] as MessageArgName }
    const format = this.match(FORMAT, r)
    if (format === undefined) return undefined
    this.spaces(r)
    switch (format) {
      case 'plural':
      case 'selectordinal':
        return this.plural(names, format === 'selectordinal', r)
      case 'select':
        return this.select(names, r)
      default:
        return {
          kind: 'simple',
          format,
          names,
          options: this.options(r, format === 'unit' ? UNIT_OPTION : OPTION),
        }
    }
  }

  private arguments(r: Range): MessageArgName[] | undefined {
    let names: MessageArgName[] | undefined
    do {
      const arg = this.match(ARGUMENT, r)
      if (arg === undefined) break
      const n = Number.parseInt(arg, 10)
      names ??= []
      names.push(Number.isFinite(n) ? n : arg)
      // Tuple arguments are separated by a single semicolon.
      if (this.t[r.s] !== ';') break
      r.s++
    } while (!this.complete(r))
    return names
  }

  private options(r: Range, pattern: RegExp): string[] {
    const options: string[] = []
    do {
      this.spaces(r)
      const opt = this.match(pattern, r)
      if (opt === undefined) break
      options.push(opt)
    } while (!this.complete(r))
    return options
  }

  /** A case's `{...}`: its code, or undefined when no `{` comes next. */
  private tag(r: Range): MessageCode | undefined {
    this.spaces(r)
    if (this.t[r.s] !== '{') return undefined
    const hidden = this.t[r.s + 1] === '-'
    const k = this.seek(r.s, r.e)
    // Cannot happen inside a balanced tag; guarded so a surprise cannot loop forever.
    if (k === -1) return undefined
    const code: MessageCode = hidden
      ? { kind: 'text', text: `{${this.t.substring(r.s + 2, k + 1)}` }
      : this.outer({ s: r.s + 1, e: k }, true)
    r.s = k + 1
    return code
  }

  private plural(names: MessageArgName[], ordinal: boolean, r: Range): MessageCode {
    const offsetText = this.match(OFFSET, r)
    const offset = offsetText === undefined ? 0 : Number.parseInt(offsetText.split(':')[1] as string, 10)
    this.spaces(r)
    const choices: { exact: boolean; key: string; code: MessageCode }[] = []
    do {
      const choice = this.match(CHOICE, r)
      if (choice === undefined) break
      const code = this.tag(r)
      if (code === undefined) return NOOP
      const exact = choice[0] === '='
      choices.push({ exact, key: exact ? choice.substring(1) : choice, code })
      this.spaces(r)
    } while (!this.complete(r))
    return choices.length > 0 ? { kind: 'plural', names, offset, ordinal, choices } : NOOP
  }

  private select(names: MessageArgName[], r: Range): MessageCode {
    const choices: { key: string; code: MessageCode }[] = []
    do {
      const key = this.match(IDENT, r)
      if (key === undefined) break
      const code = this.tag(r)
      if (code === undefined) return NOOP
      choices.push({ key, code })
      this.spaces(r)
    } while (!this.complete(r))
    return choices.length > 0 ? { kind: 'select', names, choices } : NOOP
  }

  /** The `}` matching the `{` at `i` (apostrophes quote), or -1 when there is none. */
  private seek(i: number, j: number): number {
    const t = this.t
    let d = 0
    while (i < j) {
      const c = t[i]
      if (c === '{') d++
      else if (c === '}') {
        d--
        if (d === 0) break
      } else if (c === "'") {
        if (t[i + 1] === "'") i++
        else {
          const k = t.indexOf(c, i + 1)
          if (k === -1) return -1
          i = k
        }
      }
      i++
    }
    return d !== 0 ? -1 : i
  }
}

const parsed = new BoundedCache<MessageCode>(MESSAGE_FORMATTER_CACHE_SIZE)

/** The parsed form of a message, from the cache when it was seen recently. */
export function parseMessage(src: string): MessageCode {
  return parsed.get(src) ?? parsed.set(src, new Parser(src).outer({ s: 0, e: src.length }, false))
}
