/**
 * Adapter between the shared JSON-T conformance runner (../shared/tools/jsont-conformance) and
 * our engine. Contract: the runner's README. Formatter output is never wrapped in island
 * markers here; the conformance specs pin the bare markup.
 */
import { type CompiledTemplate, createEngine, type TemplateError } from '../../templates/index'
import { domainPlugins } from '../../templates/plugins/index'

interface SpecInput {
  template: string
  json: unknown
  partials?: Record<string, string>
  injects?: Record<string, unknown>
  locale?: string | null
  now?: number | null
}

interface Compiled {
  code: CompiledTemplate
  errors: TemplateError[]
  partials: Record<string, CompiledTemplate>
}

const engine = createEngine({ plugins: domainPlugins })

export const engineVersion = 'edge-storefront/templates'

/** The reference reads inject files as JSON when they parse, else as raw text. */
function parseInjects(injects: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [file, text] of Object.entries(injects ?? {})) {
    if (typeof text !== 'string') out[file] = text
    else {
      try {
        out[file] = JSON.parse(text)
      } catch {
        out[file] = text
      }
    }
  }
  return out
}

const asStrings = (errors: readonly TemplateError[]) => errors.map((e) => `${e.stage}: ${e.message}`)

function options(input: SpecInput, partials: Record<string, string | CompiledTemplate>) {
  return {
    partials,
    injects: parseInjects(input.injects),
    locale: input.locale ?? null,
    now: input.now ?? null,
  }
}

/** Compiles and renders from source, every call. */
export async function render(input: SpecInput): Promise<{ output: string; errors: string[] }> {
  const { output, errors } = engine.render(
    input.template,
    input.json ?? {},
    options(input, input.partials ?? {}),
  )
  return { output, errors: asStrings(errors) }
}

/** Compiles the template and its partials once (the runner's cached mode). */
export function compile({
  template,
  partials,
}: {
  template: string
  partials?: Record<string, string>
}): Compiled {
  const { code, errors } = engine.compile(template)
  const compiledPartials: Record<string, CompiledTemplate> = {}
  for (const [name, source] of Object.entries(partials ?? {}))
    compiledPartials[name] = engine.compile(source).code
  return { code, errors, partials: compiledPartials }
}

export async function renderCompiled(compiled: Compiled, input: SpecInput) {
  const { output, errors } = engine.render(compiled.code, input.json ?? {}, options(input, compiled.partials))
  return { output, errors: asStrings([...compiled.errors, ...errors]) }
}
