import { DurableObject } from 'cloudflare:workers'
import type { Env } from '../env'

/**
 * One shopping cart per id (ARCHITECTURE.md, "What is strongly consistent"): every add, update
 * and remove is serialized here. The binding and its SQLite storage are declared now; the cart
 * API of storefront.md section 7 (`/api/commerce/shopping-cart/...`) is built on it by the cart
 * issue. Until then it answers every request with 404, so nothing can appear to work.
 */
export class CartObject extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return Response.json({ error: 'No cart operations are available yet.' }, { status: 404 })
  }
}
