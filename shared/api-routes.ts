/**
 * The one table of the JSON API (storefront.md section 7, platform.md section 7): each call's
 * method and path, written once, with the types of its JSON body, query and answer. The worker
 * registers each handler from its entry (worker/api/route.ts `on`, whose zod schema must accept
 * exactly the entry's body type) and the islands call it through their one client
 * (islands/http.ts `request(API.likeItem, body)`). The types are phantom: at run time an entry
 * is only `{ method, path }`, so the browser bundles no zod and no more than these strings.
 *
 * Adding a call: a line here, its handler in `worker/api/<area>.ts`, its use in the island.
 */

import type { CartEntryView, ShoppingCart } from './cart/types'

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A call of the API. `body`, `query` and `answer` are types only: they are never set. */
export interface ApiRoute<
  M extends ApiMethod = ApiMethod,
  P extends string = string,
  Body = unknown,
  Answer = unknown,
  Query = unknown,
> {
  readonly method: M
  readonly path: P
  readonly body?: Body
  readonly answer?: Answer
  readonly query?: Query
}

/** The JSON body an entry takes (`undefined` when it takes none). */
export type ApiBody<R> = R extends ApiRoute<ApiMethod, string, infer B> ? B : never
/** The JSON answer of an entry when it succeeds. */
export type ApiAnswerOf<R> = R extends ApiRoute<ApiMethod, string, unknown, infer A> ? A : never
/** The query parameters of an entry. */
export type ApiQuery<R> = R extends ApiRoute<ApiMethod, string, unknown, unknown, infer Q> ? Q : never
/** The names of a path's `:params`. */
export type ApiParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ApiParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** An entry: `call<Body, Answer, Query>()(method, path)` (curried so the path's type is kept). */
function call<Body = undefined, Answer = Record<string, unknown>, Query = undefined>() {
  return <M extends ApiMethod, P extends `/api/${string}`>(method: M, path: P) =>
    ({ method, path }) as ApiRoute<M, P, Body, Answer, Query>
}

/** A tracking beacon: a form, text or `sendBeacon` body, answered without JSON. */
const beacon = <P extends `/api/${string}`>(path: P) => call<FormData | string | Blob, null>()('POST', path)

type CartAnswer = { shoppingCart: ShoppingCart }
type AdditionalFields = string | null
type Quantity = number | string
type PlacesQuery = {
  sessiontoken?: string
  productPage?: string
  productSection?: string
  [name: string]: string | undefined
}
type SessionAnswer = {
  xsrfToken?: string
  siteUser?: { id: string; email: string; displayName: string | null; roles: string[] }
}
type RestockSendRequest = { productId: string; variantId: string }

export const API = {
  // Cart (storefront.md section 7, "Shopping cart")
  shoppingCart: call<undefined, CartAnswer, { mock?: string; timecode?: string }>()(
    'GET',
    '/api/commerce/shopping-cart',
  ),
  addCartEntry: call<
    { itemId: string; sku: string; quantity?: Quantity; additionalFields?: AdditionalFields },
    CartAnswer & { newlyAdded: CartEntryView }
  >()('POST', '/api/commerce/shopping-cart/entries'),
  cartEntryAdditionalFields: call<
    { itemId: string; sku: string; additionalFields?: AdditionalFields },
    CartAnswer & { updatedEntry: CartEntryView }
  >()('PUT', '/api/commerce/shopping-cart/entries/:entryId/additionalFields'),
  cartEntryQuantity: call<{ quantity: Quantity }, CartAnswer & { updatedEntry: CartEntryView }>()(
    'PUT',
    '/api/commerce/shopping-cart/entries/:entryId/quantity',
  ),
  removeCartEntry: call<undefined, CartAnswer>()('DELETE', '/api/commerce/shopping-cart/entries/:entryId'),
  /** The spec's path ends with a slash; the worker answers it without one too. */
  inventoryStock: call<
    undefined,
    { results: { sku: string; variantId: string; unlimited: boolean; qtyInStock: number }[] },
    { itemId: string }
  >()('GET', '/api/commerce/inventory/stock/'),
  startSubscription: call<
    { itemId: string; sku: string; qty?: Quantity; additionalFields?: AdditionalFields },
    { cartToken: string }
  >()('POST', '/api/3/commerce/cart/subscription'),
  paymentWebhook: call<unknown, { received: boolean }>()('POST', '/api/commerce/payments/webhook'),

  // Content
  likeItem: call<{ itemId: string }, { itemId: string; likeCount: number; liked: boolean }>()(
    'POST',
    '/api/content/likes',
  ),
  productReviews: call<
    undefined,
    { data: { productReviews: unknown[]; nextPage: number | null } },
    { page?: string; size?: string; productId?: string }
  >()('GET', '/api/commerce/product/reviews'),

  // Address lookups (a paid third party: the crumb goes with them)
  placesAutocomplete: call<undefined, Record<string, unknown>, PlacesQuery & { input: string }>()(
    'GET',
    '/api/google-maps/places/autocomplete',
  ),
  placesDetails: call<undefined, Record<string, unknown>, PlacesQuery & { place_id: string }>()(
    'GET',
    '/api/google-maps/places/details',
  ),

  // Forms
  formSubmissionKey: call<Record<string, never>, { data: { key: string } }>()(
    'POST',
    '/api/form/FormSubmissionKey',
  ),
  saveFormSubmission: call<{
    key: string
    formId: string
    form: string
    captchaKey?: string
    pageTitle?: string
    pageId?: string
    pagePath?: string
    contentSource?: string
  }>()('POST', '/api/form/SaveFormSubmission'),
  validateForm: call<unknown>()('POST', '/api/rest/forms/validate/:formId'),
  formTemplateSchema: call<undefined, Record<string, unknown>, { type: 'form' }>()(
    'GET',
    '/api/template/GetTemplateSchema',
  ),

  // Site users (sessions, the account, the restock tools of store owners)
  signIn: call<{ email: string; password: string; rememberMe?: boolean }, SessionAnswer>()(
    'POST',
    '/api/site-users/account/session',
  ),
  signOut: call<undefined, { signedOut: boolean; cartCloned: boolean }, { cloneCart: 'true' | 'false' }>()(
    'DELETE',
    '/api/site-users/account/session',
  ),
  siteUserAccount: call<undefined, SessionAnswer>()('GET', '/api/site-users/account'),
  restockSignUp: call<
    {
      isJoinMailingList?: boolean
      productId: string
      siteVisitorEmail: string
      variantId: string
      captchaToken?: string
    },
    { success: boolean }
  >()('POST', '/api/site-users/account/notifications/restock'),
  restockSignUps: call<
    undefined,
    Record<string, unknown>,
    { productId: string; variantId?: string; cursor?: string }
  >()('GET', '/api/site-users/account/notifications/restock'),
  restockGroups: call<undefined, Record<string, unknown>, { cursor?: string }>()(
    'GET',
    '/api/site-users/account/notifications/restock/groups',
  ),
  restockSend: call<RestockSendRequest, { queued: number }>()(
    'POST',
    '/api/site-users/account/notifications/restock/send',
  ),
  restockSendAll: call<{ sendRequests: RestockSendRequest[] }, { queued: number }>()(
    'POST',
    '/api/site-users/account/notifications/restock/send/all',
  ),

  // Tracking beacons (platform.md section 7)
  recordHit: beacon('/api/census/RecordHit'),
  buttonClick: beacon('/api/census/button-click'),
  buttonRender: beacon('/api/census/button-render'),
  overlay: beacon('/api/census/overlay'),
  formRender: beacon('/api/census/form-render'),
  recordQuickView: beacon('/api/census/RecordQuickView/:id'),
  recordJavascriptErrors: call<unknown, null>()('POST', '/api/events/RecordJavascriptErrors'),
  recordEvent: beacon('/api/events/RecordEvent'),
  clankerEvents: beacon('/api/v1/clanker/events'),
  clankerValidateEventContent: call<unknown, { valid: boolean; eventSchemaName: string }>()(
    'POST',
    '/api/v1/clanker/validate-event-content/:schemaName',
  ),
  performanceSettings: call<undefined, Record<string, unknown>>()('GET', '/api/1/performance/settings'),
  performanceRecords: beacon('/api/1/performance/records'),
} as const

export type ApiRoutes = typeof API
export type ApiRouteName = keyof ApiRoutes
