/**
 * `/config/design`: the site's look (the site record's `theme` and `website.logoImage`): heading
 * and body fonts through the font picker, the Typekit Kit, accent, text and background colours
 * through the colour picker with what the storefront will make of each (its own WCAG AA rules,
 * shared/theme.ts), the button shape, the logo and its height. Every change is saved a moment
 * later as a draft of the site record (409 when someone else saved first: their version can be
 * loaded); the preview beside it shows the real pages with the draft; Review Changes publishes.
 * Read-only for a role without the `design` capability.
 */
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import {
  type ConflictAnswer,
  EDITOR_LIMITS,
  EDITOR_TEXT,
  type EditorRecord,
  fillText,
  type ImageValue,
  type RecordAnswer,
} from '../../shared/index'
import {
  type CatalogueFont,
  DEFAULT_THEME,
  firstFamily,
  flatten,
  hexAlpha,
  type ThemeSettings,
  TYPEKIT_KIT_ID,
  themeStyle,
  toHex,
} from '../../shared/theme'
import { ApiError, api, messageOf } from '../api'
import { useAutosaveGuard, useLoad } from '../hooks'
import { ColourPicker } from '../parts/colour-picker'
import { FontPicker, loadFontCatalogue } from '../parts/font-picker'
import { ImageField } from '../parts/image-field'
import { LoadError, Loading } from '../parts/load-error'
import { PreviewToggle } from '../parts/preview-controls'
import { screenTitle, useSession } from '../session'

const SITE = 'site'

type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed'
type ColourSetting = 'accentColor' | 'textColor' | 'backgroundColor'
type FontSetting = 'headingFont' | 'bodyFont'
type Website = { logoImage?: ImageValue } & Record<string, unknown>
type SiteRecord = EditorRecord & { theme?: ThemeSettings; website?: Website }

const COLOURS: { setting: ColourSetting; label: string }[] = [
  { setting: 'accentColor', label: EDITOR_TEXT.accentColour },
  { setting: 'textColor', label: EDITOR_TEXT.textColour },
  { setting: 'backgroundColor', label: EDITOR_TEXT.backgroundColour },
]
const SHAPES = [
  { value: 'square', label: EDITOR_TEXT.buttonSquare },
  { value: 'rounded', label: EDITOR_TEXT.buttonRounded },
  { value: 'pill', label: EDITOR_TEXT.buttonPill },
] as const

export default function DesignScreen() {
  const { session } = useSession()
  const [load, reload] = useLoad(() => api.record(SITE), [])
  useEffect(() => screenTitle(EDITOR_TEXT.navDesign, session.site.title), [session.site.title])
  return (
    <>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadTryAgain} detail={load.message} onRetry={reload} screen />
      ) : null}
      {load.state === 'ready' ? <DesignEditor answer={load.data} /> : null}
    </>
  )
}

/** What the storefront will show for a colour setting of `theme`: its AA adjustment, or its flattening. */
function colourNote(theme: ThemeSettings, setting: ColourSetting): ReactNode {
  const given = theme[setting] ?? DEFAULT_THEME[setting]
  const adjusted = themeStyle(theme).adjustments.filter((a) => a.setting === setting)
  const last = adjusted[adjusted.length - 1]
  if (last !== undefined)
    return (
      <p className="notice notice-warn contrast-note">
        {fillText(EDITOR_TEXT.contrastAdjusted, { given, used: last.used, against: last.against })}
      </p>
    )
  if (hexAlpha(given) < 1) {
    const under =
      setting === 'backgroundColor'
        ? ([255, 255, 255] as const)
        : flatten(theme.backgroundColor ?? DEFAULT_THEME.backgroundColor, [255, 255, 255])
    return (
      <p className="hint contrast-note">
        {fillText(EDITOR_TEXT.colourFlattened, { used: toHex(flatten(given, under)) })}
      </p>
    )
  }
  return setting === 'backgroundColor' ? null : (
    <p className="hint contrast-note">{EDITOR_TEXT.contrastFine}</p>
  )
}

function DesignEditor({ answer }: { answer: RecordAnswer }) {
  const { session, refreshChanges } = useSession()
  const id = useId()
  const editable = session.capabilities.design
  const [record, setRecord] = useState<SiteRecord>(
    () => (answer.draft?.record ?? answer.live ?? {}) as SiteRecord,
  )
  const [saveState, setSaveState] = useState<SaveState>('saved')
  const [problem, setProblem] = useState<string | null>(null)
  const [conflict, setConflict] = useState<ConflictAnswer['conflict'] | null>(null)
  const [previewVersion, setPreviewVersion] = useState(0)
  const [showPreview, setShowPreview] = useState(true)
  const [fonts, setFonts] = useState<CatalogueFont[] | null>(null)
  const [fontsFailed, setFontsFailed] = useState(false)
  const [fontFor, setFontFor] = useState<FontSetting | null>(null)
  const [colourFor, setColourFor] = useState<ColourSetting | null>(null)
  const [kitText, setKitText] = useState(record.theme?.typekitKitId ?? '')
  const [heightText, setHeightText] = useState(String(record.theme?.logoHeight ?? DEFAULT_THEME.logoHeight))
  const revision = useRef(answer.revision)
  const recordRef = useRef(record)
  const dirty = useRef(false)
  const edits = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inFlight = useRef<Promise<boolean> | null>(null)
  const theme: ThemeSettings = record.theme ?? {}

  const loadFonts = useCallback(() => {
    setFontsFailed(false)
    loadFontCatalogue().then(setFonts, () => setFontsFailed(true))
  }, [])
  useEffect(loadFonts, [loadFonts])

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current)
    if (inFlight.current !== null) await inFlight.current
    if (!dirty.current) return true
    const startedAt = edits.current
    setSaveState('saving')
    setProblem(null)
    const work = api.save(SITE, { record: recordRef.current, baseRevision: revision.current }).then(
      (saved) => {
        revision.current = saved.revision
        if (edits.current === startedAt) {
          dirty.current = false
          setSaveState('saved')
        } else setSaveState('unsaved')
        setPreviewVersion((n) => n + 1)
        refreshChanges()
        return true
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409 && typeof error.body.conflict === 'object')
          setConflict((error.body as unknown as ConflictAnswer).conflict)
        setProblem(
          error instanceof ApiError && error.status === 400 && typeof error.body.field === 'string'
            ? `${error.body.field}: ${error.message}`
            : messageOf(error),
        )
        setSaveState('failed')
        return false
      },
    )
    inFlight.current = work
    const ok = await work
    inFlight.current = null
    return ok
  }, [refreshChanges])

  const change = (next: SiteRecord) => {
    if (!editable) return
    recordRef.current = next
    setRecord(next)
    dirty.current = true
    edits.current++
    setSaveState('unsaved')
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void save(), EDITOR_LIMITS.autosaveIdleMs)
  }
  const changeTheme = (patch: Partial<ThemeSettings>) => {
    const nextTheme: Record<string, unknown> = { ...recordRef.current.theme, ...patch }
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete nextTheme[key]
    change({ ...recordRef.current, theme: nextTheme as ThemeSettings })
  }

  useAutosaveGuard({ dirty, timer, save, editable })

  const loadTheirs = () => {
    if (conflict === null) return
    const theirs = (conflict.theirs?.record ?? conflict.live ?? recordRef.current) as SiteRecord
    revision.current = conflict.revision
    recordRef.current = theirs
    setRecord(theirs)
    setKitText(theirs.theme?.typekitKitId ?? '')
    setHeightText(String(theirs.theme?.logoHeight ?? DEFAULT_THEME.logoHeight))
    setConflict(null)
    setProblem(null)
    dirty.current = false
    setSaveState('saved')
    setPreviewVersion((n) => n + 1)
  }

  const fontLabel = (setting: FontSetting) =>
    setting === 'headingFont' ? EDITOR_TEXT.headingFont : EDITOR_TEXT.bodyFont
  const stackOf = (setting: FontSetting): string =>
    theme[setting] ??
    (setting === 'bodyFont' ? DEFAULT_THEME.bodyFont : (theme.bodyFont ?? DEFAULT_THEME.bodyFont))
  const colourOf = (setting: ColourSetting): string => theme[setting] ?? DEFAULT_THEME[setting]
  const palette = [
    ...COLOURS.map(({ setting }) => colourOf(setting)),
    DEFAULT_THEME.accentColor,
    DEFAULT_THEME.textColor,
    DEFAULT_THEME.backgroundColor,
    '#ffffff',
    '#000000',
  ]
  const statusLine =
    saveState === 'saving'
      ? EDITOR_TEXT.saving
      : saveState === 'saved'
        ? EDITOR_TEXT.saved
        : saveState === 'failed'
          ? (problem ?? EDITOR_TEXT.somethingWentWrong)
          : EDITOR_TEXT.unsaved
  const kitInvalid = kitText !== '' && !TYPEKIT_KIT_ID.test(kitText)
  const heightNumber = Number(heightText)
  const heightInvalid = !Number.isInteger(heightNumber) || heightNumber < 24 || heightNumber > 120

  const form = (
    <form
      className="record-form design-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      {!editable ? (
        <p className="notice" role="note">
          {EDITOR_TEXT.readOnlyNotice}
        </p>
      ) : null}
      <section aria-labelledby={`${id}-fonts`} className="design-section">
        <h2 id={`${id}-fonts`}>{EDITOR_TEXT.designFonts}</h2>
        {fontsFailed ? (
          <LoadError title={EDITOR_TEXT.unableToLoadFonts} onRetry={loadFonts} />
        ) : fonts === null ? (
          <Loading />
        ) : null}
        {(['headingFont', 'bodyFont'] as const).map((setting) => {
          const stack = stackOf(setting)
          const font = fonts?.find((f) => f.family === firstFamily(stack))
          return (
            <div className="field design-choice" key={setting}>
              <p className="label" id={`${id}-${setting}`}>
                {fontLabel(setting)}
              </p>
              <p className="design-value" id={`${id}-${setting}-value`}>
                {font === undefined ? stack : font.family}
              </p>
              <button
                type="button"
                className="button"
                disabled={!editable || fonts === null}
                aria-describedby={`${id}-${setting}-value`}
                onClick={() => setFontFor(setting)}
              >
                {fillText(EDITOR_TEXT.chooseFontFor, { role: fontLabel(setting).toLowerCase() })}
              </button>
            </div>
          )
        })}
        <div className="field">
          <label htmlFor={`${id}-typekit`}>{EDITOR_TEXT.typekitKit}</label>
          <input
            id={`${id}-typekit`}
            value={kitText}
            disabled={!editable}
            maxLength={7}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={kitInvalid}
            aria-describedby={`${id}-typekit-hint${kitInvalid ? ` ${id}-typekit-error` : ''}`}
            onChange={(e) => {
              const text = e.target.value.trim()
              setKitText(text)
              if (text === '') changeTheme({ typekitKitId: undefined })
              else if (TYPEKIT_KIT_ID.test(text)) changeTheme({ typekitKitId: text })
            }}
          />
          <p className="hint" id={`${id}-typekit-hint`}>
            {EDITOR_TEXT.typekitHint}
          </p>
          {kitInvalid ? (
            <p className="field-error" id={`${id}-typekit-error`}>
              {fillText(EDITOR_TEXT.typekitInvalid, { val: kitText })}
            </p>
          ) : null}
        </div>
      </section>
      <section aria-labelledby={`${id}-colours`} className="design-section">
        <h2 id={`${id}-colours`}>{EDITOR_TEXT.designColours}</h2>
        {COLOURS.map(({ setting, label }) => (
          <div className="field design-choice" key={setting}>
            <p className="label" id={`${id}-${setting}`}>
              {label}
            </p>
            <p className="design-value" id={`${id}-${setting}-value`}>
              <span className="swatch-chip" style={{ backgroundColor: colourOf(setting) }} />
              <code>{colourOf(setting)}</code>
            </p>
            <button
              type="button"
              className="button"
              disabled={!editable}
              aria-describedby={`${id}-${setting}-value`}
              onClick={() => setColourFor(setting)}
            >
              {fillText(EDITOR_TEXT.chooseColourFor, { role: label.toLowerCase() })}
            </button>
            {colourNote(theme, setting)}
          </div>
        ))}
      </section>
      <section aria-labelledby={`${id}-buttons`} className="design-section">
        <fieldset className="design-shapes" disabled={!editable}>
          <legend id={`${id}-buttons`}>{EDITOR_TEXT.buttonShape}</legend>
          {SHAPES.map((shape) => (
            <div className="field-check" key={shape.value}>
              <input
                type="radio"
                id={`${id}-shape-${shape.value}`}
                name={`${id}-shape`}
                checked={(theme.buttonShape ?? DEFAULT_THEME.buttonShape) === shape.value}
                onChange={() => changeTheme({ buttonShape: shape.value })}
              />
              <label htmlFor={`${id}-shape-${shape.value}`}>{shape.label}</label>
            </div>
          ))}
        </fieldset>
      </section>
      <section aria-labelledby={`${id}-logo`} className="design-section">
        <h2 id={`${id}-logo`}>{EDITOR_TEXT.designLogo}</h2>
        <ImageField
          id={`${id}-logo-image`}
          label={EDITOR_TEXT.logoImage}
          value={record.website?.logoImage ?? null}
          disabled={!editable}
          onChange={(logoImage) => {
            const website: Website = { ...recordRef.current.website }
            if (logoImage === null) delete website.logoImage
            else website.logoImage = logoImage
            change({ ...recordRef.current, website })
          }}
        />
        <div className="field">
          <label htmlFor={`${id}-logo-height`}>{EDITOR_TEXT.logoHeight}</label>
          <input
            id={`${id}-logo-height`}
            type="number"
            min={24}
            max={120}
            step={1}
            value={heightText}
            disabled={!editable}
            aria-invalid={heightInvalid}
            onChange={(e) => {
              setHeightText(e.target.value)
              const height = Number(e.target.value)
              if (Number.isInteger(height) && height >= 24 && height <= 120)
                changeTheme({ logoHeight: height })
            }}
          />
        </div>
      </section>
    </form>
  )

  return (
    <div className="record design">
      <div className="screen-head">
        <div>
          <h1>{EDITOR_TEXT.navDesign}</h1>
          <p className="hint">{EDITOR_TEXT.designIntro}</p>
        </div>
        <div className="head-actions">
          <p className={`save-state save-${saveState}`} role="status" aria-live="polite">
            {statusLine}
          </p>
          {editable ? (
            <button
              type="button"
              className="button button-primary"
              aria-keyshortcuts="Control+S Meta+S"
              disabled={saveState === 'saving' || conflict !== null}
              onClick={() => {
                dirty.current = dirty.current || saveState !== 'saved'
                void save()
              }}
            >
              {EDITOR_TEXT.save}
            </button>
          ) : null}
          <Link href="/changes" className="button">
            {EDITOR_TEXT.reviewChanges}
          </Link>
          <PreviewToggle shown={showPreview} onToggle={() => setShowPreview((v) => !v)} />
        </div>
      </div>
      {conflict !== null ? (
        <div className="notice notice-error" role="alert">
          <p>{problem}</p>
          <button type="button" className="button" onClick={loadTheirs}>
            {EDITOR_TEXT.designReload}
          </button>
        </div>
      ) : null}
      <div className={`record-body${showPreview ? ' with-preview' : ''}`}>
        <div className="record-edit">{form}</div>
        {showPreview ? (
          <section className="preview" aria-label={EDITOR_TEXT.preview}>
            <iframe key={previewVersion} title={EDITOR_TEXT.preview} src="/config/preview/" />
          </section>
        ) : null}
      </div>
      {fonts !== null && fontFor !== null ? (
        <FontPicker
          open
          role={fontLabel(fontFor)}
          value={stackOf(fontFor)}
          fonts={fonts}
          typekitKitId={theme.typekitKitId}
          styleGuide={[
            { label: EDITOR_TEXT.headingFont, stack: stackOf('headingFont') },
            { label: EDITOR_TEXT.bodyFont, stack: stackOf('bodyFont') },
          ]}
          onClose={() => setFontFor(null)}
          onChoose={(stack) => {
            changeTheme({ [fontFor]: stack })
            setFontFor(null)
          }}
        />
      ) : null}
      {colourFor !== null ? (
        <ColourPicker
          open
          role={COLOURS.find((c) => c.setting === colourFor)?.label ?? ''}
          value={colourOf(colourFor)}
          palette={palette}
          note={(hex) => colourNote({ ...theme, [colourFor]: hex }, colourFor)}
          onClose={() => setColourFor(null)}
          onChoose={(hex) => {
            changeTheme({ [colourFor]: hex })
            setColourFor(null)
          }}
        />
      ) : null}
    </div>
  )
}
