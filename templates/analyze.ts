/**
 * What a compiled template uses, read from its instruction tree without rendering it: the
 * formatters it names and the partials it applies or includes. The storefront uses it to put
 * the CSS of the islands a page can print into the page's `<head>` before the page renders.
 */
import { type CompiledTemplate, type FormatterCall, type Inst, Op } from './opcodes'

export interface TemplateUses {
  readonly formatters: ReadonlySet<string>
  readonly partials: ReadonlySet<string>
}

function visitChain(
  chain: readonly FormatterCall[],
  uses: { formatters: Set<string>; partials: Set<string> },
) {
  for (const [name, args] of chain) {
    uses.formatters.add(name)
    if (name === 'apply' && args[0] !== undefined) uses.partials.add(args[0])
  }
}

function visit(body: readonly Inst[] | null, uses: { formatters: Set<string>; partials: Set<string> }): void {
  if (body === null) return
  for (const inst of body) {
    switch (inst[0]) {
      case Op.VARIABLE:
        visitChain(inst[2], uses)
        break
      case Op.BINDVAR:
        visitChain(inst[3], uses)
        break
      case Op.SECTION:
        visit(inst[2], uses)
        visit(inst[3] === null ? null : [inst[3]], uses)
        break
      case Op.REPEATED:
        visit(inst[2], uses)
        visit(inst[3] === null ? null : [inst[3]], uses)
        visit(inst[4], uses)
        break
      case Op.PREDICATE:
      case Op.OR_PREDICATE:
      case Op.IF:
        visit(inst[3], uses)
        visit(inst[4] === null ? null : [inst[4]], uses)
        break
      case Op.INCLUDE:
        uses.partials.add(inst[1])
        break
      case Op.MACRO:
        visit(inst[2], uses)
        break
      case Op.STRUCT:
        visit(inst[1], uses)
        break
    }
  }
}

/** The formatters and partials a compiled template names (macros' bodies included). */
export function templateUses(code: CompiledTemplate): TemplateUses {
  const uses = { formatters: new Set<string>(), partials: new Set<string>() }
  visit(code.body, uses)
  return uses
}
