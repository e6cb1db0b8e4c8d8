/**
 * Core predicates: comparisons, parity, plurality and `debug?`. Comparison arguments are JSON
 * literals (`3`, `"abc"`, `true`) or variable references, decided once when a template is linked.
 */

import { asNumber, compareValues, deepEquals, isTruthy } from '../../../shared/json'
import { splitPath } from '../../patterns'
import { definePredicate, type Plugin, type Scope } from '../../registry'

/** An argument: a literal value or a path to resolve. */
type Operand = { literal: unknown; path: null } | { literal: null; path: (string | number)[] }

const JSON_START = /^["\d[{]|^-\d|^(?:true|false|null)$/

function toOperand(arg: string): Operand {
  if (JSON_START.test(arg)) {
    try {
      return { literal: JSON.parse(arg) as unknown, path: null }
    } catch {
      // Not valid JSON after all (e.g. `3abc`): read it as a reference.
    }
  }
  return { literal: null, path: splitPath(arg) }
}

const toOperands = (args: readonly string[]): Operand[] => args.map(toOperand)

function operandValue(op: Operand, scope: Scope): unknown {
  return op.path === null ? op.literal : scope.resolve(op.path)
}

/** With one argument the current value is compared to it; with two, they are compared. */
function comparison(test: (a: unknown, b: unknown) => boolean) {
  return definePredicate({
    prepare: toOperands,
    test(ops: Operand[], scope) {
      if (ops.length === 0) return false
      const first = operandValue(ops[0] as Operand, scope)
      return ops.length === 1
        ? test(scope.node(), first)
        : test(first, operandValue(ops[1] as Operand, scope))
    },
  })
}

/** `even?` / `odd?` test the current value, or the variable given as argument. */
function parity(remainder: 0 | 1) {
  return definePredicate({
    prepare: (args) => (args[0] === undefined ? null : splitPath(args[0])),
    test(path: (string | number)[] | null, scope) {
      const v = path === null ? scope.node() : scope.resolve(path)
      return typeof v === 'number' && Math.abs(v) % 2 === remainder
    },
  })
}

/** `nth? m`: the current value is a multiple of m; `nth? v m`: v is. Integers only. */
const nth = definePredicate({
  prepare: toOperands,
  test(ops: Operand[], scope) {
    if (ops.length === 0) return false
    const n = ops.length === 2 ? operandValue(ops[0] as Operand, scope) : scope.node()
    const m = operandValue(ops[ops.length === 2 ? 1 : 0] as Operand, scope)
    if (!Number.isInteger(n) || !Number.isInteger(m) || m === 0) return false
    return Math.abs(n as number) % Math.abs(m as number) === 0
  },
})

export const corePredicates: Plugin = {
  name: 'core-predicates',
  predicates: {
    'debug?': definePredicate({ test: (_args, scope) => isTruthy(scope.resolve(['debug'])) }),
    'equal?': comparison(deepEquals),
    'notEqual?': comparison((a, b) => !deepEquals(a, b)),
    'greaterThan?': comparison((a, b) => compareValues(a, b) > 0),
    'greaterThanOrEqual?': comparison((a, b) => compareValues(a, b) >= 0),
    'lessThan?': comparison((a, b) => compareValues(a, b) < 0),
    'lessThanOrEqual?': comparison((a, b) => compareValues(a, b) <= 0),
    'even?': parity(0),
    'odd?': parity(1),
    'nth?': nth,
    'plural?': definePredicate({ test: (_args, scope) => asNumber(scope.node()) > 1 }),
    'singular?': definePredicate({ test: (_args, scope) => asNumber(scope.node()) === 1 }),
  },
}
