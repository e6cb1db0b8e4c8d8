/**
 * `/config/templates`: every page template and partial of the site (ADMIN: `editTemplates`),
 * and `/config/templates/<name>`: one of them in the code editor with JSON-T highlighting, the
 * engine's compile errors at their position while typing, a render of the draft in the browser
 * against a real page's data (a sandboxed frame that runs no script), a meter of the render
 * budget it uses, and Save (also autosave and Ctrl/Cmd+S), Discard, Compare with live, Restore
 * the built-in default and Publish. The server checks everything again (templates-api.ts).
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link } from 'wouter'
import {
  TEMPLATES_TEXT,
  type TemplateAnswer,
  type TemplateConflictAnswer,
  type TemplateDataAnswer,
  type TemplateSummary,
} from '../../shared/editing-areas'
import { EDITOR_LIMITS, EDITOR_TEXT, fillText, type PublishProblem } from '../../shared/index'
import { ApiError, messageOf } from '../api'
import { useAutosaveGuard, useLoad } from '../hooks'
import { addAreaStyle } from '../parts/area-style'
import { type CodeDiagnostic, CodeEditor } from '../parts/code-editor'
import { ConfirmDialog } from '../parts/dialog'
import { LoadError, Loading } from '../parts/load-error'
import { PhoneTabs, PreviewToggle } from '../parts/preview-controls'
import { screenTitle, useSession } from '../session'
import { templatesApi } from '../template-editor/api'
import { type Check, checkTemplate } from '../template-editor/check'
import { jsonTemplate } from '../template-editor/language'

addAreaStyle()

const CompareView = lazy(() => import('../template-editor/compare'))

export default function TemplatesScreen({ params }: { params: { name?: string } }) {
  const name = params.name === undefined ? undefined : decodeURIComponent(params.name)
  return name === undefined ? <TemplateList /> : <TemplateScreen key={name} name={name} />
}

function Badges({ template }: { template: TemplateSummary }) {
  return (
    <>
      <span className={`badge ${template.overridden ? 'badge-published' : 'badge-new'}`}>
        {template.overridden ? TEMPLATES_TEXT.badgeOverridden : TEMPLATES_TEXT.badgeDefault}
      </span>
      {template.hasDraft ? <span className="badge badge-draft">{TEMPLATES_TEXT.badgeDraft}</span> : null}
    </>
  )
}

function TemplateList() {
  const { session } = useSession()
  const [load, reload] = useLoad(() => templatesApi.list(), [])
  useEffect(() => screenTitle(TEMPLATES_TEXT.templatesTitle, session.site.title), [session.site.title])
  if (load.state === 'loading') return <Loading />
  if (load.state === 'error')
    return (
      <LoadError title={EDITOR_TEXT.unableToLoadTryAgain} detail={load.message} onRetry={reload} screen />
    )
  const groups = [
    { heading: TEMPLATES_TEXT.pagesHeading, kind: 'page' },
    { heading: TEMPLATES_TEXT.partialsHeading, kind: 'partial' },
  ] as const
  return (
    <div>
      <div className="screen-head">
        <div>
          <h1>{TEMPLATES_TEXT.templatesTitle}</h1>
          <p className="hint">{TEMPLATES_TEXT.templatesIntro}</p>
        </div>
      </div>
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`templates-${group.kind}`} className="panel">
          <h2 id={`templates-${group.kind}`}>{group.heading}</h2>
          <ul className="cards">
            {load.data.templates
              .filter((t) => t.kind === group.kind)
              .map((template) => (
                <li key={template.name} className="card card-row">
                  <Link
                    className="card-main card-title"
                    href={`/templates/${encodeURIComponent(template.name)}`}
                  >
                    <code>{template.name}</code>
                  </Link>
                  <Badges template={template} />
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function TemplateScreen({ name }: { name: string }) {
  const { session } = useSession()
  const [load, reload] = useLoad(() => templatesApi.read(name), [name])
  useEffect(() => screenTitle(name, session.site.title), [name, session.site.title])
  if (load.state === 'loading') return <Loading />
  if (load.state === 'error')
    return (
      <LoadError title={EDITOR_TEXT.unableToLoadTryAgain} detail={load.message} onRetry={reload} screen />
    )
  return <TemplateEditor answer={load.data} />
}

type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed'

/** The text the editor shows for an answer: the draft's, the built-in one a restore goes back to, or live. */
function textOf(answer: TemplateAnswer): string {
  if (answer.draft === null) return answer.live
  return answer.draft.source ?? answer.builtIn
}

/** Offsets of a problem: from its offset to the end of the tag there (or of the line). */
function diagnosticsOf(source: string, check: Check | null): CodeDiagnostic[] {
  return (check?.problems ?? []).map((problem) => {
    const from = problem.offset
    const close = source.indexOf('}', from)
    const eol = source.indexOf('\n', from)
    const to = close !== -1 && (eol === -1 || close < eol) ? close + 1 : eol === -1 ? source.length : eol
    return { from, to: Math.max(to, from + 1), severity: 'error', message: problem.message }
  })
}

function TemplateEditor({ answer }: { answer: TemplateAnswer }) {
  const { refreshChanges } = useSession()
  const id = useId()
  const name = answer.name
  const [text, setText] = useState(() => textOf(answer))
  const [restoring, setRestoring] = useState(answer.draft !== null && answer.draft.source === null)
  const [hasDraft, setHasDraft] = useState(answer.draft !== null)
  const [live, setLive] = useState(answer.live)
  const [overridden, setOverridden] = useState(answer.overridden)
  const [saveState, setSaveState] = useState<SaveState>('saved')
  const [problem, setProblem] = useState<string | null>(null)
  const [conflict, setConflict] = useState<TemplateConflictAnswer['conflict'] | null>(null)
  const [confirm, setConfirm] = useState<'discard' | 'restore' | null>(null)
  const [comparing, setComparing] = useState(false)
  const [showPreview, setShowPreview] = useState(true)
  const [phoneTab, setPhoneTab] = useState<'edit' | 'preview'>('edit')
  const [publishing, setPublishing] = useState(false)
  const [published, setPublished] = useState<string | null>(null)
  const [refusals, setRefusals] = useState<PublishProblem[]>([])
  const [path, setPath] = useState<string | undefined>(undefined)
  const [dataLoad, reloadData] = useLoad(() => templatesApi.data(name, path), [name, path])
  const data = dataLoad.state === 'ready' ? dataLoad.data : null
  const [check, setCheck] = useState<Check | null>(null)

  const revision = useRef(answer.revision)
  const textRef = useRef(text)
  const restoringRef = useRef(restoring)
  const dirty = useRef(false)
  const edits = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inFlight = useRef<Promise<boolean> | null>(null)

  // The engine's verdict on each change, a moment after typing stops (the engine's own chunk).
  useEffect(() => {
    let current = true
    const wait = setTimeout(() => {
      void checkTemplate(answer.engine, name, text, data).then((next) => {
        if (current) setCheck(next)
      })
    }, 200)
    return () => {
      current = false
      clearTimeout(wait)
    }
  }, [answer.engine, name, text, data])
  const diagnostics = useMemo(() => diagnosticsOf(text, check), [text, check])

  const adopt = useCallback((saved: TemplateAnswer) => {
    revision.current = saved.revision
    setHasDraft(saved.draft !== null)
    setLive(saved.live)
    setOverridden(saved.overridden)
  }, [])

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current)
    if (inFlight.current !== null) await inFlight.current
    if (!dirty.current) return true
    const startedAt = edits.current
    setSaveState('saving')
    setProblem(null)
    const source = restoringRef.current ? null : textRef.current
    const work = templatesApi.save(name, { source, baseRevision: revision.current }, path).then(
      (saved) => {
        adopt(saved)
        if (edits.current === startedAt) {
          dirty.current = false
          setSaveState('saved')
        } else setSaveState('unsaved')
        refreshChanges()
        return true
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409 && typeof error.body.conflict === 'object')
          setConflict((error.body as unknown as TemplateConflictAnswer).conflict)
        setProblem(messageOf(error))
        setSaveState('failed')
        return false
      },
    )
    inFlight.current = work
    const ok = await work
    inFlight.current = null
    return ok
  }, [name, path, adopt, refreshChanges])

  const changed = () => {
    dirty.current = true
    edits.current++
    setSaveState('unsaved')
    setPublished(null)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void save(), EDITOR_LIMITS.autosaveIdleMs)
  }
  const edit = (next: string) => {
    if (next === textRef.current) return
    textRef.current = next
    restoringRef.current = false
    setRestoring(false)
    setText(next)
    changed()
  }

  useAutosaveGuard({ dirty, timer, save, editable: true })

  const reset = (next: TemplateAnswer) => {
    adopt(next)
    const shown = textOf(next)
    textRef.current = shown
    restoringRef.current = next.draft !== null && next.draft.source === null
    setRestoring(restoringRef.current)
    setText(shown)
    dirty.current = false
    setSaveState('saved')
  }

  const discard = async () => {
    setConfirm(null)
    clearTimeout(timer.current)
    try {
      reset(await templatesApi.discard(name, revision.current))
      refreshChanges()
    } catch (error) {
      setProblem(messageOf(error))
    }
  }

  const restore = () => {
    setConfirm(null)
    textRef.current = answer.builtIn
    restoringRef.current = true
    setRestoring(true)
    setText(answer.builtIn)
    changed()
    void save()
  }

  const takeTheirs = () => {
    if (conflict === null) return
    const theirs = conflict.theirs
    revision.current = conflict.revision
    const shown = theirs === null ? conflict.live : (theirs.source ?? answer.builtIn)
    textRef.current = shown
    restoringRef.current = theirs !== null && theirs.source === null
    setRestoring(restoringRef.current)
    setText(shown)
    setConflict(null)
    setProblem(null)
    dirty.current = false
    setSaveState('saved')
  }
  const keepMine = () => {
    if (conflict === null) return
    revision.current = conflict.revision
    setConflict(null)
    dirty.current = true
    void save()
  }

  const publish = async () => {
    setPublishing(true)
    setPublished(null)
    setRefusals([])
    setProblem(null)
    try {
      if (!(await save())) return
      await templatesApi.publish(name)
      setPublished(EDITOR_TEXT.published)
      reset(await templatesApi.read(name))
      refreshChanges()
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Array.isArray(error.body.problems)) {
        setProblem(EDITOR_TEXT.publishRefused)
        setRefusals(error.body.problems as PublishProblem[])
      } else setProblem(messageOf(error))
    } finally {
      setPublishing(false)
    }
  }

  const statusLine =
    saveState === 'saving'
      ? EDITOR_TEXT.saving
      : saveState === 'saved'
        ? EDITOR_TEXT.saved
        : saveState === 'failed'
          ? (problem ?? EDITOR_TEXT.somethingWentWrong)
          : EDITOR_TEXT.unsaved

  return (
    <div className="template-screen">
      <div className="screen-head">
        <div>
          <p className="breadcrumb">
            <Link href="/templates">{TEMPLATES_TEXT.allTemplates}</Link>
          </p>
          <h1>
            <code>{name}</code>
          </h1>
          <p className="hint">
            <Badges template={{ name, kind: answer.kind, overridden, hasDraft }} />
          </p>
        </div>
        <div className="head-actions">
          <p className={`save-state${saveState === 'failed' ? ' save-failed' : ''}`} role="status">
            {statusLine}
          </p>
          <button type="button" className="button button-primary" onClick={() => void save()}>
            {TEMPLATES_TEXT.save}
          </button>
          <button type="button" className="button" disabled={publishing} onClick={() => void publish()}>
            {publishing ? EDITOR_TEXT.publishing : TEMPLATES_TEXT.publishTemplate}
          </button>
          <PreviewToggle shown={showPreview} onToggle={() => setShowPreview((v) => !v)} />
        </div>
      </div>
      {published !== null ? (
        <p className="notice notice-ok" role="status">
          {published} <Link href="/changes">{TEMPLATES_TEXT.reviewChanges}</Link>
        </p>
      ) : null}
      {refusals.length > 0 ? (
        <div className="notice notice-error" role="alert">
          <p className="notice-title">{EDITOR_TEXT.publishRefused}</p>
          <ul>
            {refusals.map((refusal) => (
              <li key={`${refusal.field} ${refusal.message}`}>
                <strong>{refusal.title}</strong> {refusal.field}: {refusal.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {conflict !== null ? (
        <section className="conflict notice notice-error" aria-label={problem ?? ''}>
          <p>{problem}</p>
          <div className="head-actions">
            <button type="button" className="button" onClick={keepMine}>
              {EDITOR_TEXT.keepMine}
            </button>
            <button type="button" className="button" onClick={takeTheirs}>
              {EDITOR_TEXT.takeTheirs}
            </button>
          </div>
        </section>
      ) : null}
      {restoring ? <p className="notice">{TEMPLATES_TEXT.restoreDraftNote}</p> : null}
      <PhoneTabs tab={phoneTab} onChange={setPhoneTab} />
      <div className={`record-body${showPreview ? ' with-preview' : ''} phone-${phoneTab}`}>
        <div className="record-edit">
          <p className="hint" id={`${id}-keys`}>
            {TEMPLATES_TEXT.codeEditorKeys}
          </p>
          <CodeEditor
            value={text}
            onChange={edit}
            language={jsonTemplate}
            label={fillText(TEMPLATES_TEXT.sourceLabel, { name })}
            describedBy={`${id}-keys ${id}-problems`}
            diagnostics={diagnostics}
            height="min(60vh, 36rem)"
          />
          <Problems id={`${id}-problems`} source={text} check={check} />
          <div className="head-actions template-actions">
            <button
              type="button"
              className="button"
              aria-expanded={comparing}
              onClick={() => setComparing((v) => !v)}
            >
              {comparing ? TEMPLATES_TEXT.hideCompare : TEMPLATES_TEXT.compare}
            </button>
            <button
              type="button"
              className="button button-danger-quiet"
              disabled={!hasDraft && !dirty.current}
              onClick={() => setConfirm('discard')}
            >
              {TEMPLATES_TEXT.discard}
            </button>
            {overridden && !restoring ? (
              <button type="button" className="button" onClick={() => setConfirm('restore')}>
                {TEMPLATES_TEXT.restoreDefault}
              </button>
            ) : null}
          </div>
          {comparing ? (
            <Suspense fallback={<Loading />}>
              <CompareView draft={text} live={live} />
            </Suspense>
          ) : null}
        </div>
        {showPreview || phoneTab === 'preview' ? (
          <Preview
            name={name}
            load={dataLoad}
            onRetry={reloadData}
            check={check}
            path={path}
            onPath={setPath}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === 'restore'
            ? fillText(TEMPLATES_TEXT.confirmRestore, { name })
            : fillText(EDITOR_TEXT.confirmDiscard, { title: name })
        }
        confirmLabel={confirm === 'restore' ? TEMPLATES_TEXT.restoreDefault : TEMPLATES_TEXT.discard}
        cancelLabel={EDITOR_TEXT.cancel}
        onConfirm={() => (confirm === 'restore' ? restore() : void discard())}
        onCancel={() => setConfirm(null)}
      />
    </div>
  )
}

/** The engine's compile errors, each at its line and column (also marked in the editor). */
function Problems({ id, source, check }: { id: string; source: string; check: Check | null }) {
  const problems = check?.problems ?? []
  return (
    <div id={id} className="template-problems" aria-live="polite">
      {problems.length === 0 ? (
        <p className="hint">{check === null ? '' : TEMPLATES_TEXT.noProblems}</p>
      ) : (
        <>
          <h2 className="field-error">{fillText(TEMPLATES_TEXT.problemCount, { n: problems.length })}</h2>
          <ul className="field-error">
            {problems.map((p) => {
              const { line, column } = lineColumn(source, p.offset)
              return (
                <li key={`${p.offset} ${p.message}`}>
                  {fillText(TEMPLATES_TEXT.problemAt, { line, column, message: p.message })}
                </li>
              )
            })}
          </ul>
        </>
      )}
    </div>
  )
}

/**
 * The nonce of the editor's page. A `srcdoc` frame keeps the page's Content-Security-Policy, whose
 * `style-src` takes a nonce: the storefront's stylesheet goes in with it. The frame is sandboxed
 * without scripts, so nothing in it can read the nonce to run anything.
 */
const pageNonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''

/**
 * The storefront's stylesheet of the previewed page, as text. Fetched with the editor's session
 * (a sandboxed frame's own requests carry no cookies); `</` is cut so it cannot end the element.
 */
function useStylesheet(url: string | undefined): string {
  const [css, setCss] = useState('')
  useEffect(() => {
    if (url === undefined) return
    let current = true
    fetch(url, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : ''))
      .then(
        (text) => {
          if (current) setCss(text.replace(/<\//g, '<\\/'))
        },
        () => {},
      )
    return () => {
      current = false
    }
  }, [url])
  return css
}

function lineColumn(source: string, offset: number) {
  const lines = source.slice(0, offset).split('\n')
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 }
}

function Preview({
  name,
  load,
  onRetry,
  check,
  path,
  onPath,
}: {
  name: string
  load: ReturnType<typeof useLoad<TemplateDataAnswer>>[0]
  onRetry: () => void
  check: Check | null
  path: string | undefined
  onPath: (path: string) => void
}) {
  const id = useId()
  const data = load.state === 'ready' ? load.data : null
  const render = check?.render ?? null
  const css = useStylesheet(data?.stylesheet)
  const percent = render === null ? 0 : Math.min(100, Math.ceil(render.share * 100))
  return (
    <section className="preview template-preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{TEMPLATES_TEXT.previewHeading}</h2>
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadTryAgain} detail={load.message} onRetry={onRetry} />
      ) : null}
      {data === null && load.state !== 'error' ? (
        <p className="hint">{TEMPLATES_TEXT.previewLoading}</p>
      ) : null}
      {data !== null ? (
        <div className="field">
          <label htmlFor={`${id}-page`}>{TEMPLATES_TEXT.previewPage}</label>
          <select id={`${id}-page`} value={path ?? data.path} onChange={(e) => onPath(e.target.value)}>
            {data.pages.map((page) => (
              <option key={page.path} value={page.path}>
                {page.title} ({page.path})
              </option>
            ))}
          </select>
          {data.template !== name && check !== null ? (
            <p className="hint">
              {fillText(check.partial ? TEMPLATES_TEXT.previewOf : TEMPLATES_TEXT.otherTemplatePage, {
                template: data.template,
              })}
            </p>
          ) : null}
        </div>
      ) : null}
      {render !== null ? (
        <div className="field template-budget">
          <label htmlFor={`${id}-budget`}>{TEMPLATES_TEXT.budgetLabel}</label>
          <meter
            id={`${id}-budget`}
            min={0}
            max={100}
            low={50}
            high={80}
            optimum={0}
            value={percent}
            aria-describedby={`${id}-budget-text`}
          >
            {percent}%
          </meter>
          <p className="hint" id={`${id}-budget-text`}>
            {fillText(TEMPLATES_TEXT.budgetText, {
              percent,
              work: render.work.toLocaleString('en-US'),
              max: render.maxWork.toLocaleString('en-US'),
            })}
          </p>
        </div>
      ) : null}
      {render?.stopped ? (
        <p className="notice notice-error" role="alert">
          {fillText(TEMPLATES_TEXT.previewStopped, { message: render.stopped })}
        </p>
      ) : null}
      {render !== null && !render.stopped && data !== null ? (
        <iframe
          title={fillText(TEMPLATES_TEXT.previewFrame, { name, path: data.path })}
          sandbox=""
          srcDoc={`<!DOCTYPE html><html><head><meta charset="utf-8"><style nonce="${pageNonce}">${css}</style></head><body><main id="content">${render.output}</main></body></html>`}
        />
      ) : null}
    </section>
  )
}
