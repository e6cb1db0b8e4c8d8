/**
 * The engine: a registry of plugins, the limits, and a cache of linked templates. Compiling
 * and rendering never throw; every problem comes back in `errors`. The rendering is
 * render-engine.ts's; this adds the compiler (publishing, previews, tests, the conformance run).
 */
import { type CompileResult, compile, compileAll } from './compile'
import type { Limits } from './limits'
import type { CompiledTemplate } from './opcodes'
import type { Registry } from './registry'
import { type EngineOptions, engineCore, type RenderOptions, type RenderResult } from './render-engine'

export type { EngineOptions, RenderOptions, RenderResult, RenderStopped } from './render-engine'

export interface Engine {
  readonly registry: Registry
  readonly limits: Limits
  /** Compiles source to a JSON-serialisable tree; store `code` beside the source. */
  compile(source: string): CompileResult
  /**
   * Renders source (compiled on the fly) or a compiled tree against `data`, within the render
   * budget: check `stopped` on the result before serving or caching it.
   */
  render(template: string | CompiledTemplate, data: unknown, options?: RenderOptions): RenderResult
}

/**
 * Creates an engine with the core plugins plus `options.plugins`. Throws only on
 * misconfiguration (two plugins defining the same name), at start-up.
 *
 * Every render runs within a budget (`options.limits.maxOutputSize`, `maxWork`): a template
 * that would print too much or run too long is stopped, and its result carries
 * `stopped: 'output' | 'work'` and a `RENDER_BUDGET` error, so one tenant's template cannot
 * hold the isolate that serves the others.
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const core = engineCore(options, compileAll)
  return {
    registry: core.registry,
    limits: core.limits,
    compile: (source) => compile(source, core.limits),
    render: core.render,
  }
}
