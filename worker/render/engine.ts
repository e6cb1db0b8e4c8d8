/**
 * The storefront's JSON-T engine: the core language plus every domain plugin (the same list the
 * conformance run measures), the worker's own formatters, and the island formatters, which
 * take over a widget formatter's name (`product-checkout`, ...) to print the same markup as a
 * hydratable island. The conformance adapter never sees the island versions.
 */
import { type AnyFormatter, createRenderEngine, domainPlugins, type Plugin } from '../../templates/index'
import { islandFormatters } from './islands'
import { storefrontOverrides, storefrontPlugin } from './storefront-plugin'

/** `plugins` with each formatter named in `overrides` replaced; names no plugin has are added. */
export function withFormatterOverrides(
  plugins: readonly Plugin[],
  overrides: Readonly<Record<string, AnyFormatter>>,
): Plugin[] {
  const unused = new Set(Object.keys(overrides))
  const replaced = plugins.map((plugin) => {
    const formatters = plugin.formatters
    if (!formatters || !Object.keys(formatters).some((name) => unused.has(name))) return plugin
    const next = { ...formatters }
    for (const name of Object.keys(formatters)) {
      const override = overrides[name]
      if (override && unused.delete(name)) next[name] = override
    }
    return { ...plugin, formatters: next }
  })
  const added = Object.fromEntries([...unused].map((name) => [name, overrides[name] as AnyFormatter]))
  return unused.size > 0 ? [...replaced, { name: 'islands', formatters: added }] : replaced
}

/** The storefront's plugins: `storefrontEngine`'s, and the editor's compiling engine's (worker/editor/compiling-engine.ts). */
export const storefrontPlugins: readonly Plugin[] = [
  ...withFormatterOverrides(domainPlugins, { ...storefrontOverrides, ...islandFormatters }),
  storefrontPlugin,
]

/**
 * Render-only: the storefront renders compiled templates (a tenant's from KV, the built-in ones
 * the build compiled, template-store.ts) and never parses, so its bundle has no compiler.
 */
export const storefrontEngine = createRenderEngine({ plugins: storefrontPlugins })
