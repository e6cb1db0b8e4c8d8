// Queues that lose nothing (issue 19): a consumer failing for longer than its retries (D1's
// table gone, the email provider's outbox gone) backs off, parks its messages in the dead
// letters, and the operator's replay then stores or sends each exactly once.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import worker from '../../worker/api-worker/index'
import type { AnalyticsMessage, NotificationMessage } from '../../worker/env'
import { MAX_RETRIES, retryDelaySeconds } from '../../worker/queues/retry'
import { rows } from './form-helpers'

// The consumers log every failure: expected here.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

/** The local queue delivers a message in about a second. */
const WAIT = { timeout: 10_000, interval: 100 }
const LAST_ATTEMPT = MAX_RETRIES + 1

/**
 * Delivers a batch to the worker's consumer as the queue would on delivery `attempts`; with the
 * queue's result, the delay each retried message asked for (the test harness keeps no delays).
 */
async function deliver<T>(queue: string, messages: { id: string; body: T }[], attempts = 1) {
  const batch = createMessageBatch<T>(
    queue,
    messages.map(({ id, body }) => ({ id, timestamp: new Date(), attempts, body })),
  )
  const retries = batch.messages.map((message) => vi.spyOn(message, 'retry'))
  const ctx = createExecutionContext()
  await worker.queue(batch as MessageBatch<never>, env)
  const result = await getQueueResult(batch, ctx)
  const delays = retries.flatMap((spy, i) =>
    spy.mock.calls.map(([options]) => ({
      msgId: batch.messages[i]?.id,
      delaySeconds: options?.delaySeconds,
    })),
  )
  return { ...result, delays }
}

/** Takes a table away for the length of `run`: the consumer's writes to it fail as they would with D1 down. */
async function withoutTable<T>(table: string, run: () => Promise<T>): Promise<T> {
  await env.DB.prepare(`ALTER TABLE ${table} RENAME TO ${table}_offline`).run()
  try {
    return await run()
  } finally {
    await env.DB.prepare(`ALTER TABLE ${table}_offline RENAME TO ${table}`).run()
  }
}

function operatorCall(path: string, init: { body?: unknown; token?: string | null } = {}) {
  const token = init.token === undefined ? env.OPERATOR_TOKEN : init.token
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  )
}

async function replay(queue: string): Promise<Record<string, number>> {
  const response = await operatorCall('/_operator/dead-letters/replay', { body: { queue } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { replayed: Record<string, number> }).replayed
}

function beacons(tag: string, count: number): { id: string; body: AnalyticsMessage }[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${tag}-message-${i}`,
    body: {
      id: `${tag}-event-${i}`,
      siteId: 'aurora',
      event: 'RecordHit',
      data: { i },
      occurredAt: 1_700_000_000_000 + i,
    },
  }))
}

async function storedEvents(tag: string): Promise<string[]> {
  const found = await rows<{ message_id: string }>(
    'SELECT message_id FROM analytics_events WHERE message_id LIKE ? ORDER BY message_id',
    `${tag}-%`,
  )
  return found.map((row) => row.message_id)
}

describe('Analytics dead letters', () => {
  it('Should retry a failing batch with growing delays, park it after the last retry, and store each event exactly once on replay', async () => {
    const tag = `dl-${crypto.randomUUID().slice(0, 8)}`
    const messages = beacons(tag, 3)
    const ids = messages.map((message) => message.id)
    await withoutTable('analytics_events', async () => {
      for (let attempts = 1; attempts <= MAX_RETRIES; attempts++) {
        const result = await deliver('storefront-analytics', messages, attempts)
        expect(result.explicitAcks).toEqual([])
        expect(result.retryMessages.map((retry: { msgId: string }) => retry.msgId)).toEqual(ids)
        expect(result.delays).toEqual(
          ids.map((msgId) => ({ msgId, delaySeconds: retryDelaySeconds(attempts) })),
        )
      }
      const last = await deliver('storefront-analytics', messages, LAST_ATTEMPT)
      expect(last.retryMessages).toEqual([])
      expect(last.explicitAcks.sort()).toEqual(ids)
    })
    const parked = await rows<{
      queue: string
      body: string
      error: string
      attempts: number
      replayed_at: null
    }>(
      'SELECT queue, body, error, attempts, replayed_at FROM dead_letters WHERE message_id LIKE ? ORDER BY message_id',
      `${tag}-%`,
    )
    expect(parked.map((row) => [row.queue, JSON.parse(row.body).id, row.attempts, row.replayed_at])).toEqual(
      messages.map((message) => ['storefront-analytics', message.body.id, LAST_ATTEMPT, null]),
    )
    expect(parked[0]?.error).toContain('analytics_events')
    expect(await storedEvents(tag)).toEqual([])

    expect(await replay('storefront-analytics')).toEqual({ 'storefront-analytics': 3 })
    const eventIds = messages.map((message) => message.body.id ?? '')
    await vi.waitFor(async () => expect(await storedEvents(tag)).toEqual(eventIds), WAIT)
    // Nothing left to replay; and the same messages delivered again (a replay run twice) add nothing.
    expect(await replay('storefront-analytics')).toEqual({})
    await deliver(
      'storefront-analytics',
      messages.map((message) => ({ ...message, id: `${message.id}-again` })),
    )
    expect(await storedEvents(tag)).toEqual(eventIds)
  })

  it('Should let the dead-letter queue park what the consumer could not (D1 refusing the dead letter too), and replay it once', async () => {
    const tag = `dlq-${crypto.randomUUID().slice(0, 8)}`
    // A body from before bodies carried ids: the replay keys it on the message's own id.
    const message = {
      id: `${tag}-message`,
      body: { siteId: 'aurora', event: 'RecordHit', data: {}, occurredAt: 1_700_000_000_000 },
    }
    const last = await withoutTable('analytics_events', () =>
      withoutTable('dead_letters', () => deliver('storefront-analytics', [message], LAST_ATTEMPT)),
    )
    // Retried past the last retry: the queue moves it to its dead-letter queue.
    expect(last.retryMessages).toEqual([{ msgId: message.id }])
    const parked = await deliver('storefront-analytics-dlq', [message])
    expect(parked.ackAll || parked.explicitAcks.includes(message.id)).toBe(true)
    // The dead-letter queue may bring it twice: one row.
    await deliver('storefront-analytics-dlq', [message])
    expect(
      await rows('SELECT queue, error, attempts FROM dead_letters WHERE message_id = ?', message.id),
    ).toEqual([
      {
        queue: 'storefront-analytics',
        error: `Not acknowledged after ${LAST_ATTEMPT} deliveries on storefront-analytics: its consumer's log lines with this message id say why.`,
        attempts: LAST_ATTEMPT,
      },
    ])
    expect(await replay('storefront-analytics')).toEqual({ 'storefront-analytics': 1 })
    await vi.waitFor(async () => expect(await storedEvents(tag)).toEqual([message.id]), WAIT)
  })
})

describe('Restock notification dead letters', () => {
  async function queuedSignUp(email: string): Promise<number> {
    const row = await env.DB.prepare(
      `INSERT INTO restock_signups (site_id, product_id, variant_id, email, created_at, status, queued_at)
       VALUES ('aurora', 'aurora-item-0004', 'aurora-item-0004-v05', ?, ?, 'queued', ?) RETURNING id`,
    )
      .bind(email, Date.now(), Date.now())
      .first<{ id: number }>()
    return row?.id ?? 0
  }

  function notificationOf(email: string, signUpId: number): { id: string; body: NotificationMessage } {
    return {
      id: `message-${email}`,
      body: {
        kind: 'restock',
        id: `restock:aurora:${signUpId}:0`,
        siteId: 'aurora',
        signUpId,
        round: 0,
        productId: 'aurora-item-0004',
        variantId: 'aurora-item-0004-v05',
        email,
        productTitle: 'Alpine Down Parka',
        productUrl: 'http://aurora.localhost/apparel/alpine-down-parka',
      },
    }
  }

  async function state(signUpId: number) {
    return rows('SELECT status FROM restock_signups WHERE id = ?', signUpId)
  }

  it('Should not mark a notification sent while the email provider fails, park it after the last retry, and send it exactly once on replay', async () => {
    const email = `provider-down.${crypto.randomUUID().slice(0, 8)}@example.com`
    const signUpId = await queuedSignUp(email)
    const message = notificationOf(email, signUpId)
    // The local provider writes its outbox in D1: without the table, every send fails.
    await withoutTable('outbound_emails', async () => {
      const first = await deliver('storefront-notifications', [message])
      expect(first.retryMessages).toEqual([{ msgId: message.id }])
      expect(first.delays).toEqual([{ msgId: message.id, delaySeconds: 10 }])
      expect(await state(signUpId)).toEqual([{ status: 'queued' }])
      const last = await deliver('storefront-notifications', [message], LAST_ATTEMPT)
      expect(last.explicitAcks).toEqual([message.id])
    })
    expect(await state(signUpId)).toEqual([{ status: 'queued' }])
    const [parked] = await rows<{ error: string }>(
      'SELECT error FROM dead_letters WHERE message_id = ?',
      message.id,
    )
    expect(parked?.error).toContain('outbound_emails')

    expect(await replay('storefront-notifications')).toEqual({ 'storefront-notifications': 1 })
    await vi.waitFor(async () => expect(await state(signUpId)).toEqual([{ status: 'sent' }]), WAIT)
    await deliver('storefront-notifications', [{ ...message, id: `${message.id}-again` }])
    expect(await rows('SELECT subject FROM outbound_emails WHERE recipient = ?', email)).toEqual([
      { subject: 'Alpine Down Parka is back in stock' },
    ])
  })
})

describe('The operator’s dead-letter calls', () => {
  it('Should refuse a call without the operator token (401) and list the waiting dead letters with it', async () => {
    expect((await operatorCall('/_operator/dead-letters', { token: null })).status).toBe(401)
    expect((await operatorCall('/_operator/dead-letters', { token: 'x'.repeat(48) })).status).toBe(401)
    const listed = await operatorCall('/_operator/dead-letters')
    expect(listed.status).toBe(200)
    expect(listed.headers.get('cache-control')).toBe('no-store')
    expect(await listed.json()).toEqual({ queues: expect.any(Array) })
  })

  it('Should answer bad input with a 400 and an unknown queue with its name, never a 500', async () => {
    for (const body of [{ queue: 'storefront-orders' }, { limit: 0 }, { limit: 'all' }]) {
      const response = await operatorCall('/_operator/dead-letters/replay', { body })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).not.toBe('')
    }
  })

  it('Should not exist where no operator token is configured, and refuse the development token in production', async () => {
    const request = () =>
      new Request('http://localhost/_operator/dead-letters', {
        headers: { authorization: `Bearer ${env.OPERATOR_TOKEN}` },
      })
    const off = await worker.fetch(request(), { ...env, OPERATOR_TOKEN: undefined }, createExecutionContext())
    expect(off.status).toBe(404)
    const production = await worker.fetch(
      request(),
      { ...env, ENVIRONMENT: 'production' },
      createExecutionContext(),
    )
    expect(production.status).toBe(503)
    expect(((await production.json()) as { message: string }).message).toContain(
      'wrangler secret put OPERATOR_TOKEN',
    )
  })
})
