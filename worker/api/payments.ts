/**
 * The payment provider's webhook (issue 19: a second way in besides the checkout request and the
 * sweep): `POST /api/commerce/payments/webhook`, Stripe's event format.
 *
 * The signature is checked as Stripe documents it: `Stripe-Signature: t=<seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 of `<t>.<raw body>` under the endpoint's secret
 * (`STRIPE_WEBHOOK_SECRET`), and `t` within five minutes of now (no replays of old events). A
 * `payment_intent.succeeded` whose metadata names one of our orders (`order`, `charge_key`)
 * records the charge and finishes the order (order-states.ts); a charge for an attempt the
 * order no longer waits for is refunded there. Every signed event is answered 200, so the
 * provider stops sending it; a bad signature is a 400.
 */

import { API } from '../../shared/index'
import { chargeSucceeded } from '../commerce/order-states'
import { hex, sameSecret } from '../crypto/encoding'
import { secretProblem, sign } from '../crypto/secrets'
import { orderByIdOnly } from '../db/orders'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { bodyText, InputError } from '../http/body'
import { Hono } from '../http/hono'
import { logInfo } from '../runtime/log'
import * as z from '../runtime/zod'

/** How far a signature's time may be from now. */
const TOLERANCE_SECONDS = 5 * 60
/** Stripe's events are a few KB; anything far larger is not one. */
const MAX_BYTES = 256 * 1024

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z.looseObject({
      id: z.optional(z.string()),
      metadata: z.optional(z.record(z.string(), z.string())),
    }),
  }),
})

/** Whether `header` signs `body` under `secret` within the tolerance (Stripe's scheme). */
export async function isStripeSignature(secret: string, header: string, body: string, now: number) {
  const parts = header.split(',').map((part) => part.trim().split('='))
  const time = Number(parts.find(([name]) => name === 't')?.[1])
  if (!Number.isSafeInteger(time) || Math.abs(now / 1000 - time) > TOLERANCE_SECONDS) return false
  const expected = hex(await sign(secret, `${time}.${body}`))
  return parts.some(([name, value]) => name === 'v1' && value !== undefined && sameSecret(value, expected))
}

export const paymentRoutes = new Hono<AppEnv>()

on(paymentRoutes, API.paymentWebhook, async function paymentWebhook(c) {
  const problem = secretProblem('STRIPE_WEBHOOK_SECRET', c.env.STRIPE_WEBHOOK_SECRET, c.env.ENVIRONMENT)
  if (problem !== null) return c.json({ message: `Webhooks are not configured: ${problem}` }, 503)
  const secret = c.env.STRIPE_WEBHOOK_SECRET ?? ''
  const body = await bodyText(c, MAX_BYTES)
  if (!(await isStripeSignature(secret, c.req.header('stripe-signature') ?? '', body, Date.now())))
    return c.json({ message: 'The signature does not match.' }, 400)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new InputError('The request body is not valid JSON.')
  }
  const event = eventSchema.safeParse(json)
  if (!event.success) return c.json({ received: true, ignored: 'not an event' })
  const intent = event.data.data.object
  const orderId = intent.metadata?.order
  const attempt = Number(intent.metadata?.charge_key?.split('.')[1])
  if (
    event.data.type !== 'payment_intent.succeeded' ||
    !orderId ||
    !intent.id ||
    !Number.isSafeInteger(attempt)
  )
    return c.json({ received: true, ignored: event.data.type })
  const order = await orderByIdOnly(c.env.DB, orderId)
  if (order === null) return c.json({ received: true, ignored: 'unknown order' })
  const status = await chargeSucceeded(c.env, { ...order, attempt }, intent.id)
  logInfo('payment-webhook', { siteId: order.siteId, order: order.id, event: event.data.id, status })
  return c.json({ received: true, status })
})
