/**
 * The colour picker (platform.md section 1: swatches, opacity and hue), in a dialog: the theme's
 * palette and the recent colours (kept in this browser's localStorage) as swatches, react-colorful's
 * saturation area with hue and opacity sliders, and a text field that takes every colour form of
 * platform.md section 5 through the engine's own parser (templates' parseColor). The colour is
 * stored as `#rrggbb`, or `#rrggbbaa` with opacity (the storefront lays it over the background);
 * `note` says what the storefront will do with it (WCAG AA), from the storefront's own rules.
 */
import { type ReactNode, useEffect, useId, useState } from 'react'
import { type RgbaColor, RgbaColorPicker, setNonce } from 'react-colorful'
import { EDITOR_TEXT, fillText } from '../../shared/index'
import { hexAlpha, parseHex, toHex } from '../../shared/theme'
import { parseColor } from '../../templates/index'
import { Dialog } from './dialog'

// react-colorful adds one style element; the editor's CSP allows it by the page's nonce.
const pageNonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
if (pageNonce) setNonce(pageNonce)

const RECENT_KEY = 'editor:recent-colours'
const RECENT_MAX = 8

/** The colours this browser used last, newest first. */
export function recentColours(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')
    return Array.isArray(list)
      ? list.filter((c): c is string => typeof c === 'string').slice(0, RECENT_MAX)
      : []
  } catch {
    return []
  }
}

function rememberColour(hex: string): void {
  try {
    const list = [hex, ...recentColours().filter((c) => c !== hex)].slice(0, RECENT_MAX)
    localStorage.setItem(RECENT_KEY, JSON.stringify(list))
  } catch {
    // Storage may be off (private mode): recent colours are a convenience.
  }
}

/** `#rrggbb`, or `#rrggbbaa` when the colour has opacity. */
export function hexOf(color: RgbaColor): string {
  const hex = toHex([color.r, color.g, color.b])
  const alpha = Math.round(color.a * 255)
  return alpha >= 255 ? hex : `${hex}${alpha.toString(16).padStart(2, '0')}`
}

function rgbaOf(hex: string): RgbaColor {
  const [r, g, b] = parseHex(hex)
  return { r, g, b, a: Math.round(hexAlpha(hex) * 100) / 100 }
}

export interface ColourPickerProps {
  open: boolean
  /** 'Accent colour', 'Text colour' or 'Background colour'. */
  role: string
  value: string
  /** The theme's palette: its colours and the defaults. */
  palette: readonly string[]
  /** What the storefront will do with a candidate colour. */
  note: (hex: string) => ReactNode
  onChoose: (hex: string) => void
  onClose: () => void
}

export function ColourPicker({ open, role, value, palette, note, onChoose, onClose }: ColourPickerProps) {
  const id = useId()
  const [color, setColor] = useState<RgbaColor>(() => rgbaOf(value))
  const [text, setText] = useState(value)
  const [invalid, setInvalid] = useState(false)
  const [recent, setRecent] = useState<string[]>([])
  useEffect(() => {
    if (!open) return
    setColor(rgbaOf(value))
    setText(value)
    setInvalid(false)
    setRecent(recentColours())
  }, [open, value])
  const hex = hexOf(color)
  const pick = (next: RgbaColor) => {
    setColor(next)
    setText(hexOf(next))
    setInvalid(false)
  }
  const typed = (raw: string) => {
    setText(raw)
    const parsed = parseColor(raw.trim())
    if (parsed !== null) {
      setColor({ r: parsed.r, g: parsed.g, b: parsed.b, a: Math.round(parsed.a * 100) / 100 })
      setInvalid(false)
    }
  }
  const checkTyped = () => setInvalid(text.trim() !== '' && parseColor(text.trim()) === null)
  const swatches = (label: string, colours: readonly string[]) =>
    colours.length === 0 ? null : (
      <fieldset className="swatches">
        <legend>{label}</legend>
        {[...new Set(colours)].map((c) => (
          <button
            key={c}
            type="button"
            className="swatch"
            aria-label={fillText(EDITOR_TEXT.useColour, { colour: c })}
            aria-pressed={c === hex}
            onClick={() => pick(rgbaOf(c))}
          >
            <span className="swatch-chip" style={{ backgroundColor: c }} />
          </button>
        ))}
      </fieldset>
    )
  return (
    <Dialog
      open={open}
      title={fillText(EDITOR_TEXT.chooseColourFor, { role: role.toLowerCase() })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {EDITOR_TEXT.cancel}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={invalid}
            onClick={() => {
              rememberColour(hex)
              onChoose(hex)
            }}
          >
            {EDITOR_TEXT.useThisColour}
          </button>
        </>
      }
    >
      <div className="colour-picker">
        {swatches(EDITOR_TEXT.colourSwatches, palette)}
        {swatches(EDITOR_TEXT.colourRecent, recent)}
        <RgbaColorPicker color={color} onChange={pick} />
        <p className="hint">{fillText(EDITOR_TEXT.colourOpacity, { percent: Math.round(color.a * 100) })}</p>
        <div className="field">
          <label htmlFor={`${id}-text`}>{EDITOR_TEXT.colourValue}</label>
          <input
            id={`${id}-text`}
            value={text}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid}
            aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
            onChange={(e) => typed(e.target.value)}
            onBlur={checkTyped}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                checkTyped()
              }
            }}
          />
          <p className="hint" id={`${id}-hint`}>
            {EDITOR_TEXT.colourValueHint}
          </p>
          {invalid ? (
            <p className="field-error" id={`${id}-error`}>
              {fillText(EDITOR_TEXT.colourInvalid, { val: text })}
            </p>
          ) : null}
        </div>
        <div className="colour-result">
          <span className="swatch-chip swatch-large" style={{ backgroundColor: hex }} />
          <code>{hex}</code>
        </div>
        <div role="status">{note(hex)}</div>
      </div>
    </Dialog>
  )
}
