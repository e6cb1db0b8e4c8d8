/**
 * The Restock Sign-ups screen's API (`manageOrders`: ADMIN, STORE_MANAGER), the owner's lists
 * with the product and variant names the storefront's own calls leave out:
 *
 *   GET /restock/groups?cursor=                               one row per product and variant
 *   GET /restock/groups/:productId/:variantId/sign-ups?cursor= its addresses, oldest first
 *
 * Sending is the storefront's own call, which the screen makes as it is
 * (`POST /api/site-users/account/notifications/restock/send`, ADMIN and STORE_MANAGER, with
 * the XSRF token: worker/api/restock.ts): one way to queue the notifications.
 */
import { Hono } from 'hono'
import {
  RECORDS_TEXT,
  type RecordPage,
  type RestockGroupRow,
  type RestockSignUpRow,
} from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { itemById } from '../catalogue/item-index'
import { listRestockSignUps, listSignUpGroups } from '../db/restock-signups'
import { InputError, queryOf } from '../http/body'
import * as z from '../runtime/zod'
import type { EditorAppEnv } from './env'
import { cursorQuery, requireCapability } from './records-paging'

export const restockRoutes = new Hono<EditorAppEnv>()
restockRoutes.use('/restock/*', requireCapability('manageOrders'))

const PAGE = 50
const id = z.string().check(z.minLength(1), z.maxLength(128))

function encode(position: unknown): string {
  return btoa(JSON.stringify(position)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function decode<T>(cursor: string | undefined, schema: z.ZodMiniType<T>): T | null {
  if (cursor === undefined || cursor === '') return null
  try {
    const parsed = schema.safeParse(JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))))
    if (parsed.success) return parsed.data
  } catch {}
  throw new InputError(RECORDS_TEXT.badCursor, { cursor: RECORDS_TEXT.badCursor })
}

/** These lists page forward (the storefront's order); the screen keeps the cursors it came by. */
restockRoutes.get('/restock/groups', async function listGroups(c) {
  const query = queryOf(c, z.object({ cursor: cursorQuery }))
  const after = decode(query.cursor, z.object({ productId: id, variantId: id }))
  const page = await listSignUpGroups(c.env.DB, c.get('tenant').siteId, { after, limit: PAGE })
  const products = new Map(
    await Promise.all(
      [...new Set(page.signUpGroups.map((group) => group.productId))].map(
        async (productId) =>
          [productId, await itemById(c.get('catalog'), productId).catch(() => null)] as const,
      ),
    ),
  )
  const rows = page.signUpGroups.map((group): RestockGroupRow => {
    const product = products.get(group.productId) ?? null
    const variant = product?.structuredContent?.variants?.find(
      (candidate) => candidate.id === group.variantId,
    )
    return {
      ...group,
      product: product?.title ?? fillText(RECORDS_TEXT.unknownProduct, { id: group.productId }),
      variant: variant ? Object.values(variant.attributes ?? {}).join(' / ') || variant.sku : group.variantId,
    }
  })
  const last = page.signUpGroups[page.signUpGroups.length - 1]
  const answer: RecordPage<RestockGroupRow> = {
    rows,
    nextCursor:
      page.hasNextPage && last ? encode({ productId: last.productId, variantId: last.variantId }) : null,
    previousCursor: null,
  }
  return c.json(answer)
})

restockRoutes.get('/restock/groups/:productId/:variantId/sign-ups', async function listSignUps(c) {
  const query = queryOf(c, z.object({ cursor: cursorQuery }))
  const productId = id.safeParse(c.req.param('productId'))
  const variantId = id.safeParse(c.req.param('variantId'))
  if (!productId.success || !variantId.success) throw new InputError(RECORDS_TEXT.badCursor)
  const afterId = decode(query.cursor, z.number().check(z.int(), z.minimum(0))) ?? 0
  const page = await listRestockSignUps(c.env.DB, c.get('tenant').siteId, {
    productId: productId.data,
    variantId: variantId.data,
    afterId,
    limit: PAGE,
  })
  const last = page.signUps[page.signUps.length - 1]
  const answer: RecordPage<RestockSignUpRow> = {
    rows: page.signUps.map((signUp) => ({
      id: signUp.id,
      email: signUp.email,
      created: signUp.created,
      status: signUp.status,
      isJoinMailingList: signUp.isJoinMailingList,
    })),
    nextCursor: page.hasNextPage && last ? encode(last.id) : null,
    previousCursor: null,
  }
  return c.json(answer)
})
