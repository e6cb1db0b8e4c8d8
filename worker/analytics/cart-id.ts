/**
 * The cart as analytics names it. The cart cookie's value (HttpOnly) is the key to the cart:
 * whoever holds it reads and changes the cart, so it never reaches analytics (issue 18). Events
 * carry an id derived from it instead: the same cart always gives the same id (events of one
 * cart stay joinable), the id gives nothing back (a one-way hash of a 128-bit random value), and
 * the same value under another site gives another id.
 */
import { base64url } from '../auth/encoding'

/**
 * The analytics id of cart `cartId` of site `siteId`: base64url of the first 16 bytes of
 * SHA-256(`cart-analytics|<siteId>|<cartId>`), 22 characters.
 */
export async function analyticsCartId(siteId: string, cartId: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`cart-analytics|${siteId}|${cartId}`),
  )
  return base64url(new Uint8Array(digest).slice(0, 16))
}
