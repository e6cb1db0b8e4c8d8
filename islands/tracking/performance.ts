/**
 * The performance collector (platform.md sections 3, 5, 7 and 9). It asks
 * `API.performanceSettings` for the page load's id and the feature flags (`rum`,
 * `track-page-speed`, `track-user-timing`: the worker's rollout variants for this visitor),
 * measures LCP, CLS, FCP, first input delay and time to interactive from the start (vitals.ts),
 * TTFB and the rest from the navigation timing, INP with the `web-vitals` library from the first
 * interaction, keeps user-timing marks that carry the product's prefix and fall within the
 * first 30 s (the user-timing window), and sends them to `API.performanceRecords` as
 * `{app, data, event, pageLoadId, ts}` entries: by beacon when the page is hidden or left, else
 * by XHR as text/plain; at the latest after the 60 s web-vitals time-out. INP goes in the added
 * `interaction_to_next_paint_ms` field (the spec's payload predates it). A failed settings call
 * or an unexpected status is a console warning and a report to the error reporter.
 */
import type { Metric } from 'web-vitals'
import { performanceRecords, performanceSettings } from '../../shared/api-routes'
import {
  fillText,
  type PerformanceField,
  type PerformanceFlag,
  TRACKING,
  TRACKING_TEXT,
} from '../../shared/index'
import { reportTrackingFailure } from './transport'
import { observeVitals } from './vitals'

const APP = 'storefront'

interface Settings {
  pageLoadId: string
  settings: Partial<Record<PerformanceFlag, boolean>>
}

async function readSettings(): Promise<Settings | null> {
  try {
    const response = await fetch(performanceSettings.path, {
      signal: AbortSignal.timeout(TRACKING.timeoutMs),
    })
    if (response.status !== 200) throw new Error(String(response.status))
    const body = (await response.json()) as Settings
    if (typeof body.pageLoadId !== 'string') throw new Error('no pageLoadId')
    return body
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    const message = timedOut ? TRACKING_TEXT.settingsTimeout : TRACKING_TEXT.pageLoadIdUnresolved
    console.warn(message)
    reportTrackingFailure(`${message}: ${String(error)}`)
    return null
  }
}

/** What counts as the shopper's first interaction (as the island runtime counts it). */
const INTERACTIONS = ['pointerdown', 'keydown'] as const

/**
 * INP measures interactions, so its part of web-vitals (the largest) is loaded on the first
 * one, not before: it reads that interaction from the browser's buffered `first-input` and
 * event timing entries, so nothing is missed, and the page's JavaScript before interaction
 * stays small.
 */
function onFirstInteraction(report: (metric: Metric) => void): void {
  const controller = new AbortController()
  const load = () => {
    controller.abort()
    import('web-vitals/onINP.js').then(({ onINP }) => onINP(report)).catch(() => {})
  }
  for (const type of INTERACTIONS)
    addEventListener(type, load, { capture: true, passive: true, signal: controller.signal })
}

/** The navigation timing's fields, in milliseconds from the navigation's start, or bytes. */
function navigationTiming(): Partial<Record<PerformanceField, number>> {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  if (nav === undefined) return {}
  return {
    domain_lookup_ms: nav.domainLookupEnd - nav.domainLookupStart,
    tcp_connection_ms: nav.connectEnd - nav.connectStart,
    tls_negotiation_ms: nav.secureConnectionStart > 0 ? nav.connectEnd - nav.secureConnectionStart : 0,
    // TTFB as web-vitals counts it: from the page's activation (prerendered pages), never below 0.
    response_start_ms: Math.max(
      nav.responseStart - ((nav as { activationStart?: number }).activationStart ?? 0),
      0,
    ),
    dom_content_loaded_event_start_ms: nav.domContentLoadedEventStart,
    dom_content_loaded_event_end_ms: nav.domContentLoadedEventEnd,
    load_event_start_ms: nav.loadEventStart,
    load_event_end_ms: nav.loadEventEnd,
    encoded_body_size_bytes: nav.encodedBodySize,
    decoded_body_size_bytes: nav.decodedBodySize,
  }
}

/** Sends the records: a beacon while the page goes away, else an XHR as text/plain. */
function sendRecords(json: string, leaving: boolean): void {
  const body = new Blob([json], { type: 'text/plain' })
  if (
    leaving &&
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(performanceRecords.path, body)
  )
    return
  const xhr = new XMLHttpRequest()
  xhr.open('POST', performanceRecords.path)
  xhr.timeout = TRACKING.timeoutMs
  xhr.setRequestHeader('Content-Type', 'text/plain')
  xhr.onload = () => {
    if (!TRACKING.successStatuses.includes(xhr.status)) {
      const message = fillText(TRACKING_TEXT.xhrUnexpectedStatus, { n: xhr.status })
      console.warn(message)
      reportTrackingFailure(message)
    }
  }
  xhr.send(json)
}

/** Starts the collector for this page. */
export async function collectPerformance(): Promise<void> {
  // Observed from the start (buffered entries arrive a task later); sent only if the settings allow.
  const vitals: Partial<Record<PerformanceField, number>> = {}
  const deliverPending = observeVitals((field, value) => {
    vitals[field] = value
  })
  const settings = await readSettings()
  if (settings === null) return
  const flags = settings.settings
  const speed = flags.rum !== false && flags['track-page-speed'] !== false
  const userTiming = flags['track-user-timing'] !== false
  if (!speed && !userTiming) return
  if (speed) {
    onFirstInteraction((metric) => {
      vitals.interaction_to_next_paint_ms = metric.value
    })
  }
  let sent = false
  const flush = (leaving: boolean) => {
    if (sent) return
    sent = true
    const ts = Date.now()
    const entries = []
    if (speed) {
      deliverPending()
      const data = { ...navigationTiming(), ...vitals }
      if (Object.keys(data).length === 0) console.warn(TRACKING_TEXT.dataEmpty)
      else entries.push({ app: APP, event: 'Performance', data, pageLoadId: settings.pageLoadId, ts })
    }
    if (userTiming) {
      const marks = performance
        .getEntriesByType('mark')
        .filter(
          (mark) =>
            mark.name.startsWith(TRACKING.userTimingPrefix) &&
            mark.startTime <= TRACKING.performance.userTimingWindowMs,
        )
        .map((mark) => ({ name: mark.name, startTime: mark.startTime }))
      if (marks.length > 0)
        entries.push({ app: APP, event: 'UserTiming', data: { marks }, pageLoadId: settings.pageLoadId, ts })
    }
    if (entries.length > 0) sendRecords(JSON.stringify(entries), leaving)
  }
  // After the vitals' own listeners (registered above), so the final values are in.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true)
  })
  addEventListener('pagehide', () => flush(true))
  setTimeout(() => flush(false), TRACKING.performance.measurementTimeoutMs)
}
