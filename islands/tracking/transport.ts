/**
 * How the tracking script sends (platform.md section 7, storefront.md section 7): every
 * analytics post gives up after 2.5 seconds and its failure is silent for the visitor; a status
 * other than 200 or 202 is a console warning ('Error tracking event: HTTP Status {n}'). Both go
 * to the error reporter too (storefront.md section 8: tracking failures go to an
 * error-reporting service), except the reporter's own posts. Beacons (`navigator.sendBeacon`)
 * go out even while the page is being left.
 */
import { fillText, TRACKING, TRACKING_TEXT } from '../../shared/index'

/** Where tracking failures are reported (errors.ts sets it when the reporter starts). */
let failureReporter: ((area: string, message: string) => void) | null = null

export function onTrackingFailure(report: (area: string, message: string) => void): void {
  failureReporter = report
}

/** Reports a tracking failure to the error reporter; silent for the visitor. */
export function reportTrackingFailure(message: string): void {
  failureReporter?.('tracking', message)
}

/**
 * POSTs `body`; resolves either way (failures are reported, never thrown into the page).
 * `reported: false` for the error reporter's own posts, which must not report themselves.
 */
export async function post(
  url: string,
  body: BodyInit,
  headers: Record<string, string> = {},
  reported = true,
): Promise<void> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      credentials: 'same-origin',
      keepalive: true,
      signal: AbortSignal.timeout(TRACKING.timeoutMs),
    })
    if (!TRACKING.successStatuses.includes(response.status)) {
      const message = fillText(TRACKING_TEXT.httpStatus, { n: response.status })
      console.warn(message)
      if (reported) reportTrackingFailure(`${message} (${url})`)
    }
  } catch (error) {
    // platform.md section 9: analytics failures are ignored by the page, but reported.
    if (reported) reportTrackingFailure(`${String(error)} (${url})`)
  }
}

/** Sends by beacon when the browser takes it, else by `post`. */
export function beacon(url: string, body: URLSearchParams | Blob): void {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return
  void post(url, body)
}

/** A form-encoded beacon: `event`, `data` (JSON) and the fields given. */
export function formBeacon(url: string, fields: Record<string, string | undefined>): void {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params.set(name, value)
  if ([...params.keys()].length === 0) {
    console.warn(TRACKING_TEXT.noPayload)
    return
  }
  beacon(url, params)
}
