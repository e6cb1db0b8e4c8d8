/**
 * The site's navigation (the site record's `navigation`): its links in order, each edited with
 * the link editor (a page link is kept by reference, so it follows a renamed page), moved up or
 * down, removed after a confirmation. Saving stores a draft (409 when someone else saved first);
 * Publish makes it live with the rest.
 */
import { useEffect, useRef, useState } from 'react'
import { canEdit, EDITOR_TEXT, fillText, type NavigationLink, type RecordAnswer } from '../../shared/index'
import { ApiError, api, messageOf } from '../api'
import { useLoad } from '../hooks'
import { ConfirmDialog } from '../parts/dialog'
import { LinkEditor, type LinkValue } from '../parts/link-editor'
import { LoadError, Loading } from '../parts/load-error'
import { screenTitle, useSession } from '../session'

const SITE = 'site'

function linksOf(answer: RecordAnswer): NavigationLink[] {
  const record = (answer.draft?.record ?? answer.live) as { navigation?: NavigationLink[] } | null
  return (record?.navigation ?? []).map((link) => ({ ...link }))
}

export default function NavigationScreen() {
  const { session, refreshChanges } = useSession()
  const [load, reload] = useLoad(() => api.record(SITE), [])
  useEffect(() => screenTitle(EDITOR_TEXT.navNavigation, session.site.title), [session.site.title])
  return (
    <>
      <div className="screen-head">
        <h1>{EDITOR_TEXT.navNavigation}</h1>
      </div>
      <p>{EDITOR_TEXT.navigationIntro}</p>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadTryAgain} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' ? (
        <NavigationEditor
          answer={load.data}
          readOnly={!canEdit(session.capabilities, 'content')}
          onSaved={() => {
            refreshChanges()
            reload()
          }}
        />
      ) : null}
    </>
  )
}

function NavigationEditor({
  answer,
  readOnly,
  onSaved,
}: {
  answer: RecordAnswer
  readOnly: boolean
  onSaved: () => void
}) {
  // Each link with a key of its own for React (links may repeat a title or an address).
  const nextKey = useRef(0)
  const keyed = (list: NavigationLink[]) => list.map((link) => ({ key: nextKey.current++, link }))
  const [rows, setRows] = useState(() => keyed(linksOf(answer)))
  const links = rows.map((row) => row.link)
  const [revision, setRevision] = useState(answer.revision)
  const [editing, setEditing] = useState<number | null>(null)
  const [removing, setRemoving] = useState<number | null>(null)
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [dirty, setDirty] = useState(false)

  const change = (next: NavigationLink[]) => {
    const known = new Map(rows.map((row) => [row.link, row.key]))
    setRows(next.map((link) => ({ key: known.get(link) ?? nextKey.current++, link })))
    setDirty(true)
    setMessage(null)
  }
  const move = (index: number, by: number) => {
    const next = [...links]
    const [link] = next.splice(index, 1)
    if (link === undefined) return
    next.splice(index + by, 0, link)
    change(next)
  }
  const save = async () => {
    setBusy(true)
    try {
      const record = { ...(answer.draft?.record ?? answer.live), navigation: links } as RecordAnswer['live']
      const saved = await api.save(SITE, {
        record: record as NonNullable<typeof record>,
        baseRevision: revision,
      })
      setRevision(saved.revision)
      setDirty(false)
      setMessage({ kind: 'ok', text: EDITOR_TEXT.navigationSaved })
      onSaved()
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setMessage({ kind: 'error', text: error.message })
      } else {
        setMessage({ kind: 'error', text: messageOf(error) })
      }
    } finally {
      setBusy(false)
    }
  }
  const editingLink = editing === null ? null : editing === links.length ? null : links[editing]
  const initial: LinkValue = {
    href: editingLink?.url ?? '',
    text: editingLink?.title ?? '',
    newWindow: false,
    ref: editingLink?.ref ?? null,
  }

  return (
    <section aria-labelledby="navigation-links">
      <h2 id="navigation-links" className="visually-hidden">
        {EDITOR_TEXT.navNavigation}
      </h2>
      <ol className="cards navigation-links">
        {rows.map(({ key, link }, index) => (
          <li key={key} className="card card-row">
            <div className="card-main">
              <p className="card-title">{link.title}</p>
              <p className="meta">
                <span className="meta-url">{link.url}</span>
              </p>
            </div>
            {readOnly ? null : (
              <div className="row-actions">
                <button
                  type="button"
                  className="button"
                  aria-label={fillText(EDITOR_TEXT.moveUpOf, { title: link.title })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button"
                  aria-label={fillText(EDITOR_TEXT.moveDownOf, { title: link.title })}
                  disabled={index === links.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button"
                  aria-label={fillText(EDITOR_TEXT.editLinkOf, { title: link.title })}
                  onClick={() => setEditing(index)}
                >
                  {EDITOR_TEXT.edit}
                </button>
                <button
                  type="button"
                  className="button button-danger-quiet"
                  aria-label={fillText(EDITOR_TEXT.removeLinkOf, { title: link.title })}
                  disabled={links.length === 1}
                  onClick={() => setRemoving(index)}
                >
                  {EDITOR_TEXT.remove}
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {readOnly ? (
        <p className="notice">{EDITOR_TEXT.readOnlyNotice}</p>
      ) : (
        <div className="row-actions">
          <button type="button" className="button" onClick={() => setEditing(links.length)}>
            {EDITOR_TEXT.addLink}
          </button>
          <button type="button" className="button button-primary" onClick={save} disabled={busy || !dirty}>
            {busy ? EDITOR_TEXT.saving : EDITOR_TEXT.save}
          </button>
        </div>
      )}
      <div role="status">
        {message === null ? null : (
          <p className={message.kind === 'error' ? 'notice notice-error' : 'notice notice-ok'}>
            {message.text}
          </p>
        )}
      </div>
      {editing === null ? null : (
        <LinkEditor
          open
          newWindowOption={false}
          initial={initial}
          onClose={() => setEditing(null)}
          onRemove={() => {
            if (editing < links.length) change(links.filter((_, i) => i !== editing))
            setEditing(null)
          }}
          onSubmit={(value) => {
            const link: NavigationLink = {
              title: value.text.trim() || EDITOR_TEXT.newLinkName,
              url: value.href,
              ...(value.ref ? { ref: value.ref } : {}),
            }
            change(
              editing < links.length ? links.map((l, i) => (i === editing ? link : l)) : [...links, link],
            )
            setEditing(null)
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={fillText(EDITOR_TEXT.confirmRemoveLink, {
          title: removing === null ? '' : (links[removing]?.title ?? ''),
        })}
        confirmLabel={EDITOR_TEXT.remove}
        cancelLabel={EDITOR_TEXT.cancel}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) change(links.filter((_, i) => i !== removing))
          setRemoving(null)
        }}
      />
    </section>
  )
}
