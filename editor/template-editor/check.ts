/**
 * What the engine makes of a draft, in the browser: its compile errors (each at its offset, with
 * the engine's message) and its render against the page's data as the storefront would render
 * it, with what that used of the render budget. A partial renders inside the page template that
 * applies it.
 */
import type { TemplateDataAnswer } from '../../shared/editing-areas'

export interface Check {
  problems: { offset: number; message: string }[]
  /** Null until the page's data has come. */
  render: {
    output: string
    /** The engine's message when the render ran past the budget. */
    stopped: string | null
    work: number
    maxWork: number
    /** The larger of work and output against their limits, 0 to 1. */
    share: number
  } | null
  /** The template is a partial, rendered inside `data.template`. */
  partial: boolean
}

type EngineModule = typeof import('./engine')

let engine: Promise<EngineModule> | undefined

/**
 * Checks `source` with the engine bundle at `engineUrl` (TemplateAnswer.engine: a bundle of its
 * own, scripts/build-editor.ts says why), loaded on the first call.
 */
export async function checkTemplate(
  engineUrl: string,
  name: string,
  source: string,
  data: TemplateDataAnswer | null,
): Promise<Check> {
  engine ??= import(engineUrl) as Promise<EngineModule>
  const { compileErrors, renderPreview, LIMITS } = await engine
  const problems = compileErrors(source).map((e) => ({ offset: e.offset ?? 0, message: e.message }))
  if (data === null) return { problems, render: null, partial: false }
  const partial = Object.hasOwn(data.partials, name)
  const partials = partial ? { ...data.partials, [name]: source } : data.partials
  const website = data.data.website as { language?: unknown } | undefined
  const locale = typeof website?.language === 'string' ? website.language : null
  const result = renderPreview(partial ? data.templateSource : source, data.data, partials, locale)
  const stopped = result.stopped === null ? null : (result.errors[result.errors.length - 1]?.message ?? null)
  const share = Math.max(result.work / LIMITS.maxWork, result.output.length / LIMITS.maxOutputSize)
  return {
    problems,
    render: { output: result.output, stopped, work: result.work, maxWork: LIMITS.maxWork, share },
    partial,
  }
}
