/**
 * A modal dialog on the native `<dialog>` element: `showModal()` traps focus and closes on
 * Escape; focus goes back to whatever opened it.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react'

export function Dialog({
  open,
  title,
  onClose,
  children,
  actions,
  wide,
}: {
  open: boolean
  title: string
  onClose: () => void
  children?: ReactNode
  actions: ReactNode
  wide?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])
  useEffect(
    () => () => {
      if (opener.current instanceof HTMLElement) opener.current.focus()
    },
    [],
  )
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onClose={() => {
        if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus()
        if (open) onClose()
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
      <div className="dialog-actions">{actions}</div>
    </dialog>
  )
}

/** A yes-or-cancel question before something destructive. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
  cancelLabel,
  busy,
}: {
  open: boolean
  title: string
  body?: ReactNode
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => void
  onCancel: () => void
  busy?: boolean
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {body === undefined ? null : <div className="dialog-body">{body}</div>}
    </Dialog>
  )
}
