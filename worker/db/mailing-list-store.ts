/**
 * D1 access to the mailing-list connector (worker/migrations/0011_connections.sql): the site's
 * connection, and the local service's lists and members (worker/providers/mailing-lists.ts).
 */

export interface MailingListConnection {
  provider: string
  listId: string
  listName: string
  connectedAt: number
  connectedBy: string
}

export interface StoredList {
  id: string
  name: string
  memberCount: number
}

export interface ListMember {
  email: string
  status: 'subscribed' | 'unsubscribed'
  source: string
  addedAt: number
}

export async function connectionOf(db: D1Database, siteId: string): Promise<MailingListConnection | null> {
  const row = await db
    .prepare(
      'SELECT provider, list_id, list_name, connected_at, connected_by FROM mailing_list_connections WHERE site_id = ?',
    )
    .bind(siteId)
    .first<{
      provider: string
      list_id: string
      list_name: string
      connected_at: number
      connected_by: string
    }>()
  if (row === null) return null
  return {
    provider: row.provider,
    listId: row.list_id,
    listName: row.list_name,
    connectedAt: row.connected_at,
    connectedBy: row.connected_by,
  }
}

/** Connects the site to a list, replacing any connection it had. */
export async function saveConnection(
  db: D1Database,
  siteId: string,
  connection: MailingListConnection,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO mailing_list_connections (site_id, provider, list_id, list_name, connected_at, connected_by)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (site_id) DO UPDATE SET provider = excluded.provider, list_id = excluded.list_id,
         list_name = excluded.list_name, connected_at = excluded.connected_at, connected_by = excluded.connected_by`,
    )
    .bind(
      siteId,
      connection.provider,
      connection.listId,
      connection.listName,
      connection.connectedAt,
      connection.connectedBy,
    )
    .run()
}

/** Disconnects the site; true when it had a connection. */
export async function deleteConnection(db: D1Database, siteId: string): Promise<boolean> {
  const result = await db.prepare('DELETE FROM mailing_list_connections WHERE site_id = ?').bind(siteId).run()
  return result.meta.changes > 0
}

export async function localLists(db: D1Database, siteId: string): Promise<StoredList[]> {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.name, (SELECT COUNT(*) FROM mailing_list_members m
          WHERE m.site_id = l.site_id AND m.list_id = l.id AND m.status = 'subscribed') AS member_count
       FROM mailing_lists l WHERE l.site_id = ? ORDER BY l.name COLLATE NOCASE`,
    )
    .bind(siteId)
    .all<{ id: string; name: string; member_count: number }>()
  return results.map((row) => ({ id: row.id, name: row.name, memberCount: row.member_count }))
}

/** Creates a local list; false when the site has a list of that name already. */
export async function insertLocalList(
  db: D1Database,
  siteId: string,
  list: { id: string; name: string; createdAt: number },
): Promise<boolean> {
  const result = await db
    .prepare('INSERT OR IGNORE INTO mailing_lists (site_id, id, name, created_at) VALUES (?, ?, ?, ?)')
    .bind(siteId, list.id, list.name, list.createdAt)
    .run()
  return result.meta.changes > 0
}

/** Adds (or resubscribes) an address; the same address twice is one member. False without such a list. */
export async function upsertLocalMember(
  db: D1Database,
  siteId: string,
  listId: string,
  member: { email: string; status: ListMember['status']; source: string; addedAt: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO mailing_list_members (site_id, list_id, email, status, source, added_at)
       SELECT site_id, id, ?3, ?4, ?5, ?6 FROM mailing_lists WHERE site_id = ?1 AND id = ?2
       ON CONFLICT (site_id, list_id, email) DO UPDATE SET status = excluded.status`,
    )
    .bind(siteId, listId, member.email, member.status, member.source, member.addedAt)
    .run()
  return result.meta.changes > 0
}

/** One page of a local list's members, newest first, and how many it has in all. */
export async function localMembers(
  db: D1Database,
  siteId: string,
  listId: string,
  page: { limit: number; offset: number },
): Promise<{ members: ListMember[]; total: number }> {
  const [rows, count] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT email, status, source, added_at FROM mailing_list_members
         WHERE site_id = ? AND list_id = ? ORDER BY added_at DESC, email LIMIT ? OFFSET ?`,
      )
      .bind(siteId, listId, page.limit, page.offset),
    db
      .prepare('SELECT COUNT(*) AS total FROM mailing_list_members WHERE site_id = ? AND list_id = ?')
      .bind(siteId, listId),
  ])
  const members = (rows?.results ?? []).map((row) => ({
    email: String(row.email),
    status: row.status as ListMember['status'],
    source: String(row.source),
    addedAt: Number(row.added_at),
  }))
  return { members, total: Number(count?.results[0]?.total ?? 0) }
}

/**
 * The address a confirmation token confirmed for the mailing list: a newsletter subscriber's,
 * or a restock sign-up's that joined the list; null otherwise.
 */
export async function confirmedSubscriberOf(
  db: D1Database,
  siteId: string,
  tokenHash: string,
): Promise<{ email: string; source: string } | null> {
  return db
    .prepare(
      `SELECT email, source FROM newsletter_subscribers WHERE site_id = ?1 AND token_hash = ?2 AND status = 'confirmed'
       UNION ALL
       SELECT email, 'restock' FROM restock_signups
         WHERE site_id = ?1 AND token_hash = ?2 AND join_mailing_list = 1 AND confirmed_at IS NOT NULL
       LIMIT 1`,
    )
    .bind(siteId, tokenHash)
    .first<{ email: string; source: string }>()
}
