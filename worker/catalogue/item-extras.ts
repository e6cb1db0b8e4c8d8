/**
 * What an item page shows from D1 beside its KV record: a product's reviews (the first page,
 * filled in, and the summary) and, where simple liking is on, the likes stored here added to
 * the item's published count. A failed read is logged and the page renders without it
 * (storefront.md section 8: review failures are silent for the visitor).
 */

import { storedLikeCount } from '../db/item-likes'
import { type ProductPageReviews, productPageReviews } from '../db/product-reviews'
import type { Env, Tenant } from '../env'
import { logError } from '../runtime/log'
import type { Item } from './records'

export interface ItemExtras {
  item: Item
  productReviews: ProductPageReviews | null
}

export async function itemExtras(
  env: Env,
  tenant: Tenant,
  item: Item,
  isProduct: boolean,
): Promise<ItemExtras> {
  const { siteId } = tenant
  const liking = tenant.site.website.simpleLikingEnabled
  const [reviews, likes] = await Promise.all([
    isProduct ? productPageReviews(env.DB, siteId, item.id).catch(failed('reviews', siteId)) : null,
    liking ? storedLikeCount(env.DB, siteId, item.id).catch(failed('likes', siteId)) : null,
  ])
  return {
    item: likes === null ? item : { ...item, likeCount: item.likeCount + likes },
    productReviews: reviews,
  }
}

function failed(part: string, siteId: string) {
  return (error: unknown): null => {
    logError('item-extras-failed', { siteId, part, message: String(error) })
    return null
  }
}
