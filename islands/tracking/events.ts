/**
 * Version 2 tracking events (platform.md sections 3 and 7) and the four commerce events
 * (storefront.md sections 3 and 7), sent to `/api/v1/clanker/events` as a form-encoded beacon
 * (`eventSchemaName`, `eventContent` as JSON). The worker adds what only it knows from the
 * beacon's cookies: the signed-in site user (`site_user_id`, `logged_in`) and the cart's id.
 */
import {
  COMMERCE_EVENT_ORIGIN,
  COOKIE,
  type CommerceEventName,
  PRODUCT_TYPE_NAMES,
  sourceEnvironment,
  TRACKING,
} from '../../templates/shared'
import { cookieValue } from '../browser-cookies'
import type { CartLineDetail } from '../constants'
import type { TrackingContext } from './contract'
import type { Identity } from './identity'
import { formBeacon } from './transport'

export const CLANKER_EVENTS_URL = '/api/v1/clanker/events'

/** The version 2 event fields every event carries. */
export function baseFields(context: TrackingContext, identity: Identity, schemaName: string) {
  return {
    analytics_id: identity.analyticsId,
    session_id: identity.sessionId,
    marketing_id: identity.marketingId,
    browser_language: navigator.language,
    browser_locale: Intl.DateTimeFormat().resolvedOptions().locale,
    browser_window_height: window.innerHeight,
    browser_window_width: window.innerWidth,
    page_host: location.host,
    page_path: location.pathname,
    page_query_params: location.search.slice(1),
    page_referrer_url: document.referrer,
    enduser_user_agent: navigator.userAgent,
    event_occurrence_timestamp: Date.now(),
    client_name: TRACKING.clientName,
    client_version: TRACKING.clientVersion,
    custom_schema_name: schemaName,
    source_environment: sourceEnvironment(location.hostname),
    context_website_id: context.websiteId,
    destination_url: location.href,
    object_identifier: context.pageId ?? undefined,
    // platform.md section 3: the document's language, then en-US.
    resolved_locale: document.documentElement.lang || 'en-US',
    website_locale: context.locale,
  }
}

/** Sends one version 2 event. */
export function sendEvent(schemaName: string, content: Record<string, unknown>): void {
  formBeacon(CLANKER_EVENTS_URL, { eventSchemaName: schemaName, eventContent: JSON.stringify(content) })
}

const ACTIONS: Record<CommerceEventName, [action: string, objectType: string]> = {
  CommerceShopping_VisitPDP: ['visit', 'product_detail_page'],
  CommerceShopping_AddToCart: ['add', 'cart_item'],
  CommerceShopping_ViewCart: ['view', 'cart'],
  CommerceShopping_RemoveFromCart: ['remove', 'cart_item'],
}

function priceOf(line: CartLineDetail | null, context: TrackingContext): number | undefined {
  const money = line?.variant?.onSale ? line.variant.salePriceMoney : line?.variant?.priceMoney
  const value = money?.value === undefined ? Number.NaN : Number(money.value)
  if (Number.isFinite(value)) return value
  return context.product?.price ?? undefined
}

/** A commerce event with the shopper tracking fields; `line` for cart changes. */
export function sendCommerceEvent(
  name: CommerceEventName,
  context: TrackingContext,
  identity: Identity,
  line: CartLineDetail | null = null,
): void {
  const [action, objectType] = ACTIONS[name]
  const product = context.product !== null && (line === null || line.itemId === context.product.itemId)
  const itemType =
    line?.productType === undefined ? context.product?.productType : PRODUCT_TYPE_NAMES[line.productType]
  sendEvent(name, {
    ...baseFields(context, identity, name),
    ...COMMERCE_EVENT_ORIGIN,
    event_name: name,
    actor: 'shopper',
    action,
    object_type: objectType,
    website_id: context.websiteId,
    page_id: context.pageId ?? undefined,
    cart_id: line?.cartId ?? undefined,
    product_page: context.pageKind === 'product',
    pdp_layout: context.pageKind === 'product' ? 'default' : undefined,
    product: product ? context.product?.title : line?.title,
    num_items_in_cart: line?.cartQuantity ?? undefined,
    product_types_list: itemType === undefined ? undefined : [itemType],
    item_id: line?.itemId ?? context.product?.itemId,
    item_type: itemType,
    item_title: line?.title ?? (product ? context.product?.title : undefined),
    item_variant_object: line?.variant?.attributes,
    item_price: priceOf(line, context),
    currency_code: line?.variant?.priceMoney?.currency ?? context.product?.currency ?? undefined,
    item_quantity: line?.quantity,
    ss_cvr: cookieValue(COOKIE.census),
  })
}
