/**
 * The tracking script's entry: the page's `<script type="module" data-tracking>` tag (worker/
 * render/tracking.ts), a few hundred bytes. It reads the page's tracking context from the tag
 * and, once the browser is idle (3 s at the latest), imports the rest (start.ts): nothing runs
 * inline, and the page is usable before any of it arrives.
 */
import { ISLAND_EVENT, type IslandEventDetails } from '../constants'
import { TRACKING_ATTR, type TrackingContext } from './contract'

function contextOf(): TrackingContext | null {
  try {
    const json = document.querySelector(`script[${TRACKING_ATTR}]`)?.getAttribute(TRACKING_ATTR)
    return json ? (JSON.parse(json) as TrackingContext) : null
  } catch {
    return null
  }
}

const context = contextOf()
if (context !== null) {
  // Island failures before the reporter starts (a review load that failed first) are kept for it.
  const early: IslandEventDetails[typeof ISLAND_EVENT.error][] = []
  const keep = (event: Event) => early.push((event as CustomEvent).detail)
  document.addEventListener(ISLAND_EVENT.error, keep)
  const load = () =>
    import('./start')
      .then(({ start }) => {
        document.removeEventListener(ISLAND_EVENT.error, keep)
        start(context, early)
      })
      // An analytics failure never breaks a page (storefront.md section 8).
      .catch(() => {})
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 3000 })
  else setTimeout(load, 200)
}
