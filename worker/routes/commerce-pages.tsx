/**
 * The personal commerce pages (storefront.md section 2; docs/architecture.md: `private, no-store`):
 *
 *   GET  /cart                               the cart page with the visitor's entries
 *   GET  /checkout[?cartToken=]              the cart's (or one subscription's / gift card's) checkout
 *   POST /checkout[?cartToken=]              places the order (plain form post, same-origin)
 *   GET  /commerce/orders/{orderId}          order confirmed
 *   GET  /commerce/subscription?cartToken=   the plan from a signed token, on to checkout
 *   GET  /commerce/gift-card?itemId=&sku=    the gift card and its amount, on to checkout
 *
 * An empty cart's checkout goes back to `/cart`.
 */
import type { Context } from 'hono'
import { type AmountsView, type CheckoutFormProps, teaserMessage } from '../../islands/index'
import {
  ACCOUNT_TEXT,
  CART_TEXT,
  COMMERCE_TEXT,
  centsText,
  checkoutValuesOf,
  fillText,
  isCartInstallmentEligible,
  moneyFromMinorUnits,
  ProductType,
  subscriptionPriceText,
} from '../../shared/index'
import { liveSiteUser } from '../auth/site-user'
import { productById, unitCentsOf, variantBySku } from '../catalogue/item-index'
import type { Form, Item } from '../catalogue/records'
import { cartIdOf, cartObject, forgetCart, storedCartOf } from '../commerce/cart-session'
import { moneyDisplayOf, shoppingCartOf, storeCurrency } from '../commerce/cart-view'
import {
  type Buyer,
  type CheckoutSource,
  chargePending,
  linesOf,
  placedByOf,
  placeOrder,
  priceCheckout,
} from '../commerce/checkout'
import { readCheckoutToken, signCheckoutToken } from '../commerce/checkout-tokens'
import { queueOrderConfirmation } from '../commerce/confirmation-queue'
import { installmentOfferOf } from '../commerce/installments'
import {
  grantOrderAccess,
  isOrderAccessToken,
  mayReadOrder,
  orderPath,
  sameEmail,
} from '../commerce/order-access'
import { CHARGE_IN_FLIGHT_MS, resumeOrder } from '../commerce/order-states'
import { receiptOf } from '../commerce/receipt'
import { randomId, sameSecret } from '../crypto/encoding'
import { type OrderRow, orderById, orderByIdempotencyKey } from '../db/orders'
import type { AppEnv } from '../env'
import { formBody, InputError } from '../http/body'
import { Hono } from '../http/hono'
import { requireSameOrigin } from '../middleware/crumb'
import { rateLimit, withinLimits } from '../middleware/rate-limit'
import { paymentProvider } from '../payments/provider'
import { TEST_CARDS } from '../payments/test-provider'
import { cartPageHtml } from '../render/cart-page'
import {
  checkoutPageHtml,
  orderLookupHtml,
  orderPageHtml,
  orderTitleOf,
  refusalHtml,
  singlePurchaseHtml,
} from '../render/commerce-views'
import { renderReactPage } from '../render/template-page'
import { logError } from '../runtime/log'
import * as z from '../runtime/zod'
import { notFoundPage } from './pages'

/** Personal pages: never stored by a shared cache, and no `Referer` (their URLs can carry order ids and tokens). */
export const PRIVATE_PAGE = {
  'cache-control': 'private, no-store',
  'referrer-policy': 'no-referrer',
} as const

/** The tracking script's page kind of a personal page: the full-page cart, checkout, or the rest. */
function personalPageKind(path: string): string {
  if (path === '/cart') return 'cart'
  if (path === '/checkout') return 'checkout'
  return path.startsWith('/commerce/orders/') ? 'order-confirmation' : 'commerce'
}

/** Statuses of an order whose checkout is confirmed (CommerceShopping_CheckoutConfirmed). */
const CONFIRMED: ReadonlySet<OrderRow['status']> = new Set(['charged', 'paid'])

/** What a personal page tells tracking: the order confirmed page its order. */
type TrackedOrder = { order: OrderRow }

/** A personal page in the tenant's frame, never cached. */
export function personalPage(
  c: Context<AppEnv>,
  title: string,
  main: () => string,
  options: { status?: number; css?: string; tracked?: TrackedOrder } = {},
) {
  return renderReactPage({
    tracked: options.tracked,
    kind: personalPageKind(c.req.path),
    catalog: c.get('catalog'),
    path: c.req.path,
    status: options.status,
    head: { title, path: c.req.path, type: 'website', noindex: true },
    main,
    css: options.css,
    headers: PRIVATE_PAGE,
  })
}

/** A refusal page (bad link, refused post), personal like the pages it stands for. */
export function refusalPage(
  c: Context<AppEnv>,
  status: number,
  title: string,
  message: string,
  back = '/',
  backLabel: string = CART_TEXT.continueShopping,
) {
  return personalPage(c, title, () => refusalHtml(title, message, { href: back, label: backLabel }), {
    status,
  })
}

const tokenQuery = z.object({ cartToken: z.optional(z.string().check(z.maxLength(4096))) })
const giftCardQuery = z.object({
  itemId: z.string().check(z.maxLength(128)),
  sku: z.string().check(z.maxLength(128)),
})
const orderIdSchema = z.string().check(z.regex(/^ord_[0-9a-f]{24}$/))
/** The checkout form's option and the total it showed (issue 25); both optional. */
const pricingFields = z.looseObject({
  shippingOption: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/))),
  expectedTotalCents: z.optional(
    z.union([
      z.literal('pending'),
      z.pipe(
        z.string().check(z.regex(/^\d{1,15}$/)),
        z.transform((text) => Number(text)),
      ),
    ]),
  ),
})
const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/))

function newIdempotencyKey(): string {
  return randomId(16)
}

/** The plan's wording with the variant's price ('$24.00 every month'), or null. */
function planTextOf(c: Context<AppEnv>, item: Item, unitCents: number): string | null {
  const text = subscriptionPriceText(item)
  if (text === null) return null
  const display = moneyDisplayOf(c.get('tenant').site)
  return fillText(text.template, {
    price: centsText(unitCents, storeCurrency(c.get('tenant').site), display),
    billingPeriodValue: text.billingPeriodValue,
    duration: text.duration,
  })
}

/**
 * What this checkout sells: the token's purchase, or the visitor's open cart; null when
 * nothing; `paid` for a cart whose order went through (it cannot be paid again).
 */
async function checkoutSource(
  c: Context<AppEnv>,
  token: string | undefined,
): Promise<CheckoutSource | 'bad-token' | { paid: string } | null> {
  if (token !== undefined) {
    const claims = await readCheckoutToken(c.env, c.get('tenant').siteId, token)
    return claims === null ? 'bad-token' : { kind: 'token', claims }
  }
  const cart = await storedCartOf(c)
  if (cart?.isPurchased) return { paid: cart.orderId ?? '' }
  if (cart === null || cart.entries.length === 0) return null
  return { kind: 'cart', cart }
}

/** A second checkout of a paid cart: refused, with the way to its order. */
function cartPaidPage(c: Context<AppEnv>, orderId: string, message: string = CART_TEXT.cartAlreadyPaid) {
  return personalPage(
    c,
    CART_TEXT.checkoutTitle,
    () =>
      refusalHtml(CART_TEXT.checkoutTitle, message, { href: orderPath(orderId), label: CART_TEXT.seeOrder }),
    { status: 409 },
  )
}

/** Who is placing an order: the signed-in site user, and the hash of this browser's crumb. */
async function buyerOf(c: Context<AppEnv>): Promise<Buyer> {
  const session = await liveSiteUser(c)
  return { siteUserId: session?.user.id ?? null, placedBy: await placedByOf(c.get('crumb')) }
}

/** Whether this request comes from the browser (or site user) that placed `order`. */
async function isPlacingBrowser(c: Context<AppEnv>, order: OrderRow): Promise<boolean> {
  const buyer = await buyerOf(c)
  return (
    (order.placedBy !== null && sameSecret(order.placedBy, buyer.placedBy)) ||
    (order.siteUserId !== null && order.siteUserId === buyer.siteUserId)
  )
}

/** To the order's page, opened for this browser when it placed the order. */
async function toOrder(c: Context<AppEnv>, order: OrderRow | string, grant: boolean) {
  const id = typeof order === 'string' ? order : order.id
  if (grant) await grantOrderAccess(c, id)
  return c.redirect(orderPath(id), 303)
}

/** The address the checkout prices: the one posted, else the one given in the cart. */
function checkoutLocation(source: CheckoutSource, values: Record<string, string>) {
  if (values.country)
    return { country: values.country, region: values.region ?? '', postalCode: values.postalCode ?? '' }
  return source.kind === 'cart' ? source.cart.choice.location : null
}

async function checkoutPage(
  c: Context<AppEnv>,
  source: CheckoutSource,
  form: Pick<CheckoutFormProps, 'idempotencyKey' | 'values' | 'errors' | 'formError'>,
  status = 200,
) {
  const { site } = c.get('tenant')
  const checkoutLines = await linesOf(c, source)
  const { lines, items } = checkoutLines
  if (lines.length === 0) return c.redirect('/cart', 303)
  const currency = storeCurrency(site)
  const display = moneyDisplayOf(site)
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
  const location = checkoutLocation(source, form.values)
  const optionId = form.values.shippingOption || (source.kind === 'cart' ? source.cart.choice.optionId : null)
  const pricing = await priceCheckout(c, source, checkoutLines, location, optionId)
  // The address the cart was priced for fills the form's country and region.
  const values =
    location === null || form.values.country
      ? form.values
      : { ...form.values, ...location, postalCode: location.postalCode }
  const offer = installmentOfferOf(site)
  const installmentText =
    offer !== null && isCartInstallmentEligible(lines)
      ? (teaserMessage(moneyFromMinorUnits(subtotalCents, currency).amount, offer, display)?.text ?? null)
      : null
  const planItem = source.kind === 'token' && source.claims.kind === 'subscription' ? items[0] : undefined
  const planText = planItem && lines[0] ? planTextOf(c, planItem, lines[0].unitCents) : null
  const provider = paymentProvider(c.env)
  const token = source.kind === 'token' ? c.req.query('cartToken') : undefined
  // Only the fields the amounts show: the island's props carry them once.
  const amounts: AmountsView = {
    subtotalCents: pricing.subtotalCents,
    discountCents: pricing.discountCents,
    shippingCostCents: pricing.shippingCents,
    taxCents: pricing.taxCents,
    taxIncluded: pricing.taxIncluded,
    grandTotalCents: pricing.grandTotalCents,
    requiresShipping: pricing.requiresShipping,
    selectedShippingOption: pricing.selected,
    applicableTaxRules: pricing.taxLines,
    validCoupons: pricing.valid,
    shippingProblem: pricing.shippingProblem,
  }
  const props: CheckoutFormProps = {
    ...form,
    amounts,
    livePricing: source.kind === 'cart',
    values,
    shippingOptions: pricing.options,
    selectedShippingOption: pricing.selected?.id ?? null,
    expectedTotalCents: pricing.shippingProblem === null ? pricing.grandTotalCents : 'pending',
    currency,
    display,
    action: token ? `/checkout?cartToken=${encodeURIComponent(token)}` : '/checkout',
    cardInForm: provider.cardInForm,
    testCards:
      provider.name === 'test' && c.env.ENVIRONMENT !== 'production'
        ? [
            { number: TEST_CARDS.approved, outcome: CART_TEXT.testCardApproved },
            { number: TEST_CARDS.declined, outcome: CART_TEXT.testCardDeclined },
            { number: TEST_CARDS.retry, outcome: CART_TEXT.testCardRetry },
          ]
        : null,
  }
  return personalPage(
    c,
    CART_TEXT.checkoutTitle,
    () =>
      checkoutPageHtml(
        {
          lines,
          currency,
          subtotalCents,
          installmentText,
          planText,
          amounts,
          coupons:
            source.kind === 'cart' ? { validCoupons: pricing.valid, invalidCoupons: pricing.invalid } : null,
        },
        display,
        props,
      ),
    { status },
  )
}

export const commercePageRoutes = new Hono<AppEnv>()

commercePageRoutes.get('/cart', async function showCart(c) {
  const { site } = c.get('tenant')
  if (!site.storeSettings) return notFoundPage(c.get('catalog'), '/cart')
  const cart = await shoppingCartOf(c.get('catalog'), await storedCartOf(c), c.env)
  const formIds = [
    ...new Set(cart.entries.map((e) => e.additionalFieldsFormId).filter((id): id is string => id !== null)),
  ]
  const forms = Object.fromEntries(
    (await Promise.all(formIds.map((id) => c.get('catalog').form(id))))
      .filter((f): f is Form => f !== null)
      .map((f) => [f.id, f]),
  )
  return personalPage(c, CART_TEXT.cartPageTitle, () =>
    cartPageHtml({ cart, display: moneyDisplayOf(site), forms, installment: installmentOfferOf(site) }),
  )
})

commercePageRoutes.get('/checkout', async function showCheckout(c) {
  if (!c.get('tenant').site.storeSettings) return notFoundPage(c.get('catalog'), '/checkout')
  const query = tokenQuery.safeParse(c.req.query())
  const source = await checkoutSource(c, query.success ? query.data.cartToken : '')
  if (source === 'bad-token') return refusalPage(c, 400, CART_TEXT.checkoutTitle, CART_TEXT.tokenInvalid)
  if (source === null) return c.redirect('/cart', 303)
  if ('paid' in source) return cartPaidPage(c, source.paid)
  return checkoutPage(c, source, {
    idempotencyKey: newIdempotencyKey(),
    values: {},
    errors: {},
    formError: null,
  })
})

/**
 * To the order's page after a submit: opened for this browser when it placed the order; once
 * the order is paid, the cart's cookies are cleared and the confirmation email is queued (the API
 * Worker sends it: worker/commerce/confirmation-queue.ts).
 */
async function afterSubmit(c: Context<AppEnv>, orderId: string, grant: boolean) {
  const order = await orderById(c.env.DB, c.get('tenant').siteId, orderId).catch(() => null)
  if (grant && order?.status === 'paid') {
    if (order.cartId !== null && order.cartId === cartIdOf(c)) forgetCart(c)
    c.executionCtx.waitUntil(queueOrderConfirmation(c.env, order))
  }
  return toOrder(c, orderId, grant)
}

async function submitCheckout(c: Context<AppEnv>) {
  if (!c.get('tenant').site.storeSettings) return notFoundPage(c.get('catalog'), '/checkout')
  const body = await formBody(c, z.record(z.string(), z.unknown()))
  const key = idempotencyKeySchema.safeParse(body.idempotencyKey)
  if (!key.success) return refusalPage(c, 400, CART_TEXT.checkoutTitle, CART_TEXT.paymentFailed, '/checkout')
  // A repeated submit of an order already under way: finished rather than placed again, and
  // opened only to the browser that placed it (another browser replaying the key sees nothing).
  const placed = await orderByIdempotencyKey(c.env.DB, c.get('tenant').siteId, key.data)
  if (placed !== null && placed.status !== 'failed') {
    const owner = await isPlacingBrowser(c, placed)
    // Storage failing here leaves it for the sweep; the order page says it is being placed.
    const status = await resumeOrder(c.env, placed, CHARGE_IN_FLIGHT_MS).catch((error) => {
      logError('checkout-resume-failed', { siteId: placed.siteId, order: placed.id, message: String(error) })
      return 'unknown' as const
    })
    // Still pending with no charge at the provider: its shopper's card is charged now (a
    // decline shows on the order page: not placed, back to the cart).
    if (status === 'pending' && owner)
      await chargePending(c, placed, checkoutValuesOf(body as Record<string, unknown>))
    return afterSubmit(c, placed.id, owner)
  }
  const query = tokenQuery.safeParse(c.req.query())
  const source = await checkoutSource(c, query.success ? query.data.cartToken : '')
  if (source === 'bad-token') return refusalPage(c, 400, CART_TEXT.checkoutTitle, CART_TEXT.tokenInvalid)
  if (source === null) return c.redirect('/cart', 303)
  if ('paid' in source) return cartPaidPage(c, source.paid)
  const values = checkoutValuesOf(body as Record<string, unknown>)
  const optionId = pricingFields.safeParse(body)
  const input = {
    optionId: optionId.success ? (optionId.data.shippingOption ?? null) : null,
    expectedTotalCents: optionId.success ? (optionId.data.expectedTotalCents ?? null) : null,
  }
  // The address and option given here become the cart's, so the cart and a re-shown checkout
  // price the same place (a failure to store it changes nothing of the order below).
  if (source.kind === 'cart' && values.country !== '')
    await cartObject(c, source.cart.id)
      .setChoice(c.get('tenant').siteId, {
        location: { country: values.country, region: values.region, postalCode: values.postalCode },
        ...(input.optionId === null ? {} : { optionId: input.optionId }),
      })
      .catch(() => null)
  const result = await placeOrder(c, source, values, key.data, await buyerOf(c), placed, input)
  if (result.ok) return afterSubmit(c, result.orderId, true)
  if (result.status === 303) return c.redirect(result.location, 303)
  if (result.status === 409 && result.orderId !== undefined && source.kind === 'cart')
    return cartPaidPage(c, result.orderId, result.message)
  const { card: _card, ...kept } = values
  // A refused option (gone with the new address) is not shown chosen again.
  const shownOption: Record<string, string> =
    result.status === 422 ? {} : { shippingOption: input.optionId ?? '' }
  return checkoutPage(
    c,
    source,
    {
      idempotencyKey: key.data,
      values: { ...kept, ...shownOption },
      errors: (result.errors ?? {}) as Record<string, string>,
      formError: result.message,
    },
    result.status,
  )
}

commercePageRoutes.post(
  '/checkout',
  requireSameOrigin(),
  rateLimit('checkout'),
  async function placeCheckout(c) {
    try {
      return await submitCheckout(c)
    } catch (error) {
      if (error instanceof InputError) throw error
      // Storage failed where the steps could not say more: the sweep settles anything started.
      logError('checkout-failed', { siteId: c.get('tenant').siteId, message: String(error) })
      return refusalPage(c, 503, CART_TEXT.checkoutTitle, CART_TEXT.checkoutBusy, '/checkout')
    }
  },
)

const accessQuery = z.object({ access: z.optional(z.string().check(z.maxLength(200))) })
const lookupSchema = z.object({
  orderNumber: z.string().check(z.trim(), z.maxLength(64)),
  email: z.string().check(z.trim(), z.maxLength(256)),
  crumb: z.optional(z.string().check(z.maxLength(200))),
})

/** The page asking for the order number and email (no order is shown, nor said to exist). */
function orderLookupPage(
  c: Context<AppEnv>,
  options: { orderNumber?: string; email?: string; error?: string; status?: number } = {},
) {
  return personalPage(
    c,
    CART_TEXT.orderLookupTitle,
    () =>
      orderLookupHtml({
        action: c.req.path,
        orderNumber: options.orderNumber ?? '',
        email: options.email ?? '',
        error: options.error ?? null,
        crumb: c.get('crumb'),
      }),
    { status: options.status ?? 404 },
  )
}

/**
 * An order's page: its receipt (worker/commerce/receipt.ts, the same rows as the email) in the
 * store's language and money format; `back` is where its link leads (the shop, or the history).
 */
export async function showOrderPage(
  c: Context<AppEnv>,
  order: OrderRow,
  back?: { href: string; label: string },
) {
  const { site } = c.get('tenant')
  const line = order.lines[0]
  const item =
    order.subscriptionPlan !== null && line ? await productById(c.get('catalog'), line.itemId) : null
  const planText = item && line ? planTextOf(c, item, line.unitCents) : null
  const receipt = receiptOf(order, site)
  return personalPage(
    c,
    orderTitleOf(order, receipt.cart),
    () =>
      orderPageHtml(order, receipt, planText, back ?? { href: '/', label: receipt.cart.continueShopping }),
    // A checkout is confirmed once it is paid; the order history's copy of the page is not one.
    back === undefined && CONFIRMED.has(order.status) ? { tracked: { order } } : {},
  )
}

commercePageRoutes.get('/commerce/orders', (c) => orderLookupPage(c, { status: 200 }))

commercePageRoutes.get('/commerce/orders/:orderId', async function showOrder(c) {
  const id = orderIdSchema.safeParse(c.req.param('orderId'))
  if (!id.success) return orderLookupPage(c)
  const { access } = accessQuery.safeParse(c.req.query()).data ?? {}
  if (access !== undefined) {
    // The email's link: opens the order to this browser, then the token leaves the URL.
    const valid = await isOrderAccessToken(c.env, c.get('tenant').siteId, id.data, access, Date.now())
    if (!valid)
      return orderLookupPage(c, { orderNumber: id.data, error: CART_TEXT.tokenInvalid, status: 403 })
    return toOrder(c, id.data, true)
  }
  const order = await orderById(c.env.DB, c.get('tenant').siteId, id.data)
  if (order === null || !(await mayReadOrder(c, order))) return orderLookupPage(c, { orderNumber: id.data })
  return showOrderPage(c, order)
})

/**
 * The lookup form's post: the order opens when its number and email both match. A wrong email
 * and an unknown number get the same page, message and status, so the form never says whether
 * an order exists. The form carries the visitor's crumb (the page is personal, never cached),
 * checked against the cookie: a post from a page this visitor never loaded is refused.
 */
const LOOKUP_LIMITS = { limiter: 'SIGN_IN_LIMITER', addressLimiter: 'ADDRESS_STRICT_LIMITER' } as const

async function lookUpOrder(c: Context<AppEnv>) {
  const fields = lookupSchema.safeParse(await formBody(c, z.record(z.string(), z.unknown())))
  const typed = fields.success ? fields.data : { orderNumber: '', email: '', crumb: undefined }
  const form = { orderNumber: typed.orderNumber, email: typed.email }
  // Guessing order numbers and emails: 10 tries a minute per visitor, 30 per address; the
  // answer is the form again (a plain post gets a page, not JSON), with 'Too many attempts…'.
  if (!(await withinLimits(c, 'order-lookup', LOOKUP_LIMITS))) {
    const page = await orderLookupPage(c, { ...form, error: ACCOUNT_TEXT.tooManyAttempts, status: 429 })
    page.headers.set('Retry-After', '60')
    return page
  }
  if (!c.get('knownVisitor') || typed.crumb === undefined || !sameSecret(c.get('crumb'), typed.crumb))
    return orderLookupPage(c, { ...form, error: COMMERCE_TEXT.sessionExpired, status: 403 })
  const id = orderIdSchema.safeParse(typed.orderNumber)
  const order = id.success ? await orderById(c.env.DB, c.get('tenant').siteId, id.data) : null
  if (order === null || !sameEmail(order, typed.email))
    return orderLookupPage(c, { ...form, error: CART_TEXT.orderLookupFailed })
  return toOrder(c, order, true)
}

for (const path of ['/commerce/orders', '/commerce/orders/:orderId'])
  commercePageRoutes.post(path, requireSameOrigin(), lookUpOrder)

commercePageRoutes.get('/commerce/subscription', async function showSubscription(c) {
  const query = tokenQuery.safeParse(c.req.query())
  const token = query.success ? (query.data.cartToken ?? '') : ''
  const claims = await readCheckoutToken(c.env, c.get('tenant').siteId, token)
  const item = claims?.kind === 'subscription' ? await productById(c.get('catalog'), claims.itemId) : null
  const variant = item && claims ? variantBySku(item, claims.sku) : undefined
  if (!claims || !item || !variant)
    return refusalPage(c, 400, CART_TEXT.subscriptionTitle, CART_TEXT.tokenInvalid)
  const planText = planTextOf(c, item, unitCentsOf(variant)) ?? COMMERCE_TEXT.productPriceUnavailable
  const facts: [string, string][] = [
    ...Object.entries(variant.attributes),
    [CART_TEXT.entryQuantity, String(claims.qty)],
    [CART_TEXT.subscriptionPlanLabel, planText],
  ]
  return personalPage(c, CART_TEXT.subscriptionTitle, () =>
    singlePurchaseHtml({
      heading: CART_TEXT.subscriptionTitle,
      title: item.title,
      image: variant.mainImage?.assetUrl ?? item.mainImage?.assetUrl ?? null,
      facts,
      checkoutUrl: `/checkout?cartToken=${encodeURIComponent(token)}`,
    }),
  )
})

commercePageRoutes.get('/commerce/gift-card', async function showGiftCard(c) {
  const query = giftCardQuery.safeParse(c.req.query())
  const item = query.success ? await productById(c.get('catalog'), query.data.itemId) : null
  const variant = item && query.success ? variantBySku(item, query.data.sku) : undefined
  if (!item || item.structuredContent?.productType !== ProductType.GIFT_CARD)
    return refusalPage(c, 404, COMMERCE_TEXT.unableToPurchaseGiftCard, CART_TEXT.notGiftCard)
  if (!variant)
    return refusalPage(
      c,
      400,
      COMMERCE_TEXT.unableToPurchaseGiftCard,
      COMMERCE_TEXT.giftCardDenomination,
      item.fullUrl,
    )
  const token = await signCheckoutToken(c.env, c.get('tenant').siteId, {
    kind: 'gift-card',
    itemId: item.id,
    sku: variant.sku,
    qty: 1,
    additionalFields: null,
    plan: null,
  })
  const amount = centsText(
    unitCentsOf(variant),
    storeCurrency(c.get('tenant').site),
    moneyDisplayOf(c.get('tenant').site),
  )
  return personalPage(c, CART_TEXT.giftCardTitle, () =>
    singlePurchaseHtml({
      heading: CART_TEXT.giftCardTitle,
      title: item.title,
      image: item.mainImage?.assetUrl ?? null,
      facts: [[CART_TEXT.giftCardAmount, amount]],
      checkoutUrl: `/checkout?cartToken=${encodeURIComponent(token)}`,
    }),
  )
})
