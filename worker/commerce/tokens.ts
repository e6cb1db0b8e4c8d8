/**
 * Checkout tokens (JWT, HS256; auth/jwt.ts): what a subscription (`cartToken` of
 * `POST /api/3/commerce/cart/subscription`) or a gift card carries from its page to checkout,
 * signed so it cannot be forged, short-lived, and bound to the tenant (audience = site id).
 */
import { epochSeconds, signJwt, verifyJwt } from '../auth/jwt'
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

function secretOf(env: Env): string {
  const secret = env.CART_TOKEN_SECRET
  if (!secret || secret.length < 16)
    throw new Error(
      'CART_TOKEN_SECRET is not set (16 characters or more): `wrangler secret put CART_TOKEN_SECRET`',
    )
  return secret
}

export async function signCheckoutToken(env: Env, siteId: string, claims: CheckoutClaims): Promise<string> {
  const now = epochSeconds()
  return signJwt(secretOf(env), { ...claims, aud: siteId, iat: now, exp: now + CHECKOUT_TOKEN_TTL_SECONDS })
}

/** The claims of a valid token for this tenant; null when forged, expired, another tenant's or malformed. */
export async function readCheckoutToken(
  env: Env,
  siteId: string,
  token: string,
): Promise<CheckoutClaims | null> {
  if (token.length > 4096) return null
  let secret: string
  try {
    secret = secretOf(env)
  } catch {
    // As with any unreadable token: the page says the link is not valid (signing says why).
    return null
  }
  // Every token signed here has an expiry: one without is not ours.
  const verified = await verifyJwt(secret, token, { audience: siteId, requiredClaims: ['exp'] })
  if (!verified.valid) return null
  const { kind, itemId, sku, qty, additionalFields, plan } = verified.claims
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
