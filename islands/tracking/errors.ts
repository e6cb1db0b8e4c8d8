/**
 * The error reporter (platform.md sections 3, 7, 8 and 9): uncaught errors and unhandled
 * rejections are queued silently (at most 10 entries waiting; more are dropped) and sent
 * debounced by a second to `API.recordJavascriptErrors` as a JSON array of
 * `{event, data (JSON text), timestamp}`, with the crumb as `X-CSRF-Token`; at most 20 batches
 * a page, stacks cut at 5000 characters.
 *
 * Handled failures go the same way, silent for the visitor (storefront.md section 8: "Tracking
 * and review failures go to an error-reporting service"): an island's `island:error` (the
 * reviews' failed load, a failed hydration; those before this script started are handed over
 * by index.ts) as `IslandError`, and the tracking script's own failed or refused posts
 * (transport.ts) as `TrackingError`, each naming its area in `customInfo`.
 */

import { recordJavascriptErrors } from '../../shared/api-routes'
import { COOKIE, TRACKING } from '../../shared/index'
import { CRUMB_HEADER, ISLAND_EVENT, type IslandEventDetails } from '../constants'
import { cookieValue } from '../cookies'
import type { TrackingContext } from './contract'
import { onTrackingFailure, post } from './transport'

type IslandError = IslandEventDetails[typeof ISLAND_EVENT.error]

const { maxBatches, maxEntries, debounceMs, stackLimit } = TRACKING.errorReporting

interface ErrorEntry {
  event: string
  data: string
  timestamp: number
}

/** Starts reporting this page's uncaught errors and handled failures; `early`: island errors so far. */
export function reportErrors(context: TrackingContext, early: readonly IslandError[] = []): void {
  let queue: ErrorEntry[] = []
  let batches = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const flush = () => {
    timer = undefined
    if (queue.length === 0 || batches >= maxBatches) return
    batches++
    const body = JSON.stringify(queue)
    queue = []
    void post(
      recordJavascriptErrors.path,
      body,
      { 'Content-Type': 'application/json', [CRUMB_HEADER]: cookieValue(COOKIE.visitor) ?? '' },
      false,
    )
  }

  const record = (
    message: string,
    error: unknown,
    file?: string,
    line?: number,
    column?: number,
    event = 'JavascriptError',
    area?: string,
  ) => {
    if (queue.length >= maxEntries || batches >= maxBatches) return
    const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : ''
    queue.push({
      event,
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
        customInfo: area === undefined ? { pageId: context.pageId } : { pageId: context.pageId, area },
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
  const islandError = ({ name, error }: IslandError) =>
    record(
      error instanceof Error ? error.message : String(error),
      error,
      undefined,
      undefined,
      undefined,
      'IslandError',
      name,
    )
  for (const detail of early) islandError(detail)
  document.addEventListener(ISLAND_EVENT.error, (event) =>
    islandError((event as CustomEvent<IslandError>).detail),
  )
  onTrackingFailure((area, message) =>
    record(message, undefined, undefined, undefined, undefined, 'TrackingError', area),
  )
}
