/**
 * Zapier's REST hooks API under `/config/zapier/v1` (issue 23; docs/site-editor.md, "Connections"),
 * on the site's own host. Zapier authenticates with the merchant's API key in `X-API-Key`
 * (worker/editor/connections-api.ts makes keys): no cookie, so no crumb or XSRF token. Calls are
 * rate limited per client address and per key; every body is checked (400 with a message).
 *
 *   GET    /me                 the auth test: the site's id and title
 *   POST   /hooks              { target_url, event }: subscribe, 201 { id }
 *   DELETE /hooks/:id          unsubscribe, 200 { id } (404 when this site has no such hook)
 *   GET    /samples/:event     the latest 3 items of the event as deliveries carry them, or one
 *                              example while there are none (Zapier's perform list)
 */
import { type Context, Hono } from 'hono'
import { CONNECTIONS_TEXT } from '../../shared/editing-areas'
import { COMMERCE_TEXT, EDITOR_TEXT, fillText } from '../../shared/index'
import { itemById } from '../catalogue/item-index'
import { randomId } from '../crypto/encoding'
import {
  deleteHook,
  findWorkingApiKey,
  hooksOf,
  insertHook,
  ZAPIER_EVENTS,
  type ZapierEvent,
} from '../db/zapier-hooks'
import { recentPaidOrders, recentRestockSignUps, recentSubmissions } from '../db/zapier-samples'
import { InputError, jsonBody } from '../http/body'
import { addressSubject, withinRateLimit } from '../middleware/rate-limit'
import { logError } from '../runtime/log'
import * as z from '../runtime/zod'
import { API_KEY_PATTERN, apiKeyHash } from './connections-api'
import { payloadOf } from './connections-queue'
import type { EditorAppEnv } from './env'
import { hookTarget } from './hook-targets'

type ZapierEnv = EditorAppEnv & { Variables: EditorAppEnv['Variables'] & { apiKeyId: string } }

export const zapierApi = new Hono<ZapierEnv>()

zapierApi.use(async function zapierHeaders(c, next) {
  await next()
  c.header('Cache-Control', 'no-store')
  c.header('X-Robots-Tag', 'noindex, nofollow')
})

zapierApi.onError((error, c) => {
  if (error instanceof InputError)
    return c.json({ message: error.message, errors: error.errors }, error.status)
  logError('zapier-api-error', { path: c.req.path, message: String(error) })
  return c.json({ message: EDITOR_TEXT.somethingWentWrong }, 500)
})

/**
 * Counts a call against a limit. `wrangler dev` (4.86) leaves the `[[ratelimits]]` of the second
 * Worker of a session unbound, so local runs count nothing; production and the worker tests do.
 */
async function within(c: Context<ZapierEnv>, limiter: 'ADDRESS_LIMITER' | 'RATE_LIMITER', subject: string) {
  if (c.env[limiter] === undefined) return true
  return withinRateLimit(c as never, 'zapier', limiter, subject)
}

zapierApi.use(async function apiKeyAuth(c, next) {
  const limited = () => c.json({ message: COMMERCE_TEXT.tryAgainShortly }, 429, { 'Retry-After': '10' })
  if (!(await within(c, 'ADDRESS_LIMITER', addressSubject(c as never)))) return limited()
  const key = c.req.header('x-api-key') ?? ''
  const keyId = API_KEY_PATTERN.test(key)
    ? await findWorkingApiKey(c.env.DB, c.get('tenant').siteId, await apiKeyHash(key), Date.now())
    : null
  if (keyId === null) return c.json({ message: CONNECTIONS_TEXT.apiKeyRequired }, 401)
  if (!(await within(c, 'RATE_LIMITER', `k:${keyId}`))) return limited()
  c.set('apiKeyId', keyId)
  await next()
})

zapierApi.get('/me', (c) => {
  const { siteId, site } = c.get('tenant')
  return c.json({ id: siteId, title: site.website.siteTitle })
})

const subscribeSchema = z.object({
  target_url: z.string().check(z.maxLength(2000)),
  event: z.string().check(z.maxLength(50)),
})

/** Hooks a site may have at once (one per Zap turned on). */
export const MAX_HOOKS = 100

zapierApi.post('/hooks', async (c) => {
  const body = await jsonBody(c, subscribeSchema)
  if (!(ZAPIER_EVENTS as readonly string[]).includes(body.event)) {
    throw new InputError(CONNECTIONS_TEXT.unknownEvent, { event: 'unknown' })
  }
  const target = hookTarget(body.target_url, c.env.ENVIRONMENT)
  if (target === null) throw new InputError(CONNECTIONS_TEXT.targetUrlHttps, { target_url: 'refused' })
  // Every hook is a POST per event: a site's fan-out stays bounded.
  if ((await hooksOf(c.env.DB, c.get('tenant').siteId)).length >= MAX_HOOKS) {
    throw new InputError(
      fillText(CONNECTIONS_TEXT.tooManyHooks, { max: MAX_HOOKS }),
      { target_url: 'limit' },
      409,
    )
  }
  const id = randomId(12)
  await insertHook(c.env.DB, c.get('tenant').siteId, {
    id,
    keyId: c.get('apiKeyId'),
    event: body.event as ZapierEvent,
    targetUrl: target,
    createdAt: Date.now(),
  })
  return c.json({ id }, 201)
})

zapierApi.delete('/hooks/:id', async (c) => {
  const id = c.req.param('id')
  if (!(await deleteHook(c.env.DB, c.get('tenant').siteId, id))) {
    return c.json({ message: CONNECTIONS_TEXT.hookNotFound }, 404)
  }
  return c.json({ id })
})

/** One example per event, as a delivery carries it (worker/editor/connections-queue.ts). */
function sampleOf(c: Context<ZapierEnv>, event: ZapierEvent): Record<string, unknown> {
  const occurredAt = new Date().toISOString()
  const data: Record<ZapierEvent, Record<string, unknown>> = {
    form_submission: {
      formId: 'sample-form',
      formName: 'Newsletter',
      values: { email: 'reader@example.com' },
    },
    order: {
      order_id: 'sample-order',
      email: 'shopper@example.com',
      status: 'paid',
      currency: c.get('tenant').site.storeSettings?.selectedCurrency ?? 'USD',
      subtotal_cents: 2400,
      total_cents: 2400,
      lines: [{ sku: 'SAMPLE-1', title: 'Sample product', attributes: {}, quantity: 1, unit_cents: 2400 }],
      shipping: null,
      created_at: occurredAt,
    },
    restock_signup: {
      productId: 'sample-product',
      productTitle: 'Sample product',
      variantId: 'sample-variant',
      email: 'shopper@example.com',
    },
  }
  return { id: `sample-${event}`, event, occurred_at: occurredAt, data: data[event] }
}

const RECENT = 3

/** The site's latest items of the event, as deliveries carry them; none yet: the example. */
async function recentOf(c: Context<ZapierEnv>, event: ZapierEvent): Promise<Record<string, unknown>[]> {
  const { siteId } = c.get('tenant')
  const db = c.env.DB
  const at = (ms: number) => new Date(ms).toISOString()
  if (event === 'form_submission') {
    const submissions = await recentSubmissions(db, siteId, RECENT)
    return Promise.all(
      submissions.map(async (submission) => ({
        id: `form_submission:${submission.id}`,
        event,
        occurred_at: at(submission.createdAt),
        data: {
          formId: submission.formId,
          formName: (await c.get('catalog').form(submission.formId))?.name ?? submission.formId,
          values: submission.values,
        },
      })),
    )
  }
  if (event === 'order') {
    const orders = await recentPaidOrders(db, siteId, RECENT)
    const payloads = await Promise.all(
      orders.map((order) =>
        payloadOf(c.env, `order:${order.id}`, {
          kind: 'event',
          siteId,
          event,
          data: { orderId: order.id },
          occurredAt: order.paidAt,
        }),
      ),
    )
    return payloads.filter((payload) => payload !== null)
  }
  const signUps = await recentRestockSignUps(db, siteId, RECENT)
  return Promise.all(
    signUps.map(async (signUp) => ({
      id: `restock_signup:${signUp.id}`,
      event,
      occurred_at: at(signUp.createdAt),
      data: {
        productId: signUp.productId,
        productTitle: (await itemById(c.get('catalog'), signUp.productId))?.title ?? signUp.productId,
        variantId: signUp.variantId,
        email: signUp.email,
      },
    })),
  )
}

zapierApi.get('/samples/:event', async (c) => {
  const event = c.req.param('event')
  if (!(ZAPIER_EVENTS as readonly string[]).includes(event)) {
    return c.json({ message: CONNECTIONS_TEXT.unknownEvent }, 404)
  }
  const recent = await recentOf(c, event as ZapierEvent)
  return c.json(recent.length > 0 ? recent : [sampleOf(c, event as ZapierEvent)])
})
