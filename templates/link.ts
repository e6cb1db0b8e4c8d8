/**
 * Fourth stage, done once per compiled template and engine: turns the JSON instruction tree
 * into the executor's form. Formatter and predicate names are looked up in the registry here,
 * their arguments prepared, and every variable path pre-classified, so rendering does no name
 * lookups or string work. All linked nodes share one object shape, which keeps the executor's
 * property reads monomorphic (fast) in V8.
 */
import { assigns, type LinkedExpr, linkExpression } from './expression.eval'
import { type FormatterCall, type Inst, Op, type OrInst } from './opcodes'
import { Head, type LinkedPath, linkPath } from './paths'
import type { AnyFormatter, AnyPredicate, Registry } from './registry'

export interface LinkedCall {
  name: string
  fn: AnyFormatter
  args: unknown
}

/** One executable instruction. Fields not used by an opcode hold empty defaults. */
export interface Linked {
  op: number
  /** Text, or the name of a variable, macro, partial or predicate; the source of an expression. */
  text: string
  path: LinkedPath
  paths: LinkedPath[]
  chain: LinkedCall[]
  /** Name of an unknown formatter or predicate, reported at render time; null when all known. */
  unknown: string | null
  body: Linked[]
  alt: Linked | null
  between: Linked[]
  joins: number[]
  predicate: AnyPredicate | null
  args: unknown
  bindings: [string, LinkedPath][]
  code: LinkedExpr | null
  /** Include: print the partial's output. Eval: the expression assigns variables. */
  flag: boolean
  /** Units of work an expression costs when it runs (its tokens); 0 for other instructions. */
  cost: number
}

const NO_PATH: LinkedPath = { kind: Head.KEY, head: '', rest: [], raw: [] }
const EMPTY: never[] = []

function node(op: number): Linked {
  return {
    op,
    text: '',
    path: NO_PATH,
    paths: EMPTY,
    chain: EMPTY,
    unknown: null,
    body: EMPTY,
    alt: null,
    between: EMPTY,
    joins: EMPTY,
    predicate: null,
    args: EMPTY,
    bindings: EMPTY,
    code: null,
    flag: false,
    cost: 0,
  }
}

/** Prepared arguments per formatter or predicate, by argument list; bounded, settled values. */
const preparedArgs = new WeakMap<object, Map<string, unknown>>()
const PREPARED_PER_PLUGIN = 256

/**
 * `plugin.prepare(args)`, shared by every call site with the same arguments, in every template
 * and every compile of it. Besides saving the parsing, the same arguments are the same object,
 * which is what the date and number formatters key their caches of finished text on: a
 * template rendered from source finds the texts its previous render made.
 */
function prepare(plugin: AnyFormatter | AnyPredicate, args: string[]): unknown {
  if (plugin.prepare === undefined) return args
  let byArgs = preparedArgs.get(plugin)
  if (byArgs === undefined) {
    byArgs = new Map()
    preparedArgs.set(plugin, byArgs)
  }
  // The count keeps [] apart from [''] (a trailing space in the tag).
  const key = `${args.length}\u0000${args.join('\u0000')}`
  let prepared = byArgs.get(key)
  if (prepared === undefined && !byArgs.has(key)) {
    prepared = plugin.prepare(args)
    if (byArgs.size >= PREPARED_PER_PLUGIN) byArgs.clear()
    byArgs.set(key, prepared)
  }
  return prepared
}

function linkChain(calls: FormatterCall[], registry: Registry, target: Linked): void {
  const chain: LinkedCall[] = []
  for (const [name, args] of calls) {
    const fn = registry.formatters.get(name)
    if (fn === undefined) {
      target.unknown ??= name
      continue
    }
    chain.push({ name, fn, args: prepare(fn, args) })
  }
  target.chain = chain
}

function linkOr(inst: OrInst | null, registry: Registry): Linked | null {
  return inst === null ? null : linkInst(inst, registry)
}

function linkPredicate(
  op: number,
  name: string | null,
  args: string[],
  registry: Registry,
  target: Linked,
): void {
  target.op = op
  if (name === null) return
  target.text = name
  const p = registry.predicates.get(name)
  if (p === undefined) target.unknown = name
  else {
    target.predicate = p
    target.args = prepare(p, args)
  }
}

function linkInst(inst: Inst, registry: Registry): Linked {
  const n = node(inst[0])
  switch (inst[0]) {
    case Op.TEXT:
      n.text = inst[1]
      break
    case Op.VARIABLE:
      n.paths = inst[1].map(linkPath)
      linkChain(inst[2], registry, n)
      break
    case Op.SECTION:
      n.path = linkPath(inst[1])
      n.body = linkBody(inst[2], registry)
      n.alt = linkOr(inst[3], registry)
      break
    case Op.REPEATED:
      n.path = linkPath(inst[1])
      n.body = linkBody(inst[2], registry)
      n.alt = linkOr(inst[3], registry)
      n.between = linkBody(inst[4], registry)
      break
    case Op.PREDICATE:
    case Op.OR_PREDICATE:
      linkPredicate(inst[0], inst[1], inst[2], registry, n)
      n.body = linkBody(inst[3], registry)
      n.alt = linkOr(inst[4], registry)
      break
    case Op.IF:
      n.joins = inst[1]
      n.paths = inst[2].map(linkPath)
      n.body = linkBody(inst[3], registry)
      n.alt = linkOr(inst[4], registry)
      break
    case Op.BINDVAR:
      n.text = inst[1]
      n.paths = inst[2].map(linkPath)
      linkChain(inst[3], registry, n)
      break
    case Op.CTXVAR:
      n.text = inst[1]
      n.bindings = inst[2].map(([key, path]): [string, LinkedPath] => [key, linkPath(path)])
      break
    case Op.EVAL:
      n.code = inst[1] === null ? null : linkExpression(inst[1])
      n.flag = n.code !== null && assigns(n.code)
      n.cost = n.code === null ? 0 : n.code.reduce((sum, statement) => sum + statement.length, 0)
      n.text = inst[2]
      break
    case Op.INCLUDE:
      n.text = inst[1]
      n.flag = inst[2].includes('output')
      break
    case Op.INJECT:
      n.text = inst[1]
      n.args = inst[2]
      break
    case Op.MACRO:
      n.text = inst[1]
      n.body = linkBody(inst[2], registry)
      break
    case Op.STRUCT:
      n.body = linkBody(inst[1], registry)
      break
  }
  return n
}

/** Links a block of instructions. */
export function linkBody(body: readonly Inst[], registry: Registry): Linked[] {
  const out: Linked[] = new Array(body.length)
  for (let i = 0; i < body.length; i++) out[i] = linkInst(body[i] as Inst, registry)
  return out
}
