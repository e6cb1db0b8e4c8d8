/**
 * The tenant's stock object (worker/durable/inventory.ts), one per site id: live stock of an
 * item's variants, and the all-or-nothing reservation an order takes.
 */

import { isAlwaysInStock, variantsOf } from '../../shared/index'
import type { Item, Variant } from '../catalogue/records'
import type { OrderRow } from '../db/orders'
import { COUPON_SKU_PREFIX, type StockLevel, type StockLine, type StockSeed } from '../durable/inventory'
import type { Env, Tenant } from '../env'

/** Seeds of an item's variants for the stock object; digital products and gift cards never run out. */
export function stockSeedsOf(item: Item): StockSeed[] {
  const always = isAlwaysInStock(item.structuredContent?.productType ?? 0)
  return (variantsOf(item) as Variant[]).map((variant) => ({
    sku: variant.sku,
    itemId: item.id,
    unlimited: always || variant.unlimited,
    qtyInStock: variant.qtyInStock,
  }))
}

/** The variant with its live stock in place of the published one. */
export function withStock(variant: Variant, level: StockLevel | undefined): Variant {
  return level === undefined
    ? variant
    : { ...variant, unlimited: level.unlimited, qtyInStock: level.qtyInStock }
}

/** The stock object of a tenant. */
export function inventoryOf(env: Env, siteId: string) {
  return env.INVENTORY.get(env.INVENTORY.idFromName(siteId))
}

/** Live stock of every variant of `item`, by sku. */
export async function liveStock(env: Env, tenant: Tenant, item: Item): Promise<Map<string, StockLevel>> {
  const levels = await inventoryOf(env, tenant.siteId).stock(stockSeedsOf(item), tenant.version)
  return new Map(levels.map((level) => [level.sku, level]))
}

/** Seeds of every line's item, for a reservation. */
export function seedsOf(items: readonly Item[]): StockSeed[] {
  const seen = new Set<string>()
  const seeds: StockSeed[] = []
  for (const item of items) {
    if (seen.has(item.id)) continue
    seen.add(item.id)
    seeds.push(...stockSeedsOf(item))
  }
  return seeds
}

/**
 * What an order holds in the stock object: its lines' units and one use of each of its codes
 * (`coupon:<CODE>`, counted against the code's usage limit in the same all-or-none step).
 */
export function stockLinesOf(
  order: Pick<OrderRow, 'lines' | 'amounts'>,
): { sku: string; quantity: number }[] {
  return [
    ...order.lines.map((line) => ({ sku: line.sku, quantity: line.quantity })),
    ...(order.amounts?.coupons ?? []).map((coupon) => ({
      sku: `${COUPON_SKU_PREFIX}${coupon.code}`,
      quantity: 1,
    })),
  ]
}

export type { StockLevel, StockLine }
