import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import worker from '../../worker/api-worker/index'
import type { AnalyticsMessage } from '../../worker/env'

afterEach(() => vi.restoreAllMocks())

function batchOf(messages: { id: string; body: unknown }[]) {
  return createMessageBatch<AnalyticsMessage>(
    'storefront-analytics',
    messages.map(({ id, body }) => ({
      id,
      timestamp: new Date(),
      attempts: 1,
      body: body as AnalyticsMessage,
    })),
  )
}

async function deliver(batch: MessageBatch<AnalyticsMessage>) {
  const ctx = createExecutionContext()
  await worker.queue(batch, env)
  return getQueueResult(batch, ctx)
}

describe('analytics queue consumer', () => {
  it('Should store every valid event of a batch as a row in D1', async () => {
    const result = await deliver(
      batchOf([
        {
          id: 'm-1',
          body: { siteId: 'aurora', event: 'RecordHit', data: { path: '/' }, occurredAt: 1_700_000_000_000 },
        },
        {
          id: 'm-2',
          body: {
            siteId: 'kissa',
            event: 'RecordHit',
            data: { path: '/tea' },
            occurredAt: 1_700_000_000_500,
          },
        },
      ]),
    )
    expect(result.explicitAcks.sort()).toEqual(['m-1', 'm-2'])
    expect(result.retryMessages).toEqual([])
    const { results } = await env.DB.prepare(
      "SELECT message_id, site_id, event, data FROM analytics_events WHERE message_id IN ('m-1','m-2') ORDER BY message_id",
    ).all()
    expect(results).toEqual([
      { message_id: 'm-1', site_id: 'aurora', event: 'RecordHit', data: '{"path":"/"}' },
      { message_id: 'm-2', site_id: 'kissa', event: 'RecordHit', data: '{"path":"/tea"}' },
    ])
  })

  it('Should store a redelivered event once', async () => {
    const message = { id: 'm-dup', body: { siteId: 'aurora', event: 'RecordHit', data: {}, occurredAt: 1 } }
    await deliver(batchOf([message]))
    await deliver(batchOf([message]))
    const row = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM analytics_events WHERE message_id = 'm-dup'",
    ).first()
    expect(row).toEqual({ n: 1 })
  })

  it('Should acknowledge and log a malformed event instead of retrying it forever', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const result = await deliver(batchOf([{ id: 'm-bad', body: { siteId: '', event: 'RecordHit' } }]))
    expect(result.explicitAcks).toEqual(['m-bad'])
    expect(result.retryMessages).toEqual([])
    expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({
      event: 'analytics-message-invalid',
      messageId: 'm-bad',
    })
    const row = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM analytics_events WHERE message_id = 'm-bad'",
    ).first()
    expect(row).toEqual({ n: 0 })
  })
})
