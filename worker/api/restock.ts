/**
 * Back-in-stock notifications (storefront.md section 7), under
 * `/api/site-users/account/notifications/restock`:
 *
 *   POST  /              sign-up payload (section 3)        -> 200, or an error with `message`
 *   GET   /              productId, variantId, cursor       -> signUps, hasNextPage, nextPageCursor
 *   GET   /groups        cursor                             -> signUpGroups, hasNextPage, nextPageCursor
 *   POST  /send          productId, variantId               -> queues the variant's notifications
 *   POST  /send/all      sendRequests                       -> the same for each
 *
 * The sign-up is the shopper's (crumb, rate limit); the others are the store owner's: a
 * signed-in ADMIN or STORE_MANAGER (middleware/site-user.ts, with the XSRF header). Sending queues one message per
 * waiting sign-up and marks the sign-ups 'queued'; the consumer (worker/queues/notifications.ts)
 * marks each sent once the email provider accepted it. Sending again queues those still waiting,
 * and those still 'queued' minutes later (db/restock-signups.ts `REQUEUE_AFTER_MS`).
 */
import type { Context } from 'hono'
import { API } from '../../shared/index'
import { signUpForRestock } from '../actions/sign-up-restock'
import { requireSiteUserRole, STORE_OWNER_ROLES } from '../auth/site-user'
import { itemById } from '../catalogue/item-index'
import {
  claimWaitingSignUps,
  listRestockSignUps,
  listSignUpGroups,
  releaseSignUps,
} from '../db/restock-signups'
import type { AppEnv, NotificationMessage } from '../env'
import { bodySchema, on } from '../http/api-route'
import { InputError, jsonBody, queryOf } from '../http/body'
import { Hono } from '../http/hono'
import { requireCrumb } from '../middleware/crumb'
import { rateLimit } from '../middleware/rate-limit'
import * as z from '../runtime/zod'

export const restockRoutes = new Hono<AppEnv>()

/** Sign-ups and groups on one page of an owner's listing. */
const PAGE_SIZE = 50
/** Queue messages per `sendBatch` (the Queues limit is 100). */
const QUEUE_BATCH = 100

const id = z.string().check(z.minLength(1), z.maxLength(128))

const signUpSchema = bodySchema(
  API.restockSignUp,
  z.object({
    isJoinMailingList: z._default(z.boolean(), false),
    productId: id,
    siteVisitorEmail: z.string().check(z.maxLength(1024)),
    variantId: id,
    captchaToken: z.optional(z.string().check(z.maxLength(4096))),
  }),
)

/** Cursors are opaque to callers: base64url of the position after the page. */
function encodeCursor(position: unknown): string {
  return btoa(JSON.stringify(position)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function decodeCursor<T>(cursor: string | undefined, schema: z.ZodMiniType<T>): T | null {
  if (cursor === undefined || cursor === '') return null
  try {
    const parsed = schema.safeParse(JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))))
    if (parsed.success) return parsed.data
  } catch {}
  throw new InputError('cursor: is not a cursor this call gave out.', { cursor: 'Invalid cursor.' })
}

on(restockRoutes, API.restockSignUp, rateLimit('restock-sign-up'), requireCrumb(), async function signUp(c) {
  const body = await jsonBody(c, signUpSchema)
  const outcome = await signUpForRestock(c.get('catalog'), c.env, c.req.raw, {
    productId: body.productId,
    variantId: body.variantId,
    email: body.siteVisitorEmail,
    isJoinMailingList: body.isJoinMailingList,
    captchaToken: body.captchaToken,
  })
  if (outcome.kind === 'stored') return c.json({ success: true })
  // The spec: a restock error carries data.message; `message` as every other API answer too.
  const error = { message: outcome.message, data: { message: outcome.message } }
  return c.json(error, outcome.kind === 'unknown-product' ? 404 : 400)
})

on(
  restockRoutes,
  API.restockSignUps,
  requireSiteUserRole(...STORE_OWNER_ROLES),
  async function listSignUps(c) {
    const query = queryOf(
      c,
      z.object({ productId: id, variantId: z.optional(id), cursor: z.optional(z.string()) }),
    )
    const afterId = decodeCursor(query.cursor, z.number().check(z.int(), z.minimum(0))) ?? 0
    const page = await listRestockSignUps(c.env.DB, c.get('tenant').siteId, {
      productId: query.productId,
      variantId: query.variantId,
      afterId,
      limit: PAGE_SIZE,
    })
    const last = page.signUps[page.signUps.length - 1]
    return c.json({
      signUps: page.signUps,
      hasNextPage: page.hasNextPage,
      nextPageCursor: page.hasNextPage && last ? encodeCursor(last.id) : null,
    })
  },
)

on(restockRoutes, API.restockGroups, requireSiteUserRole(...STORE_OWNER_ROLES), async function listGroups(c) {
  const query = queryOf(c, z.object({ cursor: z.optional(z.string()) }))
  const after = decodeCursor(query.cursor, z.object({ productId: id, variantId: id }))
  const page = await listSignUpGroups(c.env.DB, c.get('tenant').siteId, { after, limit: PAGE_SIZE })
  const last = page.signUpGroups[page.signUpGroups.length - 1]
  return c.json({
    signUpGroups: page.signUpGroups,
    hasNextPage: page.hasNextPage,
    nextPageCursor:
      page.hasNextPage && last
        ? encodeCursor({ productId: last.productId, variantId: last.variantId })
        : null,
  })
})

const sendRequestSchema = bodySchema(API.restockSend, z.object({ productId: id, variantId: id }))

/** The idempotency key of a sign-up's notification of one round: its email is sent once. */
export function restockNotificationId(siteId: string, signUpId: number, round: number): string {
  return `restock:${siteId}:${signUpId}:${round}`
}

/**
 * Claims a variant's waiting sign-ups (marking them 'queued', not sent) and queues one
 * notification each; the consumer marks a sign-up sent once the email provider accepted its
 * email. A queue failure puts the claimed sign-ups back to waiting before the error is answered.
 */
async function sendNotifications(
  c: Context<AppEnv>,
  request: z.infer<typeof sendRequestSchema>,
): Promise<number> {
  const catalog = c.get('catalog')
  const tenant = c.get('tenant')
  const product = await itemById(catalog, request.productId)
  const now = Date.now()
  const claimed = await claimWaitingSignUps(
    c.env.DB,
    tenant.siteId,
    request.productId,
    request.variantId,
    now,
  )
  const messages = claimed.map(
    (signUp): NotificationMessage => ({
      kind: 'restock',
      id: restockNotificationId(tenant.siteId, signUp.id, signUp.round),
      siteId: tenant.siteId,
      signUpId: signUp.id,
      round: signUp.round,
      productId: signUp.productId,
      variantId: signUp.variantId,
      email: signUp.email,
      productTitle: product?.title ?? '',
      productUrl: product ? `${tenant.origin}${product.fullUrl}` : tenant.origin,
    }),
  )
  try {
    for (let start = 0; start < messages.length; start += QUEUE_BATCH) {
      await c.env.NOTIFICATIONS_QUEUE.sendBatch(
        messages.slice(start, start + QUEUE_BATCH).map((body) => ({ body })),
      )
    }
  } catch (error) {
    await releaseSignUps(
      c.env.DB,
      tenant.siteId,
      claimed.map((signUp) => signUp.id),
      now,
    )
    throw error
  }
  return messages.length
}

on(
  restockRoutes,
  API.restockSend,
  requireSiteUserRole(...STORE_OWNER_ROLES),
  requireCrumb(),
  async function send(c) {
    const request = await jsonBody(c, sendRequestSchema)
    return c.json({ queued: await sendNotifications(c, request) })
  },
)

on(
  restockRoutes,
  API.restockSendAll,
  requireSiteUserRole(...STORE_OWNER_ROLES),
  requireCrumb(),
  async function sendAll(c) {
    const { sendRequests } = await jsonBody(
      c,
      bodySchema(
        API.restockSendAll,
        z.object({ sendRequests: z.array(sendRequestSchema).check(z.minLength(1), z.maxLength(100)) }),
      ),
    )
    let queued = 0
    for (const request of sendRequests) queued += await sendNotifications(c, request)
    return c.json({ queued })
  },
)
