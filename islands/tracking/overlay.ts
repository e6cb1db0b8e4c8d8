/**
 * The `overlay` beacon (storefront.md section 7, `POST /api/census/overlay`): a dialog over the
 * page shown or dismissed. Islands do not send it themselves: they fire `storefront:overlay`
 * on the document (islands/constants.ts) and this sends it with the census cookie, failures
 * ignored, like every census beacon. The last one fired before the script started is sent too
 * (the script starts when the browser is idle, a shopper can be quicker).
 */
import { overlay } from '../../shared/api-routes'
import { COOKIE } from '../../shared/index'
import { ISLAND_EVENT, onIslandEvent } from '../constants'
import { cookieValue } from '../cookies'
import { formBeacon } from './transport'

export function sendOverlayBeacons(): void {
  onIslandEvent(
    document,
    ISLAND_EVENT.overlay,
    ({ overlayId, action }) =>
      formBeacon(overlay.path, {
        data: JSON.stringify({ overlayId, action, pagePath: location.pathname }),
        ss_cvr: cookieValue(COOKIE.census),
      }),
    { last: true },
  )
}
