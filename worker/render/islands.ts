/**
 * The worker's side of the islands, derived from the registry (islands/registry.ts): for each
 * island formatter, a formatter that prints the island (its view rendered by React inside the
 * marker that names it and carries its props), the island CSS a page's templates need, and the
 * runtime's script tag. Module URLs come from the build manifest (scripts/build-islands.mjs):
 * each file name carries a content hash, so it is cached for a year and a deploy is a new URL.
 */
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import manifest from '../../dist/islands-manifest.json'
import { type HydrateStrategy, ISLAND_ATTR, ISLAND_ELEMENT } from '../../islands/constants'
import type { IslandName } from '../../islands/contracts'
import { type IslandDefinition, Placement } from '../../islands/define'
import { serializeProps } from '../../islands/props'
import * as REGISTRY from '../../islands/registry'
import { type AnyFormatter, defineFormatter, escapeHtmlAttribute, MISSING } from '../../templates/index'

// biome-ignore lint/suspicious/noExplicitAny: each definition has its own props type; the builders and views of one definition agree (defineIsland).
type AnyIsland = IslandDefinition<string, any>

const ISLANDS: readonly AnyIsland[] = Object.values(REGISTRY)
const MODULES: Readonly<Record<string, string>> = manifest.islands

/** The marker plus the island's server HTML. Throws on props that are not plain JSON data. */
export function islandMarkup(island: AnyIsland, props: object, hydrate: HydrateStrategy): string {
  const src = MODULES[island.name]
  if (src === undefined) throw new Error(`Island "${island.name}" is not in the island build`)
  const html = renderToString(createElement(island.View, props))
  const wake = island.wakeOn?.length ? ` ${ISLAND_ATTR.wake}="${island.wakeOn.join(' ')}"` : ''
  const attributes =
    `${ISLAND_ATTR.name}="${escapeHtmlAttribute(island.name)}" ` +
    `${ISLAND_ATTR.props}="${escapeHtmlAttribute(serializeProps(props))}" ` +
    `${ISLAND_ATTR.hydrate}="${hydrate}" ${ISLAND_ATTR.src}="${escapeHtmlAttribute(src)}"${wake}`
  return `<${ISLAND_ELEMENT} ${attributes}>${html}</${ISLAND_ELEMENT}>`
}

function islandFormatter(island: AnyIsland, build: AnyIsland['formatters'][string]): AnyFormatter {
  return defineFormatter({
    apply(value, args, scope) {
      const placed = build(value, args, scope)
      if (placed === null) return MISSING
      if (!(placed instanceof Placement)) return islandMarkup(island, placed, island.hydrate)
      if (placed.html !== null) return placed.html
      return islandMarkup(island, placed.props as object, placed.hydrate ?? island.hydrate)
    },
  })
}

/** Formatter name → the formatter that prints its island; these replace the plain widgets. */
export const islandFormatters: Readonly<Record<string, AnyFormatter>> = Object.fromEntries(
  ISLANDS.flatMap((island) =>
    Object.entries(island.formatters).map(([name, build]) => [name, islandFormatter(island, build)]),
  ),
)

/** Formatter name → the island it prints. */
const ISLAND_OF_FORMATTER = new Map(
  ISLANDS.flatMap((island) => Object.keys(island.formatters).map((name) => [name, island] as const)),
)

/** The CSS of the islands these formatters print, each island once. */
export function islandCss(formatters: Iterable<string>): string {
  const islands = new Set<AnyIsland>()
  for (const name of formatters) {
    const island = ISLAND_OF_FORMATTER.get(name)
    if (island) islands.add(island)
  }
  return [...islands].map((island) => island.css).join('')
}

/** The registered island names, for tests and the build check. */
export const ISLAND_NAMES = ISLANDS.map((island) => island.name) as IslandName[]

/** Module scripts run after parsing, so the tag sits at the end of `<body>`. */
export function islandScripts(): string {
  return `<script type="module" src="${manifest.runtime}"></script>`
}
