/**
 * The error reporter (platform.md sections 3, 7, 8 and 9): uncaught errors and unhandled
 * rejections are queued silently (at most 10 entries waiting; more are dropped) and sent
 * debounced by a second to `API.recordJavascriptErrors` as a JSON array of
 * `{event, data (JSON text), timestamp}`, with the crumb as `X-CSRF-Token`; at most 20 batches
 * a page, stacks cut at 5000 characters.
 */

import { recordJavascriptErrors } from '../../shared/api-routes'
import { COOKIE, TRACKING } from '../../shared/index'
import { CRUMB_HEADER } from '../constants'
import { cookieValue } from '../cookies'
import type { TrackingContext } from './contract'
import { post } from './transport'

const { maxBatches, maxEntries, debounceMs, stackLimit } = TRACKING.errorReporting

interface ErrorEntry {
  event: string
  data: string
  timestamp: number
}

/** Starts reporting this page's uncaught errors. */
export function reportErrors(context: TrackingContext): void {
  let queue: ErrorEntry[] = []
  let batches = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const flush = () => {
    timer = undefined
    if (queue.length === 0 || batches >= maxBatches) return
    batches++
    const body = JSON.stringify(queue)
    queue = []
    void post(recordJavascriptErrors.path, body, {
      'Content-Type': 'application/json',
      [CRUMB_HEADER]: cookieValue(COOKIE.visitor) ?? '',
    })
  }

  const record = (message: string, error: unknown, file?: string, line?: number, column?: number) => {
    if (queue.length >= maxEntries || batches >= maxBatches) return
    const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : ''
    queue.push({
      event: 'JavascriptError',
      data: JSON.stringify({
        websiteId: context.websiteId,
        templateId: context.pageKind,
        pageUrl: location.href,
        userAgent: navigator.userAgent,
        appName: TRACKING.clientName,
        message: message.slice(0, stackLimit),
        stack: stack.slice(0, stackLimit),
        file,
        line,
        column,
        customInfo: { pageId: context.pageId },
      }),
      timestamp: Date.now(),
    })
    clearTimeout(timer)
    timer = setTimeout(flush, debounceMs)
  }

  addEventListener('error', (event) =>
    record(event.message, event.error, event.filename, event.lineno, event.colno),
  )
  addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason
    record(reason instanceof Error ? reason.message : String(reason), reason)
  })
}
