/**
 * Operators of the `.eval` expression language, with JavaScript's precedence and
 * associativity. Shared by the expression parser and evaluator; ids are part of the stored
 * format of compiled expressions.
 */

export const Oper = {
  PLUS: 0,
  MINUS: 1,
  LNOT: 2,
  BNOT: 3,
  POW: 4,
  MUL: 5,
  DIV: 6,
  MOD: 7,
  ADD: 8,
  SUB: 9,
  SHL: 10,
  SHR: 11,
  LT: 12,
  GT: 13,
  LTEQ: 14,
  GTEQ: 15,
  EQ: 16,
  NEQ: 17,
  SEQ: 18,
  SNEQ: 19,
  BAND: 20,
  BXOR: 21,
  BOR: 22,
  LAND: 23,
  LOR: 24,
  ASN: 25,
  SEMI: 26,
  COMMA: 27,
  LPRN: 28,
  RPRN: 29,
} as const

export interface OperatorInfo {
  prec: number
  right: boolean
  symbol: string
}

function info(prec: number, right: boolean, symbol: string): OperatorInfo {
  return { prec, right, symbol }
}

/** Indexed by operator id. Unary plus and minus print as `+`/`-` like their binary forms. */
export const OPERATORS: readonly OperatorInfo[] = [
  info(17, true, '+'),
  info(17, true, '-'),
  info(17, true, '!'),
  info(17, true, '~'),
  info(16, true, '**'),
  info(15, false, '*'),
  info(15, false, '/'),
  info(15, false, '%'),
  info(14, false, '+'),
  info(14, false, '-'),
  info(13, false, '<<'),
  info(13, false, '>>'),
  info(12, false, '<'),
  info(12, false, '>'),
  info(12, false, '<='),
  info(12, false, '>='),
  info(11, false, '=='),
  info(11, false, '!='),
  info(11, false, '==='),
  info(11, false, '!=='),
  info(10, false, '&'),
  info(9, false, '^'),
  info(8, false, '|'),
  info(7, false, '&&'),
  info(6, false, '||'),
  info(3, true, '='),
  info(1, false, ';'),
  info(1, true, ','),
  info(1, false, '('),
  info(1, false, ')'),
]

/** The only functions an expression may call (platform spec §5). */
export const FUNCTION_NAMES: ReadonlySet<string> = new Set(['max', 'min', 'abs', 'num', 'str', 'bool'])

/** Named constants; a bare reference with one of these names is the constant, not a variable. */
export const CONSTANTS: Readonly<Record<string, null | boolean | number>> = {
  null: null,
  true: true,
  false: false,
  PI: Math.PI,
  E: Math.E,
  Infinity: Number.POSITIVE_INFINITY,
  NaN: Number.NaN,
}
