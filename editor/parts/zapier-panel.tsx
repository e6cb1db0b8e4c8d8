/**
 * Zapier (issue 23): 'Awaiting Connection' until Zapier subscribes a hook, then the number of
 * connected Zaps; the API keys Zapier authenticates with (a new one shown once, with Copy;
 * Revoke asks first), and the address to give Zapier.
 */
import { useId, useState } from 'react'
import {
  type ApiKeySummary,
  CONNECTIONS_TEXT,
  connectedZapsText,
  type NewApiKeyAnswer,
  type ZapierAnswer,
} from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { messageOf, request } from '../api'
import { formatWhen } from '../format'
import { useLoad } from '../hooks'
import { useSession } from '../session'
import { ConfirmDialog, Dialog } from './dialog'
import { LoadError, Loading } from './load-error'

const BASE = '/config/api/connections/zapier'

export function ZapierPanel() {
  const { session } = useSession()
  const [load, reload] = useLoad(() => request<ZapierAnswer>('GET', BASE), [])
  const [created, setCreated] = useState<NewApiKeyAnswer | null>(null)
  const [copied, setCopied] = useState(false)
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ids = { heading: useId(), key: useId(), address: useId() }

  const create = async () => {
    setBusy(true)
    setError(null)
    try {
      setCopied(false)
      setCreated(await request<NewApiKeyAnswer>('POST', `${BASE}/keys`, {}))
      reload()
    } catch (problem) {
      setError(messageOf(problem))
    } finally {
      setBusy(false)
    }
  }
  const revoke = async () => {
    if (revoking === null) return
    setBusy(true)
    setError(null)
    try {
      await request('DELETE', `${BASE}/keys/${encodeURIComponent(revoking.id)}`)
      setRevoking(null)
      reload()
    } catch (problem) {
      setError(messageOf(problem))
    } finally {
      setBusy(false)
    }
  }
  const copy = async () => {
    if (created === null) return
    try {
      await navigator.clipboard.writeText(created.key)
      setCopied(true)
    } catch {
      // Clipboard refused (permissions): the key stays selected in its field to copy by hand.
      ;(document.getElementById(ids.key) as HTMLInputElement | null)?.select()
    }
  }
  const when = (ms: number) => formatWhen(ms, session.site.timeZone)

  return (
    <section className="card connection-panel" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{CONNECTIONS_TEXT.zapierTitle}</h2>
      <p className="hint">{CONNECTIONS_TEXT.zapierIntro}</p>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={CONNECTIONS_TEXT.unableToConnect} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' ? (
        <>
          <p className={load.data.connectedZaps === 0 ? 'badge badge-draft' : 'badge badge-published'}>
            {load.data.connectedZaps === 0
              ? CONNECTIONS_TEXT.awaitingConnection
              : connectedZapsText(load.data.connectedZaps)}
          </p>
          <div className="field">
            <label htmlFor={ids.address}>{CONNECTIONS_TEXT.zapierAddress}</label>
            <input id={ids.address} readOnly value={`${session.site.origin}/config/zapier/v1`} />
          </div>
          <h3>{CONNECTIONS_TEXT.apiKeys}</h3>
          {load.data.keys.length === 0 ? <p className="hint">{CONNECTIONS_TEXT.noApiKeys}</p> : null}
          {load.data.keys.length > 0 ? (
            <ul className="cards">
              {load.data.keys.map((key) => (
                <li key={key.id} className="card card-row">
                  <div className="card-main">
                    <p className="card-title">
                      {fillText(CONNECTIONS_TEXT.keyLabel, { prefix: key.prefix })}
                    </p>
                    <p className="meta">
                      {fillText(CONNECTIONS_TEXT.keyCreated, { date: when(key.createdAt) })},{' '}
                      {key.lastUsedAt === null
                        ? CONNECTIONS_TEXT.keyNeverUsed
                        : fillText(CONNECTIONS_TEXT.keyLastUsed, { date: when(key.lastUsedAt) })}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="button button-danger-quiet"
                    onClick={() => setRevoking(key)}
                    aria-label={`${CONNECTIONS_TEXT.revoke}: ${fillText(CONNECTIONS_TEXT.keyLabel, { prefix: key.prefix })}`}
                  >
                    {CONNECTIONS_TEXT.revoke}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="row-actions">
            <button type="button" className="button button-primary" onClick={create} disabled={busy}>
              {CONNECTIONS_TEXT.createApiKey}
            </button>
          </div>
        </>
      ) : null}
      {error === null ? null : (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <Dialog
        open={created !== null}
        title={CONNECTIONS_TEXT.newApiKey}
        onClose={() => setCreated(null)}
        actions={
          <>
            <button type="button" className="button" onClick={copy}>
              {copied ? CONNECTIONS_TEXT.copied : CONNECTIONS_TEXT.copy}
            </button>
            <button type="button" className="button button-primary" onClick={() => setCreated(null)}>
              {CONNECTIONS_TEXT.done}
            </button>
          </>
        }
      >
        <div className="dialog-body">
          <div className="field">
            <label htmlFor={ids.key}>{CONNECTIONS_TEXT.apiKeyField}</label>
            <input
              id={ids.key}
              readOnly
              value={created?.key ?? ''}
              onFocus={(event) => event.target.select()}
            />
          </div>
          <p className="hint">{CONNECTIONS_TEXT.newApiKeyNotice}</p>
          {copied ? (
            <p role="status" className="visually-hidden">
              {CONNECTIONS_TEXT.copied}
            </p>
          ) : null}
        </div>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={fillText(CONNECTIONS_TEXT.revokeTitle, { prefix: revoking?.prefix ?? '' })}
        body={<p>{CONNECTIONS_TEXT.revokeWarning}</p>}
        confirmLabel={CONNECTIONS_TEXT.revoke}
        cancelLabel={CONNECTIONS_TEXT.cancel}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
        busy={busy}
      />
    </section>
  )
}
