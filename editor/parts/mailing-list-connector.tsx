/**
 * The mailing-list connector (issue 23): connected, the service and list with Disconnect (asked
 * first) and, for a local list, its members (list-members.tsx); not connected, the three steps
 * (connector-steps.tsx).
 */
import { useId, useState } from 'react'
import { CONNECTIONS_TEXT, type MailingListAnswer, providerName } from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { messageOf, request } from '../api'
import { useLoad } from '../hooks'
import { ConnectorSteps, MAILING_LIST_API } from './connector-steps'
import { ConfirmDialog } from './dialog'
import { ListMembers } from './list-members'
import { LoadError, Loading } from './load-error'

const BASE = MAILING_LIST_API

export function MailingListConnector() {
  const [load, reload] = useLoad(() => request<MailingListAnswer>('GET', BASE), [])
  const headingId = useId()
  return (
    <section className="card connection-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{CONNECTIONS_TEXT.mailingListsTitle}</h2>
      <p className="hint">{CONNECTIONS_TEXT.mailingListsIntro}</p>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={CONNECTIONS_TEXT.unableToConnect} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' && load.data.connection !== null ? (
        <Connected answer={load.data} onChange={reload} />
      ) : null}
      {load.state === 'ready' && load.data.connection === null ? (
        <ConnectorSteps providers={load.data.providers} onConnected={reload} />
      ) : null}
    </section>
  )
}

function Connected({ answer, onChange }: { answer: MailingListAnswer; onChange: () => void }) {
  const connection = answer.connection
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (connection === null) return null
  const service = providerName(connection.provider)
  const disconnect = async () => {
    setBusy(true)
    setError(null)
    try {
      await request('DELETE', BASE)
      setAsking(false)
      onChange()
    } catch (problem) {
      setError(messageOf(problem))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <div className="notice notice-ok connection-state">
        <p>{fillText(CONNECTIONS_TEXT.connectedTo, { list: connection.listName, service })}</p>
        <button type="button" className="button button-danger-quiet" onClick={() => setAsking(true)}>
          {CONNECTIONS_TEXT.disconnect}
        </button>
      </div>
      {error === null ? null : (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {connection.provider === 'local' ? (
        <ListMembers listId={connection.listId} listName={connection.listName} />
      ) : null}
      <ConfirmDialog
        open={asking}
        title={fillText(CONNECTIONS_TEXT.disconnectTitle, { list: connection.listName })}
        body={<p>{CONNECTIONS_TEXT.disconnectWarning}</p>}
        confirmLabel={CONNECTIONS_TEXT.disconnect}
        cancelLabel={CONNECTIONS_TEXT.cancel}
        onConfirm={disconnect}
        onCancel={() => setAsking(false)}
        busy={busy}
      />
    </>
  )
}
