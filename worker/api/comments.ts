/**
 * Our own comments (storefront.md sections 2 and 4; the spec names no call, issue 24):
 *
 * - `GET /api/content/comments?itemId&sort&page`: a page of an item's thread (20 top-level
 *   comments, each with its replies), `oldest` (default) or `newest` first, with the visible
 *   count, and who reads it (signed in, their name, whether they may hide comments). Never
 *   cached by a shared cache: the viewer part is personal.
 * - `POST /api/content/comments`: writes a comment or a reply (actions/write-comment.ts); 201 with
 *   the stored comment and the new count, only once D1 has it. With an `Idempotency-Key`, the same
 *   post sent again stores once and answers the stored comment.
 * - `POST /api/content/comments/:commentId/hide`: a signed-in COMMENTER (7) or MODERATOR (6)
 *   hides a comment and its replies.
 *
 * Posts are rate limited like the other public posts, crumb-checked and zod-validated; a
 * signed-in writer's post also carries the session's XSRF token. The item's page is forgotten
 * by the page cache after a change, so its next view prints the new thread and count.
 */

import { API, COMMENTS_TEXT, WebsiteRole } from '../../shared/index'
import { hideAComment, postAComment } from '../actions/write-comment'
import { hasRole, liveSiteUser, requireSiteUserRole, xsrfRefusal } from '../auth/site-user'
import { ownCommentsShown } from '../catalogue/item-extras'
import { itemById } from '../catalogue/item-index'
import { commentCount, commentPage } from '../db/item-comments'
import type { AppEnv } from '../env'
import { bodySchema, on } from '../http/api-route'
import { idempotencyKeyOf, jsonBody, queryOf } from '../http/body'
import { Hono } from '../http/hono'
import { requireCrumb } from '../middleware/crumb'
import { FORGOTTEN_PAGE_HEADER, forgetPage } from '../middleware/page-cache'
import { rateLimit } from '../middleware/rate-limit'
import * as z from '../runtime/zod'

export const commentRoutes = new Hono<AppEnv>()

/** Who may hide a comment (storefront.md section 6's roles): the site's owner too. */
export const COMMENT_MODERATOR_ROLES = [
  WebsiteRole.ADMIN,
  WebsiteRole.MODERATOR,
  WebsiteRole.COMMENTER,
] as const

/** The longest comment, name and email stored. */
export const COMMENT_LIMITS = { text: 5000, name: 100, email: 254 } as const

const id = (what: string) =>
  z
    .string(`${what} must be text.`)
    .check(z.minLength(1, `${what} is required.`), z.maxLength(128, `${what} is too long.`))

const threadQuerySchema = z.object({
  itemId: id('itemId'),
  sort: z._default(z.enum(['oldest', 'newest'], 'sort must be oldest or newest.'), 'oldest'),
  page: z._default(
    z.coerce
      .number({ message: 'page must be a number.' })
      .check(
        z.int('page must be a whole number.'),
        z.minimum(0, 'page must be 0 or more.'),
        z.maximum(10_000, 'page must be 10000 or less.'),
      ),
    0,
  ),
})

const trimmed = (what: string, max: number) =>
  z
    .string(`${what} must be text.`)
    .check(
      z.trim(),
      z.minLength(1, `${what} is required.`),
      z.maxLength(max, `${what} must be ${max} characters or fewer.`),
    )

const commentBodySchema = bodySchema(
  API.postComment,
  z.object({
    itemId: id('itemId'),
    text: trimmed('text', COMMENT_LIMITS.text),
    parentId: z.optional(id('parentId')),
    name: z.optional(trimmed('name', COMMENT_LIMITS.name)),
    email: z.optional(
      z
        .string('email must be text.')
        .check(
          z.trim(),
          z.maxLength(COMMENT_LIMITS.email, 'email is too long.'),
          z.email('email must be an email address.'),
        ),
    ),
    captchaToken: z.optional(z.string().check(z.maxLength(4096))),
  }),
)

on(commentRoutes, API.itemComments, async function listComments(c) {
  const query = queryOf(c, threadQuerySchema)
  const catalog = c.get('catalog')
  const { siteId, site } = catalog.tenant
  const item = await itemById(catalog, query.itemId)
  if (item === null || !ownCommentsShown(site, item))
    return c.json({ message: COMMENTS_TEXT.noSuchItem }, 404)
  const [{ threads, hasMore }, count, session] = await Promise.all([
    commentPage(c.env.DB, siteId, item.id, query),
    commentCount(c.env.DB, siteId, item.id),
    liveSiteUser(c),
  ])
  const user = session?.user ?? null
  return c.json(
    {
      data: { comments: threads, nextPage: hasMore ? query.page + 1 : null, count },
      viewer: {
        signedIn: user !== null,
        name: user === null ? null : user.displayName || user.email,
        moderator: user !== null && hasRole(user, COMMENT_MODERATOR_ROLES),
      },
    },
    200,
    { 'cache-control': 'private, no-store' },
  )
})

on(
  commentRoutes,
  API.postComment,
  rateLimit('comments', { addressLimiter: 'ADDRESS_STRICT_LIMITER' }),
  requireCrumb(),
  async function postComment(c) {
    const input = await jsonBody(c, commentBodySchema)
    const session = await liveSiteUser(c)
    // A signed-in writer's post speaks for their session: it carries the session's XSRF token.
    if (session !== null) {
      const refusal = await xsrfRefusal(c, session.sessionId)
      if (refusal !== null) return refusal
    }
    const outcome = await postAComment(c.get('catalog'), c.env, c.req.raw, input, session?.user ?? null, {
      visitor: c.get('crumb'),
      key: idempotencyKeyOf(c),
    })
    if (outcome.kind === 'refused') return c.json({ message: outcome.message }, outcome.status)
    // The item's page shows the thread: the next view renders it again, here and in the page
    // Worker that forwarded the call (it reads the header).
    c.header(FORGOTTEN_PAGE_HEADER, await forgetPage(c, outcome.path))
    return c.json({ comment: { ...outcome.comment }, count: outcome.count }, 201)
  },
)

on(
  commentRoutes,
  API.hideComment,
  rateLimit('comments-hide'),
  requireCrumb(),
  requireSiteUserRole(...COMMENT_MODERATOR_ROLES),
  async function hide(c) {
    const commentId = id('commentId').safeParse(c.req.param('commentId'))
    if (!commentId.success) return c.json({ message: COMMENTS_TEXT.noSuchComment }, 404)
    const outcome = await hideAComment(c.get('catalog'), c.env, commentId.data, c.get('siteUser').user.id)
    if (outcome.kind === 'unknown-comment') return c.json({ message: COMMENTS_TEXT.noSuchComment }, 404)
    if (outcome.path !== null) c.header(FORGOTTEN_PAGE_HEADER, await forgetPage(c, outcome.path))
    return c.json({ hidden: true as const, count: outcome.count })
  },
)
