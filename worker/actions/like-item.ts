/**
 * A visitor's like (storefront.md section 2: the like button, only with simple liking on):
 * counted once per visitor and item, stored before the new count is answered. The count is
 * the item's published like count plus the likes stored here. A new like writes the item's
 * copy (catalogue/item-extras.ts) before the page is forgotten, so its next render shows it.
 */

import { refreshItemCopy } from '../catalogue/item-extras'
import { itemById } from '../catalogue/item-index'
import type { Catalog } from '../catalogue/reader'
import { likeItem } from '../db/item-likes'
import type { Env } from '../env'

export type LikeOutcome =
  | { kind: 'liked'; itemId: string; likeCount: number; added: boolean; path: string }
  /** 403: the site has simple liking off. */
  | { kind: 'disabled' }
  /** 404: no published item with this id. */
  | { kind: 'unknown-item' }

export async function likeAnItem(
  catalog: Catalog,
  env: Env,
  itemId: string,
  visitor: string,
): Promise<LikeOutcome> {
  const { site, siteId } = catalog.tenant
  if (!site.website.simpleLikingEnabled) return { kind: 'disabled' }
  const item = await itemById(catalog, itemId)
  if (item === null) return { kind: 'unknown-item' }
  const { stored, added } = await likeItem(env.DB, { siteId, itemId: item.id, visitor, now: Date.now() })
  if (added) await refreshItemCopy(env, siteId, item.id, 'like')
  return { kind: 'liked', itemId: item.id, likeCount: item.likeCount + stored, added, path: item.fullUrl }
}
