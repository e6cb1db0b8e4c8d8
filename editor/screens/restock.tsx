/** Issue 23: replaced by the screen itself (this file only holds the route while it is built). */
import { RECORDS_TEXT } from '../../shared/editing-areas'

export default function RestockScreen() {
  return <h1>{RECORDS_TEXT.restockTitle}</h1>
}
