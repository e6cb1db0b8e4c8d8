/**
 * The engine's render half: a registry of plugins, the limits, a cache of linked templates, and
 * rendering a compiled tree. No compiler is imported here (lexer, parser, expression parser,
 * assembler): `createRenderEngine` renders what `compile` stored (KV's `…:compiled`, the build's
 * `dist/default-templates.json`), so a bundle that only renders leaves the compiler out (the
 * storefront's Worker, docs/budgets.md). `createEngine` (engine.ts) is this with the compiler.
 */
import type { CompileResult } from './compile'
import { capErrors, makeError, messages, type TemplateError } from './errors'
import { type PartialSource, Renderer, type RenderStopped } from './executor'
import { type Limits, resolveLimits } from './limits'
import { type Linked, linkBody } from './link'
import { type CompiledTemplate, isCompiledTemplate } from './opcodes'
import { corePlugins } from './plugins/core/index'
import type { Plugin } from './registry'
import { createRegistry, type Registry } from './registry'

export interface EngineOptions {
  /** Domain plugins added to the core formatters and predicates (names must not collide). */
  plugins?: readonly Plugin[]
  /**
   * Overrides of DEFAULT_LIMITS. The render budget is `maxOutputSize` (characters, default
   * 2 MiB) and `maxWork` (units of work, default 1,000,000); see `Limits`.
   */
  limits?: Partial<Limits>
}

/**
 * What one render needs besides the template and its data. The render budget is not here: it
 * is the engine's (`createEngine({ limits: { maxOutputSize, maxWork } })`), the same for every
 * render, so no caller can forget it.
 */
export interface RenderOptions {
  /** Partials for `apply` and `.include`, as source or compiled (compiled is faster; a render-only engine takes compiled ones alone). */
  partials?: Readonly<Record<string, string | CompiledTemplate>>
  /** Values for `{.inject @var file}`, already parsed from their files. */
  injects?: Readonly<Record<string, unknown>>
  /** BCP-47 locale; null or absent for en-US; 'none' turns i18n off. */
  locale?: string | null
  /** Clock override in epoch milliseconds. */
  now?: number | null
  /** Free-form settings for plugins. */
  params?: Readonly<Record<string, unknown>>
}

export interface RenderResult {
  /** The page; when `stopped` is set, only what was rendered before the budget ran out. */
  output: string
  /**
   * Compile errors (when rendering from source) followed by render errors: at most
   * `limits.maxErrors`, then one `TOO_MANY_ERRORS`; a `RENDER_BUDGET` error is always last.
   */
  errors: TemplateError[]
  /**
   * Set when the render budget ran out: `'output'` (past `limits.maxOutputSize`) or `'work'`
   * (past `limits.maxWork`); null when the render ran to its end. A stopped render is not a
   * page: show the failure page, and never cache it. `errors` then ends with a
   * `RENDER_BUDGET` error saying which limit it was.
   */
  stopped: RenderStopped
  /** Units of work the render took: how close a page comes to `limits.maxWork`. */
  work: number
}

/** An engine that renders compiled templates only (and compiled partials: a source one is not found). */
export interface RenderEngine {
  readonly registry: Registry
  readonly limits: Limits
  /** Renders a compiled tree against `data`, within the render budget: check `stopped`. */
  render(template: CompiledTemplate, data: unknown, options?: RenderOptions): RenderResult
}

export type { RenderStopped }

/** What `createEngine` adds: compiling source (with every error, a render from source caps them). */
export type Compiler = (source: string, limits: Limits) => CompileResult

const NO_ERRORS: readonly TemplateError[] = []
const NO_INJECTS: Readonly<Record<string, unknown>> = {}
const NO_PARAMS: Readonly<Record<string, unknown>> = {}

/**
 * Creates a render-only engine with the core plugins plus `options.plugins`: `createEngine`'s
 * rendering, the same registry and limits, without the compiler. Throws only on
 * misconfiguration (two plugins defining the same name), at start-up.
 */
export function createRenderEngine(options: EngineOptions = {}): RenderEngine {
  return engineCore(options, null)
}

/** The engine; with `compiler` null, a source template or partial renders nothing. */
export function engineCore(options: EngineOptions, compiler: Compiler | null) {
  const registry = createRegistry([...corePlugins, ...(options.plugins ?? [])])
  const limits = resolveLimits(options.limits)
  // Linking is per engine (it binds this registry); a compiled tree read once from KV and
  // rendered many times is linked once.
  const linked = new WeakMap<CompiledTemplate, Linked[]>()

  function link(code: CompiledTemplate): Linked[] {
    let body = linked.get(code)
    if (body === undefined) {
      body = linkBody(code.body, registry)
      linked.set(code, body)
    }
    return body
  }

  function partialSource(partials: RenderOptions['partials']): PartialSource {
    return {
      get(name, report) {
        if (partials === undefined || !Object.hasOwn(partials, name)) return null
        const p = partials[name]
        if (typeof p === 'string') {
          if (compiler === null) return null
          const { code, errors } = compiler(p, limits)
          if (errors.length > 0) {
            report(errors)
            return []
          }
          return linkBody(code.body, registry)
        }
        return isCompiledTemplate(p) ? link(p) : null
      },
    }
  }

  function render(
    template: string | CompiledTemplate,
    data: unknown,
    opts: RenderOptions = {},
  ): RenderResult {
    let compileErrors = NO_ERRORS
    try {
      let body: Linked[]
      if (typeof template === 'string') {
        if (compiler === null) throw new TypeError('a render-only engine renders compiled templates only')
        const compiled = compiler(template, limits)
        compileErrors = compiled.errors
        body = linkBody(compiled.code.body, registry)
      } else body = link(template)
      const r = new Renderer(data, partialSource(opts.partials), opts.injects ?? NO_INJECTS, limits, {
        locale: opts.locale ?? null,
        now: opts.now ?? null,
        params: opts.params ?? NO_PARAMS,
      })
      r.run(body)
      return finish(r, compileErrors)
    } catch (e) {
      // Only a defect or a pathological template (nesting deep enough to exhaust the stack) gets here.
      return {
        output: '',
        errors: [...compileErrors, makeError('INTERNAL', 'render', messages.INTERNAL(String(e)))],
        stopped: null,
        work: 0,
      }
    }
  }

  /** The result of a finished (or stopped) render: errors capped, the budget error last. */
  function finish(r: Renderer, compileErrors: readonly TemplateError[]): RenderResult {
    let errors =
      compileErrors.length === 0 && r.droppedErrors === 0
        ? r.errors
        : capErrors([...compileErrors, ...r.errors], limits.maxErrors, 'render', r.droppedErrors)
    let output = r.out
    if (r.stopped !== null) {
      const limit = r.stopped === 'output' ? limits.maxOutputSize : limits.maxWork
      errors = [...errors, makeError('RENDER_BUDGET', 'render', messages.RENDER_BUDGET(r.stopped, limit))]
      // The append that crossed the limit may have gone past it.
      if (r.stopped === 'output' && output.length > limit) output = output.slice(0, limit)
    }
    return { output, errors, stopped: r.stopped, work: r.work }
  }

  return { registry, limits, render }
}
