/**
 * Checkout tokens (jose, HS256): what a subscription (`cartToken` of
 * `POST /api/3/commerce/cart/subscription`) or a gift card carries from its page to checkout,
 * signed so it cannot be forged, short-lived, and bound to the tenant (audience = site id).
 */
import { jwtVerify, SignJWT } from 'jose'
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

function secretOf(env: Env): Uint8Array {
  return new TextEncoder().encode(readSecret(env, 'CART_TOKEN_SECRET'))
}

export async function signCheckoutToken(env: Env, siteId: string, claims: CheckoutClaims): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(siteId)
    .setIssuedAt()
    .setExpirationTime(`${CHECKOUT_TOKEN_TTL_SECONDS}s`)
    .sign(secretOf(env))
}

/** The claims of a valid token for this tenant; null when forged, expired, another tenant's or malformed. */
export async function readCheckoutToken(
  env: Env,
  siteId: string,
  token: string,
): Promise<CheckoutClaims | null> {
  if (token.length > 4096) return null
  try {
    const { payload } = await jwtVerify(token, secretOf(env), { audience: siteId, algorithms: ['HS256'] })
    const { kind, itemId, sku, qty, additionalFields, plan } = payload as Record<string, unknown>
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
  } catch {
    return null
  }
}
