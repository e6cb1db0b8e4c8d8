/**
 * Keyset (cursor) paging, newest first, for the site editor's record lists: a page is one range
 * of an index on `(site_id, …, <time>, <id>)` (worker/migrations/0012_records.sql), found by the
 * last row of the page before, so page 60 of 3,000 rows costs what page 1 does and a row
 * written meanwhile never shifts a page (OFFSET would show a row twice or skip one).
 */

/** Where a page starts or ends: the time and id of a row (ties on time are broken by id). */
export interface Position {
  at: number
  id: string | number
}

/** The rows after `after` (the next page), before `before` (the previous one), or the first page. */
export interface PageRequest {
  after?: Position
  before?: Position
  limit: number
}

export interface Page<R> {
  rows: R[]
  /** The position to ask for the next (older) page after, or null on the last page. */
  next: Position | null
  /** The position to ask for the previous (newer) page before, or null on the first page. */
  previous: Position | null
}

export interface Range {
  /** `FROM … WHERE …` without ORDER BY or LIMIT; every query names the site first. */
  from: string
  params: readonly unknown[]
  /** The time and id columns, the last two of the index. */
  at: string
  id: string
  select?: string
}

/** One page of `range`, newest first, with the positions of its neighbours. */
export async function keysetPage<R>(
  db: D1Database,
  range: Range,
  page: PageRequest,
  positionOf: (row: R) => Position,
): Promise<Page<R>> {
  const { at, id } = range
  const select = `SELECT ${range.select ?? '*'} ${range.from}`
  if (page.before !== undefined) {
    // The previous page: the rows just newer than `before`, read oldest first and turned around.
    const { results } = await db
      .prepare(`${select} AND (${at}, ${id}) > (?, ?) ORDER BY ${at}, ${id} LIMIT ?`)
      .bind(...range.params, page.before.at, page.before.id, page.limit + 1)
      .all<R>()
    const rows = results.slice(0, page.limit).reverse()
    const first = rows[0]
    const last = rows[rows.length - 1]
    return {
      rows,
      previous: results.length > page.limit && first ? positionOf(first) : null,
      next: last ? positionOf(last) : null,
    }
  }
  const after = page.after === undefined ? '' : ` AND (${at}, ${id}) < (?, ?)`
  const afterParams = page.after === undefined ? [] : [page.after.at, page.after.id]
  const { results } = await db
    .prepare(`${select}${after} ORDER BY ${at} DESC, ${id} DESC LIMIT ?`)
    .bind(...range.params, ...afterParams, page.limit + 1)
    .all<R>()
  const rows = results.slice(0, page.limit)
  const first = rows[0]
  const last = rows[rows.length - 1]
  return {
    rows,
    next: results.length > page.limit && last ? positionOf(last) : null,
    previous: page.after !== undefined && first ? positionOf(first) : null,
  }
}

/**
 * A page's neighbour as an opaque `?cursor=`: base64url of `[direction, time, id]`, where
 * direction is `n` (the older page, after) or `p` (the newer page, before).
 */
export function encodeCursor(direction: 'n' | 'p', position: Position): string {
  return btoa(JSON.stringify([direction, position.at, position.id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function isCursor(value: unknown): value is ['n' | 'p', number, string | number] {
  if (!Array.isArray(value) || value.length !== 3) return false
  const [direction, at, id] = value
  return (
    (direction === 'n' || direction === 'p') &&
    Number.isSafeInteger(at) &&
    ((typeof id === 'string' && id.length <= 200) || Number.isSafeInteger(id))
  )
}

/** The page a `?cursor=` asks for (the first without one); null for a cursor never given out. */
export function cursorPageRequest(cursor: string | undefined, limit: number): PageRequest | null {
  if (cursor === undefined || cursor === '') return { limit }
  try {
    const parsed: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')))
    if (!isCursor(parsed)) return null
    const [direction, at, id] = parsed
    return direction === 'n' ? { after: { at, id }, limit } : { before: { at, id }, limit }
  } catch {
    return null
  }
}
