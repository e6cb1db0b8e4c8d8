/**
 * Names the server's island markup and the browser's runtime both use. Change one here and
 * both sides follow; nothing else spells these strings.
 */

/** The marker element around an island's server HTML (a custom element: `display: contents`). */
export const ISLAND_ELEMENT = 'sf-island'

export const ISLAND_ATTR = {
  /** Registry name of the island. */
  name: 'data-island',
  /** The island's props, serialized by `serializeProps`. */
  props: 'data-island-props',
  /** When to hydrate: one of `HYDRATE_STRATEGIES`. */
  hydrate: 'data-island-hydrate',
  /** Set by the runtime once the island is hydrated (tests and styles may key on it). */
  hydrated: 'data-island-hydrated',
} as const

/** `load`: at once; `idle`: when the main thread is idle; `visible`: when scrolled into view. */
export const HYDRATE_STRATEGIES = ['load', 'idle', 'visible'] as const
export type HydrateStrategy = (typeof HYDRATE_STRATEGIES)[number]

/** Where the island bundle is served from (static assets, content-hashed, immutable). */
export const ISLAND_ASSET_PATH = '/_islands/'

/** DOM events islands and the runtime dispatch. */
export const ISLAND_EVENT = {
  /** Cancelable; detail `{ name, error }`. Not cancelled: the runtime also logs the error. */
  error: 'island:error',
  /** Fired by the variant picker on its product element; detail `{ itemId, variant }`. */
  variantChange: 'storefront:variant-change',
} as const
