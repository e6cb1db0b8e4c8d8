/**
 * Tab and Shift+Tab kept inside a modal panel (storefront.md section 2: "Tab focus is trapped
 * while open"): the installment teaser's dialog and Quick View's. No React, so the Quick View
 * dialog's plain script uses it too.
 */

/** The controls Tab reaches in a dialog. */
export const FOCUSABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  // A framed page (the installment provider's terms) takes focus as one stop.
  'iframe',
  '[tabindex]',
]
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ')

/** Keeps Tab and Shift+Tab cycling through the panel's own controls (call on each Tab keydown). */
export function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (control) => control.getClientRects().length > 0,
  )
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (first === undefined || last === undefined) return
  const active = document.activeElement
  const inside = active instanceof Node && panel.contains(active)
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
  }
}
