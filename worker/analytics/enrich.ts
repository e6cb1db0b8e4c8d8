/**
 * What the worker adds to a version 2 event (platform.md sections 3 and 7, storefront.md
 * sections 3 and 7) from the request itself, so the tracking script need not send it: the
 * client's name and version, the source environment (from the host), the site and its locale,
 * the browser's user agent and the page's host, and for a signed-in site user the member
 * account (`member_account_id`, `member_account_locale`); for a commerce event its fixed
 * origin, name, actor, action and object type, its environment ('staging' on internal hosts,
 * otherwise 'production'), and what only the worker can know from the beacon's cookies: the
 * signed-in site user (`site_user_id`, `logged_in`) and the cart (`cart_id`, an id derived
 * from the cart cookie, never its value: cart-id.ts).
 *
 * What the worker fills always wins over what the client sent under the same name (issue 18:
 * an event must not claim another tenant's site, another environment, host, browser or cart).
 */
import type { Context } from 'hono'
import {
  COMMERCE_EVENT_ORIGIN,
  type CommerceEventName,
  commerceEnvironment,
  sourceEnvironment,
  TRACKING,
} from '../../shared/index'
import { siteUserClaims } from '../auth/site-user'
import { cartIdOf, publicCartId } from '../commerce/cart-session'
import type { AppEnv } from '../env'
import { isCommerceEvent } from './schemas'

/** The longest user agent stored: the version 2 schema's limit (a header is the client's to choose too). */
const USER_AGENT_MAX = 512

/** Each commerce event's action and the object it acts on. */
const COMMERCE_ACTIONS: Record<CommerceEventName, { action: string; object_type: string }> = {
  CommerceShopping_VisitPDP: { action: 'visit', object_type: 'product_detail_page' },
  CommerceShopping_AddToCart: { action: 'add', object_type: 'cart_item' },
  CommerceShopping_ViewCart: { action: 'view', object_type: 'cart' },
  CommerceShopping_RemoveFromCart: { action: 'remove', object_type: 'cart_item' },
  CommerceShopping_ItemViewed: { action: 'view', object_type: 'item' },
  CommerceShopping_ItemAdded: { action: 'add', object_type: 'item' },
  CommerceShopping_CheckoutConfirmed: { action: 'confirm', object_type: 'checkout' },
}

/**
 * The member account's locale: site users keep no language of their own, so it is the one their
 * browser asks pages in (the first `Accept-Language` tag that is a locale), else the one the
 * script read (`browser_locale`), else null.
 */
function memberLocale(acceptLanguage: string | undefined, browserLocale: unknown): string | null {
  const candidates = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]?.trim() ?? '')
  if (typeof browserLocale === 'string') candidates.push(browserLocale)
  for (const candidate of candidates) {
    if (candidate === '' || candidate === '*' || candidate.length > 35) continue
    try {
      const [canonical] = Intl.getCanonicalLocales(candidate)
      if (canonical !== undefined) return canonical
    } catch {
      // Not a locale: the next one.
    }
  }
  return null
}

/** The event as stored: what the client sent, under the worker's own fields. */
export async function enrichEvent(
  c: Context<AppEnv>,
  schemaName: string,
  content: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const tenant = c.get('tenant')
  const event: Record<string, unknown> = {
    ...content,
    client_name: TRACKING.clientName,
    client_version: TRACKING.clientVersion,
    source_environment: sourceEnvironment(tenant.hostname),
    context_website_id: tenant.site.website.id,
    website_locale: tenant.site.website.language,
    enduser_user_agent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
    page_host: new URL(c.req.url).host,
  }
  // Signed in or not is the worker's to say (the cookie is HttpOnly): never the client's claim.
  const claims = await siteUserClaims(c)
  event.member_account_id = claims?.siteUserId ?? null
  event.member_account_locale =
    claims === null ? null : memberLocale(c.req.header('accept-language'), content.browser_locale)
  if (!isCommerceEvent(schemaName)) return event
  const cartId = cartIdOf(c)
  return {
    ...event,
    website_id: tenant.site.website.id,
    cart_id: cartId === null ? null : await publicCartId(tenant.siteId, cartId),
    ...COMMERCE_EVENT_ORIGIN,
    environment: commerceEnvironment(tenant.hostname),
    ...COMMERCE_ACTIONS[schemaName as CommerceEventName],
    event_name: schemaName,
    actor: 'shopper',
    site_user_id: claims?.siteUserId ?? null,
    logged_in: claims !== null,
  }
}
