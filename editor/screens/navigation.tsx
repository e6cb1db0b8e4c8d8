/**
 * The site's menus (the site record's `navigation` and `footerNavigation`): Header navigation and
 * Footer navigation, each a list of links and folders (a folder holds links, one level deep, and
 * may have a page of its own). Links are added and edited with the link editor (a page link is
 * kept by reference, so it follows a renamed page), moved up or down (buttons, or Alt+↑/↓ on a
 * row), moved into the folder above or out of it (Alt+→/←), removed after a confirmation. Both
 * menus together hold at most NAVIGATION_LINK_LIMIT links, counted as you go. Saving stores a
 * draft (409 when someone else saved first); Publish makes it live with the rest.
 */
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import {
  countNavigationLinks,
  EDITOR_TEXT,
  fillText,
  NAVIGATION_LINK_LIMIT,
  type NavigationEntry,
  type RecordAnswer,
} from '../../shared/index'
import { ApiError, api, messageOf } from '../api'
import { useLeaveGuard, useLoad } from '../hooks'
import { ConfirmDialog, Dialog } from '../parts/dialog'
import { isAllowedHref, LinkEditor } from '../parts/link-editor'
import { LoadError, Loading } from '../parts/load-error'
import { screenTitle, useSession } from '../session'

const SITE = 'site'

type MenuName = 'header' | 'footer'

/** A row of a menu: a link, or a folder with its links. */
interface Entry {
  key: number
  title: string
  url: string
  ref?: string
  folder: boolean
  children: Entry[]
}

/** Where a row is: its menu, its index, and its index in the folder when it is a folder's link. */
interface At {
  menu: MenuName
  index: number
  child?: number
}

type Menus = Record<MenuName, Entry[]>

let nextKey = 0

function entriesOf(links: readonly NavigationEntry[] | undefined): Entry[] {
  return (links ?? []).map((link) => ({
    key: nextKey++,
    title: link.title,
    url: link.url ?? '',
    ...(link.ref ? { ref: link.ref } : {}),
    folder: Array.isArray(link.children),
    children: entriesOf(link.children),
  }))
}

function linksOf(entries: readonly Entry[]): NavigationEntry[] {
  return entries.map((entry) => ({
    title: entry.title,
    ...(entry.url ? { url: entry.url } : {}),
    ...(entry.ref && entry.url ? { ref: entry.ref } : {}),
    ...(entry.folder ? { children: linksOf(entry.children) } : {}),
  }))
}

function siteOf(answer: RecordAnswer) {
  return (answer.draft?.record ?? answer.live) as {
    navigation?: NavigationEntry[]
    footerNavigation?: NavigationEntry[]
  } | null
}

export default function NavigationScreen() {
  const { session, refreshChanges } = useSession()
  const [load, reload] = useLoad(() => api.record(SITE), [])
  useEffect(() => screenTitle(EDITOR_TEXT.navNavigation, session.site.title), [session.site.title])
  return (
    <>
      <div className="screen-head">
        <h1>{EDITOR_TEXT.navNavigation}</h1>
        {/* The home page with every draft applied (saved changes show there before publishing). */}
        <a className="button" href="/config/preview/" target="_blank" rel="noopener">
          {EDITOR_TEXT.preview}
        </a>
      </div>
      <p>{EDITOR_TEXT.navigationIntro}</p>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadTryAgain} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' ? (
        <NavigationEditor
          answer={load.data}
          readOnly={!session.capabilities.editContent}
          onSaved={() => {
            refreshChanges()
            reload()
          }}
        />
      ) : null}
    </>
  )
}

type Editing =
  | { kind: 'link'; at: At | null; menu: MenuName; folder?: number }
  | { kind: 'folder'; at: At | null; menu: MenuName }

function NavigationEditor({
  answer,
  readOnly,
  onSaved,
}: {
  answer: RecordAnswer
  readOnly: boolean
  onSaved: () => void
}) {
  const [menus, setMenus] = useState<Menus>(() => ({
    header: entriesOf(siteOf(answer)?.navigation),
    footer: entriesOf(siteOf(answer)?.footerNavigation),
  }))
  const [revision, setRevision] = useState(answer.revision)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [removing, setRemoving] = useState<At | null>(null)
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [dirty, setDirty] = useState(false)
  const focusAfter = useRef<{ key: number; action: string } | null>(null)
  const count = countNavigationLinks([linksOf(menus.header), linksOf(menus.footer)])
  const full = count >= NAVIGATION_LINK_LIMIT

  // A moved row keeps the focus on the control that moved it (or its row's first control).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the menus
  useLayoutEffect(() => {
    const wanted = focusAfter.current
    if (wanted === null) return
    focusAfter.current = null
    const row = document.querySelector(`[data-row="${wanted.key}"]`)
    const button = row?.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]:not(:disabled)`)
    ;(button ?? row?.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus()
  }, [menus])

  const change = (next: Menus, focus?: { key: number; action: string }) => {
    if (focus) focusAfter.current = focus
    setMenus(next)
    setDirty(true)
    setMessage(null)
  }
  const withMenu = (menu: MenuName, entries: Entry[]) => ({ ...menus, [menu]: entries })

  const entryAt = (at: At): Entry | undefined => {
    const top = menus[at.menu][at.index]
    return at.child === undefined ? top : top?.children[at.child]
  }

  const move = (at: At, by: -1 | 1, action: string) => {
    const list = [...menus[at.menu]]
    if (at.child === undefined) {
      const [entry] = list.splice(at.index, 1)
      if (entry === undefined) return
      list.splice(at.index + by, 0, entry)
      change(withMenu(at.menu, list), { key: entry.key, action })
      return
    }
    const folder = list[at.index]
    if (folder === undefined) return
    const children = [...folder.children]
    const [entry] = children.splice(at.child, 1)
    if (entry === undefined) return
    children.splice(at.child + by, 0, entry)
    list[at.index] = { ...folder, children }
    change(withMenu(at.menu, list), { key: entry.key, action })
  }

  const canIndent = (at: At) =>
    at.child === undefined &&
    !menus[at.menu][at.index]?.folder &&
    menus[at.menu][at.index - 1]?.folder === true

  const indent = (at: At) => {
    if (!canIndent(at)) return
    const list = [...menus[at.menu]]
    const [entry] = list.splice(at.index, 1)
    const folder = list[at.index - 1]
    if (entry === undefined || folder === undefined) return
    list[at.index - 1] = { ...folder, children: [...folder.children, entry] }
    change(withMenu(at.menu, list), { key: entry.key, action: 'outdent' })
  }

  const outdent = (at: At) => {
    if (at.child === undefined) return
    const list = [...menus[at.menu]]
    const folder = list[at.index]
    const entry = folder?.children[at.child]
    if (folder === undefined || entry === undefined) return
    list[at.index] = { ...folder, children: folder.children.filter((_, i) => i !== at.child) }
    list.splice(at.index + 1, 0, entry)
    change(withMenu(at.menu, list), { key: entry.key, action: 'indent' })
  }

  const remove = (at: At) => {
    const list = [...menus[at.menu]]
    if (at.child === undefined) list.splice(at.index, 1)
    else {
      const folder = list[at.index]
      if (folder !== undefined)
        list[at.index] = { ...folder, children: folder.children.filter((_, i) => i !== at.child) }
    }
    change(withMenu(at.menu, list))
  }

  const place = (entry: Entry, target: Editing) => {
    const list = [...menus[target.menu]]
    const at = target.at
    if (at !== null) {
      if (at.child === undefined) list[at.index] = { ...entry, children: list[at.index]?.children ?? [] }
      else {
        const folder = list[at.index]
        if (folder !== undefined)
          list[at.index] = {
            ...folder,
            children: folder.children.map((c, i) => (i === at.child ? entry : c)),
          }
      }
    } else if (target.kind === 'link' && target.folder !== undefined) {
      const folder = list[target.folder]
      if (folder !== undefined) list[target.folder] = { ...folder, children: [...folder.children, entry] }
    } else list.push(entry)
    change(withMenu(target.menu, list), { key: entry.key, action: 'edit' })
  }

  const onRowKey = (event: KeyboardEvent, at: At) => {
    if (!event.altKey || readOnly) return
    const siblings = at.child === undefined ? menus[at.menu] : (menus[at.menu][at.index]?.children ?? [])
    const position = at.child ?? at.index
    if (event.key === 'ArrowUp' && position > 0) move(at, -1, 'up')
    else if (event.key === 'ArrowDown' && position < siblings.length - 1) move(at, 1, 'down')
    else if (event.key === 'ArrowRight' && canIndent(at)) indent(at)
    else if (event.key === 'ArrowLeft' && at.child !== undefined) outdent(at)
    else return
    event.preventDefault()
  }

  const save = async (): Promise<boolean> => {
    if (count > NAVIGATION_LINK_LIMIT) {
      setMessage({
        kind: 'error',
        text: fillText(EDITOR_TEXT.navigationLimit, { max: NAVIGATION_LINK_LIMIT }),
      })
      return false
    }
    if (menus.header.length === 0) {
      setMessage({ kind: 'error', text: EDITOR_TEXT.headerNeedsLink })
      return false
    }
    const empty = [...menus.header, ...menus.footer].find(
      (entry) => entry.folder && entry.children.length === 0,
    )
    if (empty !== undefined) {
      setMessage({ kind: 'error', text: fillText(EDITOR_TEXT.folderNeedsLink, { title: empty.title }) })
      return false
    }
    setBusy(true)
    try {
      const base = { ...(answer.draft?.record ?? answer.live) } as Record<string, unknown>
      const footer = linksOf(menus.footer)
      delete base.footerNavigation
      const record = {
        ...base,
        navigation: linksOf(menus.header),
        ...(footer.length > 0 ? { footerNavigation: footer } : {}),
      } as unknown as NonNullable<RecordAnswer['live']>
      const saved = await api.save(SITE, { record, baseRevision: revision })
      setRevision(saved.revision)
      setDirty(false)
      setMessage({ kind: 'ok', text: EDITOR_TEXT.navigationSaved })
      onSaved()
      return true
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError ? error.message : messageOf(error) })
      return false
    } finally {
      setBusy(false)
    }
  }
  useLeaveGuard(dirty, save)

  const editingEntry = editing?.at ? entryAt(editing.at) : undefined
  const removingEntry = removing ? entryAt(removing) : undefined

  const menuSection = (menu: MenuName, heading: string) => (
    <section aria-labelledby={`menu-${menu}`} className="menu-section">
      <h2 id={`menu-${menu}`}>{heading}</h2>
      {menu === 'footer' && menus.footer.length === 0 ? (
        <p className="hint">{EDITOR_TEXT.footerShowsHeader}</p>
      ) : null}
      <ol className="cards navigation-links">
        {menus[menu].map((entry, index) => (
          <li key={entry.key} className="navigation-entry">
            <Row
              entry={entry}
              at={{ menu, index }}
              first={index === 0}
              last={index === menus[menu].length - 1}
              readOnly={readOnly}
              canIndent={canIndent({ menu, index })}
              canRemove={!(menu === 'header' && menus.header.length === 1)}
              onKey={onRowKey}
              onMove={move}
              onIndent={indent}
              onOutdent={outdent}
              onEdit={(at) => setEditing({ kind: entry.folder ? 'folder' : 'link', at, menu })}
              onRemove={setRemoving}
            />
            {entry.folder ? (
              <ol
                className="cards navigation-children"
                aria-label={fillText(EDITOR_TEXT.folderLinks, { title: entry.title })}
              >
                {entry.children.map((child, childIndex) => (
                  <li key={child.key} className="navigation-entry">
                    <Row
                      entry={child}
                      at={{ menu, index, child: childIndex }}
                      first={childIndex === 0}
                      last={childIndex === entry.children.length - 1}
                      readOnly={readOnly}
                      canIndent={false}
                      canRemove
                      onKey={onRowKey}
                      onMove={move}
                      onIndent={indent}
                      onOutdent={outdent}
                      onEdit={(at) => setEditing({ kind: 'link', at, menu })}
                      onRemove={setRemoving}
                    />
                  </li>
                ))}
                {readOnly ? null : (
                  <li>
                    <button
                      type="button"
                      className="button button-quiet"
                      disabled={full}
                      onClick={() => setEditing({ kind: 'link', at: null, menu, folder: index })}
                    >
                      {fillText(EDITOR_TEXT.addLinkTo, { title: entry.title })}
                    </button>
                  </li>
                )}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <div className="row-actions">
          <button
            type="button"
            className="button"
            disabled={full}
            onClick={() => setEditing({ kind: 'link', at: null, menu })}
          >
            {EDITOR_TEXT.addLink}
          </button>
          <button
            type="button"
            className="button"
            disabled={full}
            onClick={() => setEditing({ kind: 'folder', at: null, menu })}
          >
            {EDITOR_TEXT.addFolder}
          </button>
        </div>
      )}
    </section>
  )

  return (
    <>
      <p className={count > NAVIGATION_LINK_LIMIT ? 'notice notice-error' : 'hint'} aria-live="polite">
        {fillText(EDITOR_TEXT.navigationCount, { count, max: NAVIGATION_LINK_LIMIT })}
      </p>
      {menuSection('header', EDITOR_TEXT.navHeaderNavigation)}
      {menuSection('footer', EDITOR_TEXT.navFooterNavigation)}
      {readOnly ? (
        <p className="notice">{EDITOR_TEXT.readOnlyNotice}</p>
      ) : (
        <div className="row-actions">
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
      {editing?.kind === 'link' ? (
        <LinkEditor
          open
          newWindowOption={false}
          initial={{
            href: editingEntry?.url ?? '',
            text: editingEntry?.title ?? '',
            newWindow: false,
            ref: editingEntry?.ref ?? null,
          }}
          onClose={() => setEditing(null)}
          onRemove={() => {
            // Asked first, like every removal.
            setRemoving(editing.at)
            setEditing(null)
          }}
          onSubmit={(value) => {
            place(
              {
                key: editingEntry?.key ?? nextKey++,
                title: value.text.trim() || EDITOR_TEXT.newLinkName,
                url: value.href,
                ...(value.ref ? { ref: value.ref } : {}),
                folder: false,
                children: [],
              },
              editing,
            )
            setEditing(null)
          }}
        />
      ) : null}
      {editing?.kind === 'folder' ? (
        <FolderDialog
          initial={editingEntry ?? null}
          onClose={() => setEditing(null)}
          onSubmit={(title, url) => {
            place(
              {
                key: editingEntry?.key ?? nextKey++,
                title,
                url,
                folder: true,
                children: editingEntry?.children ?? [],
              },
              editing,
            )
            setEditing(null)
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={
          removingEntry?.folder
            ? fillText(EDITOR_TEXT.confirmRemoveFolder, {
                title: removingEntry.title,
                count: removingEntry.children.length,
              })
            : fillText(EDITOR_TEXT.confirmRemoveLink, { title: removingEntry?.title ?? '' })
        }
        confirmLabel={EDITOR_TEXT.remove}
        cancelLabel={EDITOR_TEXT.cancel}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) remove(removing)
          setRemoving(null)
        }}
      />
    </>
  )
}

function Row({
  entry,
  at,
  first,
  last,
  readOnly,
  canIndent,
  canRemove,
  onKey,
  onMove,
  onIndent,
  onOutdent,
  onEdit,
  onRemove,
}: {
  entry: Entry
  at: At
  first: boolean
  last: boolean
  readOnly: boolean
  canIndent: boolean
  canRemove: boolean
  onKey: (event: KeyboardEvent, at: At) => void
  onMove: (at: At, by: -1 | 1, action: string) => void
  onIndent: (at: At) => void
  onOutdent: (at: At) => void
  onEdit: (at: At) => void
  onRemove: (at: At) => void
}) {
  const title = { title: entry.title }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Alt+arrow shortcuts for the row's own buttons
    <div className="card card-row" data-row={entry.key} onKeyDown={(event) => onKey(event, at)}>
      <div className="card-main">
        <p className="card-title">
          {entry.folder ? <span className="badge">{EDITOR_TEXT.folderLabel}</span> : null} {entry.title}
        </p>
        {entry.url ? (
          <p className="meta">
            <span className="meta-url">{entry.url}</span>
          </p>
        ) : null}
      </div>
      {readOnly ? null : (
        <div className="row-actions">
          <button
            type="button"
            className="button"
            data-action="up"
            aria-label={fillText(EDITOR_TEXT.moveUpOf, title)}
            aria-keyshortcuts="Alt+ArrowUp"
            disabled={first}
            onClick={() => onMove(at, -1, 'up')}
          >
            ↑
          </button>
          <button
            type="button"
            className="button"
            data-action="down"
            aria-label={fillText(EDITOR_TEXT.moveDownOf, title)}
            aria-keyshortcuts="Alt+ArrowDown"
            disabled={last}
            onClick={() => onMove(at, 1, 'down')}
          >
            ↓
          </button>
          {at.child === undefined ? (
            entry.folder ? null : (
              <button
                type="button"
                className="button"
                data-action="indent"
                aria-label={fillText(EDITOR_TEXT.indentOf, title)}
                aria-keyshortcuts="Alt+ArrowRight"
                disabled={!canIndent}
                onClick={() => onIndent(at)}
              >
                →
              </button>
            )
          ) : (
            <button
              type="button"
              className="button"
              data-action="outdent"
              aria-label={fillText(EDITOR_TEXT.outdentOf, title)}
              aria-keyshortcuts="Alt+ArrowLeft"
              onClick={() => onOutdent(at)}
            >
              ←
            </button>
          )}
          <button
            type="button"
            className="button"
            data-action="edit"
            aria-label={fillText(entry.folder ? EDITOR_TEXT.editFolderOf : EDITOR_TEXT.editLinkOf, title)}
            onClick={() => onEdit(at)}
          >
            {EDITOR_TEXT.edit}
          </button>
          <button
            type="button"
            className="button button-danger-quiet"
            data-action="remove"
            aria-label={fillText(EDITOR_TEXT.removeLinkOf, title)}
            disabled={!canRemove}
            onClick={() => onRemove(at)}
          >
            {EDITOR_TEXT.remove}
          </button>
        </div>
      )}
    </div>
  )
}

/** A folder's name and, optionally, the page its title opens. */
function FolderDialog({
  initial,
  onSubmit,
  onClose,
}: {
  initial: Entry | null
  onSubmit: (title: string, url: string) => void
  onClose: () => void
}) {
  const id = useId()
  const [title, setTitle] = useState(initial?.title ?? '')
  const [url, setUrl] = useState(initial?.url ?? '')
  const [error, setError] = useState<{ field: 'title' | 'url'; text: string } | null>(null)
  const submit = () => {
    if (title.trim() === '') {
      setError({ field: 'title', text: EDITOR_TEXT.linkTitleRequired })
      return
    }
    if (url.trim() !== '' && !isAllowedHref(url.trim())) {
      setError({ field: 'url', text: EDITOR_TEXT.linkRefused })
      return
    }
    onSubmit(title.trim(), url.trim())
  }
  return (
    <Dialog
      open
      title={initial ? fillText(EDITOR_TEXT.editFolderOf, { title: initial.title }) : EDITOR_TEXT.addFolder}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {EDITOR_TEXT.cancel}
          </button>
          <button type="button" className="button button-primary" onClick={submit}>
            {EDITOR_TEXT.apply}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={`${id}-title`}>{EDITOR_TEXT.folderName}</label>
        <input
          id={`${id}-title`}
          value={title}
          aria-invalid={error?.field === 'title'}
          aria-describedby={error?.field === 'title' ? `${id}-error` : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`}>{EDITOR_TEXT.folderUrl}</label>
        <input
          id={`${id}-url`}
          value={url}
          placeholder="/a-page"
          aria-invalid={error?.field === 'url'}
          aria-describedby={`${id}-hint${error?.field === 'url' ? ` ${id}-error` : ''}`}
          onChange={(e) => setUrl(e.target.value)}
        />
        <p className="hint" id={`${id}-hint`}>
          {EDITOR_TEXT.folderUrlHint}
        </p>
      </div>
      {error === null ? null : (
        <p className="field-error" role="alert" id={`${id}-error`}>
          {error.text}
        </p>
      )}
    </Dialog>
  )
}
