/**
 * The installment teaser island in the browser. It hydrates the server's pill as it is (same
 * view, same props), then: shows the price of the variant the variant picker announces
 * (`storefront:variant-change` on the product element, including the one that woke it), and
 * runs the information dialog, a native modal `<dialog>` that may already be open (the shopper
 * clicked before the island was live): focus on its close button, Tab and Shift+Tab kept inside,
 * closed on Escape, on a click on the overlay and on its buttons, with focus back on the info
 * button. The first time it opens, it loads the provider's own terms page for the shopper's
 * locale (storefront.md sections 7 and 9: the country's language that matches the browser's,
 * else the country's first) and frames it; a failed load is only a console warning
 * (storefront.md section 8) and the dialog keeps the teaser's sentence and its close button.
 * Opening and closing it tell the tracking script, which sends the `overlay` beacon.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { fillText, INSTALLMENTS_TEXT } from '../../shared/index'
import { dispatchIslandEvent, ISLAND_EVENT, onIslandEvent } from '../constants'
import { defineClient } from '../contracts'
import { FOCUSABLE, trapTab } from '../parts/focus-trap'
import { INSTALLMENT_MODAL_PATH, installmentLocale, variantPriceAmount } from './rules'
import { type InstallmentTeaserProps, InstallmentTeaserView } from './view'

/**
 * GETs the provider's page for the shopper's locale and answers its final address (after the
 * worker's redirect to the real provider), or null when it did not load: the warning is logged
 * here, and nothing else happens (storefront.md section 8).
 */
async function loadProviderPage(country: string): Promise<string | null> {
  const locale = installmentLocale(country, navigator.languages ?? [navigator.language])
  if (locale === null) return null
  const url = `${INSTALLMENT_MODAL_PATH}/${locale}`
  try {
    const response = await fetch(url, { credentials: 'omit' })
    if (response.ok) return response.url || url
    console.warn(fillText(INSTALLMENTS_TEXT.pageLoadFailed, { url, reason: `HTTP ${response.status}` }))
  } catch (error) {
    console.warn(fillText(INSTALLMENTS_TEXT.pageLoadFailed, { url, reason: String(error) }))
  }
  return null
}

/** The overlay beacon's name for the dialog of an item. */
const overlayId = (itemId: string) => `installments-${itemId}`

function InstallmentTeaser(props: InstallmentTeaserProps) {
  const [currentPrice, setCurrentPrice] = useState<string | null>(props.price)
  const [open, setOpen] = useState(false)
  const [providerPage, setProviderPage] = useState<string | null>(null)
  // Loaded once per page view: a failure is not tried again on every opening.
  const loadStarted = useRef(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const dialogRef = useRef<HTMLDialogElement>(null)

  const close = useCallback(() => {
    if (dialogRef.current?.open) dialogRef.current.close()
    setOpen(false)
    buttonRef.current?.focus()
  }, [])

  // The chosen variant's price decides the message; no variant brings the page's price back.
  useEffect(() => {
    const product = rootRef.current?.closest('[data-item-id]') ?? document
    return onIslandEvent(
      product,
      ISLAND_EVENT.variantChange,
      ({ itemId, variant }) => {
        if (itemId !== props.itemId) return
        setCurrentPrice(variant === null ? props.price : (variantPriceAmount(variant) ?? props.price))
      },
      { last: true },
    )
  }, [props.itemId, props.price])

  // The native dialog tells when it opens (its invoker, even before hydration) and closes (Escape).
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (dialog.open) setOpen(true)
    const onToggle = () => {
      setOpen(dialog.open)
      if (!dialog.open) buttonRef.current?.focus()
    }
    dialog.addEventListener('toggle', onToggle)
    return () => dialog.removeEventListener('toggle', onToggle)
  }, [])

  // The provider's page, the first time the dialog opens.
  useEffect(() => {
    if (!open || loadStarted.current) return
    loadStarted.current = true
    void loadProviderPage(props.country).then(setProviderPage)
  }, [open, props.country])

  // Shown and dismissed, for the `overlay` beacon (islands/tracking sends it).
  useEffect(() => {
    if (!open) return
    dispatchIslandEvent(document, ISLAND_EVENT.overlay, {
      overlayId: overlayId(props.itemId),
      action: 'show',
    })
    return () =>
      void dispatchIslandEvent(document, ISLAND_EVENT.overlay, {
        overlayId: overlayId(props.itemId),
        action: 'dismiss',
      })
  }, [open, props.itemId])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!open || dialog === null) return
    if (!dialog.open) dialog.showModal()
    const panel = dialog.firstElementChild instanceof HTMLElement ? dialog.firstElementChild : dialog
    if (!panel.contains(document.activeElement)) panel.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') trapTab(event, panel)
    }
    // A click on the overlay itself, not on the panel inside it, is a click outside.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) close()
    }
    dialog.addEventListener('keydown', onKeyDown)
    dialog.addEventListener('click', onClick)
    return () => {
      dialog.removeEventListener('keydown', onKeyDown)
      dialog.removeEventListener('click', onClick)
    }
  }, [open, close])

  return (
    <InstallmentTeaserView
      {...props}
      currentPrice={currentPrice}
      open={open}
      providerPage={providerPage}
      onOpen={() => setOpen(true)}
      onClose={close}
      rootRef={rootRef}
      buttonRef={buttonRef}
      dialogRef={dialogRef}
    />
  )
}

export default defineClient('installment-teaser', InstallmentTeaser)
