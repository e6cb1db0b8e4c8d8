/**
 * The compiled form of a template: a tree of plain arrays whose first element is an opcode.
 * Everything here is JSON-serialisable so a compiled template can be stored in KV beside its
 * source and rendered later without parsing.
 */

/** Opcodes of the instruction tree. The numbers are part of the stored format: never renumber. */
export const Op = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  REPEATED: 3,
  PREDICATE: 4,
  OR_PREDICATE: 5,
  IF: 6,
  BINDVAR: 7,
  CTXVAR: 8,
  EVAL: 9,
  INCLUDE: 10,
  INJECT: 11,
  MACRO: 12,
  STRUCT: 13,
} as const

/** Version of the stored format; bump when the shape of an instruction changes. */
export const FORMAT_VERSION = 1

/** True when `value` has the shape of a compiled template (e.g. read back from KV). */
export function isCompiledTemplate(value: unknown): value is CompiledTemplate {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { v?: unknown }).v === FORMAT_VERSION &&
    Array.isArray((value as { body?: unknown }).body)
  )
}

/** A dotted variable reference split into segments; all-digit segments are numbers. */
export type Path = (string | number)[]

/** One formatter in a chain: its name and its raw arguments (empty when none). */
export type FormatterCall = [name: string, args: string[]]

/** `{.if a || b && c}` joins its operands left to right with these. */
export const IfJoin = { OR: 0, AND: 1 } as const

export type TextInst = [typeof Op.TEXT, string]
export type VariableInst = [typeof Op.VARIABLE, Path[], FormatterCall[]]
export type SectionInst = [typeof Op.SECTION, Path, Inst[], OrInst | null]
export type RepeatedInst = [typeof Op.REPEATED, Path, Inst[], OrInst | null, Inst[]]
export type PredicateInst = [typeof Op.PREDICATE, string, string[], Inst[], OrInst | null]
/** `{.or}` (name null) or `{.or name? args}`. */
export type OrInst = [typeof Op.OR_PREDICATE, string | null, string[], Inst[], OrInst | null]
export type IfInst = [typeof Op.IF, number[], Path[], Inst[], OrInst | null]
export type BindvarInst = [typeof Op.BINDVAR, string, Path[], FormatterCall[]]
export type CtxvarInst = [typeof Op.CTXVAR, string, [string, Path][]]
/** The expression in reverse Polish notation (null when it failed to parse) and its source. */
export type EvalInst = [typeof Op.EVAL, ExprToken[][] | null, string]
export type IncludeInst = [typeof Op.INCLUDE, string, string[]]
export type InjectInst = [typeof Op.INJECT, string, string]
export type MacroInst = [typeof Op.MACRO, string, Inst[]]
export type StructInst = [typeof Op.STRUCT, Inst[]]

export type Inst =
  | TextInst
  | VariableInst
  | SectionInst
  | RepeatedInst
  | PredicateInst
  | OrInst
  | IfInst
  | BindvarInst
  | CtxvarInst
  | EvalInst
  | IncludeInst
  | InjectInst
  | MacroInst
  | StructInst

/** Kinds of token in a compiled expression. */
export const Tok = {
  NUM: 0,
  STR: 1,
  BOOL: 2,
  NULL: 3,
  /** A named constant whose value JSON cannot hold (NaN, Infinity) or that reads better by name. */
  CONST: 4,
  VAR: 5,
  OP: 6,
  CALL: 7,
  /** Marks where a function call's arguments start on the evaluation stack. */
  ARGS: 8,
} as const

export type ExprToken =
  | [typeof Tok.NUM, number]
  | [typeof Tok.STR, string]
  | [typeof Tok.BOOL, boolean]
  | [typeof Tok.NULL]
  | [typeof Tok.CONST, string]
  | [typeof Tok.VAR, Path]
  | [typeof Tok.OP, number]
  | [typeof Tok.CALL, string]
  | [typeof Tok.ARGS]

/** A compiled template: what `compile()` returns and what may be stored in KV. */
export interface CompiledTemplate {
  v: typeof FORMAT_VERSION
  body: Inst[]
}
