/**
 * A back-in-stock sign-up (storefront.md sections 3, 5 and 7), behind both
 * `POST /api/site-users/account/notifications/restock` and the restock form's plain post: the
 * product and variant must exist and the store must offer sign-ups; the email and the captcha
 * are checked with the rule the browser applies; the sign-up (and the mailing-list subscriber)
 * is stored before anything is answered. The same address twice for a variant is one sign-up.
 * With double opt-in (the default) the sign-up is stored pending and a confirmation email is
 * queued; the subscriber is stored once the address is confirmed (actions/subscriptions.ts).
 */
import { isVariantInStock, localizedText, restockSignUpError } from '../../shared/index'
import { itemById } from '../catalogue/item-index'
import type { Catalog } from '../catalogue/reader'
import { storePendingRestockSignUp, storeRestockSignUp } from '../db/restock-signups'
import type { Env } from '../env'
import { queueConnectionEvents } from '../queues/connection-events'
import { captchaPassed, captchaSiteKey } from './captcha'
import { doubleOptInOf, newConfirmation, queueConfirmation } from './subscriptions'

export interface RestockRequest {
  productId: string
  variantId: string
  email: string
  isJoinMailingList: boolean
  captchaToken?: string | null
}

export type RestockOutcome =
  | { kind: 'stored'; productTitle: string }
  /** 404: no such product or variant, or the store offers no sign-ups. */
  | { kind: 'unknown-product'; message: string }
  /** 400: the email or the captcha (the message says which). */
  | { kind: 'invalid'; message: string }

/** Checks and stores one sign-up. */
export async function signUpForRestock(
  catalog: Catalog,
  env: Env,
  request: Request,
  signUp: RestockRequest,
): Promise<RestockOutcome> {
  const { site, siteId } = catalog.tenant
  const text = localizedText(site.localizedStrings).restock
  const product = await itemById(catalog, signUp.productId)
  const variant = product?.structuredContent?.variants.find((candidate) => candidate.id === signUp.variantId)
  const offered = site.storeSettings?.merchandising?.restock?.enabled === true
  if (!product || !variant || !offered || isVariantInStock(variant)) {
    return { kind: 'unknown-product', message: text.unknownVariant }
  }
  const captchaShown = captchaSiteKey(site) !== null
  const message = restockSignUpError(signUp.email, captchaShown, signUp.captchaToken, text)
  if (message !== null) return { kind: 'invalid', message }
  if (captchaShown && !(await captchaPassed(env, signUp.captchaToken, request))) {
    return { kind: 'invalid', message: text.captchaRequired }
  }
  const stored = {
    siteId,
    productId: product.id,
    variantId: variant.id,
    email: signUp.email.trim().toLowerCase(),
    joinMailingList: signUp.isJoinMailingList,
    now: Date.now(),
  }
  const event = {
    productId: product.id,
    productTitle: product.title,
    variantId: variant.id,
    email: stored.email,
  }
  if (!doubleOptInOf(site)) {
    await storeRestockSignUp(env.DB, stored)
    await queueConnectionEvents(
      env,
      siteId,
      stored.joinMailingList
        ? [
            ['restock_signup', event],
            ['subscriber', { email: stored.email, source: 'restock' }],
          ]
        : [['restock_signup', event]],
    )
    return { kind: 'stored', productTitle: product.title }
  }
  // Double opt-in: stored pending; the confirmation email is queued before the answer (a queue
  // failure answers an error, and signing up again, which is idempotent, queues it then).
  const confirmation = await newConfirmation(stored.now)
  if (await storePendingRestockSignUp(env.DB, { ...stored, ...confirmation })) {
    await queueConfirmation(env, catalog.tenant, {
      subscription: 'restock',
      email: stored.email,
      token: confirmation.token,
      tokenHash: confirmation.tokenHash,
      productTitle: product.title,
    })
    await queueConnectionEvents(env, siteId, [['restock_signup', event]])
  }
  return { kind: 'stored', productTitle: product.title }
}
