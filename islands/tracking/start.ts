/**
 * The tracking script's work (storefront.md sections 2, 6 and 7; platform.md sections 4, 5, 7
 * and 9), imported by index.ts when the browser is idle. With the page's tracking context it:
 *
 * - records the page view (`API.recordHit`), except where page views are not tracked
 *   (/search); pages analytics skips altogether never load it;
 * - sends the commerce events: CommerceShopping_VisitPDP and the item viewed event
 *   (CommerceShopping_ItemViewed) on a product page, CommerceShopping_ViewCart on the cart page,
 *   CommerceShopping_CheckoutConfirmed on the order confirmed page (page type 202, the order's
 *   total from the worker), and AddToCart with the item added event (ItemAdded) / RemoveFromCart
 *   when the cart island says a line changed (`storefront:add-to-cart`,
 *   `storefront:remove-from-cart`);
 * - sends the census beacons of the site's buttons and public forms (census.ts);
 * - sends the `overlay` beacon when an island's dialog is shown or dismissed (overlay.ts);
 * - feeds the pixel hook, runs the performance collector and the error reporter.
 *
 * Suppression for signed-in accounts is the worker's: their cookie is HttpOnly, and the worker
 * reads it from each beacon (worker/analytics/gate.ts). Nothing here ever throws into the page.
 */

import { recordHit } from '../../shared/api-routes'
import { COOKIE, pageViewIsTracked } from '../../shared/index'
import { ISLAND_EVENT, onIslandEvent } from '../constants'
import { cookieValue } from '../cookies'
import { trackButtons, trackForms } from './census'
import type { TrackingContext } from './contract'
import { reportErrors } from './errors'
import { sendCommerceEvent } from './events'
import { type Identity, identify } from './identity'
import { sendOverlayBeacons } from './overlay'
import { collectPerformance } from './performance'
import { pixelHook } from './pixel'
import { formBeacon } from './transport'

function recordPageView(context: TrackingContext, identity: Identity): void {
  formBeacon(recordHit.path, {
    event: 'view',
    data: JSON.stringify({
      pagePath: location.pathname,
      pageKind: context.pageKind,
      pageId: context.pageId,
      // platform.md section 9's page type, on the pages that have one (cart, checkout, order).
      ...(context.pageType === null ? {} : { pageType: context.pageType }),
      websiteId: context.websiteId,
      title: document.title,
      referrer: document.referrer,
      analyticsId: identity.analyticsId,
      sessionId: identity.sessionId,
      isFirstLanding: identity.isFirstLanding,
      isFirstSession: identity.isFirstSession,
    }),
    ss_cvr: cookieValue(COOKIE.census),
  })
}

/** Whether `key` is new to this tab's session (kept there from now on); true without storage. */
function firstTimeInSession(key: string, restrictive: boolean): boolean {
  if (restrictive) return true
  try {
    if (sessionStorage.getItem(key) !== null) return false
    sessionStorage.setItem(key, '1')
  } catch {
    // No storage: every page counts.
  }
  return true
}

/** Starts tracking this page; `early`: island failures before it started, for the error reporter. */
export function start(context: TrackingContext, early: Parameters<typeof reportErrors>[1] = []): void {
  reportErrors(context, early)
  const identity = identify(context.restrictiveCookies)
  const pixel = pixelHook(context)
  if (pageViewIsTracked(context.pageKind, location.pathname, false)) recordPageView(context, identity)
  const itemId = context.commerce.item_id
  if (context.pageKind === 'product' && itemId !== undefined) {
    sendCommerceEvent('CommerceShopping_VisitPDP', context, identity)
    sendCommerceEvent('CommerceShopping_ItemViewed', context, identity)
    pixel('product_view', { itemId, title: context.commerce.item_title })
  }
  if (context.pageKind === 'cart') sendCommerceEvent('CommerceShopping_ViewCart', context, identity)
  // The worker gives the order confirmed page its page type only for a paid order; a reload of
  // the page in the same tab confirms nothing new.
  if (
    context.pageKind === 'order-confirmation' &&
    context.commerce.page_type !== undefined &&
    firstTimeInSession(`ss_checkout_confirmed:${location.pathname}`, context.restrictiveCookies)
  )
    sendCommerceEvent('CommerceShopping_CheckoutConfirmed', context, identity)
  if (context.pageKind === 'search')
    pixel('search', { query: new URLSearchParams(location.search).get('q') ?? '' })
  onIslandEvent(document, ISLAND_EVENT.addToCart, (line) => {
    sendCommerceEvent('CommerceShopping_AddToCart', context, identity, line)
    sendCommerceEvent('CommerceShopping_ItemAdded', context, identity, line)
    pixel('add_to_cart', { itemId: line.itemId, sku: line.sku, quantity: line.quantity })
  })
  onIslandEvent(document, ISLAND_EVENT.removeFromCart, (line) =>
    sendCommerceEvent('CommerceShopping_RemoveFromCart', context, identity, line),
  )
  sendOverlayBeacons()
  onIslandEvent(document, ISLAND_EVENT.newsletterSignUp, ({ formId }) =>
    pixel('newsletter_sign_up', { formId }),
  )
  onIslandEvent(document, ISLAND_EVENT.accountCreated, ({ siteUserId }) =>
    pixel('account_creation', { siteUserId }),
  )
  trackButtons()
  trackForms()
  void collectPerformance()
}
