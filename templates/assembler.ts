/**
 * Third stage: weaves the parser's flat stream of instructions into the instruction tree. A
 * state machine with one state per kind of open block (platform spec §4): root, section,
 * repeated (and its alternates-with part), predicate, or-predicate, if, macro, struct, and end
 * of file. Structural mistakes are collected as errors; the tree built so far is kept, so a
 * template with a compile error still renders what it can.
 */
import { type ErrorCode, makeError, messages, type TemplateError } from './errors'
import { type Inst, Op, type OrInst } from './opcodes'

/** What the parser feeds in. */
export const Event = {
  /** An instruction without a body. */
  LEAF: 0,
  /** An instruction that opens a block closed by `{.end}`. */
  OPEN: 1,
  OR: 2,
  END: 3,
  ALTERNATES: 4,
  EOF: 5,
} as const

/** Assembler states (platform spec §4). */
export const State = {
  ROOT: 'root',
  SECTION: 'section',
  REPEATED: 'repeated',
  ALTERNATES_WITH: 'alternates-with',
  PREDICATE: 'predicate',
  OR_PREDICATE: 'or-predicate',
  IF: 'if',
  MACRO: 'macro',
  STRUCT: 'struct',
  EOF: 'eof',
} as const
export type StateName = (typeof State)[keyof typeof State]

/** Human names of blocks, for messages. */
const BLOCK_NAMES: Record<StateName, string> = {
  root: 'root',
  section: '{.section}',
  repeated: '{.repeated section}',
  'alternates-with': '{.alternates with}',
  predicate: 'predicate',
  'or-predicate': '{.or}',
  if: '{.if}',
  macro: '{.macro}',
  struct: 'struct',
  eof: 'end of file',
}

const EVENT_NAMES: Record<number, string> = {
  [Event.OR]: '{.or}',
  [Event.END]: '{.end}',
  [Event.ALTERNATES]: '{.alternates with}',
}

/** One open block: the instruction that owns it, where children go, and the state it puts us in. */
interface Frame {
  inst: Inst
  body: Inst[]
  state: StateName
  /** Nesting level of the block in the compiled tree (root 0; each `{.or}` of a chain one more). */
  level: number
}

function stateOf(inst: Inst): StateName {
  switch (inst[0]) {
    case Op.SECTION:
      return State.SECTION
    case Op.REPEATED:
      return State.REPEATED
    case Op.PREDICATE:
      return State.PREDICATE
    case Op.OR_PREDICATE:
      return State.OR_PREDICATE
    case Op.IF:
      return State.IF
    case Op.MACRO:
      return State.MACRO
    default:
      return State.STRUCT
  }
}

/** The body array of a block instruction. */
function bodyOf(inst: Inst): Inst[] {
  switch (inst[0]) {
    case Op.MACRO:
      return inst[2]
    case Op.STRUCT:
      return inst[1]
    case Op.SECTION:
    case Op.REPEATED:
      return inst[2]
    case Op.PREDICATE:
    case Op.OR_PREDICATE:
    case Op.IF:
      return inst[3]
    default:
      return []
  }
}

/** Sets the `{.or}` branch of a block that can have one. */
function setAlternate(inst: Inst, or: OrInst): void {
  switch (inst[0]) {
    case Op.SECTION:
    case Op.REPEATED:
      inst[3] = or
      break
    case Op.PREDICATE:
    case Op.OR_PREDICATE:
    case Op.IF:
      inst[4] = or
      break
  }
}

export interface Assembler {
  /** Appends literal text (merged with text right before it). Always true, for the parser's convenience. */
  text(s: string): true
  /** Feeds one event; always true, for the parser's convenience. */
  accept(event: number, inst: Inst | null, offset: number): true
  /** Records an error found by the parser (an expression that does not parse). */
  error(e: TemplateError, offset: number): void
  readonly root: Inst[]
  readonly errors: TemplateError[]
  /** Current state, exposed for tests. */
  state(): StateName
}

/**
 * Creates an assembler with an empty root block. A block nested deeper than `maxNesting` is a
 * `NESTING_TOO_DEEP` error and ends assembly there: the compiled tree stays shallow enough to
 * serialise as JSON and to run without exhausting the stack.
 */
export function createAssembler(maxNesting = Number.POSITIVE_INFINITY): Assembler {
  const root: Inst[] = []
  const errors: TemplateError[] = []
  const stack: Frame[] = []
  let current: Frame = { inst: [Op.STRUCT, root], body: root, state: State.ROOT, level: 0 }
  let ended = false

  function fail(code: ErrorCode, message: string, offset: number): void {
    errors.push(makeError(code, 'syntax', message, offset))
  }

  function add(inst: Inst): void {
    const body = current.body
    const last = body[body.length - 1]
    if (inst[0] === Op.TEXT && last !== undefined && last[0] === Op.TEXT) last[1] += inst[1]
    else body.push(inst)
  }

  /** False (after reporting it and ending assembly) when a block at `level` is too deep. */
  function within(level: number, offset: number): boolean {
    if (level <= maxNesting) return true
    fail('NESTING_TOO_DEEP', messages.NESTING_TOO_DEEP(maxNesting), offset)
    ended = true
    return false
  }

  function open(inst: Inst, offset: number): void {
    const level = current.level + 1
    if (!within(level, offset)) return
    add(inst)
    stack.push(current)
    current = { inst, body: bodyOf(inst), state: stateOf(inst), level }
  }

  function close(): void {
    current = stack.pop() ?? current
  }

  /** `{.or}` continues the current block: it becomes the block's alternate and the new current. */
  function or(inst: OrInst, offset: number): void {
    if (
      current.state === State.OR_PREDICATE &&
      current.inst[0] === Op.OR_PREDICATE &&
      current.inst[1] === null
    ) {
      fail('DEAD_CODE', messages.DEAD_CODE(), offset)
      return
    }
    // Each branch nests inside the previous one in the compiled tree.
    const level = current.level + 1
    if (!within(level, offset)) return
    // In the alternates-with part, current.inst is still the repeated section itself.
    setAlternate(current.inst, inst)
    current = { inst, body: inst[3], state: State.OR_PREDICATE, level }
  }

  function accept(event: number, inst: Inst | null, offset: number): true {
    if (ended) return true
    const state = current.state
    switch (event) {
      case Event.LEAF:
        if (inst !== null) add(inst)
        break
      case Event.OPEN:
        if (inst !== null) open(inst, offset)
        break
      case Event.EOF:
        ended = true
        if (state !== State.ROOT) fail('EOF_IN_BLOCK', messages.EOF_IN_BLOCK(BLOCK_NAMES[state]), offset)
        break
      case Event.END:
        if (state === State.ROOT) fail('NOT_ALLOWED_AT_ROOT', messages.NOT_ALLOWED_AT_ROOT('{.end}'), offset)
        else close()
        break
      case Event.OR:
        if (state === State.ROOT) fail('NOT_ALLOWED_AT_ROOT', messages.NOT_ALLOWED_AT_ROOT('{.or}'), offset)
        else if (state === State.MACRO || state === State.STRUCT)
          fail(
            'NOT_ALLOWED_IN_BLOCK',
            messages.NOT_ALLOWED_IN_BLOCK(EVENT_NAMES[event] ?? '', BLOCK_NAMES[state]),
            offset,
          )
        else if (inst !== null && inst[0] === Op.OR_PREDICATE) or(inst, offset)
        break
      case Event.ALTERNATES:
        if (state === State.ROOT)
          fail('NOT_ALLOWED_AT_ROOT', messages.NOT_ALLOWED_AT_ROOT('{.alternates with}'), offset)
        else if (state === State.REPEATED && current.inst[0] === Op.REPEATED)
          current = { ...current, body: current.inst[4], state: State.ALTERNATES_WITH }
        else
          fail(
            'NOT_ALLOWED_IN_BLOCK',
            messages.NOT_ALLOWED_IN_BLOCK(EVENT_NAMES[event] ?? '', BLOCK_NAMES[state]),
            offset,
          )
        break
    }
    return true
  }

  return {
    root,
    errors,
    text(s) {
      if (s !== '' && !ended) add([Op.TEXT, s])
      return true
    },
    accept,
    error(e, offset) {
      errors.push(e.offset === undefined ? { ...e, offset } : e)
    },
    state: () => (ended && current.state === State.ROOT ? State.EOF : current.state),
  }
}
