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
 * `load`: at once; `idle`: when the main thread is idle; `visible`: near the viewport, once the
 * page has loaded and the main thread is idle; `interaction`: on the shopper's first pointer,
 * key, focus or change inside the island (or an island event it wakes on). Until then its server
 * HTML works as plain HTML, and what the shopper did before it is live is replayed
 * (islands/runtime/replay.ts).
 */
export const HYDRATE_STRATEGIES = ['load', 'idle', 'visible', 'interaction'] as const
export type HydrateStrategy = (typeof HYDRATE_STRATEGIES)[number]

/** The header scripts send the crumb cookie's value in on state-changing calls (platform.md section 7). */
export const CRUMB_HEADER = 'X-CSRF-Token'

/** The header session-protected calls send the sign-in's `xsrfToken` in (storefront.md section 6). */
export const XSRF_HEADER = 'X-XSRF-Token'

/**
 * The pill cart's markup (islands/cart-pill): the element, its count, and the data its script
 * reads instead of importing the text catalogues (it loads on every store page: kept tiny).
 */
export const CART_PILL = {
  attr: 'data-cart-pill',
  countClass: 'sqs-pill-shopping-cart-quantity',
  /** `{count}` placeholder sentence of the accessible name. */
  label: 'data-label',
  /** The count shown above the cap ('100+') and the cap. */
  overCap: 'data-over-cap',
  cap: 'data-cap',
  /** The name of the cookie that says a cart exists. */
  cookie: 'data-cookie',
  /** Where the cart is read (`API.shoppingCart`): the pill bundles no API table. */
  cartUrl: 'data-cart-url',
} as const

/**
 * The attribute of a product card's Quick View link (templates/defaults/partials.ts) holding the
 * item's id: the page then loads Quick View's small script (islands/quick-view/trigger.ts).
 */
export const QUICK_VIEW_ATTR = 'data-quick-view'

/**
 * The attribute of Quick View's script tag holding the dialog's words as the tenant writes them
 * (QUICK_VIEW_TEXT with its `localizedStrings` applied, JSON): the dialog reads them from there.
 */
export const QUICK_VIEW_TEXT_ATTR = 'data-quick-view-text'

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
  mainImage?: { id?: string; assetUrl?: string; originalSize?: string }
}

/**
 * A cart line that changed, as the tracking script reads it for the commerce events and the
 * pixel (storefront.md sections 3 and 7): what the cart island knows after the cart answered.
 */
export type CartLineDetail = {
  itemId: string
  sku: string | null
  /** Units added or removed. */
  quantity: number
  /** The chosen variant (its attributes become `item_variant_object`, its price `item_price`). */
  variant: VariantData | null
  /** From the cart answer: its id and total quantity after the change. */
  cartId?: string | null
  cartQuantity?: number | null
  /** When the page is not this item's product page (the cart page): its title and product type code. */
  title?: string
  productType?: number
}

/** Every DOM event islands and the runtime dispatch, with the type of its `detail`. */
export interface IslandEventDetails {
  /** Cancelable. Not cancelled: the runtime also logs the error. */
  'island:error': { name: string; error: unknown }
  /** Fired by the variant picker on its product element; `variant` is null when none matches. */
  'storefront:variant-change': { itemId: string; variant: VariantData | null }
  /** Fired by a public form once a submission is stored (newsletter tracking listens for it). */
  'storefront:form-submit': { formId: string; isNewsletter: boolean }
  /**
   * Fired by the cart island (on its own element: the event bubbles) once the cart has added a
   * line; the tracking script sends CommerceShopping_AddToCart and the pixel's add to cart.
   */
  'storefront:add-to-cart': CartLineDetail
  /** Fired by the cart once it has removed a line: CommerceShopping_RemoveFromCart. */
  'storefront:remove-from-cart': CartLineDetail
  /** Fired by a newsletter form once its sign-up is stored: the pixel's newsletter sign-up. */
  'storefront:newsletter-sign-up': { formId: string }
  /** Fired once a site-user account has been created: the pixel's account creation. */
  'storefront:account-created': { siteUserId: string | null }
  /** Fired on the document when the cart changed (an add, a quantity, a removal): the pill follows. */
  'storefront:cart-change': { totalQuantity: number }
  /**
   * Fired on the document when a dialog over the page is shown or dismissed (the installment
   * dialog, quick view): the tracking script sends the `overlay` beacon (storefront.md section 7).
   */
  'storefront:overlay': { overlayId: string; action: 'show' | 'dismiss' | 'submit' }
}

export type IslandEventName = keyof IslandEventDetails

export const ISLAND_EVENT = {
  error: 'island:error',
  variantChange: 'storefront:variant-change',
  formSubmit: 'storefront:form-submit',
  addToCart: 'storefront:add-to-cart',
  removeFromCart: 'storefront:remove-from-cart',
  newsletterSignUp: 'storefront:newsletter-sign-up',
  accountCreated: 'storefront:account-created',
  cartChange: 'storefront:cart-change',
  overlay: 'storefront:overlay',
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
