/**
 * "Title of the new …" and its button: the one form that creates a page or an item. `refusal`
 * says why not before anything is sent (a full collection); the title is required.
 */
import { type FormEvent, useId, useState } from 'react'
import { EDITOR_LIMITS, EDITOR_TEXT, fillText } from '../../shared/index'
import { messageOf } from '../api'

export function CreateForm({
  kind,
  button,
  refusal,
  create,
}: {
  /** What is created, as the label names it (EDITOR_TEXT.kindPage, kindItem). */
  kind: string
  button: string
  refusal?: () => string | null
  /** Creates it and moves on; a thrown error is shown under the field. */
  create: (title: string) => Promise<void>
}) {
  const [title, setTitle] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const refused = refusal?.() ?? (title.trim() === '' ? EDITOR_TEXT.titleRequired : null)
    if (refused !== null) {
      setError(refused)
      return
    }
    setBusy(true)
    setError(null)
    try {
      await create(title.trim())
    } catch (e) {
      setError(messageOf(e))
      setBusy(false)
    }
  }
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{fillText(EDITOR_TEXT.newTitle, { kind })}</label>
        <input
          id={id}
          value={title}
          maxLength={EDITOR_LIMITS.titleLength}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${id}-error`}
        />
        {error === null ? null : (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {button}
      </button>
    </form>
  )
}
