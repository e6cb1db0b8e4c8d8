/**
 * An island in the page: its view rendered by React inside the marker that names it and carries
 * its props, when to hydrate, its module's URL and the events that also wake it. The browser's
 * runtime (islands/runtime) reads exactly these attributes.
 */
import { createElement, type ReactElement } from 'react'
import type { IslandDefinition } from '../../islands/index'
import { type HydrateStrategy, ISLAND_ATTR, ISLAND_ELEMENT, serializeProps } from '../../islands/index'
import { escapeHtmlAttribute, jsonAttribute } from '../../shared/index'
import { SettledCache } from '../runtime/isolate-cache'
import { renderToString } from './react-server'

// biome-ignore lint/suspicious/noExplicitAny: each definition has its own props type; a definition's builders and view agree (defineIsland).
export type AnyIsland = IslandDefinition<string, any>

const TAG = /<[a-zA-Z][^>]*>/g
const QUOTED_JSON = / (data-[\w-]+)="([[{][^"]*&quot;[^"]*)"/g

/**
 * React writes every attribute double-quoted, a JSON value's every `"` as `&quot;` (six bytes):
 * the variant picker's `data-variants` was 4 KB of them on a 12-variant product. A `data-`
 * attribute holding JSON (an array or an object) is rewritten single-quoted, which the browser reads as the same value (React escapes `'` as
 * `&#x27;`, so none ends it early). Only inside tags: text never holds a raw `<` from React.
 */
function singleQuoteJsonAttributes(html: string): string {
  if (!html.includes('&quot;')) return html
  return html.replace(TAG, (tag) =>
    tag.includes('&quot;')
      ? tag.replace(
          QUOTED_JSON,
          (_, name: string, value: string) =>
            ` ${name}='${value.replaceAll("'", '&#39;').replaceAll('&quot;', '"')}'`,
        )
      : tag,
  )
}

/**
 * Islands' markup by island, hydration, module and props, kept by the isolate (settled strings,
 * isolate-cache.ts): an island's view is a pure function of its props, and React's server render
 * was the largest part of a product page's render (issue 26). Props come from records that change
 * with the content version (and from review and like copies), so a new version renders anew.
 */
const rendered = new SettledCache<string>(200)

/**
 * The marker plus the island's server HTML. Throws on props that are not plain JSON data when it
 * renders them: markup kept under the same JSON was made from props that passed, and the props
 * attribute is that JSON, so a view of kept markup checks nothing again (issue 26: checking and
 * escaping the props on every view was a twentieth of a product page's render).
 */
export function islandMarkup(
  island: AnyIsland,
  props: object,
  hydrate: HydrateStrategy,
  src: string,
): string {
  const key = `${island.name}\u0000${hydrate}\u0000${src}\u0000${JSON.stringify(props)}`
  return rendered.get(key) ?? rendered.set(key, renderMarkup(island, props, hydrate, src))
}

/** A static view's markup (`Placement.staticView`), kept under the island's name and the view's key. */
export function staticViewMarkup(island: AnyIsland, key: string, element: ReactElement): string {
  const cacheKey = `${island.name}\u0000static\u0000${key}`
  return rendered.get(cacheKey) ?? rendered.set(cacheKey, renderToString(element))
}

function renderMarkup(island: AnyIsland, props: object, hydrate: HydrateStrategy, src: string): string {
  // The view's props are checked even where the marker carries fewer (`markerProps`).
  const serialized = serializeProps(props)
  const marker = island.markerProps ? serializeProps(island.markerProps(props)) : serialized
  const html = singleQuoteJsonAttributes(renderToString(createElement(island.View, props)))
  const wake = island.wakeOn?.length ? ` ${ISLAND_ATTR.wake}="${island.wakeOn.join(' ')}"` : ''
  const attributes =
    `${ISLAND_ATTR.name}="${escapeHtmlAttribute(island.name)}" ` +
    `${ISLAND_ATTR.props}=${jsonAttribute(marker)} ` +
    `${ISLAND_ATTR.hydrate}="${hydrate}" ${ISLAND_ATTR.src}="${escapeHtmlAttribute(src)}"${wake}`
  return `<${ISLAND_ELEMENT} ${attributes}>${html}</${ISLAND_ELEMENT}>`
}
