/**
 * Checkout tokens (a JWT, HS256, worker/crypto/jwt.ts): what a subscription (`cartToken` of
 * `POST /api/3/commerce/cart/subscription`) or a gift card carries from its page to checkout,
 * signed so it cannot be forged, short-lived, and bound to the tenant (audience = site id).
 */
import { epochSeconds, signJwt, verifyJwt } from '../crypto/jwt'
import { readSecret } from '../crypto/secrets'
import type { Env } from '../env'

/** A token lives this long: enough to read the plan and fill in checkout. */
export const CHECKOUT_TOKEN_TTL_SECONDS = 30 * 60

export interface CheckoutClaims {
  kind: 'subscription' | 'gift-card'
  itemId: string
  sku: string
  qty: number
  additionalFields: string | null
  /** The subscription plan (billingPeriod, numBillingCycles), for a subscription. */
  plan: unknown
}

export async function signCheckoutToken(env: Env, siteId: string, claims: CheckoutClaims): Promise<string> {
  const iat = epochSeconds()
  return signJwt(readSecret(env, 'CART_TOKEN_SECRET'), {
    ...claims,
    aud: siteId,
    iat,
    exp: iat + CHECKOUT_TOKEN_TTL_SECONDS,
  })
}

/** The claims of a valid token for this tenant; null when forged, expired, another tenant's or malformed. */
export async function readCheckoutToken(
  env: Env,
  siteId: string,
  token: string,
): Promise<CheckoutClaims | null> {
  if (token.length > 4096) return null
  const payload = await verifyJwt(readSecret(env, 'CART_TOKEN_SECRET'), token, { audience: siteId })
  if (typeof payload === 'string') return null
  const { kind, itemId, sku, qty, additionalFields, plan } = payload
  if (
    (kind !== 'subscription' && kind !== 'gift-card') ||
    typeof itemId !== 'string' ||
    typeof sku !== 'string' ||
    typeof qty !== 'number'
  )
    return null
  return {
    kind,
    itemId,
    sku,
    qty,
    additionalFields: typeof additionalFields === 'string' ? additionalFields : null,
    plan: plan ?? null,
  }
}
