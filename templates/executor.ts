/**
 * Last stage: runs linked instructions against JSON data, one dispatch per opcode. All state of
 * one render lives in a `Renderer`; frames are pooled and reused, and values stay plain JSON,
 * so the hot path allocates little beyond the output string. Errors are collected, never
 * thrown: a failing formatter, predicate or partial leaves its own output empty and the page
 * renders on.
 *
 * The render budget (limits `maxOutputSize` and `maxWork`) is enforced here. Work is counted
 * as it is done: every instruction, formatter call and loop iteration adds a unit, and so do
 * the other costs `Limits.maxWork` lists (frames walked, long texts, `.ctx` values). Past the
 * budget, `stopped` says which one ran out and `workLimit` drops below any count, so every
 * instruction still on the stack returns at its first check: the render unwinds at once and
 * appends nothing more.
 */

import { child, isTruthy, MISSING, numberToString, walk } from '../shared/json'
import { type ErrorCode, makeError, messages, type TemplateError } from './errors'
import { type ExprScope, evaluate } from './expression.eval'
import type { Limits } from './limits'
import type { Linked } from './link'
import { IfJoin, Op, type Path } from './opcodes'
import { Head, headKind, type LinkedPath } from './paths'
import type { RenderSettings, Scope } from './registry'

/** A stack frame: the value in scope plus what was defined at this level. */
interface Frame {
  node: unknown
  /** Position while iterating a repeated section, else -1. */
  index: number
  vars: Map<string, unknown> | null
  macros: Map<string, Linked[]> | null
  /** Set by `apply ... private`: name lookups stop at this frame. */
  stop: boolean
}

/** How the renderer obtains partials; the engine implements it with its caches. */
export interface PartialSource {
  /** The linked body of a named partial, null when there is none; compile errors go to `report`. */
  get(name: string, report: (errors: readonly TemplateError[]) => void): Linked[] | null
}

const NO_EXTRA: readonly unknown[] = []

/** A formatter's string result costs one unit of work per 64 characters. */
const TEXT_UNIT_BITS = 6
const TEXT_UNIT = 1 << TEXT_UNIT_BITS

/** Which render budget ran out, if one did. */
export type RenderStopped = 'output' | 'work' | null

/** A limit of 0 means no limit. */
const limitOf = (n: number): number => (n > 0 ? n : Number.POSITIVE_INFINITY)

/** The first segment of a path (of the given head kind), looked up in one frame. */
function headIn(kind: number, head: string | number, f: Frame): unknown {
  switch (kind) {
    case Head.KEY:
      return child(f.node, head)
    case Head.LENGTH: {
      // The reference looks a name up with `node[name]`: on an array, `length` is its length
      // (`{.if length}` inside a repeated section finds the list's). Only for the first name.
      const v = child(f.node, head)
      return v === MISSING && Array.isArray(f.node) ? f.node.length : v
    }
    case Head.CURRENT:
      return f.node
    case Head.VAR: {
      const v = f.vars === null ? undefined : f.vars.get(head as string)
      return v === undefined ? MISSING : v
    }
    case Head.INDEX:
      return f.index < 0 ? MISSING : f.index + 1
    default:
      return f.index < 0 ? MISSING : f.index
  }
}

function newFrame(node: unknown): Frame {
  return { node, index: -1, vars: null, macros: null, stop: false }
}

export class Renderer implements Scope, ExprScope {
  out = ''
  /** At most `limits.maxErrors` errors; `droppedErrors` counts the rest. */
  readonly errors: TemplateError[] = []
  droppedErrors = 0
  /** Which budget stopped the render; null when it ran to the end. */
  stopped: RenderStopped = null
  /** Units of work done so far. */
  work = 0
  /** Every error reported, kept or not: how an expression knows it failed. */
  private errorCount = 0
  private readonly maxErrors: number
  /** `maxWork`, or -1 once the render has stopped (so every check fails). */
  private workLimit: number
  /** How long `out` may grow: `maxOutputSize` less the output of the callers of a partial. */
  private outLimit: number
  private readonly frames: Frame[]
  private depth = 0
  private partialDepth = 0
  private partialCalls = 0
  private readonly seenPartials = new Map<string, Linked[] | null>()
  /** How many values each `.ctx` object of this render holds, transitively. */
  private weights: WeakMap<object, number> | null = null

  constructor(
    data: unknown,
    private readonly partials: PartialSource,
    private readonly injects: Readonly<Record<string, unknown>>,
    private readonly limits: Limits,
    readonly settings: RenderSettings,
  ) {
    this.frames = [newFrame(data)]
    this.maxErrors = limitOf(limits.maxErrors)
    this.workLimit = limitOf(limits.maxWork)
    this.outLimit = limitOf(limits.maxOutputSize)
  }

  // ---- budget ----

  /** Stops the render: nothing more runs or is appended. */
  private stop(budget: 'output' | 'work'): void {
    if (this.stopped !== null) return
    this.stopped = budget
    this.workLimit = -1
  }

  /** Counts `units` of work; false (and the render stops) once past the budget. */
  private spend(units: number): boolean {
    this.work += units
    if (this.work <= this.workLimit) return true
    this.stop('work')
    return false
  }

  /** Checks the output after an append. */
  private checkOutput(): void {
    if (this.out.length > this.outLimit) this.stop('output')
  }

  // ---- Scope (for plugins) ----

  node(): unknown {
    return (this.frames[this.depth] as Frame).node
  }

  resolve(path: Path): unknown {
    return this.getRaw(path, this.depth)
  }

  resolveLinked(path: LinkedPath): unknown {
    return this.get(path, this.depth)
  }

  resolveOuter(path: Path): unknown {
    return this.getRaw(path, this.depth > 0 ? this.depth - 1 : 0)
  }

  fail(code: ErrorCode, message: string): void {
    this.errorCount++
    if (this.errors.length < this.maxErrors) this.errors.push(makeError(code, 'render', message))
    else this.droppedErrors++
  }

  setVar(name: string, value: unknown): void {
    const f = this.frames[this.depth] as Frame
    if (f.vars === null) f.vars = new Map()
    f.vars.set(name, value)
  }

  applyPartial(name: string, value: unknown, args: Record<string, string> | null, isolated: boolean): string {
    if (this.stopped !== null) return ''
    const body = this.partial(name)
    if (body === null || !this.enterPartial(name)) return ''
    const saved = this.out
    const savedLimit = this.outLimit
    // The partial's output lands after the caller's: both count against one budget.
    this.outLimit -= saved.length
    this.out = ''
    const f = this.push(value)
    f.stop = isolated
    if (args !== null) f.vars = new Map([['@args', args]])
    this.run(body)
    const text = this.out
    this.pop()
    this.out = saved
    this.outLimit = savedLimit
    this.partialDepth--
    return text
  }

  // ---- frames and resolution ----

  private push(node: unknown): Frame {
    const d = ++this.depth
    let f = this.frames[d]
    if (f === undefined) {
      f = newFrame(node)
      this.frames[d] = f
    } else {
      f.node = node
      f.index = -1
      f.vars = null
      f.macros = null
      f.stop = false
    }
    return f
  }

  private pop(): void {
    this.depth--
  }

  /** The first segment of a path, looked up in one frame. */
  private head(p: LinkedPath, f: Frame): unknown {
    return headIn(p.kind, p.head, f)
  }

  /**
   * `get` for a plain path from a plugin: classifies the head inline instead of linking the
   * path, so plugins resolving references allocate nothing.
   */
  private getRaw(path: Path, from: number): unknown {
    const head = path[0] ?? ''
    const kind = headKind(head)
    let v: unknown = MISSING
    if (kind === Head.CURRENT) v = (this.frames[from] as Frame).node
    else {
      let d = from
      for (; d >= 0; d--) {
        const f = this.frames[d] as Frame
        v = headIn(kind, head, f)
        if (v !== MISSING || f.stop) break
      }
      // Looking a name up through many frames is work too (deeply nested partials).
      if (d !== from) this.work += from - d
    }
    return path.length > 1 ? walk(v, path, 1) : v
  }

  /** Resolves a path from frame `from`: `@` is that frame's value, other heads search outward. */
  private get(p: LinkedPath, from: number): unknown {
    let v: unknown = MISSING
    if (p.kind === Head.CURRENT) v = (this.frames[from] as Frame).node
    else {
      let d = from
      for (; d >= 0; d--) {
        const f = this.frames[d] as Frame
        v = this.head(p, f)
        if (v !== MISSING || f.stop) break
      }
      if (d !== from) this.work += from - d
    }
    const rest = p.rest
    for (let i = 0; i < rest.length; i++) {
      if (v === MISSING || v === null) return MISSING
      v = child(v, rest[i] as string | number)
    }
    return v
  }

  /** What a section opens on: resolved in the current frame only, as the reference engine does. */
  private sectionValue(p: LinkedPath): unknown {
    let v = this.head(p, this.frames[this.depth] as Frame)
    const rest = p.rest
    for (let i = 0; i < rest.length; i++) {
      if (v === MISSING || v === null) return MISSING
      v = child(v, rest[i] as string | number)
    }
    return v
  }

  // ---- partials ----

  private partial(name: string): Linked[] | null {
    // Finding a macro walks the frames: counted as work by frame.
    this.work += this.depth
    for (let d = this.depth; d >= 0; d--) {
      const m = (this.frames[d] as Frame).macros
      if (m !== null) {
        const body = m.get(name)
        if (body !== undefined) return body
      }
    }
    let body = this.seenPartials.get(name)
    if (body === undefined) {
      body = this.partials.get(name, (errors) => {
        for (const e of errors)
          this.fail('PARTIAL_PARSE_FAILED', messages.PARTIAL_PARSE_FAILED(name, e.message))
      })
      this.seenPartials.set(name, body)
      if (body === null) this.fail('PARTIAL_MISSING', messages.PARTIAL_MISSING(name))
      return body
    }
    if (body === null) this.fail('PARTIAL_MISSING', messages.PARTIAL_MISSING(name))
    return body
  }

  /** Counts one partial application against the depth and total limits. */
  private enterPartial(name: string): boolean {
    const maxCalls = this.limits.maxPartialCalls
    if (maxCalls > 0 && ++this.partialCalls > maxCalls) {
      if (this.partialCalls === maxCalls + 1) this.fail('PARTIAL_CALLS', messages.PARTIAL_CALLS(maxCalls))
      return false
    }
    if (this.partialDepth >= this.limits.maxPartialDepth) {
      this.fail('PARTIAL_DEPTH', messages.PARTIAL_DEPTH(name, this.limits.maxPartialDepth))
      return false
    }
    this.partialDepth++
    return true
  }

  // ---- execution ----

  /** Runs a block. */
  run(body: readonly Linked[]): void {
    for (let i = 0; i < body.length; i++) {
      // The one budget check on the hot path: past the budget (or stopped) every block returns here.
      if (++this.work > this.workLimit) {
        this.stop('work')
        return
      }
      const inst = body[i] as Linked
      switch (inst.op) {
        case Op.TEXT:
          this.out += inst.text
          if (this.out.length > this.outLimit) this.stop('output')
          break
        case Op.VARIABLE:
          this.variable(inst)
          break
        case Op.SECTION:
          this.section(inst)
          break
        case Op.REPEATED:
          this.repeated(inst)
          break
        case Op.PREDICATE:
        case Op.OR_PREDICATE:
          this.predicate(inst)
          break
        case Op.IF:
          this.if(inst)
          break
        case Op.BINDVAR:
          this.bindvar(inst)
          break
        case Op.CTXVAR:
          this.ctxvar(inst)
          break
        case Op.EVAL:
          this.eval(inst)
          break
        case Op.INCLUDE:
          this.include(inst)
          break
        case Op.INJECT: {
          const v = this.injects[inst.args as string]
          this.setVar(inst.text, v === undefined ? MISSING : v)
          break
        }
        case Op.MACRO: {
          const f = this.frames[this.depth] as Frame
          if (f.macros === null) f.macros = new Map()
          f.macros.set(inst.text, inst.body)
          break
        }
        case Op.STRUCT:
          this.run(inst.body)
          break
      }
    }
  }

  /** Applies a formatter chain. The value is pushed as a frame so formatters see it as `@`. */
  private format(inst: Linked, value: unknown): unknown {
    if (inst.unknown !== null) {
      this.fail('FORMATTER_UNKNOWN', messages.FORMATTER_UNKNOWN(inst.unknown))
      return MISSING
    }
    const chain = inst.chain
    const paths = inst.paths
    let extra = NO_EXTRA
    if (paths.length > 1) {
      const more: unknown[] = []
      for (let i = 1; i < paths.length; i++) more.push(this.get(paths[i] as LinkedPath, this.depth))
      extra = more
    }
    const pushed = inst.op === Op.VARIABLE
    if (pushed) this.push(value)
    const depth = this.depth
    let v = value
    for (let i = 0; i < chain.length; i++) {
      const call = chain[i] as (typeof chain)[number]
      if (!this.spend(1)) {
        v = MISSING
        break
      }
      try {
        v = call.fn.apply(v, call.args, this, extra)
      } catch (e) {
        this.depth = depth
        this.fail('PLUGIN_FAILED', messages.PLUGIN_FAILED('formatter', call.name, String(e)))
        v = MISSING
        break
      }
      // A formatter that builds a long text (json of a large value) did work by its length.
      if (typeof v === 'string' && v.length > TEXT_UNIT) this.work += v.length >>> TEXT_UNIT_BITS
      if (pushed) (this.frames[depth] as Frame).node = v
    }
    if (pushed) this.pop()
    return v
  }

  private variable(inst: Linked): void {
    let v = this.get(inst.paths[0] as LinkedPath, this.depth)
    if (inst.chain.length > 0 || inst.unknown !== null) v = this.format(inst, v)
    switch (typeof v) {
      case 'string':
        this.out += v
        break
      case 'number':
        this.out += numberToString(v)
        break
      case 'boolean':
        this.out += v ? 'true' : 'false'
        break
      case 'object':
        if (Array.isArray(v)) this.printArray(v)
        return
      default:
        return
    }
    if (this.out.length > this.outLimit) this.stop('output')
  }

  /**
   * `{list}`: the reference appends item by item (`buf += item`), so a null item prints 'null',
   * a nested array joins its items (where null is empty) and an object prints
   * '[object Object]'. An object whose data has a `toString` key cannot be converted: that
   * item is an error on this variable, and what was printed before it stays, as there.
   * `+=` is JavaScript's own conversion, the one the reference relies on.
   */
  private printArray(items: readonly unknown[]): void {
    // Arrays are data: they may be long, so printing one costs work by its length.
    if (!this.spend(items.length)) return
    let text = ''
    try {
      for (let i = 0; i < items.length; i++) {
        if (i > 0) text += ','
        text += items[i] as string
      }
    } catch (e) {
      this.fail('VALUE_NOT_PRINTABLE', messages.VALUE_NOT_PRINTABLE(String(e)))
    }
    this.out += text
    this.checkOutput()
  }

  private bindvar(inst: Linked): void {
    let v = this.get(inst.paths[0] as LinkedPath, this.depth)
    if (inst.chain.length > 0 || inst.unknown !== null) v = this.format(inst, v)
    this.setVar(inst.text, v)
  }

  /**
   * `.ctx` builds an object from references; nested `.ctx` objects share their parts, so a few
   * lines can describe a value whose serialised size doubles per line. Each object's weight
   * (the values it holds, counting shared ones every time) is charged as work when it is made.
   */
  private ctxvar(inst: Linked): void {
    const obj: Record<string, unknown> = {}
    let weight = 1
    for (const [key, path] of inst.bindings) {
      const v = this.get(path, this.depth)
      obj[key] = v === MISSING ? null : v
      weight += (typeof v === 'object' && v !== null && this.weights?.get(v)) || 1
    }
    this.weights ??= new WeakMap()
    this.weights.set(obj, weight)
    if (!this.spend(weight)) return
    this.setVar(inst.text, obj)
  }

  private section(inst: Linked): void {
    const v = this.sectionValue(inst.path)
    this.push(v)
    if (isTruthy(v)) this.run(inst.body)
    else if (inst.alt !== null) this.predicate(inst.alt)
    this.pop()
  }

  private repeated(inst: Linked): void {
    const v = this.sectionValue(inst.path)
    if (!Array.isArray(v) || v.length === 0) {
      if (inst.alt !== null) this.predicate(inst.alt)
      return
    }
    const f = this.push(v)
    const between = inst.between
    const last = v.length - 1
    for (let i = 0; i <= last; i++) {
      if (++this.work > this.workLimit) {
        this.stop('work')
        break
      }
      f.index = i
      const item: unknown = v[i]
      this.push(item === undefined ? MISSING : item)
      this.run(inst.body)
      if (i < last && between.length > 0) this.run(between)
      this.pop()
    }
    this.pop()
  }

  /** A predicate block or an `{.or}` branch; a bare `{.or}` has no predicate and always runs. */
  private predicate(inst: Linked): void {
    if (inst.unknown !== null) {
      this.fail('PREDICATE_UNKNOWN', messages.PREDICATE_UNKNOWN(inst.unknown))
      return
    }
    const p = inst.predicate
    let ok = true
    if (p !== null) {
      try {
        ok = p.test(inst.args, this)
      } catch (e) {
        this.fail('PLUGIN_FAILED', messages.PLUGIN_FAILED('predicate', inst.text, String(e)))
        return
      }
    }
    if (ok) this.run(inst.body)
    else if (inst.alt !== null) this.predicate(inst.alt)
  }

  private if(inst: Linked): void {
    const paths = inst.paths
    let result = isTruthy(this.get(paths[0] as LinkedPath, this.depth))
    // Operands join strictly left to right with no precedence, stopping once the result is settled.
    for (let i = 1; i < paths.length; i++) {
      const and = inst.joins[i - 1] === IfJoin.AND
      const value = isTruthy(this.get(paths[i] as LinkedPath, this.depth))
      result = and ? result && value : result || value
      if (and ? !result : result) break
    }
    if (result) this.run(inst.body)
    else if (inst.alt !== null) this.predicate(inst.alt)
  }

  private eval(inst: Linked): void {
    const code = inst.code
    if (code === null || !this.spend(inst.cost)) return
    const errorsBefore = this.errorCount
    if (!inst.flag) {
      const result = evaluate(code, this, this.limits.maxStringLength)
      if (result !== undefined && result !== null && this.errorCount === errorsBefore) {
        this.out += typeof result === 'number' ? numberToString(result) : String(result)
        this.checkOutput()
      }
      return
    }
    // Variables the expression assigns live in a scratch frame, kept only if it ran cleanly.
    const scratch = this.push(this.node())
    const result = evaluate(code, this, this.limits.maxStringLength)
    const vars = scratch.vars
    this.pop()
    if (this.errorCount !== errorsBefore) return
    if (vars !== null) for (const [k, v] of vars) this.setVar(k, v)
    if (result !== undefined && result !== null) {
      this.out += typeof result === 'number' ? numberToString(result) : String(result)
      this.checkOutput()
    }
  }

  private include(inst: Linked): void {
    const body = this.partial(inst.text)
    if (body === null || !this.enterPartial(inst.text)) return
    if (inst.flag) this.run(body)
    else {
      // Output that is thrown away still counted against the budget while it was built.
      const saved = this.out
      this.run(body)
      this.out = saved
    }
    this.partialDepth--
  }
}
