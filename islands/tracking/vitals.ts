/**
 * LCP, CLS and FCP read from the browser's buffered performance entries, by the definitions the
 * `web-vitals` library uses (a paint counts only while the page was visible; LCP stops at the
 * shopper's first input; CLS is the largest session window of shifts less than 1 s apart and at
 * most 5 s long, shifts right after input left out; times from the page's activation); first
 * input delay from the `first-input` entry (its processing start less its start, as web-vitals 3
 * had it), and time to interactive as Lighthouse defines it: from the first contentful paint
 * (or DOMContentLoaded, if later), the end of the last long task before the first 5 s without
 * one, looked for within the first 30 s of the page (the collector's page-speed window). Our own
 * few lines instead of the library's, so the tracking script loaded on every page stays small
 * (the product page's JavaScript before interaction is held to 10 KB). INP, which needs the
 * library's event-timing logic, is still web-vitals', loaded on the first interaction.
 */
import { type PerformanceField, TRACKING } from '../../shared/index'

/** `layout-shift` entries (not in TypeScript's DOM types). */
interface LayoutShift extends PerformanceEntry {
  value: number
  hadRecentInput: boolean
}

const SESSION_GAP_MS = 1000
const SESSION_MAX_MS = 5000

/**
 * Calls `report` with each metric's latest value as the browser reports entries. Returns a
 * function that hands over entries the browser has not delivered yet (call it before sending:
 * a page left right after loading may not have had its buffered entries delivered).
 */
export function observeVitals(report: (field: PerformanceField, value: number) => void): () => void {
  const nav = performance.getEntriesByType('navigation')[0] as
    | (PerformanceNavigationTiming & { activationStart?: number })
    | undefined
  const activation = nav?.activationStart ?? 0
  const since = (time: number) => Math.max(time - activation, 0)
  let hiddenAt = document.visibilityState === 'hidden' ? 0 : Number.POSITIVE_INFINITY
  addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState === 'hidden') hiddenAt = Math.min(hiddenAt, performance.now())
    },
    { capture: true },
  )
  const observers: [PerformanceObserver, (entries: PerformanceEntryList) => void][] = []
  const observe = (type: string, handle: (entries: PerformanceEntryList) => void) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return false
    const observer = new PerformanceObserver((list) => handle(list.getEntries()))
    observer.observe({ type, buffered: true })
    observers.push([observer, handle])
    return true
  }

  let fcp: number | undefined
  observe('paint', (entries) => {
    for (const entry of entries) {
      if (entry.name !== 'first-contentful-paint') continue
      fcp = entry.startTime
      if (entry.startTime < hiddenAt) report('first_contentful_paint_ms', since(entry.startTime))
    }
  })

  let lcpFinal = false
  for (const type of ['keydown', 'click'])
    addEventListener(type, () => (lcpFinal = true), { once: true, capture: true })
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1)
    if (!lcpFinal && last !== undefined && last.startTime < hiddenAt)
      report('largest_contentful_paint_ms', since(last.startTime))
  })

  let session = 0
  let first = 0
  let previous = 0
  let largest = 0
  const watching = observe('layout-shift', (entries) => {
    for (const entry of entries as LayoutShift[]) {
      if (entry.hadRecentInput) continue
      const sameSession =
        session > 0 && entry.startTime - previous < SESSION_GAP_MS && entry.startTime - first < SESSION_MAX_MS
      if (sameSession) session += entry.value
      else {
        session = entry.value
        first = entry.startTime
      }
      previous = entry.startTime
      largest = Math.max(largest, session)
    }
    report('cumulative_layout_shift', largest)
  })
  // A page where nothing moved has a CLS of 0, not none.
  if (watching) report('cumulative_layout_shift', largest)

  observe('first-input', (entries) => {
    const first = entries[0] as PerformanceEventTiming | undefined
    if (first !== undefined && first.startTime < hiddenAt)
      report('first_input_delay_ms', Math.max(first.processingStart - first.startTime, 0))
  })

  const longTasks: [start: number, end: number][] = []
  observe('longtask', (entries) => {
    for (const entry of entries) longTasks.push([entry.startTime, entry.startTime + entry.duration])
  })
  /**
   * Time to interactive: from the first paint (or DOMContentLoaded), each long task that starts
   * before 5 s have passed quietly moves it to the task's end; the first 5 s without one settles
   * it. Not reported before that window has passed, nor when it settles past the page-speed window.
   */
  const interactive = () => {
    if (fcp === undefined || nav === undefined || fcp >= hiddenAt) return
    const { quietWindowMs, timingWindowMs } = TRACKING.performance
    let candidate = Math.max(fcp, nav.domContentLoadedEventEnd)
    for (const [start, end] of longTasks.sort((a, b) => a[0] - b[0])) {
      if (end <= candidate) continue
      if (start - candidate >= quietWindowMs) break
      candidate = end
    }
    const settled = longTasks.some(([start]) => start - candidate >= quietWindowMs)
    if (candidate <= timingWindowMs && (settled || performance.now() - candidate >= quietWindowMs))
      report('time_to_interactive_ms', since(candidate))
  }
  return () => {
    for (const [observer, handle] of observers) {
      const pending = observer.takeRecords()
      if (pending.length > 0) handle(pending)
    }
    interactive()
  }
}
