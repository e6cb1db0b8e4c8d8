// The queues of wrangler.toml, as wrangler reads them, in both environments (issue 19): every
// consumer retries with back-off for longer than ten minutes, then hands its messages to a
// dead-letter queue that has a consumer of its own, and a worker consumes every queue: the API
// Worker (worker/api-worker/wrangler.toml) the storefront's, the editor's the connections'; the
// page Worker (wrangler.toml) consumes none.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { DEAD_LETTER_MAX_RETRIES, deadLetterRetryDelaySeconds } from '../../worker/queues/dead-letters'
import {
  ANALYTICS_QUEUE,
  CONNECTIONS_DEAD_LETTER_QUEUE,
  CONNECTIONS_QUEUE,
  DEAD_LETTER_QUEUES,
  NOTIFICATIONS_QUEUE,
  ORDER_EMAILS_QUEUE,
} from '../../worker/queues/names'
import { MAX_RETRIES, retryDelaySeconds, totalRetryWaitSeconds } from '../../worker/queues/retry'

const ENVIRONMENTS = ['development', 'production'] as const

describe('Queue configuration', () => {
  for (const environment of ENVIRONMENTS) {
    it(`Should give every consumer a dead-letter queue that has a consumer (${environment})`, () => {
      const storefront = env.TEST_QUEUES[environment]
      const api = env.TEST_API_QUEUES[environment]
      const editor = env.TEST_EDITOR_QUEUES[environment]
      // The editor's Worker consumes the connections queues; the API Worker every other one.
      const consumers = [...api.consumers, ...editor.consumers]
      expect(storefront.consumers).toEqual([])
      const apiNames = api.consumers.map((consumer) => consumer.queue).sort()
      expect(apiNames).toEqual(
        [
          ANALYTICS_QUEUE,
          NOTIFICATIONS_QUEUE,
          ORDER_EMAILS_QUEUE,
          'storefront-analytics-dlq',
          'storefront-notifications-dlq',
          'storefront-order-emails-dlq',
        ].sort(),
      )
      expect(editor.consumers.map((consumer) => consumer.queue).sort()).toEqual(
        ['editor-jobs', CONNECTIONS_QUEUE, CONNECTIONS_DEAD_LETTER_QUEUE].sort(),
      )
      for (const queue of [ANALYTICS_QUEUE, NOTIFICATIONS_QUEUE, CONNECTIONS_QUEUE, ORDER_EMAILS_QUEUE]) {
        const consumer = consumers.find((candidate) => candidate.queue === queue)
        expect(consumer?.max_retries).toBe(MAX_RETRIES)
        expect(consumer?.retry_delay).toBeGreaterThan(0)
        const deadLetters = consumer?.dead_letter_queue ?? ''
        expect(DEAD_LETTER_QUEUES[deadLetters]).toBe(queue)
      }
      for (const deadLetters of Object.keys(DEAD_LETTER_QUEUES)) {
        const consumer = consumers.find((candidate) => candidate.queue === deadLetters)
        expect(consumer?.max_retries).toBe(DEAD_LETTER_MAX_RETRIES)
        expect(consumer?.dead_letter_queue).toBeUndefined()
      }
      expect(storefront.producers.map((producer) => producer.binding).sort()).toEqual([
        'ANALYTICS_QUEUE',
        'CONNECTIONS_QUEUE',
        'NOTIFICATIONS_QUEUE',
        'ORDER_EMAILS_QUEUE',
      ])
      // The API Worker produces onto the same queues as the page Worker.
      expect(api.producers).toEqual(storefront.producers)
      // The editor's producers name the same queues as the storefront's (one queue, two Workers).
      for (const producer of editor.producers) {
        const same = storefront.producers.find((candidate) => candidate.binding === producer.binding)
        if (same !== undefined) expect(producer.queue).toBe(same.queue)
      }
      expect(editor.producers.map((producer) => producer.binding)).toContain('CONNECTIONS_QUEUE')
    })
  }

  it('Should back off exponentially and keep retrying for more than ten minutes', () => {
    const delays = Array.from({ length: MAX_RETRIES }, (_, i) => retryDelaySeconds(i + 1))
    expect(delays).toEqual([10, 20, 40, 80, 160, 300, 300, 300])
    expect(totalRetryWaitSeconds()).toBe(1210)
    expect(totalRetryWaitSeconds()).toBeGreaterThan(10 * 60)
  })

  it('Should keep the dead-letter consumer retrying for about four days (the queue’s retention)', () => {
    let total = 0
    for (let attempts = 1; attempts <= DEAD_LETTER_MAX_RETRIES; attempts++) {
      total += deadLetterRetryDelaySeconds(attempts)
    }
    expect(total / 3600).toBeGreaterThan(90)
    expect(total / 3600).toBeLessThan(96)
  })
})
