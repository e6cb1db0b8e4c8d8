/**
 * One image of a record (an item's main image, a product's images, a variant's, the logo): the
 * contract the screens use. A thumbnail, Choose or Replace (the file picker, images only),
 * Remove, the alt text and the focal point. A picked file is stored as `imageValueOf(file)`
 * (`assetUrl` `/s/<id>/<name>`, `originalSize`, `colorData`, the file's focal point and alt text,
 * `fileId`); the alt text and focal point then belong to this record and can differ per use.
 */
import { lazy, Suspense, useId, useState } from 'react'
import { EDITOR_TEXT, fillText, type ImageValue, imageValueOf } from '../../shared/index'
import { FocalPointField } from './focal-point'

const FilePicker = lazy(() => import('./file-picker'))

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

/** The picture an editor shows for an image value: a library file's 300w variant, else its own URL. */
export function imagePreviewUrl(value: ImageValue, width = 300): string {
  return value.fileId !== undefined || value.assetUrl.startsWith('/s/')
    ? `${value.assetUrl}?format=${width}w`
    : value.assetUrl
}

export function ImageField({ id, label, value, onChange, disabled, error }: ImageFieldProps) {
  const [picking, setPicking] = useState(false)
  const [opened, setOpened] = useState(false)
  const inner = useId()
  const errorId = `${id}-error`
  return (
    <fieldset
      id={id}
      className="field image-field"
      aria-describedby={error === undefined ? undefined : errorId}
    >
      <legend>{label}</legend>
      <div className="image-field-row">
        <div className="image-field-thumb">
          {value === null ? (
            <span className="meta">{EDITOR_TEXT.imageNone}</span>
          ) : (
            <img src={imagePreviewUrl(value)} alt={value.altText ?? ''} />
          )}
        </div>
        <div className="row-actions">
          <button
            type="button"
            className="button"
            disabled={disabled}
            onClick={() => {
              setOpened(true)
              setPicking(true)
            }}
          >
            {value === null ? EDITOR_TEXT.imageChoose : EDITOR_TEXT.imageReplace}
          </button>
          {value === null ? null : (
            <button
              type="button"
              className="button button-danger-quiet"
              disabled={disabled}
              onClick={() => onChange(null)}
            >
              {EDITOR_TEXT.imageRemove}
            </button>
          )}
        </div>
      </div>
      {value === null ? null : (
        <>
          <div className="field">
            <label htmlFor={`${inner}-alt`}>{EDITOR_TEXT.fieldAltText}</label>
            <input
              id={`${inner}-alt`}
              value={value.altText ?? ''}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, altText: e.target.value })}
            />
          </div>
          <FocalPointField
            src={imagePreviewUrl(value, 500)}
            value={value.mediaFocalPoint ?? { x: 0.5, y: 0.5 }}
            disabled={disabled}
            onChange={(mediaFocalPoint) => onChange({ ...value, mediaFocalPoint })}
          />
        </>
      )}
      {error === undefined ? null : (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <FilePicker
            open={picking}
            accept="image"
            onPick={(file) => onChange(imageValueOf(file))}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </fieldset>
  )
}

/**
 * A list of images (a product's or a gallery item's `items`): an ImageField each (Remove takes
 * it off the list), and Add image, which opens the picker and appends the chosen file.
 */
export function ImageListField({
  id,
  label,
  values,
  onChange,
  max,
  disabled,
}: {
  id: string
  label: string
  values: readonly ImageValue[]
  onChange: (values: ImageValue[]) => void
  max: number
  disabled?: boolean
}) {
  const [picking, setPicking] = useState(false)
  const [opened, setOpened] = useState(false)
  const full = values.length >= max
  return (
    <fieldset id={id} className="field image-list">
      <legend>{label}</legend>
      <ol className="image-list-items">
        {values.map((value, index) => (
          <li key={value.assetUrl}>
            <ImageField
              id={`${id}-${index}`}
              label={fillText(EDITOR_TEXT.imageN, { n: index + 1 })}
              value={value}
              disabled={disabled}
              onChange={(next) =>
                onChange(
                  next === null
                    ? values.filter((_, i) => i !== index)
                    : values.map((v, i) => (i === index ? next : v)),
                )
              }
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button"
        disabled={disabled || full}
        onClick={() => {
          setOpened(true)
          setPicking(true)
        }}
      >
        {EDITOR_TEXT.imageAdd}
      </button>
      {full ? <p className="hint">{fillText(EDITOR_TEXT.imageListFull, { max })}</p> : null}
      {opened ? (
        <Suspense fallback={null}>
          <FilePicker
            open={picking}
            accept="image"
            onPick={(file) => {
              // Each image once: a second pick of the same file changes nothing.
              if (!values.some((v) => v.assetUrl === file.url)) onChange([...values, imageValueOf(file)])
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </fieldset>
  )
}
