/**
 * The font picker (platform.md section 1): Fonts in Style Guide (the site's heading and body
 * fonts) at the top, Search fonts, Browse all fonts and the seven categories, and the catalogue
 * as a listbox (arrow keys, Home, End; Enter picks), each family shown in its own face. The faces
 * are loaded with the FontFace API from the site's own `/fonts/` (the files the storefront
 * serves); one that fails shows 'Unable to load preview for {fontName}' in its place. With a
 * Typekit Kit set, a name the catalogue lacks can be used as a family of the kit.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { EDITOR_TEXT, fillText } from '../../shared/index'
import { type CatalogueFont, FONT_CATEGORIES, type FontCategory, firstFamily } from '../../shared/theme'
import { Dialog } from './dialog'

/** The catalogue the build writes beside the font files (scripts/build-fonts.ts). */
export const FONT_CATALOGUE_URL = '/fonts/catalogue.json'

/** Loads the catalogue; throws (the caller shows 'Unable to load fonts') on any failure. */
export async function loadFontCatalogue(): Promise<CatalogueFont[]> {
  const response = await fetch(FONT_CATALOGUE_URL, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(EDITOR_TEXT.unableToLoadFonts)
  const json = (await response.json()) as { fonts?: unknown }
  if (!Array.isArray(json.fonts)) throw new Error(EDITOR_TEXT.unableToLoadFonts)
  return json.fonts as CatalogueFont[]
}

type PreviewState = 'loading' | 'ready' | 'failed'

/** Each family's preview face, loaded once per page; listeners re-render the lists that show them. */
const previews = new Map<string, PreviewState>()
const listeners = new Set<() => void>()
let previewTick = 0
const notify = () => {
  previewTick++
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The name a family's preview face is registered under (never a name the editor's own CSS uses). */
const previewFamily = (font: CatalogueFont) => `Preview ${font.family}`

function loadPreview(font: CatalogueFont): void {
  const file = font.files[0]
  if (previews.has(font.family) || file === undefined) return
  previews.set(font.family, 'loading')
  const face = new FontFace(previewFamily(font), `url(${file.url}) format("woff2")`, {
    weight: String(file.weight),
    style: file.style,
  })
  face.load().then(
    (loaded) => {
      document.fonts.add(loaded)
      previews.set(font.family, 'ready')
      notify()
    },
    () => {
      previews.set(font.family, 'failed')
      notify()
    },
  )
}

/** The preview states, re-read whenever a face settles. */
function usePreviews(fonts: readonly CatalogueFont[]): (font: CatalogueFont) => PreviewState {
  useSyncExternalStore(subscribe, () => previewTick)
  useEffect(() => {
    for (const font of fonts) loadPreview(font)
  }, [fonts])
  return (font) => previews.get(font.family) ?? 'loading'
}

/** A family's name in its own face, or the spec's message when its face did not load. */
export function FontSample({
  font,
  state,
  text,
}: {
  font: CatalogueFont
  state: PreviewState
  text: string
}) {
  if (state === 'failed')
    return (
      <span className="font-sample font-sample-failed">
        {fillText(EDITOR_TEXT.unableToLoadFontPreview, { fontName: font.family })}
      </span>
    )
  return (
    <span className="font-sample" style={{ fontFamily: `"${previewFamily(font)}", ${font.fallback}` }}>
      {text}
    </span>
  )
}

/** A family of the kit typed by name: letters, digits, spaces and dashes only (the theme's font list rule). */
const KIT_FAMILY = /^[\p{L}\p{N} -]{1,80}$/u

export interface FontPickerProps {
  open: boolean
  /** 'Heading font' or 'Body font'. */
  role: string
  /** The theme's current `font-family` list for this role. */
  value: string
  styleGuide: { label: string; stack: string }[]
  fonts: readonly CatalogueFont[]
  typekitKitId?: string
  onChoose: (stack: string) => void
  onClose: () => void
}

export function FontPicker({
  open,
  role,
  value,
  styleGuide,
  fonts,
  typekitKitId,
  onChoose,
  onClose,
}: FontPickerProps) {
  const id = useId()
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<FontCategory | null>(null)
  const [chosen, setChosen] = useState(value)
  const [active, setActive] = useState(0)
  const listRef = useRef<HTMLDivElement>(null)
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase()
    return fonts.filter(
      (font) =>
        (category === null || font.category === category) &&
        (q === '' || font.family.toLowerCase().includes(q)),
    )
  }, [fonts, query, category])
  const byFamily = useMemo(() => new Map(fonts.map((font) => [font.family, font])), [fonts])
  const guideFonts = useMemo(
    () =>
      styleGuide
        .map((entry) => byFamily.get(firstFamily(entry.stack)))
        .filter((font): font is CatalogueFont => font !== undefined),
    [styleGuide, byFamily],
  )
  const loading = useMemo(() => (open ? [...guideFonts, ...shown] : []), [open, guideFonts, shown])
  const previewOf = usePreviews(loading)
  useEffect(() => {
    if (!open) return
    setChosen(value)
    setQuery('')
    setCategory(null)
    const index = fonts.findIndex((font) => font.family === firstFamily(value))
    setActive(Math.max(0, index))
  }, [open, value, fonts])
  useEffect(() => {
    if (active >= shown.length) setActive(Math.max(0, shown.length - 1))
  }, [active, shown.length])
  useEffect(() => {
    if (!open) return
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [active, open])

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = shown.length - 1
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    }
    const next = moves[event.key]
    if (next !== undefined) {
      event.preventDefault()
      setActive(next)
      const font = shown[next]
      if (font !== undefined) setChosen(font.stack)
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      const font = shown[active]
      if (font !== undefined) setChosen(font.stack)
    }
  }
  const optionId = (index: number) => `${id}-option-${index}`
  const kitFamily = query.trim()
  const offerKit =
    typekitKitId !== undefined &&
    typekitKitId !== '' &&
    KIT_FAMILY.test(kitFamily) &&
    !fonts.some((font) => font.family.toLowerCase() === kitFamily.toLowerCase())

  return (
    <Dialog
      open={open}
      wide
      title={fillText(EDITOR_TEXT.chooseFontFor, { role: role.toLowerCase() })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {EDITOR_TEXT.cancel}
          </button>
          <button type="button" className="button button-primary" onClick={() => onChoose(chosen)}>
            {EDITOR_TEXT.useFont}
          </button>
        </>
      }
    >
      <div className="font-picker">
        <section aria-labelledby={`${id}-guide`}>
          <h3 id={`${id}-guide`}>{EDITOR_TEXT.fontsInStyleGuide}</h3>
          <ul className="font-guide">
            {styleGuide.map((entry) => {
              const font = byFamily.get(firstFamily(entry.stack))
              return (
                <li key={entry.label}>
                  <button
                    type="button"
                    className="button font-guide-button"
                    aria-pressed={chosen === entry.stack}
                    onClick={() => setChosen(entry.stack)}
                  >
                    <span className="font-guide-role">{entry.label}</span>
                    {font === undefined ? (
                      <span className="font-guide-family">{firstFamily(entry.stack)}</span>
                    ) : (
                      <FontSample font={font} state={previewOf(font)} text={font.family} />
                    )}
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
        <div className="field">
          <label htmlFor={`${id}-search`}>{EDITOR_TEXT.searchFonts}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <fieldset className="font-filters">
          <legend className="visually-hidden">{EDITOR_TEXT.fontCategories}</legend>
          <button
            type="button"
            className="button"
            aria-pressed={category === null && query === ''}
            onClick={() => {
              setCategory(null)
              setQuery('')
            }}
          >
            {EDITOR_TEXT.browseAllFonts}
          </button>
          {FONT_CATEGORIES.map((name) => (
            <button
              key={name}
              type="button"
              className="button"
              aria-pressed={category === name}
              onClick={() => setCategory(category === name ? null : name)}
            >
              {name}
            </button>
          ))}
        </fieldset>
        {offerKit ? (
          <button
            type="button"
            className="button"
            aria-pressed={chosen === `"${kitFamily}", sans-serif`}
            onClick={() => setChosen(`"${kitFamily}", sans-serif`)}
          >
            {fillText(EDITOR_TEXT.fontFromKit, { family: kitFamily })}
          </button>
        ) : null}
        {shown.length === 0 ? (
          <p className="hint" role="status">
            {fillText(EDITOR_TEXT.fontNoMatch, { query })}
          </p>
        ) : null}
        <div
          ref={listRef}
          className="font-list"
          role="listbox"
          tabIndex={0}
          aria-label={EDITOR_TEXT.fontList}
          aria-activedescendant={shown.length === 0 ? undefined : optionId(active)}
          onKeyDown={onListKey}
        >
          {shown.map((font, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox itself takes the keys (aria-activedescendant)
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the listbox, which names the active option
            <div
              key={font.family}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={chosen === font.stack}
              className={index === active ? 'font-option font-option-active' : 'font-option'}
              onClick={() => {
                setActive(index)
                setChosen(font.stack)
              }}
            >
              <span className="font-option-name">
                {font.family} <span className="meta">{font.category}</span>
              </span>
              <FontSample font={font} state={previewOf(font)} text={EDITOR_TEXT.fontSample} />
            </div>
          ))}
        </div>
      </div>
    </Dialog>
  )
}
