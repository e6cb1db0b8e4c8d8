/**
 * Compiled templates for a tenant's page: the tenant's own source from KV
 * (`site:<id>:template:<name>`) or the built-in default, compiled once per isolate and content
 * version, so a page view never parses. Compile errors are logged and the page renders with
 * what compiled (platform.md section 8: template compile errors are only logged).
 */

import { DEFAULT_TEMPLATES, type TemplateName } from '../../templates/defaults/pages'
import { DEFAULT_PARTIALS } from '../../templates/defaults/partials'
import type { CompiledTemplate } from '../../templates/index'
import type { Tenant } from '../context'
import { logWarning } from '../log'
import { kvKey } from '../records'
import { storefrontEngine } from './engine'

/** Enough for every template of a few hundred tenants per isolate; oldest entries go first. */
const MAX_CACHED = 2000
const cache = new Map<string, CompiledTemplate>()

function remember(key: string, code: CompiledTemplate): CompiledTemplate {
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next().value
    if (oldest !== undefined) cache.delete(oldest)
  }
  cache.set(key, code)
  return code
}

function compileLogged(source: string, where: Record<string, string>): CompiledTemplate {
  const { code, errors } = storefrontEngine.compile(source)
  if (errors.length > 0) {
    logWarning('template-compile-error', { ...where, errors: errors.slice(0, 5).map((e) => e.message) })
  }
  return code
}

let defaults:
  | { templates: Map<string, CompiledTemplate>; partials: Record<string, CompiledTemplate> }
  | undefined

/** The built-in templates and partials, compiled on first use. */
export function builtIns() {
  if (!defaults) {
    const templates = new Map<string, CompiledTemplate>()
    for (const [name, source] of Object.entries(DEFAULT_TEMPLATES)) {
      templates.set(name, compileLogged(source, { template: `default:${name}` }))
    }
    const partials: Record<string, CompiledTemplate> = {}
    for (const [name, source] of Object.entries(DEFAULT_PARTIALS)) {
      partials[name] = compileLogged(source, { template: `default:${name}` })
    }
    defaults = { templates, partials }
  }
  return defaults
}

/** A tenant's compiled template by name: its own from KV, else the built-in one. */
export async function loadTemplate(
  kv: KVNamespace,
  tenant: Tenant,
  name: TemplateName,
): Promise<CompiledTemplate> {
  const cacheKey = `${tenant.siteId}\u0000${tenant.version}\u0000${name}`
  const cached = cache.get(cacheKey)
  if (cached) return cached
  const source = await kv.get(kvKey.template(tenant.siteId, name), 'text')
  const code =
    source === null
      ? (builtIns().templates.get(name) as CompiledTemplate)
      : compileLogged(source, { siteId: tenant.siteId, template: name })
  return remember(cacheKey, code)
}

/** Loads several templates at once (one KV read each on a cold isolate, none when warm). */
export async function loadTemplates<N extends TemplateName>(
  kv: KVNamespace,
  tenant: Tenant,
  names: readonly N[],
): Promise<Record<N, CompiledTemplate>> {
  const codes = await Promise.all(names.map((name) => loadTemplate(kv, tenant, name)))
  return Object.fromEntries(names.map((name, i) => [name, codes[i]])) as Record<N, CompiledTemplate>
}
