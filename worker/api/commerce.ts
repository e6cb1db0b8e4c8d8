/**
 * The cart, stock and subscription calls (storefront.md section 7), under `/api`:
 *
 *   GET    /api/commerce/shopping-cart                                  → { shoppingCart }
 *   POST   /api/commerce/shopping-cart/entries                          → { shoppingCart, newlyAdded }
 *   PUT    /api/commerce/shopping-cart/entries/{entryId}/additionalFields → { shoppingCart, updatedEntry }
 *   PUT    /api/commerce/shopping-cart/entries/{entryId}/quantity       → { shoppingCart, updatedEntry }  (ours)
 *   DELETE /api/commerce/shopping-cart/entries/{entryId}                → { shoppingCart }                (ours)
 *   PUT    /api/commerce/shopping-cart/shipping                         → { shoppingCart }                (ours, issue 25)
 *   POST   /api/commerce/shopping-cart/coupons                          → { shoppingCart }                (ours, issue 25)
 *   DELETE /api/commerce/shopping-cart/coupons/{code}                   → { shoppingCart }                (ours, issue 25)
 *   GET    /api/commerce/inventory/stock/?itemId=                       → { results: [{ sku, variantId, unlimited, qtyInStock }] }
 *   POST   /api/3/commerce/cart/subscription                            → { cartToken }
 *
 * Writes are rate limited per visitor and endpoint, then need the crumb (`X-CSRF-Token`); every
 * body and query is validated with zod. Refusals are `{ message, errors? }` with a 4xx status.
 *
 * An add may carry an `Idempotency-Key` header (draft-ietf-httpapi-idempotency-key-header; a
 * header rather than a body field, so the body stays the spec's): a retry with the key adds
 * nothing and answers the same entry and the cart as it is now, with `Idempotent-Replayed:
 * true`; the key with another request is a 422. Keys live in the cart object for 24 hours.
 */
import type { Context } from 'hono'
import { API, CART_TEXT, COMMERCE_TEXT, isSubscribable, parseQuantity } from '../../shared/index'
import { productById, variantBySku } from '../catalogue/item-index'
import {
  addToCart,
  type CartResult,
  changeQuantity,
  removeEntry,
  updateAdditionalFields,
} from '../commerce/cart-actions'
import { addCoupon, type ChoiceResult, removeCoupon, setShippingChoice } from '../commerce/cart-choice'
import { storedCartOf } from '../commerce/cart-session'
import { shoppingCartOf } from '../commerce/cart-view'
import { signCheckoutToken } from '../commerce/checkout-tokens'
import { liveStock } from '../commerce/stock'
import type { AppEnv } from '../env'
import { bodySchema, mountedPath, on } from '../http/api-route'
import { InputError, idempotencyKeyOf, jsonBody, queryOf } from '../http/body'
import { Hono } from '../http/hono'
import { requireCrumb } from '../middleware/crumb'
import { rateLimit } from '../middleware/rate-limit'
import * as z from '../runtime/zod'

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128))
const quantity = z._default(z.union([z.number(), z.string().check(z.maxLength(32))]), 1)
const additionalFields = z.optional(z.nullable(z.string().check(z.maxLength(20_000))))

const addEntrySchema = bodySchema(
  API.addCartEntry,
  z.object({ itemId: id, sku: id, quantity, additionalFields }),
)
const additionalFieldsSchema = bodySchema(
  API.cartEntryAdditionalFields,
  z.object({ itemId: id, sku: id, additionalFields }),
)
const quantitySchema = bodySchema(
  API.cartEntryQuantity,
  z.object({ quantity: z.union([z.number(), z.string().check(z.maxLength(32))]) }),
)
const shippingSchema = bodySchema(
  API.cartShipping,
  z.object({
    country: z.string().check(z.maxLength(2)),
    region: z.optional(z.string().check(z.maxLength(60))),
    postalCode: z.optional(z.string().check(z.maxLength(20))),
    optionId: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/))),
  }),
)
const couponSchema = bodySchema(API.addCartCoupon, z.object({ code: z.string().check(z.maxLength(64)) }))
const entryIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be an entry id'))
const cartQuerySchema = z.object({
  mock: z.optional(z.string().check(z.maxLength(10))),
  timecode: z.optional(z.string().check(z.maxLength(40))),
})
const stockQuerySchema = z.object({ itemId: id })
const subscriptionSchema = bodySchema(
  API.startSubscription,
  z.object({ itemId: id, sku: id, qty: quantity, additionalFields }),
)

function entryIdOf(c: Context<AppEnv>): string {
  const parsed = entryIdSchema.safeParse(c.req.param('entryId'))
  if (!parsed.success) throw new InputError(CART_TEXT.entryNotFound, {}, 404)
  return parsed.data
}
/** The cart answer, or the refusal as `{ message, errors? }`. */
function reply(c: Context<AppEnv>, result: CartResult, entryKey: 'newlyAdded' | 'updatedEntry' | null) {
  if (!result.ok)
    return c.json(
      { message: result.message, ...(result.errors ? { errors: result.errors } : {}) },
      result.status,
    )
  if (result.replayed) c.header('Idempotent-Replayed', 'true')
  return c.json(
    entryKey === null
      ? { shoppingCart: result.cart }
      : { shoppingCart: result.cart, [entryKey]: result.entry },
  )
}

export const commerceRoutes = new Hono<AppEnv>()

on(commerceRoutes, API.shoppingCart, async function getShoppingCart(c) {
  queryOf(c, cartQuerySchema)
  const cart = await shoppingCartOf(c.get('catalog'), await storedCartOf(c), c.env)
  return c.json({ shoppingCart: cart }, 200, { 'cache-control': 'private, no-store' })
})

on(commerceRoutes, API.addCartEntry, rateLimit('cart-add'), requireCrumb(), async function addCartEntry(c) {
  const idempotencyKey = idempotencyKeyOf(c)
  const body = await jsonBody(c, addEntrySchema)
  return reply(c, await addToCart(c, body, idempotencyKey), 'newlyAdded')
})

on(
  commerceRoutes,
  API.cartEntryAdditionalFields,
  rateLimit('cart-update'),
  requireCrumb(),
  async function updateEntryAdditionalFields(c) {
    const entryId = entryIdOf(c)
    const body = await jsonBody(c, additionalFieldsSchema)
    return reply(
      c,
      await updateAdditionalFields(c, entryId, { ...body, additionalFields: body.additionalFields ?? null }),
      'updatedEntry',
    )
  },
)

on(
  commerceRoutes,
  API.cartEntryQuantity,
  rateLimit('cart-update'),
  requireCrumb(),
  async function updateEntryQuantity(c) {
    const entryId = entryIdOf(c)
    const body = await jsonBody(c, quantitySchema)
    return reply(c, await changeQuantity(c, entryId, body.quantity), 'updatedEntry')
  },
)

on(
  commerceRoutes,
  API.removeCartEntry,
  rateLimit('cart-update'),
  requireCrumb(),
  async function removeCartEntry(c) {
    return reply(c, await removeEntry(c, entryIdOf(c)), null)
  },
)

async function getStock(c: Context<AppEnv>) {
  const { itemId } = queryOf(c, stockQuerySchema)
  const item = await productById(c.get('catalog'), itemId)
  if (item === null) return c.json({ message: CART_TEXT.itemNotFound }, 404)
  const levels = await liveStock(c.env, c.get('tenant'), item)
  const results = (item.structuredContent?.variants ?? []).map((variant) => {
    const level = levels.get(variant.sku)
    return {
      sku: variant.sku,
      variantId: variant.id,
      unlimited: level?.unlimited ?? variant.unlimited,
      qtyInStock: level?.qtyInStock ?? 0,
    }
  })
  return c.json({ results }, 200, { 'cache-control': 'no-store' })
}
// The spec's path ends with a slash; without one is accepted too.
on(commerceRoutes, API.inventoryStock, getStock)
commerceRoutes.get(mountedPath(API.inventoryStock).slice(0, -1), getStock)

on(
  commerceRoutes,
  API.startSubscription,
  rateLimit('subscription'),
  requireCrumb(),
  async function startSubscription(c) {
    const body = await jsonBody(c, subscriptionSchema)
    const item = await productById(c.get('catalog'), body.itemId)
    if (item === null) return c.json({ message: CART_TEXT.itemNotFound }, 404)
    if (!isSubscribable(item)) return c.json({ message: CART_TEXT.notSubscribable }, 400)
    const variant = variantBySku(item, body.sku)
    if (variant === undefined) return c.json({ message: COMMERCE_TEXT.variantUnavailable }, 400)
    const qty = parseQuantity(body.qty)
    if (!qty.ok) return c.json({ message: qty.message }, qty.status)
    const cartToken = await signCheckoutToken(c.env, c.get('tenant').siteId, {
      kind: 'subscription',
      itemId: item.id,
      sku: variant.sku,
      qty: qty.quantity,
      additionalFields: body.additionalFields ?? null,
      plan: item.structuredContent?.subscriptionPlan ?? null,
    })
    return c.json({ cartToken })
  },
)

/** A change of the cart's shipping choice or codes: the priced cart, or the refusal. */
function choiceReply(c: Context<AppEnv>, result: ChoiceResult) {
  if (!result.ok) return c.json({ message: result.message }, result.status)
  return c.json({ shoppingCart: result.cart })
}

on(commerceRoutes, API.cartShipping, rateLimit('cart-update'), requireCrumb(), async function putShipping(c) {
  return choiceReply(c, await setShippingChoice(c, await jsonBody(c, shippingSchema)))
})

on(commerceRoutes, API.addCartCoupon, rateLimit('cart-update'), requireCrumb(), async function postCoupon(c) {
  return choiceReply(c, await addCoupon(c, (await jsonBody(c, couponSchema)).code))
})

on(
  commerceRoutes,
  API.removeCartCoupon,
  rateLimit('cart-update'),
  requireCrumb(),
  async function deleteCoupon(c) {
    return choiceReply(c, await removeCoupon(c, (c.req.param('code') ?? '').slice(0, 64)))
  },
)
