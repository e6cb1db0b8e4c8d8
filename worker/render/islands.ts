/**
 * The worker's side of the islands, derived from a registry (islands/registry.ts): for each
 * island formatter, a formatter that prints the island; the runtime's script tag (the islands'
 * CSS is in the theme's shared stylesheet, shared-css.ts). Module URLs come from the build manifest (scripts/build-islands.ts):
 * each file name carries a content hash, so it is cached for a year and a deploy is a new URL.
 */
import manifest from '../../dist/islands-manifest.json'
import type { IslandName, IslandPropsMap } from '../../islands/index'
import { Placement, QUICK_VIEW_TEXT_ATTR, REGISTRY } from '../../islands/index'
import { jsonAttribute } from '../../shared/index'
import { type AnyFormatter, defineFormatter, MISSING } from '../../templates/index'
import { type AnyIsland, islandMarkup, staticViewMarkup } from './island-marker'

export interface IslandKit {
  /** Formatter name → the formatter that prints its island; these replace the plain widgets. */
  formatters: Readonly<Record<string, AnyFormatter>>
  names: readonly string[]
}

/** Everything the worker needs of the islands in `registry`, their modules named by `modules`. */
export function islandKit(
  registry: Readonly<Record<string, AnyIsland>>,
  modules: Readonly<Record<string, string>>,
): IslandKit {
  const islands = Object.values(registry)
  const srcOf = (island: AnyIsland): string => {
    const src = modules[island.name]
    if (src === undefined) throw new Error(`Island "${island.name}" is not in the island build`)
    return src
  }
  const formatterOf = (island: AnyIsland, build: AnyIsland['formatters'][string]) =>
    defineFormatter({
      apply(value, args, scope) {
        const placed = build(value, args, scope)
        if (placed === null) return MISSING
        if (!(placed instanceof Placement)) return islandMarkup(island, placed, island.hydrate, srcOf(island))
        if (placed.html !== null) return placed.html
        if (placed.element !== null) return staticViewMarkup(island, placed.key ?? '', placed.element)
        return islandMarkup(island, placed.props as object, placed.hydrate ?? island.hydrate, srcOf(island))
      },
    })
  return {
    formatters: Object.fromEntries(
      islands.flatMap((island) =>
        Object.entries(island.formatters).map(([name, build]) => [name, formatterOf(island, build)]),
      ),
    ),
    names: islands.map((island) => island.name),
  }
}

const production = islandKit(REGISTRY, manifest.islands)

export const islandFormatters = production.formatters
export const ISLAND_NAMES = production.names

/** Module scripts run after parsing, so the tag sits at the end of `<body>`. */
export function islandScripts(): string {
  return `<script type="module" src="${manifest.runtime}"></script>`
}

/** The pill cart's own small script (no React), for pages whose frame shows the pill. */
export function cartPillScript(): string {
  return `<script type="module" src="${manifest.scripts['cart-pill']}"></script>`
}

/**
 * Quick View's small script (no React), for pages whose product cards print its button, with the
 * dialog's words as the tenant writes them (`text`: the localized catalogue).
 */
export function quickViewScript(text: Readonly<Record<string, string>>): string {
  return `<script type="module" src="${manifest.scripts['quick-view']}" ${QUICK_VIEW_TEXT_ATTR}=${jsonAttribute(JSON.stringify(text))}></script>`
}

const BY_NAME: ReadonlyMap<string, AnyIsland> = new Map(Object.entries(REGISTRY))
/** An island a React page renders itself (the cart, checkout): its marker and server HTML. */
export function islandHtml<N extends IslandName>(name: N, props: IslandPropsMap[N]): string {
  const island = BY_NAME.get(name) as AnyIsland
  const src = manifest.islands[name as keyof typeof manifest.islands]
  if (src === undefined) throw new Error(`Island "${name}" is not in the island build`)
  return islandMarkup(island, props as object, island.hydrate, src)
}
