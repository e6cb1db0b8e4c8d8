/**
 * Our own comments (storefront.md sections 2 and 4; issue 24): who may write one, what is
 * stored, and the item page's copy kept true.
 *
 * A comment is written where the site has comments on without a third-party service and the
 * item's comment state is on (1); a thread with comments but its state off is read only. A
 * signed-in site user writes under their display name; a visitor only where the site allows
 * (`commentsAllowVisitors`), with a name and an email, and past the captcha when the site has a
 * key. A reply answers a visible top-level comment of the same item (one level deep). The
 * comment is stored before it is acknowledged; then the item's copy (catalogue/item-extras.ts)
 * is written again from D1, so the page's count and first page include it. A copy that fails to
 * be written heals within COPY_REFRESH_MS of a view (the comment is stored all the same).
 */

import { COMMENTS_TEXT, COMMENTS_VISIBLE_STATE, FORMS_TEXT } from '../../shared/index'
import { ownCommentsShown, refreshItemCopy } from '../catalogue/item-extras'
import { itemById } from '../catalogue/item-index'
import type { Catalog } from '../catalogue/reader'
import { base64url, randomId } from '../crypto/encoding'
import {
  commentById,
  commentCount,
  hideComment,
  type ItemComment,
  storeComment,
  visibleComment,
} from '../db/item-comments'
import type { SiteUser } from '../db/site-users'
import type { Env } from '../env'
import { captchaPassed, captchaSiteKey } from './captcha'

export interface CommentInput {
  itemId: string
  text: string
  parentId?: string
  name?: string
  email?: string
  captchaToken?: string
}

export type CommentOutcome =
  | { kind: 'posted'; comment: ItemComment; count: number; path: string }
  /** A refusal: its status and the sentence the reader sees. */
  | { kind: 'refused'; status: 400 | 401 | 403 | 404; message: string }

const refused = (status: 400 | 401 | 403 | 404, message: string): CommentOutcome => ({
  kind: 'refused',
  status,
  message,
})

/**
 * The comment's id: random, or with an `Idempotency-Key` derived from it and the visitor (their
 * crumb), so a post sent again after a lost answer stores once and answers the stored comment,
 * and two visitors' keys never meet.
 */
async function commentId(visitor: string, key: string | null): Promise<string> {
  if (key === null) return randomId()
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${visitor}\u0000${key}`))
  return base64url(new Uint8Array(digest)).slice(0, 32)
}

export async function postAComment(
  catalog: Catalog,
  env: Env,
  request: Request,
  input: CommentInput,
  author: Pick<SiteUser, 'id' | 'displayName' | 'email'> | null,
  retry: { visitor: string; key: string | null },
): Promise<CommentOutcome> {
  const { site, siteId } = catalog.tenant
  if (!site.website.commentsEnabled || site.website.disqusShortname)
    return refused(403, COMMENTS_TEXT.disabled)
  const item = await itemById(catalog, input.itemId)
  if (item === null || !ownCommentsShown(site, item)) return refused(404, COMMENTS_TEXT.noSuchItem)
  if (item.commentState !== COMMENTS_VISIBLE_STATE) return refused(403, COMMENTS_TEXT.closedForItem)
  // A post sent again after a lost answer: the stored comment, before its spent captcha is asked again.
  const id = await commentId(retry.visitor, retry.key)
  const stored = retry.key === null ? null : await commentById(env.DB, siteId, id)
  if (stored !== null && stored.itemId === item.id)
    return {
      kind: 'posted',
      comment: stored,
      count: await commentCount(env.DB, siteId, item.id),
      path: item.fullUrl,
    }
  if (author === null) {
    if (!site.website.commentsAllowVisitors) return refused(401, COMMENTS_TEXT.visitorsNotAllowed)
    if (!input.name || !input.email) return refused(400, COMMENTS_TEXT.nameAndEmailRequired)
    if (captchaSiteKey(site) !== null && !(await captchaPassed(env, input.captchaToken, request)))
      return refused(400, FORMS_TEXT.captchaRequired)
  }
  if (input.parentId !== undefined) {
    const parent = await visibleComment(env.DB, siteId, input.parentId)
    if (parent === null || parent.itemId !== item.id) return refused(404, COMMENTS_TEXT.noSuchComment)
    if (parent.parentId !== null) return refused(400, COMMENTS_TEXT.replyToReply)
  }
  const comment = await storeComment(env.DB, {
    id,
    siteId,
    itemId: item.id,
    parentId: input.parentId ?? null,
    authorName: author?.displayName || author?.email || input.name || '',
    authorEmail: author?.email ?? input.email ?? null,
    siteUserId: author?.id ?? null,
    text: input.text,
    now: Date.now(),
  })
  await refreshItemCopy(env, siteId, item.id, 'comment')
  return { kind: 'posted', comment, count: await commentCount(env.DB, siteId, item.id), path: item.fullUrl }
}

export type HideOutcome =
  | { kind: 'hidden'; itemId: string; count: number; path: string | null }
  | { kind: 'unknown-comment' }

/** Hides a comment and its replies (a COMMENTER or MODERATOR's call), then writes the item's copy again. */
export async function hideAComment(
  catalog: Catalog,
  env: Env,
  commentId: string,
  by: string,
): Promise<HideOutcome> {
  const { siteId } = catalog.tenant
  const itemId = await hideComment(env.DB, siteId, commentId, by, Date.now())
  if (itemId === null) return { kind: 'unknown-comment' }
  await refreshItemCopy(env, siteId, itemId, 'comment-hide')
  const [count, item] = await Promise.all([commentCount(env.DB, siteId, itemId), itemById(catalog, itemId)])
  return { kind: 'hidden', itemId, count, path: item?.fullUrl ?? null }
}
