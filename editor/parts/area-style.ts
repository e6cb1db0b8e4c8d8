/**
 * Adds the stylesheet of issue 23's screens (editor/areas.lazy.css, bundled as text) once, as a
 * style element carrying the page's nonce (the editor's CSP lets nonced styles in, as for
 * CodeMirror's). Imported by the lazy chunks that need it, never by the shell.
 */
import AREA_CSS from '../areas.lazy.css'

let added = false

export function addAreaStyle(): void {
  if (added) return
  added = true
  const style = document.createElement('style')
  style.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
  style.textContent = AREA_CSS
  document.head.append(style)
}
