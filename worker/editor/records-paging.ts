/**
 * What the shop's records lists share (records-orders.ts, records-submissions.ts,
 * records-reviews.ts, records-restock.ts): the capability each area needs, opaque cursors, and
 * the query rules (400 with a message for anything else, never a 500).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { RECORDS_PAGE_SIZE, RECORDS_TEXT, type RecordPage } from '../../shared/editing-areas'
import { type Capabilities, EDITOR_TEXT } from '../../shared/index'
import { cursorPageRequest, encodeCursor, type Page, type PageRequest } from '../db/keyset'
import { InputError } from '../http/body'
import * as z from '../runtime/zod'
import type { EditorAppEnv } from './env'

/**
 * 403 unless the signed-in editor holds `capability` (shared/editing/roles.ts); the answer names
 * the capability missing. Mounted on each area's paths (never `*`: the admin API mounts the
 * areas at `/`, where `*` would guard every other call too).
 */
export function requireCapability(capability: keyof Capabilities): MiddlewareHandler<EditorAppEnv> {
  return async function requireCapability(c, next) {
    if (!c.get('editor').capabilities[capability])
      return c.json({ message: EDITOR_TEXT.notAllowed, capability }, 403)
    await next()
  }
}

/** `?cursor=`: base64url of `[direction, time, id]`, where direction is `n` (after) or `p` (before). */
export const cursorQuery = z.optional(z.string().check(z.maxLength(400)))

/** The page a `?cursor=` asks for; a cursor this API never gave out is a 400. */
export function pageRequest(cursor: string | undefined, limit = RECORDS_PAGE_SIZE): PageRequest {
  const request = cursorPageRequest(cursor, limit)
  if (request === null) throw new InputError(RECORDS_TEXT.badCursor, { cursor: RECORDS_TEXT.badCursor })
  return request
}

/** A keyset page as the API answers it. */
export function pageAnswer<R, A>(page: Page<R>, answerOf: (row: R) => A): RecordPage<A> {
  return {
    rows: page.rows.map(answerOf),
    nextCursor: page.next === null ? null : encodeCursor('n', page.next),
    previousCursor: page.previous === null ? null : encodeCursor('p', page.previous),
  }
}

/** Who did it, as the records store it: the editor's email. */
export function editorName(c: Context<EditorAppEnv>): string {
  return c.get('editor').user.email
}
