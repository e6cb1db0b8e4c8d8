/**
 * The link editor (platform.md section 1): tabs Page, Web Address, Email, Phone and File, the
 * Link Name and Open in New Window. Only http(s), mailto:, tel: and the site's own paths are
 * accepted; `javascript:` and every other scheme are refused.
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { EDITOR_TEXT, fillText, type LinkTarget } from '../../shared/index'
import { api, messageOf } from '../api'
import { Dialog } from './dialog'
import { Tabs } from './tabs'

const FilePicker = lazy(() => import('./file-picker'))

/** A link to a file of the site's library: `/s/<id>/<name>`. */
const FILE_HREF = /^\/s\/[^/]+\/[^/]+$/

export interface LinkValue {
  href: string
  text: string
  newWindow: boolean
  ref: string | null
}

type Tab = 'page' | 'web' | 'email' | 'phone' | 'file'

const TABS: readonly [Tab, string][] = [
  ['page', EDITOR_TEXT.linkTabPage],
  ['web', EDITOR_TEXT.linkTabWebAddress],
  ['email', EDITOR_TEXT.linkTabEmail],
  ['phone', EDITOR_TEXT.linkTabPhone],
  ['file', EDITOR_TEXT.linkTabFile],
]

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/
const PHONE = /^\+?[\d\s\-()]*\d[\d\s\-()]*$/

/** Whether an href may be stored: http(s), mailto:, tel:, or a path on this site. */
export function isAllowedHref(href: string): boolean {
  const value = href.trim()
  if (value.startsWith('/') && !value.startsWith('//')) return true
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\-()]*)$/i.test(value)
}

function linkFormatMessage(): string {
  // The pattern names {host} twice: the first is https, the second http.
  const [first, ...rest] = EDITOR_TEXT.linkFormat.split('{host}')
  const hosts = ['https://example.com', 'http://example.com']
  return (first ?? '') + rest.map((part, i) => fillText('{host}', { host: hosts[i] ?? '' }) + part).join('')
}

function tabOf(href: string, ref: string | null): Tab {
  if (FILE_HREF.test(href)) return 'file'
  if (href === '' || ref !== null || href.startsWith('/')) return 'page'
  if (/^mailto:/i.test(href)) return 'email'
  if (/^tel:/i.test(href)) return 'phone'
  return 'web'
}

export function LinkEditor({
  open,
  initial,
  onSubmit,
  onRemove,
  onClose,
  newWindowOption = true,
}: {
  open: boolean
  initial: LinkValue
  onSubmit: (link: LinkValue) => void
  onRemove: () => void
  onClose: () => void
  /** Whether the link can open in a new window (the site's navigation always opens in place). */
  newWindowOption?: boolean
}) {
  const id = useId()
  const [tab, setTab] = useState<Tab>(() => tabOf(initial.href, initial.ref))
  const [text, setText] = useState(initial.text)
  const [newWindow, setNewWindow] = useState(initial.newWindow)
  const [web, setWeb] = useState(/^https?:/i.test(initial.href) ? initial.href : '')
  const [email, setEmail] = useState(/^mailto:/i.test(initial.href) ? initial.href.slice(7) : '')
  const [phone, setPhone] = useState(/^tel:/i.test(initial.href) ? initial.href.slice(4) : '')
  const [page, setPage] = useState<{ id: string | null; url: string }>({
    id: initial.ref,
    url: initial.href.startsWith('/') && !FILE_HREF.test(initial.href) ? initial.href : '',
  })
  const [file, setFile] = useState<{ url: string; name: string } | null>(() =>
    FILE_HREF.test(initial.href)
      ? { url: initial.href, name: decodeURIComponent(initial.href.split('/').pop() ?? '') }
      : null,
  )
  const [picking, setPicking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const choose = (next: Tab) => {
    setTab(next)
    setError(null)
  }

  const submit = () => {
    let href = ''
    let ref: string | null = null
    if (tab === 'page') {
      if (page.url === '') {
        setError(EDITOR_TEXT.linkPageChoose)
        return
      }
      href = page.url
      ref = page.id
    } else if (tab === 'web') {
      href = web.trim()
      if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(href)) {
        setError(linkFormatMessage())
        return
      }
    } else if (tab === 'email') {
      if (!EMAIL.test(email.trim())) {
        setError(EDITOR_TEXT.invalidEmail)
        return
      }
      href = `mailto:${email.trim()}`
    } else if (tab === 'phone') {
      if (!PHONE.test(phone.trim())) {
        setError(EDITOR_TEXT.linkPhoneInvalid)
        return
      }
      href = `tel:${phone.trim().replace(/[\s()]/g, '')}`
    } else {
      if (file === null) {
        setError(EDITOR_TEXT.fileLinkNone)
        return
      }
      href = file.url
    }
    if (!isAllowedHref(href)) {
      setError(EDITOR_TEXT.linkRefused)
      return
    }
    onSubmit({
      href,
      text: text.trim() || (tab === 'file' && file !== null ? file.name : ''),
      newWindow,
      ref,
    })
  }

  return (
    <Dialog
      open={open}
      title={EDITOR_TEXT.linkEditorTitle}
      onClose={onClose}
      wide
      actions={
        <>
          {initial.href === '' ? null : (
            <button type="button" className="button button-danger-quiet" onClick={onRemove}>
              {EDITOR_TEXT.linkRemove}
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            {EDITOR_TEXT.cancel}
          </button>
          <button type="button" className="button button-primary" onClick={submit}>
            {EDITOR_TEXT.linkInsert}
          </button>
        </>
      }
    >
      <Tabs
        id={id}
        label={EDITOR_TEXT.linkType}
        tabs={TABS}
        current={tab}
        onChoose={choose}
        listTabIndex={-1}
      >
        {tab === 'page' ? (
          <PagePicker value={page.url} onChoose={(t) => setPage({ id: t.id, url: t.fullUrl })} />
        ) : null}
        {tab === 'web' ? (
          <div className="field">
            <label htmlFor={`${id}-web`}>{EDITOR_TEXT.linkUrl}</label>
            <input
              id={`${id}-web`}
              type="url"
              value={web}
              placeholder="https://example.com"
              onChange={(e) => setWeb(e.target.value)}
            />
          </div>
        ) : null}
        {tab === 'email' ? (
          <div className="field">
            <label htmlFor={`${id}-email`}>{EDITOR_TEXT.linkEmail}</label>
            <input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            <p className="hint">{fillText(EDITOR_TEXT.emailFormat, { email: 'name@example.com' })}</p>
          </div>
        ) : null}
        {tab === 'phone' ? (
          <div className="field">
            <label htmlFor={`${id}-phone`}>{EDITOR_TEXT.linkPhone}</label>
            <input id={`${id}-phone`} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
          </div>
        ) : null}
        {tab === 'file' ? (
          <div className="field">
            <p role="status">
              {file === null
                ? EDITOR_TEXT.fileLinkNone
                : fillText(EDITOR_TEXT.fileLinkChosen, { name: file.name })}
            </p>
            <button type="button" className="button" onClick={() => setPicking(true)}>
              {EDITOR_TEXT.fileLinkChoose}
            </button>
            <Suspense fallback={null}>
              {picking ? (
                <FilePicker
                  open
                  accept="any"
                  onPick={(chosen) => {
                    setFile({ url: chosen.url, name: chosen.name })
                    setError(null)
                  }}
                  onClose={() => setPicking(false)}
                />
              ) : null}
            </Suspense>
          </div>
        ) : null}
        {error === null ? null : (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </Tabs>
      <div className="field">
        <label htmlFor={`${id}-text`}>{EDITOR_TEXT.linkName}</label>
        <input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {newWindowOption ? (
        <div className="field field-check">
          <input
            id={`${id}-new`}
            type="checkbox"
            checked={newWindow}
            onChange={(e) => setNewWindow(e.target.checked)}
          />
          <label htmlFor={`${id}-new`}>{EDITOR_TEXT.openInNewWindow}</label>
        </div>
      ) : null}
    </Dialog>
  )
}

function PagePicker({ value, onChoose }: { value: string; onChoose: (target: LinkTarget) => void }) {
  const id = useId()
  const [targets, setTargets] = useState<LinkTarget[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [filter, setFilter] = useState('')
  const [tick, setTick] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick reloads
  useEffect(() => {
    setError(null)
    api.linkTargets().then(
      (answer) => setTargets(answer.targets),
      (e: unknown) => setError(messageOf(e)),
    )
  }, [tick])
  const needle = filter.trim().toLowerCase()
  const shown = (targets ?? []).filter(
    (t) =>
      needle === '' || t.title.toLowerCase().includes(needle) || t.fullUrl.toLowerCase().includes(needle),
  )
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-filter`}>{EDITOR_TEXT.linkPageFilter}</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      {error === null ? null : (
        <div className="notice notice-error" role="alert">
          <p>{EDITOR_TEXT.unableToLoadTryAgain}</p>
          <button type="button" className="button" onClick={() => setTick((n) => n + 1)}>
            {EDITOR_TEXT.retry}
          </button>
        </div>
      )}
      {targets === null && error === null ? <p role="status">{EDITOR_TEXT.loading}</p> : null}
      {targets !== null ? (
        <fieldset className="page-list">
          <legend>{EDITOR_TEXT.linkPageChoose}</legend>
          {shown.length === 0 ? <p>{EDITOR_TEXT.noMatches}</p> : null}
          {shown.map((t) => (
            <div key={t.id} className="field-check page-option">
              <input
                id={`${id}-${t.id}`}
                type="radio"
                name={`${id}-page`}
                checked={value === t.fullUrl}
                onChange={() => onChoose(t)}
              />
              <label htmlFor={`${id}-${t.id}`}>
                {t.title} <span className="meta-url">{t.fullUrl}</span>
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
    </>
  )
}
