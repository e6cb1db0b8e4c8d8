/**
 * Compiles a `.eval` / expression source into reverse Polish notation (shunting-yard), one list
 * per `;`-separated statement. Tokenizing stops at the first error; an expression with an
 * error compiles to null and renders nothing. Messages are the platform spec's (§8).
 */
import { type ErrorCode, makeError, messages, type TemplateError } from './errors'
import { CONSTANTS, FUNCTION_NAMES, OPERATORS, Oper } from './expression.ops'
import { type ExprToken, Tok } from './opcodes'
import { patterns, splitPath } from './patterns'

export interface ParsedExpression {
  code: ExprToken[][] | null
  errors: TemplateError[]
}

const LINE_BREAK_NAMES: Record<string, string> = { '\n': 'line feed', '\r': 'carriage return' }

/** Scanner state for one expression. */
interface Scan {
  src: string
  tokens: ExprToken[]
  error: TemplateError | null
  maxTokens: number
}

/** Records the first error; scanning stops there. */
function fail(s: Scan, code: ErrorCode, message: string): void {
  if (s.error === null) s.error = makeError(code, 'syntax', message)
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
}

function hexEnd(src: string, i: number, limit: number): number {
  while (i < limit && isHex(src.charCodeAt(i))) i++
  return i
}

/** A number token; values JSON cannot hold are stored as named constants. */
function numberToken(n: number): ExprToken {
  if (Number.isFinite(n)) return [Tok.NUM, n]
  return [Tok.CONST, Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity']
}

function constantToken(name: string): ExprToken {
  const v = CONSTANTS[name]
  if (v === null) return [Tok.NULL]
  if (typeof v === 'boolean') return [Tok.BOOL, v]
  return numberToken(v as number)
}

/** Appends a token, turning `+`/`-` into unary forms and `name(` into a call. */
function push(s: Scan, t: ExprToken): void {
  if (s.error !== null) return
  const prev = s.tokens[s.tokens.length - 1]
  if (t[0] === Tok.OP && (t[1] === Oper.ADD || t[1] === Oper.SUB)) {
    if (prev === undefined || (prev[0] === Tok.OP && prev[1] !== Oper.RPRN)) {
      t = [Tok.OP, t[1] === Oper.ADD ? Oper.PLUS : Oper.MINUS]
    }
  } else if (t[0] === Tok.OP && t[1] === Oper.LPRN && prev !== undefined && prev[0] === Tok.VAR) {
    const path = prev[1]
    if (path.length === 1 && typeof path[0] === 'string') {
      if (!FUNCTION_NAMES.has(path[0])) {
        fail(s, 'INVALID_FUNCTION', messages.INVALID_FUNCTION(path[0]))
        return
      }
      s.tokens[s.tokens.length - 1] = [Tok.CALL, path[0]]
    }
  }
  s.tokens.push(t)
  if (s.maxTokens > 0 && s.tokens.length > s.maxTokens)
    fail(s, 'TOO_MANY_TOKENS', messages.TOO_MANY_TOKENS(s.maxTokens))
}

/**
 * Scans a decimal number from `i`; returns its end, or a negative code: -2 no digit after the
 * exponent, -3 a second decimal point, -4 a decimal point in the exponent.
 */
export function decimalEnd(src: string, i: number, len: number): number {
  let dot = false
  let exp = false
  let needDigit = false
  let sign = false
  for (; i < len; i++) {
    const c = src.charAt(i)
    if (c >= '0' && c <= '9') needDigit = false
    else if (c === '.') {
      if (dot) return -3
      if (exp) return -4
      dot = true
    } else if (c === 'e' || c === 'E') {
      if (exp) break
      exp = true
      needDigit = true
    } else if ((c === '-' || c === '+') && exp && needDigit && !sign) sign = true
    else break
  }
  return needDigit ? -2 : i
}

function scanNumber(s: Scan, i: number, len: number): number {
  const src = s.src
  const c1 = src.charAt(i + 1)
  if (src.charAt(i) === '0' && (c1 === 'x' || c1 === 'X')) {
    const end = hexEnd(src, i + 2, len)
    if (end === i + 2) {
      fail(s, 'HEX_DIGITS_EXPECTED', messages.HEX_DIGITS_EXPECTED())
      return -1
    }
    push(s, numberToken(Number.parseInt(src.slice(i + 2, end), 16)))
    return end
  }
  const end = decimalEnd(src, i, len)
  if (end < 0) {
    const code =
      end === -2
        ? 'EXPONENT_DIGIT_EXPECTED'
        : end === -3
          ? 'DUPLICATE_DECIMAL_POINT'
          : 'DECIMAL_POINT_IN_EXPONENT'
    fail(s, code, messages[code]())
    return -1
  }
  push(s, numberToken(Number.parseFloat(src.slice(i, end))))
  return end
}

/** Control characters (other than tab and line breaks) and out-of-range code points decode to a space. */
function decodeCodePoint(code: number): string {
  if (code <= 0x08 || (code >= 0x0e && code < 0x20) || code > 0x10ffff) return ' '
  return String.fromCodePoint(code)
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', f: '\f', r: '\r' }

/** Scans a quoted string starting after the opening quote; returns the index after the closing one. */
function scanString(s: Scan, i: number, len: number, quote: string): number {
  const src = s.src
  let out = ''
  while (i < len) {
    const c = src.charAt(i)
    if (c === '\\' && i + 1 < len) {
      const e = src.charAt(i + 1)
      if (e === 'x') {
        const start = i + 2
        if (start + 2 >= len || hexEnd(src, start, start + 2) !== start + 2) {
          fail(s, 'INVALID_HEX_ESCAPE', messages.INVALID_HEX_ESCAPE())
          return -1
        }
        out += decodeCodePoint(Number.parseInt(src.slice(start, start + 2), 16))
        i = start + 2
        continue
      }
      if (e === 'u' || e === 'U') {
        const start = i + 2
        const limit = start + (e === 'u' ? 4 : 8)
        if (hexEnd(src, start, Math.min(limit, len)) !== limit) {
          fail(s, 'INVALID_UNICODE_ESCAPE', messages.INVALID_UNICODE_ESCAPE())
          return -1
        }
        out += decodeCodePoint(Number.parseInt(src.slice(start, limit), 16))
        i = limit
        continue
      }
      out += SIMPLE_ESCAPES[e] ?? e
      i += 2
      continue
    }
    if (c === quote) {
      push(s, [Tok.STR, out])
      return i + 1
    }
    const lineBreak = LINE_BREAK_NAMES[c]
    if (lineBreak !== undefined) {
      fail(s, 'BARE_LINE_BREAK', messages.BARE_LINE_BREAK(lineBreak))
      return -1
    }
    out += c
    i++
  }
  fail(s, 'UNTERMINATED_STRING', messages.UNTERMINATED_STRING())
  return -1
}

/** Punctuation operators: the longest spelling first. */
const PUNCTUATION: [string, number][] = [
  ['===', Oper.SEQ],
  ['!==', Oper.SNEQ],
  ['**', Oper.POW],
  ['==', Oper.EQ],
  ['!=', Oper.NEQ],
  ['<<', Oper.SHL],
  ['>>', Oper.SHR],
  ['<=', Oper.LTEQ],
  ['>=', Oper.GTEQ],
  ['&&', Oper.LAND],
  ['||', Oper.LOR],
  ['*', Oper.MUL],
  ['/', Oper.DIV],
  ['%', Oper.MOD],
  ['+', Oper.ADD],
  ['-', Oper.SUB],
  ['=', Oper.ASN],
  ['!', Oper.LNOT],
  ['<', Oper.LT],
  ['>', Oper.GT],
  ['~', Oper.BNOT],
  ['&', Oper.BAND],
  ['|', Oper.BOR],
  ['^', Oper.BXOR],
  [',', Oper.COMMA],
  [';', Oper.SEMI],
  ['(', Oper.LPRN],
  [')', Oper.RPRN],
]

function tokenize(s: Scan): void {
  const src = s.src
  const len = src.length
  let i = 0
  while (i < len && s.error === null) {
    const c = src.charAt(i)
    if (c >= '0' && c <= '9') {
      i = scanNumber(s, i, len)
      if (i < 0) return
      continue
    }
    if (c === '"' || c === "'") {
      i = scanString(s, i + 1, len, c)
      if (i < 0) return
      continue
    }
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\u00a0') {
      i++
      continue
    }
    const op = PUNCTUATION.find(([spelling]) => src.startsWith(spelling, i))
    if (op !== undefined) {
      push(s, [Tok.OP, op[1]])
      i += op[0].length
      continue
    }
    const re = patterns.variable
    re.lastIndex = i
    const m = re.exec(src)
    if (m === null) {
      fail(s, 'UNEXPECTED_CHAR', messages.UNEXPECTED_CHAR(i))
      return
    }
    i = re.lastIndex
    const path = splitPath(m[0])
    const head = path[0]
    if (path.length === 1 && typeof head === 'string' && Object.hasOwn(CONSTANTS, head))
      push(s, constantToken(head))
    else push(s, [Tok.VAR, path])
  }
}

const isOp = (t: ExprToken | undefined, op: number) => t !== undefined && t[0] === Tok.OP && t[1] === op

/** Shunting-yard: infix tokens to one RPN list per statement; null on unbalanced parentheses. */
function toRpn(tokens: ExprToken[]): { code: ExprToken[][] | null; error: string | null } {
  const code: ExprToken[][] = []
  let out: ExprToken[] = []
  const ops: ExprToken[] = []
  const flush = (): string | null => {
    for (let t = ops.pop(); t !== undefined; t = ops.pop()) {
      if (isOp(t, Oper.LPRN) || isOp(t, Oper.RPRN))
        return messages.MISMATCHED_OPERATOR(t[1] === Oper.LPRN ? '(' : ')')
      out.push(t)
    }
    if (out.length > 0) code.push(out)
    return null
  }
  for (const t of tokens) {
    if (t[0] === Tok.CALL) {
      out.push([Tok.ARGS])
      ops.push(t)
      continue
    }
    if (t[0] !== Tok.OP) {
      out.push(t)
      continue
    }
    const op = t[1]
    if (op === Oper.SEMI) {
      const error = flush()
      if (error !== null) return { code: null, error }
      out = []
    } else if (op === Oper.LPRN) ops.push(t)
    else if (op === Oper.COMMA || op === Oper.RPRN) {
      while (ops.length > 0 && !isOp(ops[ops.length - 1], Oper.LPRN)) out.push(ops.pop() as ExprToken)
      if (op === Oper.RPRN) {
        if (ops.length === 0) return { code: null, error: messages.MISMATCHED_OPERATOR(')') }
        ops.pop()
        const top = ops[ops.length - 1]
        if (top !== undefined && top[0] === Tok.CALL) out.push(ops.pop() as ExprToken)
      }
    } else {
      const me = OPERATORS[op] as (typeof OPERATORS)[number]
      for (let top = ops[ops.length - 1]; top !== undefined; top = ops[ops.length - 1]) {
        if (top[0] === Tok.OP) {
          if (top[1] === Oper.LPRN) break
          const other = OPERATORS[top[1]] as (typeof OPERATORS)[number]
          if (!(other.prec > me.prec || (other.prec === me.prec && !other.right))) break
        }
        out.push(ops.pop() as ExprToken)
      }
      ops.push(t)
    }
  }
  const error = flush()
  return error === null ? { code, error: null } : { code: null, error }
}

/**
 * Parses an expression. `maxTokens` (0 = unlimited) caps how many tokens it may contain.
 */
export function parseExpression(src: string, maxTokens: number): ParsedExpression {
  const s: Scan = { src, tokens: [], error: null, maxTokens }
  tokenize(s)
  if (s.error !== null) return { code: null, errors: [s.error] }
  const { code, error } = toRpn(s.tokens)
  return error === null
    ? { code, errors: [] }
    : { code: null, errors: [makeError('MISMATCHED_OPERATOR', 'syntax', error)] }
}
