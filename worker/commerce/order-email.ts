/**
 * The order confirmation email (issue 18: the link that opens the order to its buyer in any
 * browser): sent through the email provider once the order is paid, and marked sent only once
 * the provider accepted it; the reconciliation sweep sends any a crash left unsent. The
 * provider's message id is the order's, so a repeat is one email where the provider can tell
 * (the local outbox keeps one row). Shipping, tax and a fuller receipt come with the checkout
 * issue (25).
 */
import { CART_TEXT, centsText } from '../../shared/index'
import { markConfirmationSent, type OrderRow } from '../db/orders'
import type { Env } from '../env'
import { getSite } from '../middleware/tenant'
import { emailSender } from '../providers/email'
import { logError } from '../runtime/log'
import { moneyDisplayOf } from './cart-view'
import { ACCESS_LINK_SECONDS, orderAccessToken, orderPath } from './order-access'

/** Sends a paid order's confirmation; true once the provider accepted it (or had already). */
export async function sendOrderConfirmation(env: Env, order: OrderRow): Promise<boolean> {
  if (order.status !== 'paid' || order.confirmationSentAt !== null) return order.confirmationSentAt !== null
  try {
    const site = await getSite(env.CATALOG, order.siteId)
    const origin =
      order.origin ?? (site?.website.primaryDomain ? `https://${site.website.primaryDomain}` : '')
    const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_LINK_SECONDS
    const token = await orderAccessToken(env, order.siteId, order.id, expiresAt)
    const link = `${origin}${orderPath(order.id)}?access=${token}`
    const total = site
      ? centsText(order.grandTotalCents, order.currency, moneyDisplayOf(site))
      : `${order.grandTotalCents} ${order.currency}`
    const siteName = site?.website.siteTitle ?? origin
    const lines = order.lines.map((line) => `${line.quantity} × ${line.title}`)
    await emailSender(env).send({
      messageId: `order-confirmation:${order.siteId}:${order.id}`,
      siteId: order.siteId,
      kind: 'order-confirmation',
      recipient: order.email,
      subject: `${CART_TEXT.orderConfirmedTitle}: ${siteName}`,
      body: [
        CART_TEXT.orderConfirmedThanks,
        '',
        `${CART_TEXT.orderNumber}: ${order.id}`,
        ...lines,
        `${CART_TEXT.total}: ${total}`,
        ...(order.giftCardCode ? [`${CART_TEXT.giftCardCodeLabel}: ${order.giftCardCode}`] : []),
        '',
        link,
      ].join('\n'),
      createdAt: Date.now(),
    })
    await markConfirmationSent(env.DB, order.siteId, order.id, Date.now())
    return true
  } catch (error) {
    logError('order-confirmation-failed', { siteId: order.siteId, order: order.id, message: String(error) })
    return false
  }
}
