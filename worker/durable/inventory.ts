import { DurableObject } from 'cloudflare:workers'
import type { Env } from '../env'

/**
 * Stock per product (ARCHITECTURE.md): two shoppers racing for the last unit, exactly one wins.
 * The binding and its SQLite storage are declared now; reservations and the stock call of
 * storefront.md section 7 are built on it by the inventory issue. Until then it answers every
 * request with 404.
 */
export class InventoryObject extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return Response.json({ error: 'No stock operations are available yet.' }, { status: 404 })
  }
}
