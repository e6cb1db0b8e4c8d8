/** Issue 23: replaced by the screen itself (this file only holds the route while it is built). */
import { CONNECTIONS_TEXT } from '../../shared/editing-areas'

export default function ConnectionsScreen() {
  return <h1>{CONNECTIONS_TEXT.connectionsTitle}</h1>
}
