/**
 * Version 2 tracking events (platform.md sections 3 and 7) and the four commerce events
 * (storefront.md sections 3 and 7), sent to `API.clankerEvents` as a form-encoded beacon
 * (`eventSchemaName`, `eventContent` as JSON). The script sends what only the browser knows
 * (the visitor's ids, the window, the page's address, the cart line); the page's product comes
 * ready from the worker (`context.commerce`), and the worker adds the rest when the event
 * arrives (worker/analytics/enrich.ts): the event's origin and action, the client and the
 * environment, the signed-in site user and the cart's analytics id (the cart cookie is
 * HttpOnly: the script never sends a cart id, and the worker's fields win over the script's).
 * The beacon goes with the page's cookies: the worker takes none without the crumb cookie.
 */

import { clankerEvents } from '../../shared/api-routes'
import { COOKIE, type CommerceEventName, PRODUCT_TYPE_NAMES } from '../../shared/index'
import type { CartLineDetail } from '../constants'
import { cookieValue } from '../cookies'
import type { TrackingContext } from './contract'
import type { Identity } from './identity'
import { formBeacon } from './transport'

/** The version 2 event fields the browser knows. */
export function baseFields(context: TrackingContext, identity: Identity, schemaName: string) {
  return {
    analytics_id: identity.analyticsId,
    session_id: identity.sessionId,
    marketing_id: identity.marketingId,
    browser_language: navigator.language,
    browser_locale: Intl.DateTimeFormat().resolvedOptions().locale,
    browser_window_height: innerHeight,
    browser_window_width: innerWidth,
    page_path: location.pathname,
    page_query_params: location.search.slice(1),
    page_referrer_url: document.referrer,
    event_occurrence_timestamp: Date.now(),
    custom_schema_name: schemaName,
    destination_url: location.href,
    object_identifier: context.pageId ?? undefined,
    // platform.md section 3: the document's language, then en-US.
    resolved_locale: document.documentElement.lang || 'en-US',
  }
}

/** Sends one version 2 event. */
export function sendEvent(schemaName: string, content: Record<string, unknown>): void {
  formBeacon(clankerEvents.path, { eventSchemaName: schemaName, eventContent: JSON.stringify(content) })
}

/** The cart line's own fields, over the page's product where the line says otherwise. */
function lineFields(line: CartLineDetail) {
  const variant = line.variant
  const money = variant?.onSale ? variant.salePriceMoney : variant?.priceMoney
  const price = Number(money?.value)
  const type = line.productType === undefined ? undefined : PRODUCT_TYPE_NAMES[line.productType]
  return {
    item_id: line.itemId,
    item_quantity: line.quantity,
    item_variant_object: variant?.attributes,
    item_price: Number.isFinite(price) ? price : undefined,
    currency_code: money?.currency,
    num_items_in_cart: line.cartQuantity ?? undefined,
    item_title: line.title,
    item_type: type,
    product_types_list: type && [type],
  }
}

/** A commerce event with the shopper tracking fields; `line` for cart changes. */
export function sendCommerceEvent(
  name: CommerceEventName,
  context: TrackingContext,
  identity: Identity,
  line?: CartLineDetail,
): void {
  // The page's product describes the line only when it is the same item.
  const product = line === undefined || line.itemId === context.commerce.item_id ? context.commerce : {}
  const own = line === undefined ? {} : lineFields(line)
  const fields: Record<string, unknown> = { ...baseFields(context, identity, name), ...product }
  for (const [key, value] of Object.entries(own)) if (value !== undefined) fields[key] = value
  fields.ss_cvr = cookieValue(COOKIE.census)
  sendEvent(name, fields)
}
