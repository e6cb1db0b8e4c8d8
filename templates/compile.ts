/**
 * Source to instruction tree: lexer → parser → assembler. The result is plain JSON, safe to
 * store in KV beside the source and to render later without parsing.
 */
import { createAssembler } from './assembler'
import { capErrors, type TemplateError } from './errors'
import { type Limits, resolveLimits } from './limits'
import { type CompiledTemplate, FORMAT_VERSION, isCompiledTemplate } from './opcodes'
import { parse } from './parser'

export interface CompileResult {
  /** Always present: a template with syntax errors compiles to what could be assembled. */
  code: CompiledTemplate
  /** Syntax errors; rendering the code anyway is what the platform does (spec §8). */
  errors: TemplateError[]
}

/**
 * Compiles template source. Never throws; `limits.maxExpressionTokens` bounds `.eval`
 * expressions, which are compiled here too, `limits.maxNesting` the depth of blocks and
 * `limits.maxErrors` the errors returned.
 */
export function compile(source: string, limits: Limits = resolveLimits()): CompileResult {
  const { code, errors } = compileAll(source, limits)
  return { code, errors: capErrors(errors, limits.maxErrors, 'syntax') }
}

/** `compile` with every error: for a render from source, which caps them with its own. */
export function compileAll(source: string, limits: Limits): CompileResult {
  const asm = createAssembler(limits.maxNesting > 0 ? limits.maxNesting : undefined)
  parse(source, asm, limits)
  return { code: { v: FORMAT_VERSION, body: asm.root }, errors: asm.errors }
}

// Where it was first defined; it lives in opcodes.ts so a render-only engine needs no compiler.
export { isCompiledTemplate }
