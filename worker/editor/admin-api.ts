/**
 * The admin API under `/config/api/` (shared/editing/api.ts): the session, records
 * (records-api.ts), Review Changes, publishing and rollback, tags and categories, link targets,
 * and the shop's records (records-orders.ts, records-submissions.ts, records-restock.ts,
 * records-reviews.ts).
 * Every answer is `private, no-store` and never indexed.
 */
import { Hono } from 'hono'
import { EDITOR_TEXT, type SessionAnswer } from '../../shared/index'
import { xsrfTokenFor } from '../auth/tokens'
import { kvKey } from '../catalogue/records'
import { sessionSecret } from '../crypto/secrets'
import { InputError, jsonBody } from '../http/body'
import * as z from '../runtime/zod'
import { editorOf, editorSession, editorsCanPublish, refusedUnless } from './access'
import { blockRoutes } from './blocks'
import { changesOf } from './changes'
import { connectionRoutes } from './connections-api'
import type { EditorAppEnv } from './env'
import { fileRoutes } from './files-api'
import { collectionSummaries, itemSummaries, readLive } from './model'
import { revisions } from './publish'
import { publisherOf } from './publisher'
import { recordRoutes } from './records-api'
import { orderRoutes } from './records-orders'
import { restockRoutes } from './records-restock'
import { reviewRoutes } from './records-reviews'
import { submissionRoutes } from './records-submissions'
import { templateRoutes } from './templates-api'
import { termRoutes } from './terms'
import { siteTimeZone } from './time'
import { timeZoneRoutes } from './time-zones'

export const adminApi = new Hono<EditorAppEnv>()

adminApi.use(async (c, next) => {
  await next()
  c.header('Cache-Control', 'private, no-store')
  c.header('X-Robots-Tag', 'noindex, nofollow')
})

adminApi.onError((error, c) => {
  if (error instanceof InputError) {
    const [field] = Object.keys(error.errors)
    return c.json({ message: error.message, ...(field ? { field } : {}) }, error.status)
  }
  throw error
})

/** Who is signed in and what they may do; 401 without a session (the sign-in screen). */
adminApi.get('/session', async (c) => {
  const editor = await editorOf(c)
  if (editor === null) return c.json({ message: EDITOR_TEXT.signInRequired }, 401)
  const { site, siteId, version, origin } = c.get('tenant')
  const answer: SessionAnswer = {
    user: {
      id: editor.user.id,
      email: editor.user.email,
      displayName: editor.user.displayName,
      roles: editor.user.roles,
    },
    access: editor.capabilities.read,
    capabilities: editor.capabilities,
    xsrfToken: await xsrfTokenFor(sessionSecret(c.env), siteId, editor.sessionId),
    site: {
      id: siteId,
      title: site.website.siteTitle,
      timeZone: siteTimeZone(site.website),
      currency: site.storeSettings?.selectedCurrency ?? 'USD',
      origin,
      editorsCanPublish: editorsCanPublish(site),
      version,
    },
  }
  return c.json(answer)
})

adminApi.use(editorSession())
adminApi.route('/', recordRoutes)
adminApi.route('/', termRoutes)
adminApi.route('/', timeZoneRoutes)
adminApi.route('/', fileRoutes)
adminApi.route('/', templateRoutes)
adminApi.route('/', blockRoutes)
// The shop's records (issue 23): orders, form submissions, restock sign-ups, reviews.
adminApi.route('/', orderRoutes)
adminApi.route('/', submissionRoutes)
adminApi.route('/', restockRoutes)
adminApi.route('/', reviewRoutes)
adminApi.route('/', connectionRoutes)

adminApi.get('/changes', async (c) => {
  return c.json({ changes: await changesOf(c.env, c.get('tenant').siteId, c.get('editor').capabilities) })
})

const publishSchema = z.object({ keys: z.optional(z.array(z.string()).check(z.maxLength(1000))) })

adminApi.post('/publish', async (c) => {
  const body = await jsonBody(c, publishSchema)
  const { capabilities, user } = c.get('editor')
  const refused = refusedUnless(c, capabilities.publishContent || capabilities.publishProducts)
  if (refused) return refused
  const outcome = await publisherOf(c.env, c.get('tenant').siteId).publish({
    siteId: c.get('tenant').siteId,
    by: user.email,
    capabilities,
    ...(body.keys ? { keys: body.keys } : {}),
  })
  if (outcome.status === 'refused')
    return c.json({ message: EDITOR_TEXT.publishRefused, problems: outcome.problems }, 422)
  if (outcome.status !== 'published')
    return c.json({ message: EDITOR_TEXT.nothingToPublish, version: c.get('tenant').version, published: [] })
  return c.json({ version: outcome.version, published: outcome.published })
})

adminApi.get('/revisions', async (c) => {
  return c.json({ revisions: await revisions(c.env, c.get('tenant').siteId) })
})

adminApi.post('/revisions/:version/rollback', async (c) => {
  const refused = refusedUnless(c, c.get('editor').capabilities.rollback)
  if (refused) return refused
  const outcome = await publisherOf(c.env, c.get('tenant').siteId).rollback({
    siteId: c.get('tenant').siteId,
    by: c.get('editor').user.email,
    version: c.req.param('version'),
  })
  if (outcome.status === 'unknown-version') throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  if (outcome.status !== 'published') throw new InputError(EDITOR_TEXT.somethingWentWrong, {}, 422)
  return c.json({ version: outcome.version, published: [] })
})

/** The link editor's Page tab: every page and item, live or draft, by id. */
adminApi.get('/link-targets', async (c) => {
  const siteId = c.get('tenant').siteId
  const collections = await collectionSummaries(c.env, siteId)
  const targets = []
  for (const collection of collections) {
    const [answer, live] = await Promise.all([
      itemSummaries(c.env, siteId, collection.slug),
      readLive(c.env.CATALOG, kvKey.collection(siteId, collection.slug)),
    ])
    targets.push({
      id: String(live?.id ?? collection.slug),
      title: collection.title,
      fullUrl: collection.fullUrl,
      kind: 'collection' as const,
    })
    for (const item of answer?.items ?? [])
      targets.push({ id: item.id, title: item.title, fullUrl: item.fullUrl, kind: 'item' as const })
  }
  return c.json({ targets })
})
