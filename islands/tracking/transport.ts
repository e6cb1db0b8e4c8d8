/**
 * How the tracking script sends (platform.md section 7, storefront.md section 7): every
 * analytics post gives up after 2.5 seconds and its failure is ignored; a status other than
 * 200 or 202 is only a console warning ('Error tracking event: HTTP Status {n}'). Beacons
 * (`navigator.sendBeacon`) go out even while the page is being left.
 */
import { fillText, TRACKING, TRACKING_TEXT } from '../../shared/index'

/** POSTs `body`; resolves either way (failures are ignored, never thrown into the page). */
export async function post(url: string, body: BodyInit, headers: Record<string, string> = {}): Promise<void> {
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
      console.warn(fillText(TRACKING_TEXT.httpStatus, { n: response.status }))
    }
  } catch {
    // platform.md section 9: analytics failures are ignored.
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
