/**
 * Second stage: turns each tag from the lexer into an instruction and feeds it, with the text
 * between tags, to the assembler. A tag that is not valid syntax is not an error: it is output
 * as the literal text it was (templates are full of braces that are not tags).
 */
import { type Assembler, Event } from './assembler'
import { parseExpression } from './expression.parse'
import { Lex, lex } from './lexer'
import type { Limits } from './limits'
import {
  type FormatterCall,
  IfJoin,
  type Inst,
  Op,
  type OrInst,
  type Path,
  type PredicateInst,
} from './opcodes'
import { patterns, splitArgs, splitPath } from './patterns'

/** Read position inside one tag: `pos` moves forward, `end` is the closing brace. */
interface Cursor {
  src: string
  pos: number
  end: number
}

/** Matches a sticky pattern at the cursor (not past the tag) and advances; null when it fails. */
function take(c: Cursor, re: RegExp): string | null {
  re.lastIndex = c.pos
  const m = re.exec(c.src)
  if (m === null || re.lastIndex > c.end) return null
  c.pos = re.lastIndex
  return m[0]
}

function takeSpace(c: Cursor): boolean {
  if (c.src.charCodeAt(c.pos) !== 0x20) return false
  c.pos++
  return true
}

const done = (c: Cursor) => c.pos === c.end

/** Instruction keywords after the dot; longer keywords that share a prefix come first. */
const KEYWORDS: [string, number][] = [
  ['alternates with', -1],
  ['ctx', Op.CTXVAR],
  ['end', -2],
  ['eval', Op.EVAL],
  ['if', Op.IF],
  ['include', Op.INCLUDE],
  ['inject', Op.INJECT],
  ['macro', Op.MACRO],
  ['meta-left', -3],
  ['meta-right', -4],
  ['newline', -5],
  ['or', Op.OR_PREDICATE],
  ['repeated section', Op.REPEATED],
  ['section', Op.SECTION],
  ['space', -6],
  ['tab', -7],
  ['var', Op.BINDVAR],
]
const ALTERNATES = -1
const END = -2
/** Keywords that stand for a fixed piece of text. */
const LITERALS: Record<number, string> = { [-3]: '{', [-4]: '}', [-5]: '\n', [-6]: ' ', [-7]: '\t' }

/**
 * Parses `source` into the assembler. Expressions in `.eval` are compiled here too, within the
 * token limit, so rendering never parses.
 */
export function parse(source: string, asm: Assembler, limits: Limits): void {
  const c: Cursor = { src: source, pos: 0, end: 0 }
  lex(source, function onPiece(kind, start, end) {
    if (kind === Lex.TEXT) asm.text(source.slice(start, end))
    else if (kind === Lex.TAG && !parseTag(c, start, end, asm, limits))
      asm.text(source.slice(start - 1, end + 1))
  })
  asm.accept(Event.EOF, null, source.length)
}

function parseTag(c: Cursor, start: number, end: number, asm: Assembler, limits: Limits): boolean {
  c.pos = start
  c.end = end
  // Errors point at the opening brace.
  const offset = start - 1
  const first = c.src.charCodeAt(start)
  if (first === 0x23) return true // `{# comment}`
  if (first !== 0x2e) return parseVariable(c, asm, offset)
  c.pos++
  const predicate = parsePredicate(c, false)
  if (predicate !== null) {
    asm.accept(Event.OPEN, predicate, offset)
    return true
  }
  for (const [word, op] of KEYWORDS) {
    if (!c.src.startsWith(word, c.pos)) continue
    c.pos += word.length
    return parseKeyword(c, op, asm, offset, limits)
  }
  return false
}

function parseKeyword(c: Cursor, op: number, asm: Assembler, offset: number, limits: Limits): boolean {
  switch (op) {
    case END:
      return done(c) && asm.accept(Event.END, null, offset)
    case ALTERNATES:
      return done(c) && asm.accept(Event.ALTERNATES, null, offset)
    case Op.OR_PREDICATE: {
      const inst = parseOr(c)
      return inst !== null && asm.accept(Event.OR, inst, offset)
    }
    case Op.SECTION:
    case Op.REPEATED: {
      if (take(c, patterns.whitespace) === null) return false
      const ref = take(c, patterns.variable)
      if (ref === null || !done(c)) return false
      const path = splitPath(ref)
      return asm.accept(
        Event.OPEN,
        op === Op.SECTION ? [Op.SECTION, path, [], null] : [Op.REPEATED, path, [], null, []],
        offset,
      )
    }
    case Op.IF:
      return parseIf(c, asm, offset)
    case Op.BINDVAR: {
      const name = takeDefinition(c)
      if (name === null) return false
      const vars = takeVariables(c)
      if (vars === null) return false
      const chain = takeFormatters(c)
      return chain !== null && done(c) && asm.accept(Event.LEAF, [Op.BINDVAR, name, vars, chain], offset)
    }
    case Op.CTXVAR: {
      const name = takeDefinition(c)
      if (name === null) return false
      const bindings = takeBindings(c)
      return bindings !== null && done(c) && asm.accept(Event.LEAF, [Op.CTXVAR, name, bindings], offset)
    }
    case Op.EVAL: {
      if (take(c, patterns.whitespace) === null) return false
      const source = c.src.slice(c.pos, c.end)
      const { code, errors } = parseExpression(source, limits.maxExpressionTokens)
      for (const e of errors) asm.error(e, offset)
      return asm.accept(Event.LEAF, [Op.EVAL, code, source], offset)
    }
    case Op.INCLUDE: {
      if (c.src.charCodeAt(c.pos) !== 0x20) return false
      const args = splitArgs(c.src.slice(c.pos, c.end))
      const name = args.shift()
      return name !== undefined && name !== '' && asm.accept(Event.LEAF, [Op.INCLUDE, name, args], offset)
    }
    case Op.INJECT: {
      const name = takeDefinition(c)
      if (name === null) return false
      const file = take(c, patterns.filePath)
      // Anything after the path is accepted and ignored, as the references do.
      return file !== null && asm.accept(Event.LEAF, [Op.INJECT, name, file], offset)
    }
    case Op.MACRO: {
      if (!takeSpace(c)) return false
      const name = take(c, patterns.filePath)
      return name !== null && done(c) && asm.accept(Event.OPEN, [Op.MACRO, name, []], offset)
    }
    default:
      return done(c) && asm.text(LITERALS[op] ?? '')
  }
}

/** `{.or}` or `{.or name? args}`. */
function parseOr(c: Cursor): OrInst | null {
  if (done(c)) return [Op.OR_PREDICATE, null, [], [], null]
  if (!takeSpace(c)) return null
  const p = parsePredicate(c, true)
  return p === null ? null : [Op.OR_PREDICATE, p[1], p[2], [], null]
}

/** `name? args`, where the first character after `?` delimits the arguments. */
function parsePredicate(c: Cursor, required: boolean): PredicateInst | null {
  const save = c.pos
  const name = take(c, patterns.predicate)
  if (name === null) {
    if (!required) c.pos = save
    return null
  }
  const raw = take(c, patterns.instructionArgs)
  return [Op.PREDICATE, name, raw === null ? [] : splitArgs(raw), [], null]
}

/** `{.if a || b && c}` or `{.if name? args}`. */
function parseIf(c: Cursor, asm: Assembler, offset: number): boolean {
  if (take(c, patterns.whitespace) === null) return false
  const predicate = parsePredicate(c, false)
  if (predicate !== null) return asm.accept(Event.OPEN, predicate, offset)
  const joins: number[] = []
  const paths: Path[] = []
  for (;;) {
    const ref = take(c, patterns.variable)
    if (ref === null) {
      if (joins.length > 0) return false
      break
    }
    paths.push(splitPath(ref))
    take(c, patterns.whitespace)
    const join = take(c, patterns.ifOperator)
    if (join === null) break
    joins.push(join === '&&' ? IfJoin.AND : IfJoin.OR)
    take(c, patterns.whitespace)
  }
  return paths.length > 0 && done(c) && asm.accept(Event.OPEN, [Op.IF, joins, paths, [], null], offset)
}

/** `{a}`, `{a.b, c|fmt arg|fmt2}`. */
function parseVariable(c: Cursor, asm: Assembler, offset: number): boolean {
  const vars = takeVariables(c)
  if (vars === null) return false
  const chain = takeFormatters(c)
  return chain !== null && done(c) && asm.accept(Event.LEAF, [Op.VARIABLE, vars, chain], offset)
}

function takeDefinition(c: Cursor): string | null {
  if (!takeSpace(c)) return null
  const name = take(c, patterns.definition)
  return name !== null && takeSpace(c) ? name : null
}

/** One or more references separated by commas. */
function takeVariables(c: Cursor): Path[] | null {
  const out: Path[] = []
  for (;;) {
    const ref = take(c, patterns.variable)
    if (ref === null) return null
    out.push(splitPath(ref))
    const save = c.pos
    if (take(c, patterns.variableSeparator) === null || c.pos === save) {
      c.pos = save
      return out
    }
  }
}

/** `|name args|name args`; an empty list when there is no `|`; null when the chain is malformed. */
function takeFormatters(c: Cursor): FormatterCall[] | null {
  const chain: FormatterCall[] = []
  if (c.src.charCodeAt(c.pos) !== 0x7c) return chain
  // `{a||b}` is minified JavaScript, not a formatter chain.
  if (c.src.charCodeAt(c.pos + 1) === 0x7c) return null
  while (c.src.charCodeAt(c.pos) === 0x7c && c.pos < c.end) {
    c.pos++
    const name = take(c, patterns.word)
    if (name === null) return null
    const raw = take(c, patterns.formatterArgs)
    chain.push([name, raw === null ? [] : raw.slice(1).split(raw.charAt(0))])
  }
  return chain
}

/** `key=path key2=path2` separated by whitespace. */
function takeBindings(c: Cursor): [string, Path][] | null {
  const out: [string, Path][] = []
  for (;;) {
    const save = c.pos
    const key = take(c, patterns.word)
    if (key === null || c.src.charCodeAt(c.pos) !== 0x3d) {
      c.pos = save
      break
    }
    c.pos++
    const ref = take(c, patterns.variable)
    if (ref === null) {
      c.pos = save
      break
    }
    out.push([key, splitPath(ref)])
    take(c, patterns.whitespace)
  }
  return out.length > 0 ? out : null
}

export type { Inst }
