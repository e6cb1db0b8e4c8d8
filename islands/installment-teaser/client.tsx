/**
 * The installment teaser island in the browser. It hydrates the server's pill as it is (same
 * view, same props, dialog closed), then: refreshes the message when the variant picker
 * announces a variant (`storefront:variant-change` on the product element), and runs the
 * information dialog: opens from the info button with focus on its close button, keeps Tab and
 * Shift+Tab inside, closes on Escape, on a click on the overlay and on its buttons, and gives
 * focus back to the info button. Nothing is fetched: the provider's own page is not loaded.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { ISLAND_EVENT, onIslandEvent } from '../constants'
import { defineClient } from '../contracts'
import { variantPriceAmount } from './rules'
import { type InstallmentTeaserProps, InstallmentTeaserView } from './view'

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Keeps Tab and Shift+Tab cycling through the dialog's own controls. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement): void {
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (first === undefined || last === undefined) return
  const active = document.activeElement
  const inside = active instanceof Node && dialog.contains(active)
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
  }
}

function InstallmentTeaser(props: InstallmentTeaserProps) {
  const [currentPrice, setCurrentPrice] = useState<string | null>(props.price)
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const overlayRef = useRef<HTMLDivElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)

  const close = useCallback(() => {
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

  useEffect(() => {
    const dialog = dialogRef.current
    const overlay = overlayRef.current
    if (!open || dialog === null || overlay === null) return
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
      } else if (event.key === 'Tab') trapTab(event, dialog)
    }
    // A click on the overlay itself, not on the dialog inside it, is a click outside.
    const onOverlayClick = (event: MouseEvent) => {
      if (event.target === overlay) close()
    }
    document.addEventListener('keydown', onKeyDown)
    overlay.addEventListener('click', onOverlayClick)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      overlay.removeEventListener('click', onOverlayClick)
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
      overlayRef={overlayRef}
      dialogRef={dialogRef}
    />
  )
}

export default defineClient('installment-teaser', InstallmentTeaser)
