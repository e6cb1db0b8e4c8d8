// Connections (issue 23): the mailing-list connector and Zapier. Who may call what (the server
// enforces each capability), API keys shown once and stored hashed, Zapier's REST hooks API
// behind its key, deliveries from the storefront's events to every subscribed hook (retried with
// back-off, parked in `dead_letters`, a 410 removing the hook), a shopper's submission that
// succeeds while the queue is down, and newsletter sign-ups that land in the connected list.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONNECTIONS_TEXT } from '../../shared/editing-areas'
import { EDITOR_TEXT } from '../../shared/index'
import { connectionsBatch, type DeliveryNetwork } from '../../worker/editor/connections-queue'
import type { EditorEnv } from '../../worker/editor/env'
import type { ConnectionMessage, Env } from '../../worker/env'
import { MAX_RETRIES, retryDelaySeconds } from '../../worker/queues/retry'
import { confirmationEmailsTo, confirmFromEmail, QUEUE_WAIT } from './confirmations'
import { type Editor, editorFetch, signInEditor } from './editor-client'
import { bindingsWith, fetchWith } from './faults'
import { apiCall, newCrumb, rows, submissionKey } from './form-helpers'
import { FLANNEL, Shopper } from './shopper'
import { copyTenant } from './visitor'

const JOURNAL = 'journal.localhost'
const OPT_OUT = 'connections-optout.localhost'
const ADMIN = 'admin@journal.example'
const CAMPAIGNS = 'campaigns@journal.example'
const OTHERS = ['editor@journal.example', 'viewer@journal.example']

/** Every call of the connector (`mailingLists`) and of Zapier's panel (`manageConnections`). */
const MAILING_LIST_CALLS: [string, string, unknown?][] = [
  ['GET', '/config/api/connections/mailing-list'],
  ['GET', '/config/api/connections/mailing-list/lists?provider=local'],
  ['POST', '/config/api/connections/mailing-list/lists', { name: 'Role check' }],
  ['GET', '/config/api/connections/mailing-list/lists/x/members'],
  ['PUT', '/config/api/connections/mailing-list', { provider: 'local', listId: 'x' }],
  ['DELETE', '/config/api/connections/mailing-list'],
]
const ZAPIER_CALLS: [string, string, unknown?][] = [
  ['GET', '/config/api/connections/zapier'],
  ['POST', '/config/api/connections/zapier/keys', {}],
  ['DELETE', '/config/api/connections/zapier/keys/x'],
]

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

function uniqueEmail(tag: string): string {
  return `${tag}.${crypto.randomUUID().slice(0, 8)}@example.com`
}

/** A newsletter sign-up through the form's script API. */
async function subscribe(host: string, email: string, bindings?: Env): Promise<Response> {
  const crumb = newCrumb()
  const key = await submissionKey(host, crumb)
  const body = JSON.stringify({ key, formId: 'newsletter', form: JSON.stringify({ email }) })
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb },
    body,
  }
  if (bindings === undefined) return apiCall(host, '/api/form/SaveFormSubmission', { crumb, rawBody: body })
  return fetchWith(bindings, new Request(`http://${host}/api/form/SaveFormSubmission`, init))
}

/** Zapier calling the hooks API with a key. */
function zapier(path: string, key: string | null, init: { method?: string; body?: unknown } = {}) {
  return editorFetch(JOURNAL, `/config/zapier/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(key === null ? {} : { 'X-API-Key': key }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
}

async function newKey(admin: Editor): Promise<string> {
  const response = await admin.call('/config/api/connections/zapier/keys', { method: 'POST', body: {} })
  expect(response.status).toBe(201)
  return ((await response.json()) as { key: string }).key
}

async function subscribeHook(key: string, event: string, target: string): Promise<string> {
  const response = await zapier('/hooks', key, { body: { target_url: target, event } })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** A queue that records what is sent (the consumer is then handed those messages). */
function recordingQueue() {
  const sent: ConnectionMessage[] = []
  const queue = {
    send: async (body: ConnectionMessage) => {
      sent.push(body)
    },
    sendBatch: async (messages: Iterable<{ body: ConnectionMessage }>) => {
      for (const message of messages) sent.push(message.body)
    },
  } as unknown as Queue<ConnectionMessage>
  return { queue, sent }
}

/** Hands messages to the connections consumer as the queue would on delivery `attempts`. */
async function consume(
  messages: ConnectionMessage[],
  options: { attempts?: number; network?: DeliveryNetwork; bindings?: Env } = {},
) {
  const batch = createMessageBatch<ConnectionMessage>(
    'storefront-connections',
    messages.map((body, i) => ({
      id: `m-${crypto.randomUUID()}-${i}`,
      timestamp: new Date(),
      attempts: options.attempts ?? 1,
      body,
    })),
  )
  const retries = batch.messages.map((message) => vi.spyOn(message, 'retry'))
  const ctx = createExecutionContext()
  await connectionsBatch(batch, (options.bindings ?? env) as EditorEnv, options.network)
  const result = await getQueueResult(batch, ctx)
  const delays = retries.flatMap((spy) => spy.mock.calls.map(([o]) => o?.delaySeconds))
  return { ...result, delays, ids: batch.messages.map((message) => message.id) }
}

/** A hook target the test controls: answers `status` (or never, for `hang`), records what arrives. */
function target(status: number | 'hang') {
  const received: { url: string; body: Record<string, unknown> }[] = []
  const network: DeliveryNetwork = {
    timeoutMs: 50,
    fetcher: async (input, init) => {
      received.push({ url: String(input), body: JSON.parse(String(init?.body)) })
      if (status === 'hang') {
        return new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        )
      }
      return new Response(null, { status })
    },
  }
  return { network, received }
}

describe('Connections: who may call what', () => {
  it('Should let ADMIN call every connections call', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    for (const [method, path, body] of [...MAILING_LIST_CALLS, ...ZAPIER_CALLS]) {
      const response = await admin.call(path, { method, body })
      expect({ method, path, allowed: ![401, 403].includes(response.status) }).toEqual({
        method,
        path,
        allowed: true,
      })
    }
    expect((await admin.call('/config/api/connections/zapier')).status).toBe(200)
  })

  it('Should refuse EDITOR, VIEWER and STORE_MANAGER every connections call with 403', async () => {
    const users: [string, string][] = [
      ...OTHERS.map((email): [string, string] => [JOURNAL, email]),
      // The demo STORE_MANAGER is Aurora's: the same calls on its own site.
      ['aurora.localhost', 'manager@aurora.example'],
    ]
    for (const [host, email] of users) {
      const user = await signInEditor(host, email)
      for (const [method, path, body] of [...MAILING_LIST_CALLS, ...ZAPIER_CALLS]) {
        const response = await user.call(path, { method, body })
        expect({ email, method, path, status: response.status }).toEqual({ email, method, path, status: 403 })
        expect(((await response.json()) as { message: string }).message).toBe(EDITOR_TEXT.notAllowed)
      }
    }
  })

  it('Should let CAMPAIGNS_EDITOR use the mailing-list connector and refuse every Zapier call', async () => {
    const campaigns = await signInEditor(JOURNAL, CAMPAIGNS)
    for (const [method, path, body] of MAILING_LIST_CALLS) {
      const response = await campaigns.call(path, { method, body })
      expect({ method, path, refused: response.status === 403 }).toEqual({ method, path, refused: false })
    }
    const created = await campaigns.call('/config/api/connections/mailing-list/lists', {
      method: 'POST',
      body: { name: `Campaign ${crypto.randomUUID().slice(0, 6)}` },
    })
    expect(created.status).toBe(201)
    for (const [method, path, body] of ZAPIER_CALLS) {
      const response = await campaigns.call(path, { method, body })
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 })
    }
  })

  it('Should answer 401 without a session', async () => {
    const response = await editorFetch(JOURNAL, '/config/api/connections/zapier')
    expect(response.status).toBe(401)
  })
})

describe('Connections: the mailing-list connector', () => {
  it("Should answer 'A List must be selected' when Connect comes without a list, or with one that is not there", async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    for (const body of [
      { provider: 'local' },
      { provider: 'local', listId: '' },
      { provider: 'local', listId: 'gone' },
    ]) {
      const response = await admin.call('/config/api/connections/mailing-list', { method: 'PUT', body })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toBe(
        CONNECTIONS_TEXT.listMustBeSelected,
      )
    }
  })

  it("Should answer 'Unable to connect. Please try again' when Mailchimp cannot be reached", async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'))
    const bindings = {
      ...env,
      MAILING_LIST_PROVIDER: 'mailchimp',
      MAILCHIMP_API_KEY: `${'a'.repeat(32)}-us21`,
    }
    const response = await admin.call('/config/api/connections/mailing-list/lists?provider=mailchimp', {
      bindings: bindings as unknown as EditorEnv,
    })
    expect(fetchSpy).toHaveBeenCalled()
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe(
      'https://us21.api.mailchimp.com/3.0/lists?count=1000&fields=lists.id,lists.name,lists.stats.member_count',
    )
    expect(response.status).toBe(502)
    expect(((await response.json()) as { message: string }).message).toBe(CONNECTIONS_TEXT.unableToConnect)
  })

  it('Should put a confirmed newsletter sign-up in the connected local list, and nothing before confirmation', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const created = await admin.call('/config/api/connections/mailing-list/lists', {
      method: 'POST',
      body: { name: 'Monthly readers' },
    })
    const list = (await created.json()) as { id: string }
    const connect = await admin.call('/config/api/connections/mailing-list', {
      method: 'PUT',
      body: { provider: 'local', listId: list.id },
    })
    expect(connect.status).toBe(200)
    expect(((await connect.json()) as { connection: { listName: string } }).connection.listName).toBe(
      'Monthly readers',
    )

    const email = uniqueEmail('letter')
    expect((await subscribe(JOURNAL, email)).status).toBe(200)
    // Double opt-in (Field Journal's default): nothing reaches the list until the address is confirmed.
    const members = async () =>
      (
        (await (
          await admin.call(`/config/api/connections/mailing-list/lists/${list.id}/members`)
        ).json()) as { members: { email: string; status: string; source: string }[]; total: number }
      ).members
    await confirmationEmailsTo(email)
    expect((await members()).map((member) => member.email)).not.toContain(email)
    await confirmFromEmail(JOURNAL, email)
    await vi.waitFor(async () => {
      expect(await members()).toContainEqual(
        expect.objectContaining({ email, status: 'subscribed', source: 'form:newsletter' }),
      )
    }, QUEUE_WAIT)

    const lists = (await (
      await admin.call('/config/api/connections/mailing-list/lists?provider=local')
    ).json()) as {
      lists: { id: string; memberCount: number }[]
    }
    expect(lists.lists.find((candidate) => candidate.id === list.id)?.memberCount).toBe(1)

    const disconnected = await admin.call('/config/api/connections/mailing-list', { method: 'DELETE' })
    expect(((await disconnected.json()) as { connection: null }).connection).toBeNull()
    // Disconnected: a new confirmed sign-up stays a subscriber row only.
    const later = uniqueEmail('later')
    await subscribe(JOURNAL, later)
    await confirmFromEmail(JOURNAL, later)
    expect(
      await rows('SELECT 1 FROM newsletter_subscribers WHERE email = ? AND status = ?', later, 'confirmed'),
    ).toHaveLength(1)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await members()).map((member) => member.email)).not.toContain(later)
  }, 30_000)

  it('Should put a sign-up in the list at once where the site has no double opt-in', async () => {
    await copyTenant('journal', 'connections-optout', OPT_OUT, { doubleOptIn: false })
    await env.DB.prepare(
      "INSERT INTO mailing_lists (site_id, id, name, created_at) VALUES ('connections-optout', 'l1', 'Readers', 1)",
    ).run()
    await env.DB.prepare(
      "INSERT INTO mailing_list_connections (site_id, provider, list_id, list_name, connected_at, connected_by) VALUES ('connections-optout', 'local', 'l1', 'Readers', 1, 'test')",
    ).run()
    const email = uniqueEmail('optout')
    expect((await subscribe(OPT_OUT, email)).status).toBe(200)
    await vi.waitFor(async () => {
      const found = await rows(
        'SELECT status FROM mailing_list_members WHERE site_id = ? AND email = ?',
        'connections-optout',
        email,
      )
      expect(found).toEqual([{ status: 'subscribed' }])
    }, QUEUE_WAIT)
  })
})

describe('Connections: Zapier', () => {
  it('Should show a new API key once and keep only its SHA-256 and a prefix', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const key = await newKey(admin)
    expect(key).toMatch(/^zk_[A-Za-z0-9_-]{43}$/)
    const stored = await rows<Record<string, unknown>>(
      'SELECT * FROM zapier_api_keys WHERE prefix = ?',
      key.slice(0, 8),
    )
    expect(stored).toHaveLength(1)
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)))
    expect(stored[0]?.key_hash).toBe([...digest].map((byte) => byte.toString(16).padStart(2, '0')).join(''))
    expect(JSON.stringify(stored)).not.toContain(key)
    const listed = await (await admin.call('/config/api/connections/zapier')).text()
    expect(listed).not.toContain(key)
    expect(listed).toContain(key.slice(0, 8))
  })

  it('Should refuse the hooks API without a key, with a wrong one and with a revoked one (401)', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const key = await newKey(admin)
    expect((await zapier('/me', key)).status).toBe(200)
    expect(await (await zapier('/me', key)).json()).toEqual({ id: 'journal', title: expect.any(String) })
    for (const wrong of [null, 'zk_nope', `zk_${'A'.repeat(43)}`]) {
      const response = await zapier('/me', wrong)
      expect(response.status).toBe(401)
      expect(((await response.json()) as { message: string }).message).toBe(CONNECTIONS_TEXT.apiKeyRequired)
    }
    const [row] = await rows<{ id: string }>(
      'SELECT id FROM zapier_api_keys WHERE prefix = ?',
      key.slice(0, 8),
    )
    expect(
      (await admin.call(`/config/api/connections/zapier/keys/${row?.id}`, { method: 'DELETE' })).status,
    ).toBe(200)
    expect((await zapier('/me', key)).status).toBe(401)
    // A key of one site opens nothing on another.
    const other = await editorFetch('aurora.localhost', '/config/zapier/v1/me', {
      headers: { 'X-API-Key': await newKey(admin) },
    })
    expect(other.status).toBe(401)
  })

  it('Should subscribe and unsubscribe hooks, count them, and check their input', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const key = await newKey(admin)
    const count = async () =>
      ((await (await admin.call('/config/api/connections/zapier')).json()) as { connectedZaps: number })
        .connectedZaps
    const before = await count()
    const id = await subscribeHook(key, 'form_submission', 'https://hooks.zapier.com/hooks/standard/1/abc')
    expect(await count()).toBe(before + 1)
    for (const body of [
      { target_url: 'https://hooks.zapier.com/x', event: 'page_view' },
      { target_url: 'ftp://hooks.zapier.com/x', event: 'order' },
      { event: 'order' },
      'not json',
    ]) {
      const response = await editorFetch(JOURNAL, '/config/zapier/v1/hooks', {
        method: 'POST',
        headers: { 'X-API-Key': key, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toBeTruthy()
    }
    expect((await zapier(`/hooks/${id}`, key, { method: 'DELETE' })).status).toBe(200)
    expect((await zapier(`/hooks/${id}`, key, { method: 'DELETE' })).status).toBe(404)
    expect(await count()).toBe(before)
    // Zapier's perform list: the site's own latest items, else one example shaped the same.
    const samples = (await (await zapier('/samples/order', key)).json()) as { id: string; event: string }[]
    expect(samples).toEqual([expect.objectContaining({ id: 'sample-order', event: 'order' })])
    const email = uniqueEmail('sample')
    await subscribe(JOURNAL, email)
    const recent = (await (await zapier('/samples/form_submission', key)).json()) as Record<string, unknown>[]
    expect(recent[0]).toMatchObject({
      event: 'form_submission',
      data: { formId: 'newsletter', formName: 'The monthly letter', values: { email } },
    })
    expect(recent.length).toBeLessThanOrEqual(3)
    expect((await zapier('/samples/page_view', key)).status).toBe(404)
  })

  it('Should refuse a hook past the site’s hundredth, and a key past its twentieth (409 with a message)', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const key = await newKey(admin)
    const [keyRow] = await rows<{ id: string }>(
      'SELECT id FROM zapier_api_keys WHERE prefix = ?',
      key.slice(0, 8),
    )
    // Journal's key opens Journal only; fill Journal's hooks to the limit directly.
    const statements = Array.from({ length: 100 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO zapier_hooks (id, site_id, key_id, event, target_url, created_at) VALUES (?, 'journal', ?, 'order', 'https://hooks.example.com/x', 1)",
      ).bind(`limit-${i}`, keyRow?.id),
    )
    await env.DB.batch(statements)
    const refused = await zapier('/hooks', key, {
      body: { target_url: 'https://hooks.example.com/y', event: 'order' },
    })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This site has 100 hooks, the most it may have: turn off a Zap first',
    )
    await env.DB.prepare("DELETE FROM zapier_hooks WHERE id LIKE 'limit-%'").run()

    const working = await rows<{ n: number }>(
      "SELECT COUNT(*) AS n FROM zapier_api_keys WHERE site_id = 'journal' AND revoked_at IS NULL",
    )
    for (let i = working[0]?.n ?? 0; i < 20; i++) await newKey(admin)
    const tooMany = await admin.call('/config/api/connections/zapier/keys', { method: 'POST', body: {} })
    expect(tooMany.status).toBe(409)
    expect(((await tooMany.json()) as { message: string }).message).toBe(
      'This site has 20 API keys, the most it may have: revoke one before creating another',
    )
    await env.DB.prepare("UPDATE zapier_api_keys SET revoked_at = 1 WHERE site_id = 'journal'").run()
  })

  it('Should refuse private and metadata targets in production, and plain http there', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const key = await newKey(admin)
    const production = { ...env, ENVIRONMENT: 'production' } as unknown as EditorEnv
    for (const url of [
      'http://hooks.example.com/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://metadata.google.internal/x',
    ]) {
      const response = await editorFetch(
        JOURNAL,
        '/config/zapier/v1/hooks',
        {
          method: 'POST',
          headers: { 'X-API-Key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ target_url: url, event: 'order' }),
        },
        production,
      )
      expect({ url, status: response.status }).toEqual({ url, status: 400 })
    }
  })

  it('Should deliver a form submission to every hook subscribed to it, and nothing to others', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const key = await newKey(admin)
    const first = await subscribeHook(key, 'form_submission', 'https://hooks.example.com/first')
    const second = await subscribeHook(key, 'form_submission', 'https://hooks.example.com/second')
    const orders = await subscribeHook(key, 'order', 'https://hooks.example.com/orders')
    const { queue, sent } = recordingQueue()
    const bindings = bindingsWith({ CONNECTIONS_QUEUE: queue })
    const email = uniqueEmail('zap')
    expect((await subscribe(JOURNAL, email, bindings)).status).toBe(200)
    const events = sent.filter((message) => message.kind === 'event' && message.event === 'form_submission')
    expect(events).toHaveLength(1)

    // The event fans out into one delivery per hook, on the same queue.
    sent.length = 0
    await consume(events, { bindings })
    const deliveries = sent.filter((message) => message.kind === 'delivery')
    expect(deliveries.map((message) => message.kind === 'delivery' && message.hookId).sort()).toEqual(
      [first, second].sort(),
    )
    const { network, received } = target(200)
    const result = await consume(deliveries, { network })
    expect(result.explicitAcks.sort()).toEqual([...result.ids].sort())
    expect(received.map((delivery) => delivery.url).sort()).toEqual([
      'https://hooks.example.com/first',
      'https://hooks.example.com/second',
    ])
    expect(received[0]?.body).toMatchObject({
      event: 'form_submission',
      data: { formId: 'newsletter', formName: 'The monthly letter', values: { email } },
    })
    expect(received.map((delivery) => delivery.url)).not.toContain('https://hooks.example.com/orders')
    for (const id of [first, second, orders]) await zapier(`/hooks/${id}`, key, { method: 'DELETE' })
  })

  for (const failure of [500, 'hang'] as const) {
    it(`Should retry a delivery whose target ${failure === 'hang' ? 'times out' : 'answers 500'} with growing delays, then park it in dead_letters`, async () => {
      const admin = await signInEditor(JOURNAL, ADMIN)
      const key = await newKey(admin)
      const hookId = await subscribeHook(key, 'order', 'https://hooks.example.com/failing')
      const delivery: ConnectionMessage = {
        kind: 'delivery',
        id: `d-${crypto.randomUUID()}`,
        siteId: 'journal',
        hookId,
        payload: { id: 'e1', event: 'order', data: { order_id: 'o1' } },
      }
      const { network } = target(failure)
      for (let attempts = 1; attempts <= MAX_RETRIES; attempts++) {
        const result = await consume([delivery], { attempts, network })
        expect(result.explicitAcks).toEqual([])
        expect(result.delays).toEqual([retryDelaySeconds(attempts)])
      }
      const last = await consume([delivery], { attempts: MAX_RETRIES + 1, network })
      expect(last.explicitAcks).toEqual(last.ids)
      const parked = await rows<{ queue: string; body: string; error: string }>(
        'SELECT queue, body, error FROM dead_letters WHERE message_id = ?',
        last.ids[0],
      )
      expect(parked).toHaveLength(1)
      expect(parked[0]?.queue).toBe('storefront-connections')
      expect(JSON.parse(parked[0]?.body ?? '{}')).toEqual(delivery)
      expect(parked[0]?.error).toMatch(failure === 'hang' ? /Timeout|abort/i : /500/)
      // The hook stays subscribed: a later event is tried again.
      expect(await rows('SELECT 1 FROM zapier_hooks WHERE id = ?', hookId)).toHaveLength(1)
    })
  }

  it('Should remove a hook whose target answers 410', async () => {
    const admin = await signInEditor(JOURNAL, ADMIN)
    const key = await newKey(admin)
    const hookId = await subscribeHook(key, 'restock_signup', 'https://hooks.example.com/gone')
    const { network, received } = target(410)
    const delivery: ConnectionMessage = {
      kind: 'delivery',
      id: 'd-410',
      siteId: 'journal',
      hookId,
      payload: { id: 'x' },
    }
    const result = await consume([delivery], { network })
    expect(result.explicitAcks).toEqual(result.ids)
    expect(received).toHaveLength(1)
    expect(await rows('SELECT 1 FROM zapier_hooks WHERE id = ?', hookId)).toEqual([])
    // Delivered again (a redelivery), nothing goes out: the hook is gone.
    await consume([delivery], { network })
    expect(received).toHaveLength(1)
  })

  it('Should still thank the shopper and store the submission when the connections queue refuses the event', async () => {
    const failing = {
      send: () => Promise.reject(new Error('Queue send failed')),
      sendBatch: () => Promise.reject(new Error('Queue send failed')),
    } as unknown as Queue<ConnectionMessage>
    const email = uniqueEmail('queue-down')
    const response = await subscribe(JOURNAL, email, bindingsWith({ CONNECTIONS_QUEUE: failing }))
    expect(response.status).toBe(200)
    expect(await rows('SELECT 1 FROM form_submissions WHERE instr(fields, ?) > 0', email)).toHaveLength(1)
  })
})

describe('Connections: orders and restock sign-ups', () => {
  /** A hook of Aurora's, stored as the hooks API stores one. */
  async function auroraHook(event: string, url: string): Promise<string> {
    const id = `h-${crypto.randomUUID()}`
    await env.DB.prepare(
      "INSERT INTO zapier_hooks (id, site_id, key_id, event, target_url, created_at) VALUES (?, 'aurora', 'test-key', ?, ?, 1)",
    )
      .bind(id, event, url)
      .run()
    return id
  }

  it('Should queue a paid order once and deliver it to the order hooks, read as it is now', async () => {
    const hookId = await auroraHook('order', 'https://hooks.example.com/orders')
    const { queue, sent } = recordingQueue()
    const bindings = bindingsWith({ CONNECTIONS_QUEUE: queue })
    const shopper = new Shopper('aurora.localhost')
    shopper.send = (request) => fetchWith(bindings, request)
    await shopper.add(FLANNEL.itemId, 'AO-RF-XL-FOR', 1)
    const response = await shopper.checkout({ email: 'zapier-order@example.com' })
    expect(response.status).toBe(303)
    const orderId = /ord_[0-9a-f]{24}/.exec(response.headers.get('location') ?? '')?.[0]
    const events = sent.filter((message) => message.kind === 'event' && message.event === 'order')
    expect(events.map((message) => message.kind === 'event' && message.data)).toEqual([{ orderId }])

    sent.length = 0
    await consume(events, { bindings })
    const { network, received } = target(202)
    await consume(sent, { network })
    expect(received).toHaveLength(1)
    expect(received[0]?.url).toBe('https://hooks.example.com/orders')
    expect(received[0]?.body).toMatchObject({
      event: 'order',
      data: {
        order_id: orderId,
        email: 'zapier-order@example.com',
        status: 'paid',
        lines: [expect.objectContaining({ sku: 'AO-RF-XL-FOR', quantity: 1 })],
      },
    })
    await env.DB.prepare('DELETE FROM zapier_hooks WHERE id = ?').bind(hookId).run()
  })

  it('Should put a restock sign-up that joined the mailing list into the connected list once confirmed', async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR IGNORE INTO mailing_lists (site_id, id, name, created_at) VALUES ('aurora', 'aurora-list', 'Outfitters', 1)",
      ),
      env.DB.prepare(
        "INSERT OR REPLACE INTO mailing_list_connections (site_id, provider, list_id, list_name, connected_at, connected_by) VALUES ('aurora', 'local', 'aurora-list', 'Outfitters', 1, 'test')",
      ),
    ])
    const joined = uniqueEmail('joined')
    const notJoined = uniqueEmail('not-joined')
    for (const [email, isJoinMailingList] of [
      [joined, true],
      [notJoined, false],
    ] as const) {
      const response = await apiCall('aurora.localhost', '/api/site-users/account/notifications/restock', {
        body: {
          productId: 'aurora-item-0004',
          variantId: 'aurora-item-0004-v02',
          siteVisitorEmail: email,
          isJoinMailingList,
        },
      })
      expect(response.status).toBe(200)
      await confirmFromEmail('aurora.localhost', email)
    }
    const members = () =>
      rows<{ email: string; source: string }>(
        "SELECT email, source FROM mailing_list_members WHERE site_id = 'aurora' AND list_id = 'aurora-list'",
      )
    await vi.waitFor(
      async () => expect(await members()).toContainEqual({ email: joined, source: 'restock' }),
      QUEUE_WAIT,
    )
    expect((await members()).map((member) => member.email)).not.toContain(notJoined)
    await env.DB.prepare("DELETE FROM mailing_list_connections WHERE site_id = 'aurora'").run()
  }, 30_000)

  it('Should queue a restock sign-up for Zapier when it is stored', async () => {
    const { queue, sent } = recordingQueue()
    const email = uniqueEmail('restock')
    const response = await fetchWith(
      bindingsWith({ CONNECTIONS_QUEUE: queue }),
      new Request('http://aurora.localhost/api/site-users/account/notifications/restock', {
        method: 'POST',
        headers: (() => {
          const crumb = newCrumb()
          return { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb }
        })(),
        body: JSON.stringify({
          productId: 'aurora-item-0004',
          variantId: 'aurora-item-0004-v02',
          siteVisitorEmail: email,
          isJoinMailingList: true,
        }),
      }),
    )
    expect(response.status).toBe(200)
    // Aurora asks for confirmation: Zapier hears of the sign-up now, the mailing list once confirmed.
    expect(sent).toEqual([
      expect.objectContaining({
        kind: 'event',
        siteId: 'aurora',
        event: 'restock_signup',
        data: expect.objectContaining({
          productId: 'aurora-item-0004',
          variantId: 'aurora-item-0004-v02',
          email,
        }),
      }),
    ])
  })
})
