/**
 * The census beacons a page sends besides its page view (storefront.md section 7):
 *
 * - `button-render` for each of the site's buttons on the page (button blocks and links styled
 *   as buttons, `TRACKING.buttons.selector`; at most `maxRendered` a page), and `button-click`
 *   when the visitor follows one: `{buttonText, buttonUrl, blockId, pagePath}`;
 * - `form-render` once a public form is shown (the first time its wrapper, `[data-form-id]`,
 *   enters the viewport): `formId` and `visitorCookie`, the visitor record (`ss_cvr`).
 *
 * All go by beacon, so a click that leaves the page still counts. The worker applies the
 * suppression rules (worker/analytics/gate.ts); a failure is ignored.
 */
import { buttonClick, buttonRender, formRender } from '../../shared/api-routes'
import { COOKIE, TRACKING } from '../../shared/index'
import { cookieValue } from '../cookies'
import { formBeacon } from './transport'

/** The attribute on a public form's wrapper that names the form (islands/public-form/view.tsx). */
const FORM_ID_ATTR = 'data-form-id'

/** The schema's limits (worker/analytics/schemas.ts `buttonBeaconSchema`). */
const TEXT_MAX = 500
const URL_MAX = 2048

function buttonData(button: Element) {
  const href = button.getAttribute('href')
  return JSON.stringify({
    buttonText: (button.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, TEXT_MAX),
    buttonUrl: href === null ? undefined : new URL(href, location.href).href.slice(0, URL_MAX),
    blockId: button.closest('[data-block-id]')?.getAttribute('data-block-id') ?? undefined,
    pagePath: location.pathname,
  })
}

function sendButton(url: string, button: Element): void {
  formBeacon(url, { data: buttonData(button), ss_cvr: cookieValue(COOKIE.census) })
}

/** `button-render` for the page's buttons, and `button-click` on each click of one. */
export function trackButtons(): void {
  const { selector, maxRendered } = TRACKING.buttons
  const buttons = [...document.querySelectorAll(selector)].slice(0, maxRendered)
  for (const button of buttons) sendButton(buttonRender.path, button)
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest(selector) : null
      if (button !== null) sendButton(buttonClick.path, button)
    },
    { capture: true },
  )
}

/** `form-render` for each public form, once, when it is first shown. */
export function trackForms(): void {
  const forms = document.querySelectorAll(`[${FORM_ID_ATTR}]`)
  if (forms.length === 0 || typeof IntersectionObserver !== 'function') return
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      const formId = entry.target.getAttribute(FORM_ID_ATTR)
      if (formId) formBeacon(formRender.path, { formId, visitorCookie: cookieValue(COOKIE.census) })
    }
  })
  for (const form of forms) observer.observe(form)
}
