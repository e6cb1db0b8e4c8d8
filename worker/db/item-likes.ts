/**
 * D1 access to likes (worker/migrations/0003_forms.sql): one row per visitor and item, so a
 * visitor's like counts once however often it is sent.
 */

/**
 * Records a visitor's like of an item (a second like changes nothing) and answers how many
 * visitors have liked it here, in one transaction.
 */
export async function likeItem(
  db: D1Database,
  like: { siteId: string; itemId: string; visitor: string; now: number },
): Promise<{ stored: number; added: boolean }> {
  const [insert, count] = await db.batch([
    db
      .prepare('INSERT OR IGNORE INTO item_likes (site_id, item_id, visitor, created_at) VALUES (?, ?, ?, ?)')
      .bind(like.siteId, like.itemId, like.visitor, like.now),
    db
      .prepare('SELECT COUNT(*) AS likes FROM item_likes WHERE site_id = ? AND item_id = ?')
      .bind(like.siteId, like.itemId),
  ])
  const stored = (count?.results[0] as { likes: number } | undefined)?.likes ?? 0
  return { stored, added: (insert?.meta.changes ?? 0) === 1 }
}

/** How many visitors have liked an item here (the page adds the item's published count). */
export async function storedLikeCount(db: D1Database, siteId: string, itemId: string): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS likes FROM item_likes WHERE site_id = ? AND item_id = ?')
    .bind(siteId, itemId)
    .first<{ likes: number }>()
  return row?.likes ?? 0
}
