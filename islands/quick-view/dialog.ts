/**
 * Quick View's dialog (issue 24), imported on the first click on a product card's Quick View
 * button (trigger.ts). A native modal `<dialog>`: the page behind it is inert; it closes on
 * Escape (the browser's `cancel`), on a click outside its panel (the backdrop) and on its close
 * button; Tab and Shift+Tab stay inside it; focus goes back to the card's button when it closes.
 * On a phone it is a full-screen sheet (styles.ts).
 *
 * Its body is the product as the worker renders it for Quick View (`API.quickView`: the tenant's
 * `quick-view` template, printing the product page's own islands: the gallery, the variant picker
 * with quantity and add-to-cart), hydrated by the island runtime, which is imported here when
 * the page did not load it (a product grid has no island of its own). Each product's body is kept
 * once loaded, live: opening it again shows it as the shopper left it. Opening records
 * `RecordQuickView/{id}` and the `overlay` beacon (`show`; `submit` when the shopper adds the
 * product to the cart from it, `dismiss` when it closes otherwise).
 */
import { API, QUICK_VIEW_TEXT } from '../../shared/index'
import { ISLAND_EVENT, onIslandEvent, QUICK_VIEW_ATTR, QUICK_VIEW_TEXT_ATTR } from '../constants'
import { request } from '../http'
import { trapTab } from '../parts/focus-trap'
import { sendOverlayBeacon, sendQuickViewRecord } from '../tracking/overlay'

type Words = Record<keyof typeof QUICK_VIEW_TEXT, string>

/**
 * The dialog's words as the tenant writes them: the page's Quick View script tag carries them
 * (worker/render/islands.ts); the catalogue's own where it does not.
 */
function wordsOf(): Words {
  try {
    const json = document.querySelector(`script[${QUICK_VIEW_TEXT_ATTR}]`)?.getAttribute(QUICK_VIEW_TEXT_ATTR)
    return { ...QUICK_VIEW_TEXT, ...(json ? (JSON.parse(json) as Partial<Words>) : {}) }
  } catch {
    return QUICK_VIEW_TEXT
  }
}
const TEXT = wordsOf()

/** The overlay's id in its beacons. */
const OVERLAY_ID = 'quick-view'

interface QuickView {
  dialog: HTMLDialogElement
  panel: HTMLElement
  body: HTMLElement
  close: HTMLButtonElement
  /** The card's button that opened it: focus returns there. */
  opener: HTMLElement | null
  itemId: string | null
  /** Whether the shopper added the product to the cart since it opened. */
  submitted: boolean
}

/** Each product's body once loaded (live islands inside): shown again as the shopper left it. */
const bodies = new Map<string, HTMLElement>()
let current: QuickView | null = null

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  node.className = className
  if (text) node.textContent = text
  return node
}

function create(): QuickView {
  const dialog = element('dialog', 'quick-view')
  const panel = element('div', 'quick-view-panel')
  const close = element('button', 'quick-view-close')
  close.type = 'button'
  close.setAttribute('aria-label', TEXT.quickViewClose)
  close.append(Object.assign(element('span', ''), { ariaHidden: 'true', textContent: '×' }))
  const body = element('div', 'quick-view-body')
  panel.append(close, body)
  dialog.append(panel)
  document.body.append(dialog)
  const view: QuickView = { dialog, panel, body, close, opener: null, itemId: null, submitted: false }

  close.addEventListener('click', () => dialog.close())
  // A click on the backdrop reaches the dialog itself; one on its panel (or a dialog opened from
  // inside it: the additional-fields form, an alert) does not.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close()
  })
  dialog.addEventListener('keydown', (event) => {
    // A dialog opened inside it keeps Tab to itself (the browser makes the rest inert).
    if (event.key === 'Tab' && event.target instanceof Element && event.target.closest('dialog') === dialog)
      trapTab(event, panel)
  })
  dialog.addEventListener('close', () => {
    if (!view.submitted) sendOverlayBeacon(OVERLAY_ID, 'dismiss')
    view.opener?.focus()
  })
  onIslandEvent(document, ISLAND_EVENT.addToCart, ({ itemId }) => {
    if (!dialog.open || itemId !== view.itemId || view.submitted) return
    view.submitted = true
    sendOverlayBeacon(OVERLAY_ID, 'submit')
  })
  return view
}

/** A status line in the body (loading, or the failure with the product page's link). */
function showStatus(view: QuickView, text: string, href?: string): void {
  const status = element('div', 'quick-view-status', text)
  status.setAttribute('role', 'status')
  if (href !== undefined) {
    const link = element('a', 'button quick-view-page', TEXT.quickViewOpenPage)
    link.href = href
    status.append(element('br', ''), link)
  }
  view.body.replaceChildren(status)
}

async function load(view: QuickView, itemId: string, href: string): Promise<void> {
  const answer = await request(API.quickView, undefined, { params: { itemId } })
  if (!answer.ok) {
    if (view.itemId === itemId) showStatus(view, TEXT.quickViewFailed, href)
    return
  }
  const body = element('div', 'quick-view-content')
  // The worker's own markup for this product: every record value in it is escaped by the template.
  body.innerHTML = answer.data.html
  bodies.set(itemId, body)
  if (view.itemId !== itemId) return
  view.body.replaceChildren(body)
  view.dialog.removeAttribute('aria-busy')
  // The runtime (the page's own when it has islands: the same module) hydrates the body's islands.
  const { hydrateIslands } = await import('../runtime/index')
  hydrateIslands(body)
}

/** Opens Quick View of the product a card's Quick View link names. */
export function openQuickView(link: HTMLAnchorElement): void {
  const itemId = link.getAttribute(QUICK_VIEW_ATTR) ?? ''
  current ??= create()
  const view = current
  view.opener = link
  view.itemId = itemId
  view.submitted = false
  const card = link.closest('[data-item-id]')
  const title = card?.querySelector('.product-card-title')?.textContent?.trim()
  view.dialog.setAttribute('aria-label', title || TEXT.quickView)
  const known = bodies.get(itemId)
  if (known) {
    view.body.replaceChildren(known)
    view.dialog.removeAttribute('aria-busy')
  } else {
    view.dialog.setAttribute('aria-busy', 'true')
    showStatus(view, TEXT.quickViewLoading)
    void load(view, itemId, link.href)
  }
  if (!view.dialog.open) view.dialog.showModal()
  view.close.focus()
  sendQuickViewRecord(itemId)
  sendOverlayBeacon(OVERLAY_ID, 'show')
}
