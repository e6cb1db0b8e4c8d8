/**
 * Compiled templates for a tenant's page: the tenant's own compiled form from KV
 * (`site:<id>:template:<name>:compiled`, stored beside its source by the template editor's
 * publish and by seeding) or the built-in default, which the build compiled
 * (`dist/default-templates.json`, scripts/build-templates.ts), kept once per isolate and content
 * version (settled values, isolate-cache.ts). The tenant may override a built-in partial the same
 * way. Nothing here compiles: the storefront's engine renders only (docs/budgets.md). A tenant
 * source without a current compiled form (none stored, or one of an older engine format) renders
 * the built-in template and logs `template-not-compiled`: publishing it again stores the form.
 * Each template comes with the formatters it and the built-in partials it applies name, so the
 * page knows which islands' CSS its `<head>` needs before it renders.
 */

import builtInCode from '../../dist/default-templates.json'
import {
  type CompiledTemplate,
  isCompiledTemplate,
  type TemplateName,
  templateUses,
} from '../../templates/index'
import type { Catalog } from '../catalogue/reader'
import { SettledCache } from '../runtime/isolate-cache'
import { logError } from '../runtime/log'

export interface PageTemplate {
  code: CompiledTemplate
  /** Formatters the template can call, its partials' included. */
  formatters: ReadonlySet<string>
  /** The partials it renders with: the tenant's own over the built-in ones. */
  partials: Readonly<Record<string, CompiledTemplate>>
}

/** Enough for every template of a few hundred tenants per isolate; oldest entries go first. */
const cache = new SettledCache<PageTemplate>(2000)

/** The build's compiled built-ins: JSON, so typed here (the build compiles every one of them). */
const BUILT_IN = builtInCode as unknown as {
  templates: Record<TemplateName, CompiledTemplate>
  partials: Record<string, CompiledTemplate>
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
 * The built-in partials (compiled by the build) and each built-in template when a page first
 * needs it, with the formatters it and its partials name: a cold isolate analyses the three
 * templates of its first page, not all of them (issue 26, cold start).
 */
let defaultPartials: Record<string, CompiledTemplate> | undefined
const defaultTemplates = new Map<string, PageTemplate>()

function builtInPartials(): Record<string, CompiledTemplate> {
  if (!defaultPartials) {
    defaultPartials = { ...BUILT_IN.partials }
  }
  return defaultPartials
}

function builtInTemplate(name: TemplateName): PageTemplate {
  const known = defaultTemplates.get(name)
  if (known) return known
  const template = pageTemplate(BUILT_IN.templates[name], builtInPartials())
  defaultTemplates.set(name, template)
  return template
}

/** Every built-in template and partial, compiled by the build (the editor's template screens). */
export function builtIns() {
  const templates = new Map<string, PageTemplate>()
  for (const name of Object.keys(BUILT_IN.templates) as TemplateName[])
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
  // Loaded meanwhile by this request's other load of it (the frame read ahead: `prefetchFrame`).
  const loaded = cache.get(key)
  if (loaded) return loaded
  if (isCompiledTemplate(compiled)) return cache.set(key, pageTemplate(compiled, own))
  // No compiled form: the built-in, and an error when the tenant has a source of its own (it was
  // stored without its compiled form, or the engine's format changed since its publish).
  if (source !== null) logError('template-not-compiled', { siteId, template: name })
  return cache.set(key, pageTemplate(builtInTemplate(name).code, own))
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

/**
 * Starts reading the site frame's templates (header, footer, the partials) for a request about
 * to render, when the isolate does not hold them: a cold isolate then reads them beside the
 * page's own records (a collection, an item) rather than after them, one round trip less on a
 * tenant's first page (issue 26). The reads are this request's own (`Catalog.compiledTemplate`
 * keeps them for the request) and the render's load takes them, so a failed read fails the
 * render as it did before, and a template without its compiled form is logged once, by whichever
 * load finishes first.
 */
export function prefetchFrame(catalog: Catalog): void {
  const { siteId, version } = catalog.tenant
  const prefix = `${siteId}\u0000${version}\u0000`
  if (cache.get(`${prefix}header`) && cache.get(`${prefix}footer`)) return
  loadTemplates(catalog, ['header', 'footer']).catch(() => null)
}
