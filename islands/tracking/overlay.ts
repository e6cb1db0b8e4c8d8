/**
 * The overlay beacons (storefront.md section 7: `POST /api/census/overlay`, failures ignored)
 * and Quick View's record (`POST /api/census/RecordQuickView/{id}`), sent through the tracking
 * script's own transport (a form-encoded beacon, 2.5 s at most, never thrown into the page) with
 * the visitor record (`ss_cvr`), as the page view is. A dialog's own script calls these when it
 * opens and closes: a shopper may open one before the tracking script has loaded (it waits for
 * an idle moment), and the record must not be lost then.
 */
import { overlay, recordQuickView } from '../../shared/api-routes'
import { COOKIE } from '../../shared/index'
import { cookieValue } from '../cookies'
import { formBeacon } from './transport'

/** What happened to an overlay (worker/analytics/schemas.ts `overlayBeaconSchema`). */
export type OverlayAction = 'show' | 'dismiss' | 'submit'

/** `overlay`: a pop-up (`overlayId`) shown, dismissed or submitted on this page. */
export function sendOverlayBeacon(overlayId: string, action: OverlayAction): void {
  formBeacon(overlay.path, {
    data: JSON.stringify({ overlayId, action, pagePath: location.pathname }),
    ss_cvr: cookieValue(COOKIE.census),
  })
}

/** `RecordQuickView/{id}`: the shopper opened Quick View of item `itemId` on this page. */
export function sendQuickViewRecord(itemId: string): void {
  formBeacon(recordQuickView.path.replace(':id', encodeURIComponent(itemId)), {
    data: JSON.stringify({ pagePath: location.pathname }),
    ss_cvr: cookieValue(COOKIE.census),
  })
}
