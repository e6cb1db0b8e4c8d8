/**
 * The cart without script: the checkout block and the cart page are plain HTML forms that post
 * here (accepted only from the tenant's own pages, `requireSameOrigin`), and the answer is the
 * next page. The same operations and rules as the cart API (commerce/cart-actions.ts).
 *
 *   POST /cart/add                          itemId, sku or variant-option-<Option> values, quantity
 *   POST /cart/entries/{entryId}/quantity   quantity
 *   POST /cart/entries/{entryId}/remove
 *   POST /cart/shipping                     country, region, postalCode, shippingOption (issue 25)
 *   POST /cart/coupons                      code, back (/cart or /checkout)
 *   POST /cart/coupons/remove               code, back
 *
 * A subscribable product goes on to its subscription page, a gift card to the gift card page.
 *
 * An add posted twice in quick succession (a double click, the browser resending after a lost
 * answer) is one add (issue 19): the post's key is its fingerprint (sender, item, variant,
 * quantity), which the cart remembers for `RESEND_WINDOW_MS`. A key in the form would not do:
 * the product page is cached whole and shared, and back then pressing again on the very same
 * page is a shopper asking for one more, which a longer memory would swallow.
 */
import type { Context } from 'hono'
import {
  CART_TEXT,
  COMMERCE_TEXT,
  isSubscribable,
  ProductType,
  unselectedOptionsError,
  variantForChoice,
} from '../../shared/index'
import { productById, ruleProductOf } from '../catalogue/item-index'
import { addToCart, changeQuantity, removeEntry } from '../commerce/cart-actions'
import { addCoupon, type ChoiceResult, removeCoupon, setShippingChoice } from '../commerce/cart-choice'
import { signCheckoutToken } from '../commerce/checkout-tokens'
import type { AppEnv } from '../env'
import { formBody } from '../http/body'
import { Hono } from '../http/hono'
import { requireSameOrigin } from '../middleware/crumb'
import { rateLimit } from '../middleware/rate-limit'
import { fingerprintOf, senderOf } from '../middleware/sender'
import * as z from '../runtime/zod'
import { refusalPage } from './commerce-pages'

const OPTION_PREFIX = 'variant-option-'
const field = z.optional(z.union([z.string(), z.array(z.string())]))
const addSchema = z.looseObject({ itemId: z.string().check(z.maxLength(128)), sku: field, quantity: field })
const quantitySchema = z.looseObject({ quantity: field })
const entryId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/))
/** How long a plain add's fingerprint stands for it: a double click or the browser's own resend. */
export const RESEND_WINDOW_MS = 10_000

/** A form value; of several with one name (a radio group and its dropdown), the first one filled in. */
function formValue(raw: unknown): string {
  const values = Array.isArray(raw) ? raw : [raw]
  return String(values.find((v) => typeof v === 'string' && v.trim() !== '') ?? '').trim()
}

const choiceSchema = z.looseObject({
  country: field,
  region: field,
  postalCode: field,
  shippingOption: field,
  code: field,
  back: field,
})

/** Where a choice form goes back to: the cart, or the checkout it was posted from. */
function backOf(raw: unknown): '/cart' | '/checkout' {
  return formValue(raw) === '/checkout' ? '/checkout' : '/cart'
}

function refuse(c: Context<AppEnv>, status: number, message: string, back: string) {
  return refusalPage(c, status, COMMERCE_TEXT.unableToAddItem, message, back)
}

export const cartFormRoutes = new Hono<AppEnv>()

cartFormRoutes.use('/cart/*', requireSameOrigin())

cartFormRoutes.post('/cart/add', rateLimit('cart-add'), async function addFromForm(c) {
  const body = await formBody(c, addSchema)
  const item = await productById(c.get('catalog'), body.itemId)
  if (item === null) return refuse(c, 404, CART_TEXT.itemNotFound, '/')
  const product = ruleProductOf(item)
  let sku = formValue(body.sku)
  if (sku === '') {
    const chosen: Record<string, string> = {}
    for (const name of product.options)
      chosen[name] = formValue((body as Record<string, unknown>)[`${OPTION_PREFIX}${name}`])
    const unselected = unselectedOptionsError(product, chosen)
    if (unselected !== null) return refuse(c, 400, unselected, item.fullUrl)
    sku = variantForChoice(product, chosen)?.sku ?? ''
    if (sku === '') return refuse(c, 400, COMMERCE_TEXT.variantUnavailable, item.fullUrl)
  }
  const quantity = formValue(body.quantity) || '1'
  if (product.productType === ProductType.GIFT_CARD)
    return c.redirect(
      `/commerce/gift-card?itemId=${encodeURIComponent(item.id)}&sku=${encodeURIComponent(sku)}`,
      303,
    )
  if (isSubscribable(item)) {
    const token = await signCheckoutToken(c.env, c.get('tenant').siteId, {
      kind: 'subscription',
      itemId: item.id,
      sku,
      qty: 1,
      additionalFields: null,
      plan: item.structuredContent?.subscriptionPlan ?? null,
    })
    return c.redirect(`/commerce/subscription?cartToken=${encodeURIComponent(token)}`, 303)
  }
  const key = `page:${await fingerprintOf([senderOf(c), item.id, sku, quantity])}`
  const result = await addToCart(
    c,
    { itemId: item.id, sku, quantity, additionalFields: null },
    key,
    RESEND_WINDOW_MS,
  )
  if (!result.ok) return refuse(c, result.status, result.message, item.fullUrl)
  return c.redirect('/cart', 303)
})

cartFormRoutes.post(
  '/cart/entries/:entryId/quantity',
  rateLimit('cart-update'),
  async function quantityFromForm(c) {
    const id = entryId.safeParse(c.req.param('entryId'))
    const body = await formBody(c, quantitySchema)
    const result = id.success ? await changeQuantity(c, id.data, formValue(body.quantity)) : null
    if (result === null || !result.ok)
      return refuse(c, result?.status ?? 404, result?.message ?? CART_TEXT.entryNotFound, '/cart')
    return c.redirect('/cart', 303)
  },
)

cartFormRoutes.post(
  '/cart/entries/:entryId/remove',
  rateLimit('cart-update'),
  async function removeFromForm(c) {
    const id = entryId.safeParse(c.req.param('entryId'))
    const result = id.success ? await removeEntry(c, id.data) : null
    if (result === null || !result.ok) return refuse(c, 404, CART_TEXT.entryNotFound, '/cart')
    return c.redirect('/cart', 303)
  },
)

/** The cart's shipping estimate and option, and its discount codes (issue 25): back to the page. */
function choiceAnswer(c: Context<AppEnv>, result: ChoiceResult, back: string) {
  if (!result.ok) return refusalPage(c, result.status, CART_TEXT.cartPageTitle, result.message, back)
  return c.redirect(back, 303)
}

cartFormRoutes.post('/cart/shipping', rateLimit('cart-update'), async function shippingFromForm(c) {
  const body = await formBody(c, choiceSchema)
  const result = await setShippingChoice(c, {
    country: formValue(body.country),
    region: formValue(body.region),
    postalCode: formValue(body.postalCode),
    optionId: formValue(body.shippingOption) || undefined,
  })
  return choiceAnswer(c, result, backOf(body.back))
})

cartFormRoutes.post('/cart/coupons', rateLimit('cart-update'), async function couponFromForm(c) {
  const body = await formBody(c, choiceSchema)
  return choiceAnswer(c, await addCoupon(c, formValue(body.code)), backOf(body.back))
})

cartFormRoutes.post('/cart/coupons/remove', rateLimit('cart-update'), async function couponRemoveFromForm(c) {
  const body = await formBody(c, choiceSchema)
  return choiceAnswer(c, await removeCoupon(c, formValue(body.code)), backOf(body.back))
})
