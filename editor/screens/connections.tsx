/**
 * Connections (issue 23; docs/site-editor.md, "Connections"): the mailing-list connector for
 * `mailingLists` (ADMIN, CAMPAIGNS_EDITOR) and Zapier for `manageConnections` (ADMIN). The server
 * checks each call again (worker/editor/connections-api.ts).
 */
import { useEffect } from 'react'
import { CONNECTIONS_TEXT } from '../../shared/editing-areas'
import { addAreaStyle } from '../parts/area-style'
import { MailingListConnector } from '../parts/mailing-list-connector'
import { ZapierPanel } from '../parts/zapier-panel'
import { screenTitle, useSession } from '../session'

addAreaStyle()

export default function ConnectionsScreen() {
  const { session } = useSession()
  const { capabilities } = session
  useEffect(() => screenTitle(CONNECTIONS_TEXT.connectionsTitle, session.site.title), [session.site.title])
  return (
    <>
      <div className="screen-head">
        <h1>{CONNECTIONS_TEXT.connectionsTitle}</h1>
      </div>
      <div className="connections">
        {capabilities.mailingLists ? <MailingListConnector /> : null}
        {capabilities.manageConnections ? <ZapierPanel /> : null}
      </div>
    </>
  )
}
