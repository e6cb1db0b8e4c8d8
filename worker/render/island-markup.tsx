/**
 * Server side of the islands: an island's HTML is its React component rendered by React,
 * wrapped in the marker element that names it and carries its props. The browser runtime
 * hydrates that very markup with `hydrateRoot` (same component, same props), so hydration is
 * clean and nothing moves on screen.
 */
import { type ComponentType, createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { type HydrateStrategy, ISLAND_ATTR, ISLAND_ELEMENT } from '../../islands/constants'
import type { IslandName } from '../../islands/names'
import { type IslandProps, serializeProps } from '../../islands/props'
import { escapeHtmlAttribute } from '../../templates/plugins/util.strings'

/** The marker plus the component's server HTML. Throws on props that are not plain JSON data. */
export function islandMarkup<P extends IslandProps>(
  name: IslandName,
  component: ComponentType<P>,
  props: P,
  hydrate: HydrateStrategy = 'load',
): string {
  const html = renderToString(createElement(component, props))
  const attributes = `${ISLAND_ATTR.name}="${escapeHtmlAttribute(name)}" ${ISLAND_ATTR.props}="${escapeHtmlAttribute(serializeProps(props))}" ${ISLAND_ATTR.hydrate}="${hydrate}"`
  return `<${ISLAND_ELEMENT} ${attributes}>${html}</${ISLAND_ELEMENT}>`
}
