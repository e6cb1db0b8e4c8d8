/**
 * The order confirmation email (issue 18: the link that opens the order to its buyer in any
 * browser; issue 25: the receipt). Sent through the email provider once the order is paid and
 * marked sent only once the provider accepted it. Its lines and amounts are the order page's
 * (`receiptOf`, worker/commerce/receipt.ts), in the store's language and money format, as a
 * text part and an HTML part with every value escaped.
 *
 * A send never blocks or fails the order: the checkout queues it after the answer (`waitUntil`,
 * worker/commerce/confirmation-queue.ts: this module stays out of the page Worker's bundle),
 * and the order-emails queue's consumer (`sendOrderEmailBatch`, below, in the API Worker) sends
 * it, retries a failed send with back-off and parks it in the dead letters after the last retry;
 * `sendOrderConfirmation` queues its own failures the same way. The
 * reconciliation sweep also sends any still unsent. All of them send under one message id per
 * order (`order-confirmation:<site>:<order>`), which the provider keeps once (the local outbox's
 * unique key, Resend's `Idempotency-Key`), and skip an order already marked sent: one email per
 * order whoever tries.
 */
import { escapeHtml, escapeHtmlAttribute, fillText } from '../../shared/index'
import type { Site } from '../catalogue/records'
import { markConfirmationSent, type OrderRow, orderById } from '../db/orders'
import type { Env, OrderEmailMessage } from '../env'
import { getSite } from '../middleware/tenant'
import { emailSender } from '../providers/email'
import { type FailedDelivery, retryOrPark } from '../queues/retry'
import { logError } from '../runtime/log'
import * as z from '../runtime/zod'
import { confirmationMessageId, queueOrderConfirmation } from './confirmation-queue'
import { ACCESS_LINK_SECONDS, orderAccessToken, orderPath } from './order-access'
import { type Receipt, receiptOf } from './receipt'

export { confirmationMessageId }

interface EmailParts {
  subject: string
  body: string
  html: string
}

/** The text part: a line per item and per amount, then the link. */
function textPart(order: OrderRow, receipt: Receipt, link: string): string {
  const { cart, text } = receipt
  return [
    cart.orderConfirmedThanks,
    '',
    `${cart.orderNumber}: ${order.id}`,
    `${text.orderDate}: ${receipt.date}`,
    '',
    ...receipt.lines.map(
      (line) => `${line.quantity} × ${line.title}${line.options ? ` (${line.options})` : ''}: ${line.amount}`,
    ),
    '',
    ...receipt.rows.flatMap((row) => [`${row.label}: ${row.amount}`, ...(row.note ? [`  ${row.note}`] : [])]),
    ...(receipt.shipTo ? ['', `${text.orderShipTo}:`, ...receipt.shipTo] : []),
    ...(order.giftCardCode ? ['', `${cart.giftCardCodeLabel}: ${order.giftCardCode}`] : []),
    '',
    text.orderEmailLink,
    link,
  ].join('\n')
}

const CELL = 'padding:4px 0;'
const AMOUNT = `${CELL}text-align:right;white-space:nowrap;`

/** The HTML part: the same rows as a table (inline styles: mail clients drop stylesheets). */
function htmlPart(order: OrderRow, receipt: Receipt, link: string, siteName: string): string {
  const { cart, text } = receipt
  const row = (label: string, amount: string, style = '') =>
    `<tr><td style="${CELL}${style}">${label}</td><td style="${AMOUNT}${style}">${escapeHtml(amount)}</td></tr>`
  const lines = receipt.lines
    .map((line) =>
      row(
        `${escapeHtml(`${line.quantity} × ${line.title}`)}${line.options ? ` <span style="color:#666">(${escapeHtml(line.options)})</span>` : ''}`,
        line.amount,
      ),
    )
    .join('')
  const amounts = receipt.rows
    .map((amount) =>
      row(
        `${escapeHtml(amount.label)}${amount.note ? `<br><small>${escapeHtml(amount.note)}</small>` : ''}`,
        amount.amount,
        amount.kind === 'total' ? 'font-weight:700;border-top:1px solid #ccc;' : '',
      ),
    )
    .join('')
  const shipTo = receipt.shipTo
    ? `<h2 style="font-size:16px">${escapeHtml(text.orderShipTo)}</h2><p>${receipt.shipTo.map(escapeHtml).join('<br>')}</p>`
    : ''
  const giftCard = order.giftCardCode
    ? `<p>${escapeHtml(cart.giftCardCodeLabel)}: <code>${escapeHtml(order.giftCardCode)}</code></p>`
    : ''
  return `<!doctype html><html lang="${escapeHtmlAttribute(receipt.language)}"><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head><body style="font-family:sans-serif;color:#1d1d1b;max-width:560px;margin:0 auto;padding:16px"><h1 style="font-size:20px">${escapeHtml(cart.orderConfirmedTitle)}</h1><p>${escapeHtml(cart.orderConfirmedThanks)}</p><p>${escapeHtml(cart.orderNumber)}: <strong>${escapeHtml(order.id)}</strong><br>${escapeHtml(text.orderDate)}: ${escapeHtml(receipt.date)}</p><table role="presentation" style="width:100%;border-collapse:collapse">${lines}</table><hr style="border:0;border-top:1px solid #ccc"><table role="presentation" style="width:100%;border-collapse:collapse">${amounts}</table>${shipTo}${giftCard}<p><a href="${escapeHtmlAttribute(link)}">${escapeHtml(text.orderEmailLink)}</a></p></body></html>`
}

/** The confirmation email's subject and parts for a paid order (tests read them from the outbox). */
export function confirmationEmail(order: OrderRow, site: Site, link: string): EmailParts {
  const receipt = receiptOf(order, site)
  const siteName = site.website.siteTitle
  return {
    subject: fillText(receipt.text.orderEmailSubject, { site: siteName }),
    body: textPart(order, receipt, link),
    html: htmlPart(order, receipt, link, siteName),
  }
}

/**
 * Sends a paid order's confirmation and marks it sent; throws when the provider (or storage)
 * fails. Nothing to do for an order not paid or already sent.
 */
export async function deliverOrderConfirmation(env: Env, order: OrderRow): Promise<void> {
  if (order.status !== 'paid' || order.confirmationSentAt !== null) return
  const site = await getSite(env.CATALOG, order.siteId)
  if (site === null) throw new Error(`No site "${order.siteId}" for order ${order.id}`)
  const origin = order.origin ?? (site.website.primaryDomain ? `https://${site.website.primaryDomain}` : '')
  const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_LINK_SECONDS
  const token = await orderAccessToken(env, order.siteId, order.id, expiresAt)
  const email = confirmationEmail(order, site, `${origin}${orderPath(order.id)}?access=${token}`)
  await emailSender(env).send({
    messageId: confirmationMessageId(order),
    siteId: order.siteId,
    kind: 'order-confirmation',
    recipient: order.email,
    ...email,
    createdAt: Date.now(),
  })
  await markConfirmationSent(env.DB, order.siteId, order.id, Date.now())
}

/**
 * Sends a paid order's confirmation; true once the provider accepted it (or had already). A
 * failure is logged and, with `retry` (the send after checkout), queued for the order-emails
 * consumer; the sweep, which runs again in a minute, does not queue its own failures.
 */
export async function sendOrderConfirmation(
  env: Env,
  order: OrderRow,
  options: { retry?: boolean } = { retry: true },
): Promise<boolean> {
  if (order.status !== 'paid' || order.confirmationSentAt !== null) return order.confirmationSentAt !== null
  try {
    await deliverOrderConfirmation(env, order)
    return true
  } catch (error) {
    logError('order-confirmation-failed', { siteId: order.siteId, order: order.id, message: String(error) })
    // A queue that refuses too leaves the email to the sweep.
    if (options.retry) await queueOrderConfirmation(env, order)
    return false
  }
}

/*
 * The order-emails queue's consumer (wrangler.toml `storefront-order-emails`): each message is an
 * order whose confirmation failed to send after checkout. The order is read again and its email
 * sent unless it went out meanwhile (the sweep, an earlier delivery): one email per order however
 * often a message is delivered, re-queued or replayed. A failed send or D1 read is retried with
 * back-off (10 s doubling to 5 minutes) and parked in the dead letters after the last retry
 * (worker/queues/retry.ts); a message that does not match the schema, or names no order, is
 * acknowledged and logged.
 */
const orderEmailSchema = z.object({
  kind: z.literal('order-confirmation'),
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  siteId: z.string().check(z.minLength(1), z.maxLength(200)),
  orderId: z.string().check(z.regex(/^ord_[0-9a-f]{24}$/)),
})

export async function sendOrderEmailBatch(batch: MessageBatch<OrderEmailMessage>, env: Env): Promise<void> {
  const failures: FailedDelivery[] = []
  for (const message of batch.messages) {
    const parsed = orderEmailSchema.safeParse(message.body)
    if (!parsed.success) {
      logError('order-email-message-invalid', {
        messageId: message.id,
        issue: parsed.error.issues[0]?.message,
      })
      message.ack()
      continue
    }
    const { siteId, orderId } = parsed.data
    try {
      const order = await orderById(env.DB, siteId, orderId)
      if (order === null) logError('order-email-no-order', { messageId: message.id, siteId, order: orderId })
      else await deliverOrderConfirmation(env, order)
      message.ack()
    } catch (error) {
      logError('order-email-send-failed', {
        messageId: message.id,
        siteId,
        order: orderId,
        message: String(error),
      })
      failures.push({ message, error })
    }
  }
  await retryOrPark(env.DB, batch.queue, failures)
}
