/**
 * Compiled templates for a tenant's page: the tenant's own source from KV
 * (`site:<id>:template:<name>`) or the built-in default, compiled once per isolate and content
 * version (settled values, isolate-cache.ts), so a page view never parses. The tenant may override
 * a built-in partial the same way (its compiled form, `site:<id>:template:<partial>:compiled`,
 * which the template editor's publish stores). Compile errors are
 * logged and the page renders with what compiled (platform.md section 8). Each template comes
 * with the formatters it and the built-in partials it applies name, so the page knows which
 * islands' CSS its `<head>` needs before it renders.
 */

import {
  type CompiledTemplate,
  DEFAULT_PARTIALS,
  DEFAULT_TEMPLATES,
  isCompiledTemplate,
  type TemplateName,
  templateUses,
} from '../../templates/index'
import type { Catalog } from '../catalogue/reader'
import { SettledCache } from '../runtime/isolate-cache'
import { logWarning } from '../runtime/log'
import { storefrontEngine } from './engine'

export interface PageTemplate {
  code: CompiledTemplate
  /** Formatters the template can call, its partials' included. */
  formatters: ReadonlySet<string>
  /** The partials it renders with: the tenant's own over the built-in ones. */
  partials: Readonly<Record<string, CompiledTemplate>>
}

/** Enough for every template of a few hundred tenants per isolate; oldest entries go first. */
const cache = new SettledCache<PageTemplate>(2000)

function compileLogged(source: string, where: Record<string, string>): CompiledTemplate {
  const { code, errors } = storefrontEngine.compile(source)
  if (errors.length > 0) {
    logWarning('template-compile-error', { ...where, errors: errors.slice(0, 5).map((e) => e.message) })
  }
  return code
}

/** A template with the formatters of the built-in partials it applies, followed to any depth. */
function pageTemplate(
  code: CompiledTemplate,
  partials: Readonly<Record<string, CompiledTemplate>>,
): PageTemplate {
  const formatters = new Set<string>()
  const seen = new Set<string>()
  const queue = [code]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const uses = templateUses(next)
    for (const name of uses.formatters) formatters.add(name)
    for (const name of uses.partials) {
      const partial = Object.hasOwn(partials, name) ? partials[name] : undefined
      if (partial !== undefined && !seen.has(name)) {
        seen.add(name)
        queue.push(partial)
      }
    }
  }
  return { code, formatters, partials }
}

/**
 * The built-in partials, compiled on first use, and each built-in template when a page first
 * needs it: a cold isolate compiles the three templates of its first page, not all of them
 * (issue 26, cold start).
 */
let defaultPartials: Record<string, CompiledTemplate> | undefined
const defaultTemplates = new Map<string, PageTemplate>()

function builtInPartials(): Record<string, CompiledTemplate> {
  if (!defaultPartials) {
    const partials: Record<string, CompiledTemplate> = {}
    for (const [name, source] of Object.entries(DEFAULT_PARTIALS)) {
      partials[name] = compileLogged(source, { template: `default:${name}` })
    }
    defaultPartials = partials
  }
  return defaultPartials
}

function builtInTemplate(name: TemplateName): PageTemplate {
  const known = defaultTemplates.get(name)
  if (known) return known
  const template = pageTemplate(
    compileLogged(DEFAULT_TEMPLATES[name], { template: `default:${name}` }),
    builtInPartials(),
  )
  defaultTemplates.set(name, template)
  return template
}

/** Every built-in template and partial, compiled (the editor's template screens). */
export function builtIns() {
  const templates = new Map<string, PageTemplate>()
  for (const name of Object.keys(DEFAULT_TEMPLATES) as TemplateName[])
    templates.set(name, builtInTemplate(name))
  return { templates, partials: builtInPartials() }
}

type Partials = Record<string, CompiledTemplate>

const tenantPartials = new SettledCache<Partials>(500)

/** The built-in partials with the tenant's own compiled ones (a publish stores them) over them. */
function partialsOf(catalog: Catalog): Promise<Partials> {
  const { siteId, version } = catalog.tenant
  return tenantPartials.getOrRead(`${siteId}\u0000${version}`, async () => {
    const own = { ...builtInPartials() }
    const names = Object.keys(own)
    const codes = await Promise.all(names.map((n) => catalog.compiledTemplate(n).catch(() => null)))
    names.forEach((n, i) => {
      if (isCompiledTemplate(codes[i])) own[n] = codes[i]
    })
    return own
  })
}

/**
 * A tenant's compiled template by name: its own from KV, else the built-in one, with the
 * tenant's partials (`partials`: one read shared by the templates `loadTemplates` loads).
 */
async function loadTemplate(
  catalog: Catalog,
  name: TemplateName,
  partials: () => Promise<Partials>,
): Promise<PageTemplate> {
  const { siteId, version } = catalog.tenant
  const key = `${siteId}\u0000${version}\u0000${name}`
  const hit = cache.get(key)
  if (hit) return hit
  // A publish stores the compiled form beside the source: a cold isolate takes it without parsing.
  // The source is read beside it rather than after it: one round trip, not two, for a template
  // the tenant has none of.
  const [compiled, own, source] = await Promise.all([
    catalog.compiledTemplate(name).catch(() => null),
    partials(),
    catalog.templateSource(name),
  ])
  if (isCompiledTemplate(compiled)) return cache.set(key, pageTemplate(compiled, own))
  const code =
    source === null ? builtInTemplate(name).code : compileLogged(source, { siteId, template: name })
  return cache.set(key, pageTemplate(code, own))
}

/** Loads several templates at once (one KV read each on a cold isolate, none when warm). */
export async function loadTemplates<N extends TemplateName>(
  catalog: Catalog,
  names: readonly N[],
): Promise<Record<N, PageTemplate>> {
  // One read of the partials for all of them (this request's own promise, never kept).
  let read: Promise<Partials> | undefined
  const partials = () => {
    read ??= partialsOf(catalog)
    return read
  }
  const codes = await Promise.all(names.map((name) => loadTemplate(catalog, name, partials)))
  return Object.fromEntries(names.map((name, i) => [name, codes[i]])) as Record<N, PageTemplate>
}
