/**
 * Names the server's island markup and the browser's runtime both use, and the events islands
 * send each other with the type of each one's detail. Change one here and both sides follow;
 * nothing else spells these strings.
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
  /** URL of the island's module (content-hashed, under `ISLAND_ASSET_PATH`). */
  src: 'data-island-src',
  /** Space-separated island events that also wake an `interaction` island (see `ISLAND_EVENT`). */
  wake: 'data-island-wake',
  /** Set by the runtime once the island is hydrated (tests and styles may key on it). */
  hydrated: 'data-island-hydrated',
} as const

/**
 * `load`: at once; `idle`: when the main thread is idle; `visible`: when scrolled into view;
 * `interaction`: on the shopper's first pointer, key, focus or change inside the island (or an
 * island event it wakes on). Until then its server HTML works as plain HTML, and what the
 * shopper did before it is live is replayed (islands/runtime/replay.ts).
 */
export const HYDRATE_STRATEGIES = ['load', 'idle', 'visible', 'interaction'] as const
export type HydrateStrategy = (typeof HYDRATE_STRATEGIES)[number]

/** Where the island bundle is served from (static assets, content-hashed, immutable). */
export const ISLAND_ASSET_PATH = '/_islands/'

/** A variant as islands pass it around (the shape of `data-variants` entries). */
export type VariantData = {
  id?: string
  sku?: string
  attributes?: Record<string, string>
  onSale?: boolean
  unlimited?: boolean
  qtyInStock?: number
  priceMoney?: { value?: string | number; currency?: string }
  salePriceMoney?: { value?: string | number; currency?: string }
  mainImage?: { id?: string; assetUrl?: string }
}

/** Every DOM event islands and the runtime dispatch, with the type of its `detail`. */
export interface IslandEventDetails {
  /** Cancelable. Not cancelled: the runtime also logs the error. */
  'island:error': { name: string; error: unknown }
  /** Fired by the variant picker on its product element; `variant` is null when none matches. */
  'storefront:variant-change': { itemId: string; variant: VariantData | null }
  /** Fired by a public form once a submission is stored (newsletter tracking listens for it). */
  'storefront:form-submit': { formId: string; isNewsletter: boolean }
}

export type IslandEventName = keyof IslandEventDetails

export const ISLAND_EVENT = {
  error: 'island:error',
  variantChange: 'storefront:variant-change',
  formSubmit: 'storefront:form-submit',
} as const satisfies Record<string, IslandEventName>

/**
 * The last detail of each island event per element it was dispatched on. An island that wakes
 * on an event (and so was not listening when it fired) reads it once it is live. One module
 * instance serves the runtime and every island: the build shares this module between them.
 */
const lastDetails = new WeakMap<EventTarget, Map<string, unknown>>()

/** Remembers an island event's detail for islands that subscribe later (`onIslandEvent` with `last`). */
export function rememberIslandEvent(target: EventTarget, type: string, detail: unknown): void {
  let details = lastDetails.get(target)
  if (details === undefined) {
    details = new Map()
    lastDetails.set(target, details)
  }
  details.set(type, detail)
}

/** Dispatches an island event (bubbling) with its typed detail; false when a listener cancelled it. */
export function dispatchIslandEvent<K extends IslandEventName>(
  target: EventTarget,
  type: K,
  detail: IslandEventDetails[K],
  options: { cancelable?: boolean } = {},
): boolean {
  rememberIslandEvent(target, type, detail)
  return target.dispatchEvent(
    new CustomEvent(type, { bubbles: true, cancelable: options.cancelable ?? false, detail }),
  )
}

/**
 * Listens for an island event; returns the function that stops listening. With `last`, the
 * listener is first called with the last detail dispatched on `target` before it listened
 * (what woke an `interaction` island), if there was one.
 */
export function onIslandEvent<K extends IslandEventName>(
  target: EventTarget,
  type: K,
  listener: (detail: IslandEventDetails[K]) => void,
  options: { last?: boolean } = {},
): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<IslandEventDetails[K]>).detail)
  target.addEventListener(type, handle)
  const details = options.last ? lastDetails.get(target) : undefined
  if (details?.has(type)) listener(details.get(type) as IslandEventDetails[K])
  return () => target.removeEventListener(type, handle)
}
