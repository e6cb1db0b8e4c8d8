/** Tags and categories across items: rename one, merge several into one, remove one. */
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { EDITOR_LIMITS, EDITOR_TEXT, fillText, type TermsBody, type TermType } from '../../shared/index'
import { api, messageOf } from '../api'
import { useLoad } from '../hooks'
import { ConfirmDialog, Dialog } from '../parts/dialog'
import { LoadError, Loading } from '../parts/load-error'
import { screenTitle, useSession } from '../session'

type Mode =
  | { kind: 'rename'; from: string }
  | { kind: 'merge'; from: string[] }
  | { kind: 'remove'; name: string }

export default function TermsScreen() {
  const { session, refreshChanges } = useSession()
  const type: TermType = new URLSearchParams(useSearch()).get('type') === 'category' ? 'category' : 'tag'
  const [load, reload] = useLoad(() => api.terms(type), [type])
  const [filter, setFilter] = useState('')
  const [selected, setSelected] = useState<string[]>([])
  const [mode, setMode] = useState<Mode | null>(null)
  const [target, setTarget] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [dialogError, setDialogError] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const word = type === 'tag' ? EDITOR_TEXT.termTag : EDITOR_TEXT.termCategory
  const max = type === 'tag' ? EDITOR_LIMITS.tagLength : EDITOR_LIMITS.categoryLength
  const may = session.capabilities.manageTerms
  useEffect(() => screenTitle(EDITOR_TEXT.navTerms, session.site.title), [session.site.title])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new type starts a new selection
  useEffect(() => {
    setSelected([])
    setProblem(null)
    setMessage(null)
  }, [type])

  const terms = load.state === 'ready' ? load.data.terms : []
  const needle = filter.trim().toLowerCase()
  const shown = terms.filter((t) => needle === '' || t.name.toLowerCase().includes(needle))
  const toggle = (name: string) =>
    setSelected((s) => (s.includes(name) ? s.filter((n) => n !== name) : [...s, name]))
  const one = (kind: 'rename' | 'remove') => {
    setProblem(null)
    if (selected.length !== 1) {
      setProblem(fillText(EDITOR_TEXT.oneTermAtATime, { tagType: word }))
      return
    }
    const name = selected[0] as string
    setDialogError(null)
    setTarget(name)
    setMode(kind === 'rename' ? { kind, from: name } : { kind, name })
  }
  const merge = () => {
    setProblem(null)
    setDialogError(null)
    if (selected.length < 2) return
    setTarget(selected[0] as string)
    setMode({ kind: 'merge', from: selected })
  }
  const run = async (body: TermsBody) => {
    setBusy(true)
    setMessage(null)
    try {
      const answer = await api.changeTerms(body)
      setMode(null)
      setSelected([])
      setMessage(fillText(EDITOR_TEXT.termUpdated, { count: answer.updated.length }))
      reload()
      refreshChanges()
    } catch (e) {
      setDialogError(messageOf(e))
      setProblem(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  const submitName = (event: FormEvent) => {
    event.preventDefault()
    if (mode === null || mode.kind === 'remove') return
    const name = target.trim()
    if (name === '') return
    if (name.length > max) {
      setDialogError(fillText(EDITOR_TEXT.termTooLong, { tagType: word, max }))
      return
    }
    const taken = terms.some((t) => t.name.toLowerCase() === name.toLowerCase())
    if (mode.kind === 'rename' && taken && name.toLowerCase() !== mode.from.toLowerCase()) {
      setDialogError(fillText(EDITOR_TEXT.termExists, { tagType: word }))
      return
    }
    void run(
      mode.kind === 'rename'
        ? { type, action: 'rename', from: mode.from, to: name }
        : { type, action: 'merge', from: mode.from, to: name },
    )
  }
  return (
    <>
      <div className="screen-head">
        <h1>{EDITOR_TEXT.navTerms}</h1>
      </div>
      <nav aria-label={EDITOR_TEXT.navTerms} className="segmented">
        <Link href="/terms" aria-current={type === 'tag' ? 'page' : undefined}>
          {EDITOR_TEXT.termTags}
        </Link>
        <Link href="/terms?type=category" aria-current={type === 'category' ? 'page' : undefined}>
          {EDITOR_TEXT.termCategories}
        </Link>
      </nav>
      {message === null ? null : (
        <p className="notice notice-ok" role="status">
          {message}
        </p>
      )}
      <div className="field field-inline">
        <label htmlFor={`${id}-filter`}>{EDITOR_TEXT.termFilter}</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      {may ? (
        <div className="row-actions toolbar-row">
          <button
            type="button"
            className="button"
            disabled={selected.length === 0}
            onClick={() => one('rename')}
          >
            {EDITOR_TEXT.edit}
          </button>
          <button type="button" className="button" disabled={selected.length < 2} onClick={merge}>
            {EDITOR_TEXT.merge}
          </button>
          <button
            type="button"
            className="button button-danger-quiet"
            disabled={selected.length === 0}
            onClick={() => one('remove')}
          >
            {EDITOR_TEXT.remove}
          </button>
        </div>
      ) : (
        <p className="notice">{EDITOR_TEXT.readOnlyNotice}</p>
      )}
      {problem === null ? null : (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadResults} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' && shown.length === 0 ? (
        <p>{terms.length === 0 ? EDITOR_TEXT.noItems : EDITOR_TEXT.noMatches}</p>
      ) : null}
      <ul className="term-list">
        {shown.map((term) => (
          <li key={term.name} className="field-check term">
            <input
              id={`${id}-t-${term.name}`}
              type="checkbox"
              checked={selected.includes(term.name)}
              disabled={!may}
              onChange={() => toggle(term.name)}
            />
            <label htmlFor={`${id}-t-${term.name}`}>
              {term.name}{' '}
              <span className="meta">{fillText(EDITOR_TEXT.termCount, { count: term.count })}</span>
            </label>
          </li>
        ))}
      </ul>
      <Dialog
        open={mode !== null && mode.kind !== 'remove'}
        title={mode?.kind === 'merge' ? EDITOR_TEXT.merge : EDITOR_TEXT.rename}
        onClose={() => setMode(null)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setMode(null)}>
              {EDITOR_TEXT.cancel}
            </button>
            <button type="submit" form={`${id}-name-form`} className="button button-primary" disabled={busy}>
              {mode?.kind === 'merge' ? EDITOR_TEXT.merge : EDITOR_TEXT.rename}
            </button>
          </>
        }
      >
        <form id={`${id}-name-form`} onSubmit={submitName} noValidate>
          {mode?.kind === 'merge' ? <p>{mode.from.join(', ')}</p> : null}
          <div className="field">
            <label htmlFor={`${id}-target`}>
              {mode?.kind === 'merge' ? EDITOR_TEXT.termMergeInto : EDITOR_TEXT.termRenameTo}
            </label>
            <input
              id={`${id}-target`}
              value={target}
              onChange={(e) => {
                setTarget(e.target.value)
                setDialogError(null)
              }}
              aria-invalid={dialogError !== null}
              aria-describedby={dialogError === null ? undefined : `${id}-target-error`}
            />
            {dialogError === null ? null : (
              <p className="field-error" id={`${id}-target-error`} role="alert">
                {dialogError}
              </p>
            )}
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={mode?.kind === 'remove'}
        title={`${EDITOR_TEXT.remove}: ${mode?.kind === 'remove' ? mode.name : ''}`}
        body={fillText(EDITOR_TEXT.termRemoveWarning, {
          tagType: word,
          name: mode?.kind === 'remove' ? mode.name : '',
        })}
        confirmLabel={EDITOR_TEXT.remove}
        cancelLabel={EDITOR_TEXT.cancel}
        busy={busy}
        onCancel={() => setMode(null)}
        onConfirm={() => {
          if (mode?.kind === 'remove') void run({ type, action: 'remove', name: mode.name })
        }}
      />
    </>
  )
}
