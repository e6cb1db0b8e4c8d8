/**
 * D1 access to our own comments (worker/migrations/0016_comments.sql): a thread per item, top-level
 * comments paged in the order the reader chose with all of each one's replies (one level deep,
 * oldest first). A hidden comment (and, hidden with it, its replies) is left out of every thread
 * and count. Demo comments are seeded from kv-fixtures/comments/<siteId>.json (`demo` below).
 */
import type { DemoTable } from './demo'

/** A comment as the comments API answers it and a page's copy keeps it. */
export interface ItemComment {
  id: string
  itemId: string
  /** The top-level comment this one answers, or null. */
  parentId: string | null
  authorName: string
  /** Epoch milliseconds. */
  createdAt: number
  text: string
  /** Whether a signed-in site user wrote it (a visitor's name is theirs to choose). */
  member: boolean
}

/** A top-level comment with its replies, oldest first. */
export interface CommentThread extends ItemComment {
  replies: ItemComment[]
}

export type CommentSort = 'oldest' | 'newest'

/** Top-level comments a page of a thread holds (with all their replies). */
export const COMMENTS_PAGE_SIZE = 20

interface CommentRecord {
  id: string
  item_id: string
  parent_id: string | null
  author_name: string
  site_user_id: string | null
  body: string
  created_at: number
}

function commentOf(row: CommentRecord): ItemComment {
  return {
    id: row.id,
    itemId: row.item_id,
    parentId: row.parent_id,
    authorName: row.author_name,
    createdAt: row.created_at,
    text: row.body,
    member: row.site_user_id !== null,
  }
}

/** The page's top-level comments (`top`) and their visible replies, in one statement. */
function pageStatement(
  db: D1Database,
  siteId: string,
  itemId: string,
  query: { sort: CommentSort; page: number; size: number },
): D1PreparedStatement {
  const order = query.sort === 'newest' ? 'DESC' : 'ASC'
  return db
    .prepare(
      `WITH top AS (
         SELECT * FROM item_comments WHERE site_id = ?1 AND item_id = ?2 AND parent_id IS NULL AND hidden_at IS NULL
         ORDER BY created_at ${order}, id ${order} LIMIT ?3 OFFSET ?4)
       SELECT id, item_id, parent_id, author_name, site_user_id, body, created_at FROM top
       UNION ALL
       SELECT c.id, c.item_id, c.parent_id, c.author_name, c.site_user_id, c.body, c.created_at
         FROM item_comments c JOIN top ON c.parent_id = top.id
         WHERE c.site_id = ?1 AND c.hidden_at IS NULL`,
    )
    .bind(siteId, itemId, query.size + 1, query.page * query.size)
}

function threadsOf(rows: CommentRecord[], sort: CommentSort, size: number) {
  const comments = rows.map(commentOf)
  const sign = sort === 'newest' ? -1 : 1
  const byTime = (a: ItemComment, b: ItemComment) =>
    a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const top = comments.filter((c) => c.parentId === null).sort((a, b) => sign * byTime(a, b))
  const threads: CommentThread[] = top.slice(0, size).map((comment) => ({
    ...comment,
    replies: comments.filter((reply) => reply.parentId === comment.id).sort(byTime),
  }))
  return { threads, hasMore: top.length > size }
}

/** One page of an item's thread and whether another follows. */
export async function commentPage(
  db: D1Database,
  siteId: string,
  itemId: string,
  query: { sort: CommentSort; page: number; size?: number },
): Promise<{ threads: CommentThread[]; hasMore: boolean }> {
  const size = query.size ?? COMMENTS_PAGE_SIZE
  const { results } = await pageStatement(db, siteId, itemId, { ...query, size }).all<CommentRecord>()
  return threadsOf(results, query.sort, size)
}

/** What an item page's copy keeps of its thread: the visible count and the first page, oldest first. */
export interface CommentDigest {
  count: number
  threads: CommentThread[]
  hasMore: boolean
  /** Which page of the thread (from 0) this is; the copy always holds the first. */
  page?: number
}

const COUNT =
  'SELECT COUNT(*) AS count FROM item_comments WHERE site_id = ? AND item_id = ? AND hidden_at IS NULL'

/** An item's digest in one round trip. */
export async function commentDigest(db: D1Database, siteId: string, itemId: string): Promise<CommentDigest> {
  const [page, count] = await db.batch([
    pageStatement(db, siteId, itemId, { sort: 'oldest', page: 0, size: COMMENTS_PAGE_SIZE }),
    db.prepare(COUNT).bind(siteId, itemId),
  ])
  const { threads, hasMore } = threadsOf(
    (page?.results ?? []) as CommentRecord[],
    'oldest',
    COMMENTS_PAGE_SIZE,
  )
  return { count: (count?.results[0] as { count: number } | undefined)?.count ?? 0, threads, hasMore }
}

/** The visible comments of an item. */
export async function commentCount(db: D1Database, siteId: string, itemId: string): Promise<number> {
  const row = await db.prepare(COUNT).bind(siteId, itemId).first<{ count: number }>()
  return row?.count ?? 0
}

/** A comment to store. */
export interface NewComment {
  id: string
  siteId: string
  itemId: string
  parentId: string | null
  authorName: string
  authorEmail: string | null
  siteUserId: string | null
  text: string
  now: number
}

export function insertComment(db: D1Database, comment: NewComment): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO item_comments (id, site_id, item_id, parent_id, author_name, author_email, site_user_id, body, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      comment.id,
      comment.siteId,
      comment.itemId,
      comment.parentId,
      comment.authorName,
      comment.authorEmail,
      comment.siteUserId,
      comment.text,
      comment.now,
    )
}

/**
 * Stores a comment (once: the same id sent again stores nothing more) and answers the stored row
 * as the thread shows it, in one transaction. Throws when D1 does (nothing is acknowledged then).
 */
export async function storeComment(db: D1Database, comment: NewComment): Promise<ItemComment> {
  const [, stored] = await db.batch([
    insertComment(db, comment),
    db.prepare(BY_ID).bind(comment.siteId, comment.id),
  ])
  const row = stored?.results[0] as CommentRecord | undefined
  if (row === undefined) throw new Error(`comment ${comment.id} was not stored`)
  return commentOf(row)
}

const BY_ID =
  'SELECT id, item_id, parent_id, author_name, site_user_id, body, created_at FROM item_comments WHERE site_id = ? AND id = ?'

/** A stored comment by id (hidden or not), or null. */
export async function commentById(db: D1Database, siteId: string, id: string): Promise<ItemComment | null> {
  const row = await db.prepare(BY_ID).bind(siteId, id).first<CommentRecord>()
  return row === null ? null : commentOf(row)
}

/** A visible comment's item and parent, or null when the site has no such visible comment. */
export async function visibleComment(
  db: D1Database,
  siteId: string,
  id: string,
): Promise<{ itemId: string; parentId: string | null } | null> {
  const row = await db
    .prepare(
      'SELECT item_id, parent_id FROM item_comments WHERE site_id = ? AND id = ? AND hidden_at IS NULL',
    )
    .bind(siteId, id)
    .first<{ item_id: string; parent_id: string | null }>()
  return row === null ? null : { itemId: row.item_id, parentId: row.parent_id }
}

/**
 * Hides a comment and its replies in one statement; answers the item it is on, or null when the
 * site has no such visible comment (hiding twice changes nothing).
 */
export async function hideComment(
  db: D1Database,
  siteId: string,
  id: string,
  by: string,
  now: number,
): Promise<string | null> {
  const row = await db
    .prepare(
      `UPDATE item_comments SET hidden_at = ?3, hidden_by = ?4
       WHERE site_id = ?1 AND hidden_at IS NULL AND (id = ?2 OR parent_id = ?2)
       RETURNING item_id`,
    )
    .bind(siteId, id, now, by)
    .first<{ item_id: string }>()
  return row?.item_id ?? null
}

/** A comment as a fixture file writes it: `createdAt` an ISO date-time. */
interface FixtureComment {
  id: string
  itemId: string
  parentId?: string
  authorName: string
  authorEmail?: string
  siteUserId?: string
  text: string
  createdAt: string
}

/**
 * The demo tenants' comments: `comments/<siteId>.json` below a fixtures folder, a JSON array of
 * comments (`FixtureComment`). Seeding makes the fixture sites' comments exactly these.
 */
export const demo: DemoTable<NewComment> = {
  files: /^comments\/[^/]+\.json$/,
  rows({ path, data }) {
    const siteId = path.slice('comments/'.length, -'.json'.length)
    return (data as FixtureComment[]).map((comment) => {
      const now = Date.parse(comment.createdAt)
      if (Number.isNaN(now))
        throw new Error(`${path}: ${comment.id} has no createdAt like 2026-04-18T12:00:00Z`)
      return {
        id: comment.id,
        siteId,
        itemId: comment.itemId,
        parentId: comment.parentId ?? null,
        authorName: comment.authorName,
        authorEmail: comment.authorEmail ?? null,
        siteUserId: comment.siteUserId ?? null,
        text: comment.text,
        now,
      }
    })
  },
  statements: (db, rows) => [
    ...[...new Set(rows.map((row) => row.siteId))].map((siteId) =>
      db.prepare('DELETE FROM item_comments WHERE site_id = ?').bind(siteId),
    ),
    ...rows.map((row) => insertComment(db, row)),
  ],
}
