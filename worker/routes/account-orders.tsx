/**
 * A signed-in site user's order history (issue 25; docs/site-users.md, "Order history"):
 *
 *   GET  /account/orders[?cursor=]     their orders on this site, newest first, 10 a page
 *   GET  /account/orders/{orderId}     one of them: the order page's receipt, back to the list
 *   POST /account/orders[/{orderId}]   the member form's plain sign-in or sign-out (no script)
 *
 * Pages rendered on the server, personal (`private, no-store`, no `Referer`). A visitor who is
 * not signed in gets the member sign-in form (the `member-account` island, a plain form post
 * without script) and a link to the guest lookup. An order opens only to the site user who
 * placed it, on the site it was placed on (every query names the tenant and the user); anyone
 * else's order, or an id that does not exist, is the same 404.
 */
import type { Context } from 'hono'
import { centsText, fillText, localizedText, type ORDERS_TEXT } from '../../shared/index'
import type { MemberArea } from '../auth/page-access'
import { memberFormPost } from '../auth/page-access'
import { liveSiteUser, type SiteUserSession } from '../auth/site-user'
import { moneyDisplayOf } from '../commerce/cart-view'
import { orderDateText, statusText } from '../commerce/receipt'
import { cursorPageRequest, encodeCursor } from '../db/keyset'
import { amountsOf, orderById, siteUserOrderPage } from '../db/orders'
import type { AppEnv } from '../env'
import { Hono } from '../http/hono'
import { requireSameOrigin } from '../middleware/crumb'
import { orderHistoryHtml } from '../render/commerce-views'
import { islandHtml } from '../render/islands'
import * as z from '../runtime/zod'
import { personalPage, refusalPage, showOrderPage } from './commerce-pages'
import { notFoundPage } from './pages'

/** Orders a page of the history shows. */
export const ORDER_HISTORY_PAGE_SIZE = 10
const HISTORY_PATH = '/account/orders'

const historyQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(400))) })
const orderIdSchema = z.string().check(z.regex(/^ord_[0-9a-f]{24}$/))

function textOf(c: Context<AppEnv>): typeof ORDERS_TEXT {
  return localizedText(c.get('tenant').site.localizedStrings).orders
}

/** The member account panel: the sign-in form, or who is signed in with the sign-out button. */
function accountPanel(area: MemberArea & { signedInEmail?: string }): string {
  return islandHtml('member-account', {
    action: area.action,
    title: area.title,
    error: area.error ?? null,
    email: area.email ?? null,
    signedInEmail: area.signedInEmail ?? null,
    notAllowed: false,
  })
}

/** The history's heading with the sign-in form (a visitor not signed in, or a refused sign-in). */
function signInScreen(c: Context<AppEnv>, area: MemberArea, status = 200) {
  const text = textOf(c)
  return personalPage(
    c,
    text.orderHistoryTitle,
    () =>
      orderHistoryHtml({
        text,
        account: accountPanel(area),
        orders: [],
        newer: null,
        older: null,
        signedOut: true,
      }),
    { status },
  )
}

function memberArea(c: Context<AppEnv>): MemberArea {
  return { action: c.req.path, title: textOf(c).orderHistorySignInTitle }
}

async function signedInUser(c: Context<AppEnv>): Promise<SiteUserSession | null> {
  return c.get('tenant').site.storeSettings ? liveSiteUser(c) : null
}

export const accountOrderRoutes = new Hono<AppEnv>()

accountOrderRoutes.get(HISTORY_PATH, async function showOrderHistory(c) {
  if (!c.get('tenant').site.storeSettings) return notFoundPage(c.get('catalog'), c.req.path)
  const session = await signedInUser(c)
  if (session === null) return signInScreen(c, memberArea(c))
  const text = textOf(c)
  const query = historyQuery.safeParse(c.req.query())
  const request = cursorPageRequest(query.success ? query.data.cursor : '', ORDER_HISTORY_PAGE_SIZE)
  if (request === null)
    return refusalPage(
      c,
      400,
      text.orderHistoryTitle,
      text.orderHistoryBadCursor,
      HISTORY_PATH,
      text.orderHistoryBack,
    )
  const { site, siteId } = c.get('tenant')
  const page = await siteUserOrderPage(c.env.DB, siteId, session.user.id, request)
  const display = moneyDisplayOf(site)
  const orders = page.rows.map((order) => {
    const count = order.lines.reduce((sum, line) => sum + line.quantity, 0)
    return {
      href: `${HISTORY_PATH}/${order.id}`,
      id: order.id,
      date: orderDateText(order.createdAt, site),
      status: statusText(order.status, text),
      items: count === 1 ? text.orderHistoryItemsOne : fillText(text.orderHistoryItems, { count }),
      total: centsText(amountsOf(order).grandTotalCents, order.currency, display),
    }
  })
  const link = (direction: 'n' | 'p', position: typeof page.next) =>
    position === null ? null : `${HISTORY_PATH}?cursor=${encodeCursor(direction, position)}`
  const account = accountPanel({ ...memberArea(c), signedInEmail: session.user.email })
  return personalPage(c, text.orderHistoryTitle, () =>
    orderHistoryHtml({
      text,
      account,
      orders,
      newer: link('p', page.previous),
      older: link('n', page.next),
      signedOut: false,
    }),
  )
})

accountOrderRoutes.get(`${HISTORY_PATH}/:orderId`, async function showHistoryOrder(c) {
  if (!c.get('tenant').site.storeSettings) return notFoundPage(c.get('catalog'), c.req.path)
  const session = await signedInUser(c)
  if (session === null) return signInScreen(c, memberArea(c))
  const text = textOf(c)
  const id = orderIdSchema.safeParse(c.req.param('orderId'))
  const order = id.success ? await orderById(c.env.DB, c.get('tenant').siteId, id.data) : null
  if (order === null || order.siteUserId !== session.user.id || order.status === 'pending')
    return refusalPage(
      c,
      404,
      text.orderHistoryTitle,
      text.orderHistoryNotFound,
      HISTORY_PATH,
      text.orderHistoryBack,
    )
  return showOrderPage(c, order, { href: HISTORY_PATH, label: text.orderHistoryBack })
})

// The member form without script: sign in (or out), then back to the page it was posted from.
for (const path of [HISTORY_PATH, `${HISTORY_PATH}/:orderId`])
  accountOrderRoutes.post(path, requireSameOrigin(), async function signInForOrders(c) {
    if (!c.get('tenant').site.storeSettings) return notFoundPage(c.get('catalog'), c.req.path)
    return memberFormPost(c, memberArea(c), (area, status, error) =>
      signInScreen(c, { ...area, error }, status),
    )
  })
