/**
 * One image of a record (an item's main image, a product's images, the logo): the contract the
 * screens use. The file picker (issue 22) fills it in; this first version takes an address.
 */
import type { ImageValue } from '../../shared/index'

export interface ImageFieldProps {
  /** The field's id (its label points at it) and the visible label. */
  id: string
  label: string
  value: ImageValue | null
  onChange: (value: ImageValue | null) => void
  disabled?: boolean
  /** A refusal from the server for this field. */
  error?: string
}

export function ImageField({ id, label, value, onChange, disabled, error }: ImageFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="url"
        value={value?.assetUrl ?? ''}
        disabled={disabled}
        aria-invalid={error === undefined ? undefined : true}
        onChange={(e) => {
          const assetUrl = e.target.value.trim()
          onChange(assetUrl === '' ? null : { ...value, assetUrl })
        }}
      />
      {error === undefined ? null : <p className="field-error">{error}</p>}
    </div>
  )
}
