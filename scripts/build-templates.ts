// Writes dist/default-templates.json: the built-in page templates and partials
// (templates/defaults/) compiled, as a publish stores a tenant's (`site:<id>:template:<name>:compiled`).
// The storefront's Worker imports this and renders it with its render-only engine, so neither the
// templates' source nor the compiler is in its bundle (docs/budgets.md). A built-in that does not
// compile fails the build.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type CompiledTemplate, compile, DEFAULT_PARTIALS, DEFAULT_TEMPLATES } from '../templates/index'

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'default-templates.json')

/** Each source compiled; throws with every compile error of every template. */
function compileBuiltIns(sources: Readonly<Record<string, string>>): Record<string, CompiledTemplate> {
  const problems: string[] = []
  const out: Record<string, CompiledTemplate> = {}
  for (const [name, source] of Object.entries(sources)) {
    const { code, errors } = compile(source)
    for (const error of errors) problems.push(`${name}: ${error.message}`)
    out[name] = code
  }
  if (problems.length > 0) throw new Error(`built-in templates do not compile:\n${problems.join('\n')}`)
  return out
}

/** Writes the file (`npm run build`, `npm start`, `npm test` and the worker tests' config run it). */
export function buildTemplates(): { templates: number; partials: number } {
  const built = { templates: compileBuiltIns(DEFAULT_TEMPLATES), partials: compileBuiltIns(DEFAULT_PARTIALS) }
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, JSON.stringify(built))
  return { templates: Object.keys(built.templates).length, partials: Object.keys(built.partials).length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { templates, partials } = buildTemplates()
  console.log(
    `templates: ${templates} built-in templates and ${partials} partials compiled to dist/default-templates.json`,
  )
}
