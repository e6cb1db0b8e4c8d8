/**
 * The Connections screen's calls under `/config/api/connections` (issue 23; docs/site-editor.md,
 * "Connections"). The mailing-list connector needs `mailingLists` (ADMIN, CAMPAIGNS_EDITOR);
 * Zapier's keys and count need `manageConnections` (ADMIN). Each refuses with 403 otherwise.
 *
 *   GET    /connections/mailing-list                    the services offered, the connection
 *   GET    /connections/mailing-list/lists?provider=…   a service's lists (502: unable to connect)
 *   POST   /connections/mailing-list/lists              { name }: a new local list
 *   GET    /connections/mailing-list/lists/:id/members  a local list's members, by page
 *   PUT    /connections/mailing-list                    { provider, listId }: connect
 *   DELETE /connections/mailing-list                    disconnect
 *   GET    /connections/zapier                          connected Zaps, the working keys
 *   POST   /connections/zapier/keys                     a new key, shown this once
 *   DELETE /connections/zapier/keys/:id                 revoke (its hooks go with it)
 */
import { type Context, Hono } from 'hono'
import {
  CONNECTIONS_TEXT,
  LIST_MEMBERS_PAGE_SIZE,
  type ListMembersAnswer,
  type MailingListAnswer,
  type MailingListsAnswer,
  type NewApiKeyAnswer,
  type ZapierAnswer,
} from '../../shared/editing-areas'
import { EDITOR_TEXT, fillText } from '../../shared/index'
import { base64url, hex, randomBytes, randomId, sha256 } from '../crypto/encoding'
import {
  connectionOf,
  deleteConnection,
  insertLocalList,
  localMembers,
  saveConnection,
} from '../db/mailing-list-store'
import { apiKeysOf, hooksOf, insertApiKey, revokeApiKey } from '../db/zapier-hooks'
import { InputError, jsonBody } from '../http/body'
import {
  type MailingList,
  type MailingListProvider,
  MailingListUnavailable,
  mailingListService,
  offeredProviders,
} from '../providers/mailing-lists'
import { logError } from '../runtime/log'
import * as z from '../runtime/zod'
import { refusedUnless } from './access'
import type { EditorAppEnv } from './env'

export const connectionRoutes = new Hono<EditorAppEnv>()

connectionRoutes.use('/connections/mailing-list', mailingListsOnly)
connectionRoutes.use('/connections/mailing-list/*', mailingListsOnly)
connectionRoutes.use('/connections/zapier', zapierOnly)
connectionRoutes.use('/connections/zapier/*', zapierOnly)

async function mailingListsOnly(c: Context<EditorAppEnv>, next: () => Promise<void>) {
  const refused = refusedUnless(c, c.get('editor').capabilities.mailingLists)
  if (refused !== null) return refused
  await next()
}

async function zapierOnly(c: Context<EditorAppEnv>, next: () => Promise<void>) {
  const refused = refusedUnless(c, c.get('editor').capabilities.manageConnections)
  if (refused !== null) return refused
  await next()
}

/** 502 'Unable to connect. Please try again' for a service that failed; anything else goes on. */
function unavailable(c: Context<EditorAppEnv>, error: unknown): Response {
  if (!(error instanceof MailingListUnavailable)) throw error
  logError('mailing-list-unavailable', { siteId: c.get('tenant').siteId, message: error.message })
  return c.json({ message: CONNECTIONS_TEXT.unableToConnect }, 502)
}

function providerOf(c: Context<EditorAppEnv>, value: unknown): MailingListProvider {
  const offered = offeredProviders(c.env)
  if (typeof value === 'string' && (offered as string[]).includes(value)) return value as MailingListProvider
  throw new InputError(fillText(EDITOR_TEXT.notExpectedOption, { val: String(value ?? '') }), {
    provider: 'not offered',
  })
}

connectionRoutes.get('/connections/mailing-list', async (c) => {
  const connection = await connectionOf(c.env.DB, c.get('tenant').siteId)
  const answer: MailingListAnswer = {
    providers: offeredProviders(c.env),
    connection:
      connection === null
        ? null
        : {
            provider: connection.provider as MailingListProvider,
            listId: connection.listId,
            listName: connection.listName,
            connectedAt: connection.connectedAt,
          },
  }
  return c.json(answer)
})

connectionRoutes.get('/connections/mailing-list/lists', async (c) => {
  const provider = providerOf(c, c.req.query('provider'))
  try {
    const lists = await mailingListService(c.env, c.get('tenant').siteId, provider).lists()
    return c.json({ lists } satisfies MailingListsAnswer)
  } catch (error) {
    return unavailable(c, error)
  }
})

const newListSchema = z.object({ name: z.string().check(z.maxLength(100)) })

connectionRoutes.post('/connections/mailing-list/lists', async (c) => {
  const name = (await jsonBody(c, newListSchema)).name.trim()
  if (name === '') throw new InputError(CONNECTIONS_TEXT.listNameRequired, { name: 'required' })
  const list = { id: randomId(9), name, createdAt: Date.now() }
  if (!(await insertLocalList(c.env.DB, c.get('tenant').siteId, list))) {
    throw new InputError(fillText(CONNECTIONS_TEXT.listNameTaken, { name }), { name: 'taken' }, 409)
  }
  return c.json({ id: list.id, name, memberCount: 0 }, 201)
})

connectionRoutes.get('/connections/mailing-list/lists/:id/members', async (c) => {
  const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1))
  const { members, total } = await localMembers(c.env.DB, c.get('tenant').siteId, c.req.param('id'), {
    limit: LIST_MEMBERS_PAGE_SIZE,
    offset: (page - 1) * LIST_MEMBERS_PAGE_SIZE,
  })
  return c.json({ members, total, page, pageSize: LIST_MEMBERS_PAGE_SIZE } satisfies ListMembersAnswer)
})

const connectSchema = z.object({
  provider: z.string().check(z.maxLength(20)),
  listId: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
})

connectionRoutes.put('/connections/mailing-list', async (c) => {
  const body = await jsonBody(c, connectSchema)
  const provider = providerOf(c, body.provider)
  const listId = body.listId ?? ''
  if (listId === '') throw new InputError(CONNECTIONS_TEXT.listMustBeSelected, { listId: 'required' })
  let lists: MailingList[]
  try {
    lists = await mailingListService(c.env, c.get('tenant').siteId, provider).lists()
  } catch (error) {
    return unavailable(c, error)
  }
  const list = lists.find((candidate) => candidate.id === listId)
  if (list === undefined) throw new InputError(CONNECTIONS_TEXT.listMustBeSelected, { listId: 'unknown' })
  const connection = {
    provider,
    listId: list.id,
    listName: list.name,
    connectedAt: Date.now(),
    connectedBy: c.get('editor').user.id,
  }
  await saveConnection(c.env.DB, c.get('tenant').siteId, connection)
  const answer: MailingListAnswer = {
    providers: offeredProviders(c.env),
    connection: { provider, listId: list.id, listName: list.name, connectedAt: connection.connectedAt },
  }
  return c.json(answer)
})

connectionRoutes.delete('/connections/mailing-list', async (c) => {
  await deleteConnection(c.env.DB, c.get('tenant').siteId)
  return c.json({ providers: offeredProviders(c.env), connection: null } satisfies MailingListAnswer)
})

connectionRoutes.get('/connections/zapier', async (c) => {
  const { siteId } = c.get('tenant')
  const [hooks, keys] = await Promise.all([hooksOf(c.env.DB, siteId), apiKeysOf(c.env.DB, siteId)])
  const answer: ZapierAnswer = {
    connectedZaps: hooks.length,
    keys: keys.map(({ id, prefix, createdAt, lastUsedAt }) => ({ id, prefix, createdAt, lastUsedAt })),
  }
  return c.json(answer)
})

/** An API key: `zk_` and 32 random bytes; Zapier sends it back in `X-API-Key`. */
export const API_KEY_PATTERN = /^zk_[A-Za-z0-9_-]{43}$/

/** SHA-256 (hex) of a key: all that is stored of it. */
export async function apiKeyHash(key: string): Promise<string> {
  return hex(await sha256(key))
}

/** Working API keys a site may have at once. */
export const MAX_API_KEYS = 20

connectionRoutes.post('/connections/zapier/keys', async (c) => {
  if ((await apiKeysOf(c.env.DB, c.get('tenant').siteId)).length >= MAX_API_KEYS) {
    throw new InputError(fillText(CONNECTIONS_TEXT.tooManyKeys, { max: MAX_API_KEYS }), {}, 409)
  }
  const key = `zk_${base64url(randomBytes(32))}`
  const row = {
    id: randomId(9),
    prefix: key.slice(0, 8),
    createdAt: Date.now(),
    createdBy: c.get('editor').user.id,
    lastUsedAt: null,
  }
  await insertApiKey(c.env.DB, c.get('tenant').siteId, { ...row, keyHash: await apiKeyHash(key) })
  const answer: NewApiKeyAnswer = {
    id: row.id,
    prefix: row.prefix,
    createdAt: row.createdAt,
    lastUsedAt: null,
    key,
  }
  return c.json(answer, 201)
})

connectionRoutes.delete('/connections/zapier/keys/:id', async (c) => {
  const revoked = await revokeApiKey(c.env.DB, c.get('tenant').siteId, c.req.param('id'), Date.now())
  if (!revoked) return c.json({ message: EDITOR_TEXT.unableToLocateContent }, 404)
  return c.json({ id: c.req.param('id') })
})
