/**
 * The one table of the JSON API (storefront.md section 7, platform.md section 7): each call's
 * method and path, written once, with the types of its JSON body, query and answer. The worker
 * registers each handler from its entry (worker/http/api-route.ts `on`, whose zod schema must accept
 * exactly the entry's body type) and the islands call it through their one client
 * (islands/http.ts `request(API.likeItem, body)`). The types are phantom: at run time an entry
 * is only `{ method, path }`, so the browser bundles no zod and no more than these strings.
 *
 * Each entry is a const marked pure, gathered in `API` at the end. The few a small bundle needs
 * alone are exported by name too (the tracking script's, on every page), so it keeps only those.
 *
 * Adding a call: its entry here (the const and its line in `API`), its handler in
 * `worker/api/<area>.ts` (`on(group, API.x, ...)`), its use in the island (`request(API.x, body)`).
 */

import type { ApiMethod, ApiRoute } from './api-types'
import type { CartEntryView, ShoppingCart } from './cart/types'

/** An entry: `call<Body, Answer, Query>()(method, path)` (curried so the path's type is kept). */
function call<Body = undefined, Answer = Record<string, unknown>, Query = undefined>() {
  return <M extends ApiMethod, P extends `/api/${string}`>(method: M, path: P) =>
    ({ method, path }) as ApiRoute<M, P, Body, Answer, Query>
}

/** A tracking beacon: a form, text or `sendBeacon` body, answered without JSON. */
const beacon = <P extends `/api/${string}`>(path: P) =>
  /* @__PURE__ */ call<FormData | string | Blob, null>()('POST', path)

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

// Cart (storefront.md section 7, "Shopping cart")
export const shoppingCart = /* @__PURE__ */ call<
  undefined,
  CartAnswer,
  { mock?: string; timecode?: string }
>()('GET', '/api/commerce/shopping-cart')
const addCartEntry = /* @__PURE__ */ call<
  { itemId: string; sku: string; quantity?: Quantity; additionalFields?: AdditionalFields },
  CartAnswer & { newlyAdded: CartEntryView }
>()('POST', '/api/commerce/shopping-cart/entries')
const cartEntryAdditionalFields = /* @__PURE__ */ call<
  { itemId: string; sku: string; additionalFields?: AdditionalFields },
  CartAnswer & { updatedEntry: CartEntryView }
>()('PUT', '/api/commerce/shopping-cart/entries/:entryId/additionalFields')
const cartEntryQuantity = /* @__PURE__ */ call<
  { quantity: Quantity },
  CartAnswer & { updatedEntry: CartEntryView }
>()('PUT', '/api/commerce/shopping-cart/entries/:entryId/quantity')
const removeCartEntry = /* @__PURE__ */ call<undefined, CartAnswer>()(
  'DELETE',
  '/api/commerce/shopping-cart/entries/:entryId',
)
/** Issue 25 (ours): where the cart ships and which option; its discount codes. */
const cartShipping = /* @__PURE__ */ call<
  { country: string; region?: string; postalCode?: string; optionId?: string },
  CartAnswer
>()('PUT', '/api/commerce/shopping-cart/shipping')
const addCartCoupon = /* @__PURE__ */ call<{ code: string }, CartAnswer>()(
  'POST',
  '/api/commerce/shopping-cart/coupons',
)
const removeCartCoupon = /* @__PURE__ */ call<undefined, CartAnswer>()(
  'DELETE',
  '/api/commerce/shopping-cart/coupons/:code',
)
/** The spec's path ends with a slash; the worker answers it without one too. */
const inventoryStock = /* @__PURE__ */ call<
  undefined,
  { results: { sku: string; variantId: string; unlimited: boolean; qtyInStock: number }[] },
  { itemId: string }
>()('GET', '/api/commerce/inventory/stock/')
const startSubscription = /* @__PURE__ */ call<
  { itemId: string; sku: string; qty?: Quantity; additionalFields?: AdditionalFields },
  { cartToken: string }
>()('POST', '/api/3/commerce/cart/subscription')
const paymentWebhook = /* @__PURE__ */ call<unknown, { received: boolean }>()(
  'POST',
  '/api/commerce/payments/webhook',
)

/** Ours (issue 24): Quick View's dialog body for a product, the tenant's `quick-view` template. */
const quickView = /* @__PURE__ */ call<
  undefined,
  { item: { id: string; title: string; fullUrl: string }; html: string }
>()('GET', '/api/commerce/quick-view/:itemId')

// Content
const likeItem = /* @__PURE__ */ call<
  { itemId: string },
  { itemId: string; likeCount: number; liked: boolean }
>()('POST', '/api/content/likes')
const productReviews = /* @__PURE__ */ call<
  undefined,
  { data: { productReviews: unknown[]; nextPage: number | null } },
  { page?: string; size?: string; productId?: string }
>()('GET', '/api/commerce/product/reviews')

/**
 * Issue 24 (ours; the spec names no call): an item's comment thread, a page of top-level
 * comments with their replies, and who reads it (signed in, may moderate).
 */
const itemComments = /* @__PURE__ */ call<
  undefined,
  {
    data: { comments: unknown[]; nextPage: number | null; count: number }
    viewer: { signedIn: boolean; name: string | null; moderator: boolean }
  },
  { itemId: string; sort?: string; page?: string }
>()('GET', '/api/content/comments')
/** Posts a comment or a reply (`parentId`); answered only once it is stored. */
const postComment = /* @__PURE__ */ call<
  { itemId: string; text: string; parentId?: string; name?: string; email?: string; captchaToken?: string },
  { comment: Record<string, unknown>; count: number }
>()('POST', '/api/content/comments')
/** A COMMENTER or MODERATOR hides a comment (and its replies). */
const hideComment = /* @__PURE__ */ call<undefined, { hidden: true; count: number }>()(
  'POST',
  '/api/content/comments/:commentId/hide',
)

// Address lookups (a paid third party: the crumb goes with them)
const placesAutocomplete = /* @__PURE__ */ call<
  undefined,
  Record<string, unknown>,
  PlacesQuery & { input: string }
>()('GET', '/api/google-maps/places/autocomplete')
const placesDetails = /* @__PURE__ */ call<
  undefined,
  Record<string, unknown>,
  PlacesQuery & { place_id: string }
>()('GET', '/api/google-maps/places/details')

// Forms
const formSubmissionKey = /* @__PURE__ */ call<Record<string, never>, { data: { key: string } }>()(
  'POST',
  '/api/form/FormSubmissionKey',
)
const saveFormSubmission = /* @__PURE__ */ call<{
  key: string
  formId: string
  form: string
  captchaKey?: string
  pageTitle?: string
  pageId?: string
  pagePath?: string
  contentSource?: string
}>()('POST', '/api/form/SaveFormSubmission')
const validateForm = /* @__PURE__ */ call<unknown>()('POST', '/api/rest/forms/validate/:formId')
const formTemplateSchema = /* @__PURE__ */ call<undefined, Record<string, unknown>, { type: 'form' }>()(
  'GET',
  '/api/template/GetTemplateSchema',
)

// Site users (sessions, the account, the restock tools of store owners)
const signIn = /* @__PURE__ */ call<
  { email: string; password: string; rememberMe?: boolean },
  SessionAnswer
>()('POST', '/api/site-users/account/session')
const signOut = /* @__PURE__ */ call<
  undefined,
  { signedOut: boolean; cartCloned: boolean },
  { cloneCart: 'true' | 'false' }
>()('DELETE', '/api/site-users/account/session')
const siteUserAccount = /* @__PURE__ */ call<undefined, SessionAnswer>()('GET', '/api/site-users/account')
const restockSignUp = /* @__PURE__ */ call<
  {
    isJoinMailingList?: boolean
    productId: string
    siteVisitorEmail: string
    variantId: string
    captchaToken?: string
  },
  { success: boolean }
>()('POST', '/api/site-users/account/notifications/restock')
const restockSignUps = /* @__PURE__ */ call<
  undefined,
  Record<string, unknown>,
  { productId: string; variantId?: string; cursor?: string }
>()('GET', '/api/site-users/account/notifications/restock')
const restockGroups = /* @__PURE__ */ call<undefined, Record<string, unknown>, { cursor?: string }>()(
  'GET',
  '/api/site-users/account/notifications/restock/groups',
)
export const restockSend = /* @__PURE__ */ call<RestockSendRequest, { queued: number }>()(
  'POST',
  '/api/site-users/account/notifications/restock/send',
)
const restockSendAll = /* @__PURE__ */ call<{ sendRequests: RestockSendRequest[] }, { queued: number }>()(
  'POST',
  '/api/site-users/account/notifications/restock/send/all',
)

// Tracking beacons (platform.md section 7)
export const recordHit = /* @__PURE__ */ beacon('/api/census/RecordHit')
export const buttonClick = /* @__PURE__ */ beacon('/api/census/button-click')
export const buttonRender = /* @__PURE__ */ beacon('/api/census/button-render')
export const overlay = /* @__PURE__ */ beacon('/api/census/overlay')
export const formRender = /* @__PURE__ */ beacon('/api/census/form-render')
export const recordQuickView = /* @__PURE__ */ beacon('/api/census/RecordQuickView/:id')
export const recordJavascriptErrors = /* @__PURE__ */ call<unknown, null>()(
  'POST',
  '/api/events/RecordJavascriptErrors',
)
const recordEvent = /* @__PURE__ */ beacon('/api/events/RecordEvent')
export const clankerEvents = /* @__PURE__ */ beacon('/api/v1/clanker/events')
const clankerValidateEventContent = /* @__PURE__ */ call<
  unknown,
  { valid: boolean; eventSchemaName: string }
>()('POST', '/api/v1/clanker/validate-event-content/:schemaName')
export const performanceSettings = /* @__PURE__ */ call<undefined, Record<string, unknown>>()(
  'GET',
  '/api/1/performance/settings',
)
export const performanceRecords = /* @__PURE__ */ beacon('/api/1/performance/records')

/** The table, by name: `API.likeItem`. (The pill cart and the tracking script, which must stay
 * tiny, import their entries by name so their bundles keep only those.) */
export const API = {
  shoppingCart,
  addCartEntry,
  cartEntryAdditionalFields,
  cartEntryQuantity,
  removeCartEntry,
  cartShipping,
  addCartCoupon,
  removeCartCoupon,
  inventoryStock,
  startSubscription,
  paymentWebhook,
  quickView,
  likeItem,
  productReviews,
  itemComments,
  postComment,
  hideComment,
  placesAutocomplete,
  placesDetails,
  formSubmissionKey,
  saveFormSubmission,
  validateForm,
  formTemplateSchema,
  signIn,
  signOut,
  siteUserAccount,
  restockSignUp,
  restockSignUps,
  restockGroups,
  restockSend,
  restockSendAll,
  recordHit,
  buttonClick,
  buttonRender,
  overlay,
  formRender,
  recordQuickView,
  recordJavascriptErrors,
  recordEvent,
  clankerEvents,
  clankerValidateEventContent,
  performanceSettings,
  performanceRecords,
}
