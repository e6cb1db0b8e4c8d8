/**
 * The overlay beacons (storefront.md section 7: `POST /api/census/overlay`, failures ignored)
 * and Quick View's record (`POST /api/census/RecordQuickView/{id}`), sent through the tracking
 * script's own transport (a form-encoded beacon, 2.5 s at most, never thrown into the page) with
 * the visitor record (`ss_cvr`), as the page view is.
 *
 * Two ways in: a dialog with a script of its own (Quick View) calls `sendOverlayBeacon` when it
 * opens and closes, since a shopper may open it before the tracking script has loaded (it waits
 * for an idle moment) and the record must not be lost then; an island without one (the
 * installment dialog) fires `storefront:overlay` on the document (islands/constants.ts), which
 * `sendOverlayBeacons` sends once the tracking script runs, the last one fired before it too.
 */
import { overlay, recordQuickView } from '../../shared/api-routes'
import { COOKIE } from '../../shared/index'
import { ISLAND_EVENT, onIslandEvent } from '../constants'
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

/** The `storefront:overlay` events islands fire, sent as `overlay` beacons. */
export function sendOverlayBeacons(): void {
  onIslandEvent(
    document,
    ISLAND_EVENT.overlay,
    ({ overlayId, action }) => sendOverlayBeacon(overlayId, action),
    {
      last: true,
    },
  )
}

/** `RecordQuickView/{id}`: the shopper opened Quick View of item `itemId` on this page. */
export function sendQuickViewRecord(itemId: string): void {
  formBeacon(recordQuickView.path.replace(':id', encodeURIComponent(itemId)), {
    data: JSON.stringify({ pagePath: location.pathname }),
    ss_cvr: cookieValue(COOKIE.census),
  })
}
