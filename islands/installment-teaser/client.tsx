/**
 * The installment teaser island in the browser. It hydrates the server's pill as it is (same
 * view, same props), then: shows the price of the variant the variant picker announces
 * (`storefront:variant-change` on the product element, including the one that woke it), and
 * runs the information dialog, a native modal `<dialog>` that may already be open (the shopper
 * clicked before the island was live): focus on its close button, Tab and Shift+Tab kept inside,
 * closed on Escape, on a click on the overlay and on its buttons, with focus back on the info
 * button. Nothing is fetched: the provider's own page is not loaded.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { ISLAND_EVENT, onIslandEvent } from '../constants'
import { defineClient } from '../contracts'
import { FOCUSABLE, trapTab } from '../parts/focus-trap'
import { variantPriceAmount } from './rules'
import { type InstallmentTeaserProps, InstallmentTeaserView } from './view'

function InstallmentTeaser(props: InstallmentTeaserProps) {
  const [currentPrice, setCurrentPrice] = useState<string | null>(props.price)
  const [open, setOpen] = useState(false)
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
      onOpen={() => setOpen(true)}
      onClose={close}
      rootRef={rootRef}
      buttonRef={buttonRef}
      dialogRef={dialogRef}
    />
  )
}

export default defineClient('installment-teaser', InstallmentTeaser)
