/**
 * The tracking script (storefront.md sections 2, 6 and 7; platform.md sections 4, 5, 7 and 9):
 * a plain module, no React, that pages import when the browser is idle (worker/render/
 * tracking.ts). It reads the page's tracking context and then:
 *
 * - records the page view (`/api/census/RecordHit`), except where page views are not tracked
 *   (/search); pages analytics skips altogether never load it;
 * - sends the commerce events: CommerceShopping_VisitPDP on a product page,
 *   CommerceShopping_ViewCart on the cart page, and AddToCart / RemoveFromCart when the cart
 *   island says a line changed (`storefront:add-to-cart`, `storefront:remove-from-cart`);
 * - feeds the pixel hook, runs the performance collector and the error reporter.
 *
 * Suppression for signed-in accounts is the worker's: their cookie is HttpOnly, and the worker
 * reads it from each beacon (worker/analytics/gate.ts). Nothing here ever throws into the page.
 */
import { COOKIE, pageViewIsTracked } from '../../templates/shared'
import { cookieValue } from '../browser-cookies'
import { ISLAND_EVENT, onIslandEvent } from '../constants'
import { TRACKING_CONTEXT_ID, type TrackingContext } from './contract'
import { reportErrors } from './errors'
import { sendCommerceEvent } from './events'
import { type Identity, identify } from './identity'
import { collectPerformance } from './performance'
import { pixelHook } from './pixel'
import { formBeacon } from './transport'

export const RECORD_HIT_URL = '/api/census/RecordHit'

function readContext(): TrackingContext | null {
  const text = document.getElementById(TRACKING_CONTEXT_ID)?.textContent
  try {
    return text ? (JSON.parse(text) as TrackingContext) : null
  } catch {
    return null
  }
}

function recordPageView(context: TrackingContext, identity: Identity): void {
  formBeacon(RECORD_HIT_URL, {
    event: 'view',
    data: JSON.stringify({
      pagePath: location.pathname,
      pageKind: context.pageKind,
      pageId: context.pageId,
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

function start(): void {
  const context = readContext()
  if (context === null) return
  reportErrors(context)
  const identity = identify(context.restrictiveCookies)
  const pixel = pixelHook(context)
  if (pageViewIsTracked(context.pageKind, location.pathname, false)) recordPageView(context, identity)
  if (context.pageKind === 'product' && context.product !== null) {
    sendCommerceEvent('CommerceShopping_VisitPDP', context, identity)
    pixel('product_view', { itemId: context.product.itemId, title: context.product.title })
  }
  if (context.pageKind === 'cart') sendCommerceEvent('CommerceShopping_ViewCart', context, identity)
  if (context.pageKind === 'search')
    pixel('search', { query: new URLSearchParams(location.search).get('q') ?? '' })
  onIslandEvent(document, ISLAND_EVENT.addToCart, (line) => {
    sendCommerceEvent('CommerceShopping_AddToCart', context, identity, line)
    pixel('add_to_cart', { itemId: line.itemId, sku: line.sku, quantity: line.quantity })
  })
  onIslandEvent(document, ISLAND_EVENT.removeFromCart, (line) =>
    sendCommerceEvent('CommerceShopping_RemoveFromCart', context, identity, line),
  )
  onIslandEvent(document, ISLAND_EVENT.newsletterSignUp, ({ formId }) =>
    pixel('newsletter_sign_up', { formId }),
  )
  onIslandEvent(document, ISLAND_EVENT.accountCreated, ({ siteUserId }) =>
    pixel('account_creation', { siteUserId }),
  )
  void collectPerformance()
}

try {
  start()
} catch {
  // An analytics failure never breaks a page (storefront.md section 8).
}
