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

const built = { templates: compileBuiltIns(DEFAULT_TEMPLATES), partials: compileBuiltIns(DEFAULT_PARTIALS) }
mkdirSync(dirname(OUT), { recursive: true })
writeFileSync(OUT, JSON.stringify(built))
console.log(
  `templates: ${Object.keys(built.templates).length} built-in templates, ${Object.keys(built.partials).length} partials compiled to dist/default-templates.json`,
)
