/**
 * The storefront's JSON-T engine: the core language plus every domain plugin (the same list the
 * conformance run measures), the worker's own formatters, and the island formatters, which
 * take over a widget formatter's name (`product-checkout`, ...) to print the same markup as a
 * hydratable island. The conformance adapter never sees the island versions.
 */
import { type AnyFormatter, createEngine, domainPlugins, type Plugin } from '../../templates/index'
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

export const storefrontEngine = createEngine({
  plugins: [
    ...withFormatterOverrides(domainPlugins, { ...storefrontOverrides, ...islandFormatters }),
    storefrontPlugin,
  ],
})
