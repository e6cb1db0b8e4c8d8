/** Issue 23: replaced by the screen itself (this file only holds the route while it is built). */
import { TEMPLATES_TEXT } from '../../shared/editing-areas'

export default function TemplatesScreen() {
  return <h1>{TEMPLATES_TEXT.templatesTitle}</h1>
}
