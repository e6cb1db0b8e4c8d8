/**
 * The alert a refused add shows (storefront.md section 8: 'Unable to Add Item', 'Unable to
 * Purchase Item', 'Unable to purchase Gift Card', with the message): a native modal `<dialog>`
 * with the alertdialog role, focus on its button, closed by the button or Escape.
 */
import { useEffect, useId, useRef } from 'react'

export function AlertDialog(props: {
  title: string
  message: string
  closeLabel: string
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  return (
    <dialog
      ref={ref}
      className="sf-alert"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onClose={props.onClose}
    >
      <h2 id={`${id}-title`} className="sf-alert-title">
        {props.title}
      </h2>
      <p id={`${id}-message`} className="sf-alert-message">
        {props.message}
      </p>
      <form method="dialog">
        <button type="submit" className="sf-alert-close">
          {props.closeLabel}
        </button>
      </form>
    </dialog>
  )
}
