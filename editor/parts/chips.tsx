/** Tags or categories as removable chips with an input to add one. */
import { type KeyboardEvent, useId, useState } from 'react'
import { EDITOR_LIMITS, EDITOR_TEXT, fillText } from '../../shared/index'

export function Chips({
  label,
  addLabel,
  tagType,
  max,
  values,
  onChange,
  disabled,
  error,
}: {
  label: string
  addLabel: string
  /** 'tag' or 'category', as the messages name it. */
  tagType: string
  max: number
  values: string[]
  onChange: (values: string[]) => void
  disabled: boolean
  error?: string
}) {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const add = () => {
    const name = text.trim()
    if (name === '') return
    if (name.length > max) {
      setProblem(fillText(EDITOR_TEXT.termTooLong, { tagType, max }))
      return
    }
    if (values.some((v) => v.toLowerCase() === name.toLowerCase())) {
      setProblem(fillText(EDITOR_TEXT.termExists, { tagType }))
      return
    }
    if (values.length >= EDITOR_LIMITS.termsPerItem) return
    setProblem(null)
    setText('')
    onChange([...values, name])
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      add()
    }
  }
  const shown = problem ?? error ?? null
  return (
    <fieldset className="chips-field">
      <legend>{label}</legend>
      {values.length > 0 ? (
        <ul className="chips">
          {values.map((value) => (
            <li key={value} className="chip">
              <span>{value}</span>
              <button
                type="button"
                className="chip-remove"
                disabled={disabled}
                aria-label={fillText(EDITOR_TEXT.removeTerm, { name: value })}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="chips-add">
        <label htmlFor={id}>{addLabel}</label>
        <input
          id={id}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value)
            setProblem(null)
          }}
          onKeyDown={onKeyDown}
          aria-invalid={shown !== null}
          aria-describedby={shown === null ? undefined : `${id}-error`}
        />
        <button type="button" className="button" disabled={disabled} onClick={add}>
          {EDITOR_TEXT.add}
        </button>
      </div>
      {shown === null ? null : (
        <p className="field-error" id={`${id}-error`} role="alert">
          {shown}
        </p>
      )}
    </fieldset>
  )
}
