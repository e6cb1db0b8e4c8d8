/**
 * Evaluates a compiled expression (see expression.parse.ts) with JavaScript semantics: `+`
 * concatenates when either side is a string, `==` is loose, `===` strict. Variables resolve
 * against the template context; objects and arrays are not values here. An assignment ends its
 * statement without a result; the last statement's result is the expression's output.
 */

import { MISSING } from '../shared/json'
import { type ErrorCode, messages } from './errors'
import { OPERATORS, Oper } from './expression.ops'
import { type ExprToken, Tok } from './opcodes'
import { Head, type LinkedPath, linkPath } from './paths'

/** A scalar expression value. */
export type Literal = number | string | boolean | null

/** What an expression needs from the renderer. */
export interface ExprScope {
  resolveLinked(path: LinkedPath): unknown
  setVar(name: string, value: unknown): void
  fail(code: ErrorCode, message: string): void
}

/** A variable reference not resolved yet (an assignment needs the name, not the value). */
interface VarRef {
  path: LinkedPath
}
/** Marks where a call's arguments begin. */
const ARGS_MARK = { args: true } as const
type Slot = Literal | VarRef | typeof ARGS_MARK | undefined

/**
 * A compiled token ready to run: operands are pushed as they are (literals, or a VarRef made
 * once at link time); `op` is an operator id, or -1 for a call, -2 for the argument mark.
 */
interface RunToken {
  op: number
  value: Slot
  name: string
}

/** A linked expression: one token list per statement. */
export type LinkedExpr = RunToken[][]

const OPERAND = -3
const CALL = -1
const ARGS = -2

const CONSTANT_VALUES: Record<string, number> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
}

/** Turns a stack slot into a scalar, resolving variables; undefined for non-scalars. */
function literal(scope: ExprScope, slot: Slot): Literal | undefined {
  if (slot === undefined || slot === null) return slot
  if (typeof slot !== 'object') return slot
  if (slot === ARGS_MARK) return undefined
  const v = scope.resolveLinked((slot as VarRef).path)
  if (v === MISSING || v === null) return null
  switch (typeof v) {
    case 'number':
    case 'string':
    case 'boolean':
      return v
    default:
      return undefined
  }
}

const HEX_NUMBER = /^[-+]?0[xX][0-9a-fA-F]+$/
const DECIMAL_NUMBER = /^[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?$/

/** Number of a scalar; strings must be a whole decimal or hex number, else NaN. */
export function toNumber(v: Literal): number {
  switch (typeof v) {
    case 'number':
      return v
    case 'boolean':
      return v ? 1 : 0
    case 'string':
      if (v === '') return 0
      if (HEX_NUMBER.test(v)) return Number.parseInt(v, 16)
      return DECIMAL_NUMBER.test(v) ? Number.parseFloat(v) : Number.NaN
    default:
      return 0
  }
}

function toBool(v: Literal): boolean {
  return typeof v === 'boolean' ? v : v === null ? false : !!v
}

function toStr(v: Literal): string {
  return v === null ? 'null' : String(v)
}

function pickNumber(args: Literal[], better: (a: number, b: number) => boolean): Literal | undefined {
  if (args.length === 0) return undefined
  let best = toNumber(args[0] as Literal)
  for (let i = 1; i < args.length; i++) {
    const n = toNumber(args[i] as Literal)
    if (!better(best, n)) best = n
  }
  return best
}

/** The built-in functions; undefined means "no result" and is reported as a failed call. */
const FUNCTIONS: Record<string, (args: Literal[]) => Literal | undefined> = {
  max: (args) => pickNumber(args, (a, b) => a > b),
  min: (args) => pickNumber(args, (a, b) => a < b),
  abs: (args) => (args.length > 0 ? Math.abs(toNumber(args[0] as Literal)) : undefined),
  num: (args) => (args.length > 0 ? toNumber(args[0] as Literal) : undefined),
  str: (args) => (args.length > 0 ? toStr(args[0] as Literal) : undefined),
  bool: (args) => (args.length > 0 ? toBool(args[0] as Literal) : undefined),
}

/** Applies a binary operator; `undefined` only for an unknown operator id. */
function binary(op: number, a: Literal, b: Literal, maxLen: number, scope: ExprScope): Literal | undefined {
  switch (op) {
    case Oper.MUL:
      return toNumber(a) * toNumber(b)
    case Oper.DIV:
      return toNumber(a) / toNumber(b)
    case Oper.MOD:
      return toNumber(a) % toNumber(b)
    case Oper.POW:
      return toNumber(a) ** toNumber(b)
    case Oper.ADD: {
      if (typeof a !== 'string' && typeof b !== 'string') return toNumber(a) + toNumber(b)
      const x = toStr(a)
      const y = toStr(b)
      if (maxLen > 0 && x.length + y.length > maxLen) {
        scope.fail('STRING_TOO_LONG', messages.STRING_TOO_LONG(maxLen))
        return undefined
      }
      return x + y
    }
    case Oper.SUB:
      return toNumber(a) - toNumber(b)
    case Oper.SHL:
      return toNumber(a) << toNumber(b)
    case Oper.SHR:
      return toNumber(a) >> toNumber(b)
    // Comparisons and equality follow JavaScript's own rules for mixed types, on purpose.
    case Oper.LT:
      return (a as number) < (b as number)
    case Oper.GT:
      return (a as number) > (b as number)
    case Oper.LTEQ:
      return (a as number) <= (b as number)
    case Oper.GTEQ:
      return (a as number) >= (b as number)
    case Oper.EQ:
      // biome-ignore lint/suspicious/noDoubleEquals: the language's == is JavaScript's loose equality
      return a == b
    case Oper.NEQ:
      // biome-ignore lint/suspicious/noDoubleEquals: the language's != is JavaScript's loose inequality
      return a != b
    case Oper.SEQ:
      return a === b
    case Oper.SNEQ:
      return a !== b
    case Oper.BAND:
      return toNumber(a) & toNumber(b)
    case Oper.BXOR:
      return toNumber(a) ^ toNumber(b)
    case Oper.BOR:
      return toNumber(a) | toNumber(b)
    case Oper.LAND:
      return toBool(a) && toBool(b)
    case Oper.LOR:
      return toBool(a) || toBool(b)
    default:
      return undefined
  }
}

function unary(op: number, v: Literal): Literal {
  switch (op) {
    case Oper.MINUS:
      return -1 * toNumber(v)
    case Oper.PLUS:
      return toNumber(v)
    case Oper.LNOT:
      return !toBool(v)
    default:
      return ~toNumber(v)
  }
}

function linkToken(t: ExprToken): RunToken {
  switch (t[0]) {
    case Tok.NUM:
    case Tok.STR:
    case Tok.BOOL:
      return { op: OPERAND, value: t[1], name: '' }
    case Tok.NULL:
      return { op: OPERAND, value: null, name: '' }
    case Tok.CONST:
      return { op: OPERAND, value: CONSTANT_VALUES[t[1]] ?? Number.NaN, name: '' }
    case Tok.VAR:
      return { op: OPERAND, value: { path: linkPath(t[1]) }, name: '' }
    case Tok.ARGS:
      return { op: ARGS, value: undefined, name: '' }
    case Tok.CALL:
      return { op: CALL, value: undefined, name: t[1] }
    default:
      return { op: t[1], value: undefined, name: '' }
  }
}

/** True when a linked expression contains an assignment (so it may define variables). */
export function assigns(code: LinkedExpr): boolean {
  return code.some((rpn) => rpn.some((t) => t.op === Oper.ASN))
}

/** Prepares a compiled expression for evaluation (done once, when a template is linked). */
export function linkExpression(code: readonly ExprToken[][]): LinkedExpr {
  return code.map((rpn) => rpn.map(linkToken))
}

/** Evaluates one statement; returns its scalar result or undefined (assignment, error, nothing). */
function statement(rpn: readonly RunToken[], scope: ExprScope, maxLen: number): Literal | undefined {
  // The commonest statement, two operands and a binary operator (`price / 100`), without a stack.
  if (rpn.length === 3) {
    const x = rpn[0] as RunToken
    const y = rpn[1] as RunToken
    const op = (rpn[2] as RunToken).op
    if (x.op === OPERAND && y.op === OPERAND && op > Oper.BNOT && op !== Oper.ASN) {
      const b = literal(scope, y.value)
      const a = literal(scope, x.value)
      if (a !== undefined && b !== undefined) return binary(op, a, b, maxLen, scope)
      scope.fail('INVALID_OPERANDS', messages.INVALID_OPERANDS(OPERATORS[op]?.symbol ?? '?'))
      return undefined
    }
  }
  const stack: Slot[] = []
  for (let k = 0; k < rpn.length; k++) {
    const t = rpn[k] as RunToken
    const op = t.op
    if (op === OPERAND) {
      stack.push(t.value)
      continue
    }
    if (op === ARGS) {
      stack.push(ARGS_MARK)
      continue
    }
    if (op === CALL) {
      const args: Literal[] = []
      while (stack.length > 0) {
        const slot = stack.pop()
        if (slot === ARGS_MARK) break
        const v = literal(scope, slot)
        if (v !== undefined) args.push(v)
      }
      args.reverse()
      const fn = FUNCTIONS[t.name]
      const r = fn === undefined ? undefined : fn(args)
      if (r === undefined) {
        scope.fail('FUNCTION_FAILED', messages.FUNCTION_FAILED(t.name))
        return undefined
      }
      stack.push(r)
      continue
    }
    if (op <= Oper.BNOT) {
      // Unary operators rewrite the top of the stack; with nothing there they yield nothing.
      if (stack.length === 0) continue
      const v = literal(scope, stack[stack.length - 1])
      stack[stack.length - 1] = v === undefined ? undefined : unary(op, v)
      continue
    }
    if (op === Oper.ASN) {
      const value = literal(scope, stack.pop())
      const target = stack.pop()
      if (value !== undefined && typeof target === 'object' && target !== null && 'path' in target) {
        const p = target.path
        if (p.kind === Head.VAR && p.rest.length === 0) scope.setVar(p.head as string, value)
      }
      return undefined
    }
    const b = literal(scope, stack.pop())
    const a = literal(scope, stack.pop())
    if (a === undefined || b === undefined) {
      scope.fail('INVALID_OPERANDS', messages.INVALID_OPERANDS(OPERATORS[op]?.symbol ?? '?'))
      return undefined
    }
    const r = binary(op, a, b, maxLen, scope)
    if (r === undefined) return undefined
    stack.push(r)
  }
  if (stack.length === 0) return undefined
  const top = stack[stack.length - 1]
  if (top === undefined) return undefined
  const v = literal(scope, top)
  if (v === undefined) scope.fail('REDUCE_ERROR', messages.REDUCE_ERROR())
  return v
}

/**
 * Runs every statement in order and returns the last one's value (undefined when it has
 * none). `maxStringLength` (0 = unlimited) caps strings built by `+`.
 */
export function evaluate(code: LinkedExpr, scope: ExprScope, maxStringLength: number): Literal | undefined {
  let result: Literal | undefined
  for (const rpn of code) result = statement(rpn, scope, maxStringLength)
  return result
}
