/**
 * The comments island: `{@|comments}` prints an item's comment container as this island (the
 * template engine's own `comments` formatter prints the bare element; on the storefront this one
 * stands in for it). Our own comments: the thread's page the item route read (`itemComments`,
 * worker/catalogue/item-extras.ts: the item's KV copy, or D1 for a later page) printed as plain
 * HTML, live when it scrolls into view (the reader's name and roles come from the API, never
 * from the cached page). A comment service (`disqusShortname`): its container, whose script
 * loads once the container is in view. Pages without comments print no marker, so they load
 * none of this code.
 */

import { COMMENT_SERVICE_NAME } from '../../shared/index'
import { asNumber, asString, child, isTruthy, MISSING, type Scope, walk } from '../../templates/index'
import { defineIsland } from '../define'
import { type CommentsProps, CommentsView, commentDate, firstState, type ThreadView } from './view'

/** The copy's thread as the route puts it (worker/db/item-comments.ts `CommentDigest`). */
interface PageThread {
  count: number
  threads: (Omit<ThreadView, 'dateText' | 'replies'> & {
    replies: Omit<ThreadView, 'dateText' | 'replies'>[]
  })[]
  hasMore: boolean
  page?: number
}

function commentsProps(item: unknown, scope: Scope): CommentsProps | null {
  const itemId = asString(child(item, 'id'))
  if (itemId === '') return null
  const settings = scope.resolveOuter(['websiteSettings'])
  const title = asString(child(item, 'title'))
  const url = asString(child(item, 'fullUrl'))
  const shortname = asString(child(settings, 'disqusShortname'))
  if (shortname !== '')
    return COMMENT_SERVICE_NAME.test(shortname) ? { kind: 'disqus', shortname, itemId, url, title } : null
  if (settings !== MISSING && !isTruthy(child(settings, 'commentsEnabled'))) return null
  const data = scope.resolveOuter(['itemComments'])
  if (data === MISSING || data === null || typeof data !== 'object') return null
  const thread = data as PageThread
  const website = scope.resolveOuter(['website'])
  const locale = asString(child(website, 'language')) || 'en-US'
  const timeZone = asString(child(website, 'timeZone')) || 'UTC'
  const dated = <C extends { createdAt: number }>(comment: C) => ({
    ...comment,
    dateText: commentDate(comment.createdAt, locale, timeZone),
  })
  const siteKey = asString(walk(website, ['captchaSettings', 'siteKey']))
  const page = thread.page ?? 0
  const state = asNumber(child(item, 'commentState'))
  return {
    kind: 'own',
    itemId,
    collectionId: asString(child(item, 'collectionId')),
    itemUrl: url,
    title,
    locale,
    timeZone,
    commentState: Number.isFinite(state) ? state : 0,
    count: thread.count,
    threads: thread.threads.map((top) => ({ ...dated(top), replies: top.replies.map(dated) })),
    page,
    nextPage: thread.hasMore ? page + 1 : null,
    visitors: walk(website, ['commentsAllowVisitors']) === true,
    captchaSiteKey: siteKey === '' ? null : siteKey,
  }
}

function CommentsIsland(props: CommentsProps) {
  return <CommentsView props={props} state={firstState(props)} />
}

export default defineIsland({
  name: 'comments',
  View: CommentsIsland,
  hydrate: 'visible',
  formatters: { comments: (item, _args, scope) => commentsProps(item, scope) },
})
