/**
 * The cart's operations, shared by the JSON API (worker/api/commerce.ts) and the plain HTML form
 * posts (worker/routes/cart-forms.ts): add an entry, change its quantity, remove it, replace its
 * additional fields. Each checks the shared rules (shared/cart/rules.ts) with live
 * stock, then lets the cart object apply it in one synchronous step.
 */
import type { Context } from 'hono'
import type { CartEntryView, ShoppingCart } from '../../shared/index'
import {
  CART_TEXT,
  COMMERCE_TEXT,
  cleanAdditionalFields,
  parseFieldValues,
  parseQuantity,
  validateAdditionalFields,
} from '../../shared/index'
import { productById, variantBySku } from '../catalogue/item-index'
import type { Item } from '../catalogue/records'
import { base64url } from '../crypto/encoding'
import { sessionSecret, sign } from '../crypto/secrets'
import { type CartChange, KEY_REUSED } from '../durable/cart'
import type { AppEnv } from '../env'
import { cartIdOf, cartObject, newCartId, rememberCart } from './cart-session'
import { shoppingCartOf } from './cart-view'
import { liveStock, withStock } from './stock'

export type CartResult =
  /** `replayed`: an add retried with its idempotency key, answered without adding again. */
  | { ok: true; cart: ShoppingCart; entry: CartEntryView | null; replayed?: boolean }
  | { ok: false; status: 400 | 404 | 409 | 422; message: string; errors?: Record<string, string> }

const refuse = (
  status: 400 | 404 | 409 | 422,
  message: string,
  errors?: Record<string, string>,
): CartResult => ({
  ok: false,
  status,
  message,
  ...(errors ? { errors } : {}),
})

/**
 * The additional-fields answers to store: checked against the item's form, as JSON text; null
 * for an item without a form. A string result is the refusal's message.
 */
async function additionalFieldsFor(
  c: Context<AppEnv>,
  item: Item,
  text: string | null | undefined,
): Promise<{ ok: true; value: string | null } | { ok: false; errors: Record<string, string> }> {
  const formId = item.structuredContent?.additionalFieldsFormId
  if (!formId) return { ok: true, value: null }
  const form = await c.get('catalog').form(formId)
  if (form === null) return { ok: true, value: null }
  const values = parseFieldValues(form, text)
  if (values === null) return { ok: false, errors: { additionalFields: CART_TEXT.additionalFieldsInvalid } }
  const errors = validateAdditionalFields(form, values)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, value: JSON.stringify(cleanAdditionalFields(form, values)) }
}

async function answer(c: Context<AppEnv>, change: CartChange): Promise<CartResult> {
  if (!change.ok) {
    if (change.message === 'no-entry') return refuse(404, CART_TEXT.entryNotFound)
    if (change.message === KEY_REUSED) return refuse(422, CART_TEXT.idempotencyKeyReused)
    return refuse(change.status, change.message)
  }
  const cart = await shoppingCartOf(c.get('catalog'), change.cart, c.env)
  // A replayed add whose entry was removed since answers the cart as it is, with no entry.
  const entry = cart.entries.find((candidate) => candidate.id === change.entryId) ?? null
  return { ok: true, cart, entry, ...(change.replayed ? { replayed: true } : {}) }
}

/**
 * The cart an add goes to when the visitor's cookie names none (or names a closed one). With an
 * idempotency key and the visitor's crumb it is derived from both (HMAC under SESSION_SECRET):
 * a retry whose first answer, and so its cart cookie, was lost reaches the cart the first copy
 * created and finds its key there. Otherwise a random id.
 */
async function newCartIdFor(c: Context<AppEnv>, key: string | null, after: string | null): Promise<string> {
  if (key === null || !c.get('knownVisitor')) return newCartId()
  const mac = await sign(
    sessionSecret(c.env),
    `cart|${c.get('tenant').siteId}|${c.get('crumb')}|${after ?? ''}|${key}`,
  )
  return base64url(mac.slice(0, 16))
}

export interface AddInput {
  itemId: string
  sku: string
  quantity: unknown
  additionalFields?: string | null
}

/**
 * Adds an item to the visitor's cart, creating the cart (and its cookies) on the first add. With
 * an idempotency key, a retry of the same add adds nothing and answers the entry the first copy
 * added (durable/cart.ts); the key with another item, variant, quantity or answers is a 422.
 */
export async function addToCart(
  c: Context<AppEnv>,
  input: AddInput,
  idempotencyKey: string | null = null,
  /** How long the cart remembers the key (durable/cart.ts: a day unless told). */
  keyLifetimeMs?: number,
): Promise<CartResult> {
  const item = await productById(c.get('catalog'), input.itemId)
  if (item === null) return refuse(404, CART_TEXT.itemNotFound)
  const variant = variantBySku(item, input.sku)
  if (variant === undefined) return refuse(400, COMMERCE_TEXT.variantUnavailable)
  const quantity = parseQuantity(input.quantity)
  if (!quantity.ok) return refuse(quantity.status, quantity.message)
  const fields = await additionalFieldsFor(c, item, input.additionalFields)
  if (!fields.ok)
    return refuse(400, Object.values(fields.errors)[0] ?? CART_TEXT.additionalFieldsInvalid, fields.errors)
  const level = (await liveStock(c.env, c.get('tenant'), item)).get(variant.sku)
  const stock = { productType: item.structuredContent?.productType ?? 0, variant: withStock(variant, level) }
  const entry = {
    itemId: item.id,
    sku: variant.sku,
    quantity: quantity.quantity,
    additionalFields: fields.value,
  }
  const siteId = c.get('tenant').siteId
  const idempotency =
    idempotencyKey === null
      ? null
      : {
          key: idempotencyKey,
          request: JSON.stringify([entry.itemId, entry.sku, entry.quantity, entry.additionalFields]),
          lifetimeMs: keyLifetimeMs,
        }
  let cartId = cartIdOf(c) ?? (await newCartIdFor(c, idempotencyKey, null))
  let change = await cartObject(c, cartId).addEntry(siteId, cartId, entry, stock, idempotency)
  // A cart that was bought (or an id another tenant uses) is closed: start a new one.
  if (!change.ok && change.message === 'cart-closed') {
    cartId = await newCartIdFor(c, idempotencyKey, cartId)
    change = await cartObject(c, cartId).addEntry(siteId, cartId, entry, stock, idempotency)
  }
  if (change.ok) rememberCart(c, cartId)
  return answer(c, change)
}

/** The entry's item and variant with live stock, or the refusal. */
async function entryStock(c: Context<AppEnv>, cartId: string, entryId: string) {
  const stored = await cartObject(c, cartId).snapshot(c.get('tenant').siteId)
  const entry = stored?.entries.find((e) => e.id === entryId)
  if (entry === undefined || stored?.isPurchased) return null
  const item = await productById(c.get('catalog'), entry.itemId)
  const variant = item === null ? undefined : variantBySku(item, entry.sku)
  if (item === null || variant === undefined) return null
  const level = (await liveStock(c.env, c.get('tenant'), item)).get(variant.sku)
  return { item, productType: item.structuredContent?.productType ?? 0, variant: withStock(variant, level) }
}

/** A new quantity for an entry of the visitor's cart. */
export async function changeQuantity(
  c: Context<AppEnv>,
  entryId: string,
  quantity: unknown,
): Promise<CartResult> {
  const parsed = parseQuantity(quantity)
  if (!parsed.ok) return refuse(parsed.status, parsed.message)
  const cartId = cartIdOf(c)
  const found = cartId === null ? null : await entryStock(c, cartId, entryId)
  if (cartId === null || found === null) return refuse(404, CART_TEXT.entryNotFound)
  const { productType, variant } = found
  return answer(
    c,
    await cartObject(c, cartId).setQuantity(c.get('tenant').siteId, entryId, parsed.quantity, {
      productType,
      variant,
    }),
  )
}

/** Removes an entry from the visitor's cart. */
export async function removeEntry(c: Context<AppEnv>, entryId: string): Promise<CartResult> {
  const cartId = cartIdOf(c)
  if (cartId === null) return refuse(404, CART_TEXT.entryNotFound)
  return answer(c, await cartObject(c, cartId).removeEntry(c.get('tenant').siteId, entryId))
}

/** New additional-fields answers for an entry (checked against the item's form). */
export async function updateAdditionalFields(
  c: Context<AppEnv>,
  entryId: string,
  input: { itemId: string; sku: string; additionalFields: string | null },
): Promise<CartResult> {
  const cartId = cartIdOf(c)
  const found = cartId === null ? null : await entryStock(c, cartId, entryId)
  if (cartId === null || found === null) return refuse(404, CART_TEXT.entryNotFound)
  if (found.item.id !== input.itemId || found.variant.sku !== input.sku)
    return refuse(400, COMMERCE_TEXT.variantUnavailable)
  const fields = await additionalFieldsFor(c, found.item, input.additionalFields)
  if (!fields.ok)
    return refuse(400, Object.values(fields.errors)[0] ?? CART_TEXT.additionalFieldsInvalid, fields.errors)
  return answer(
    c,
    await cartObject(c, cartId).setAdditionalFields(c.get('tenant').siteId, entryId, fields.value),
  )
}
