/**
 * Draft against live, side by side (CodeMirror's MergeView: changed lines marked in both), both
 * read-only. Its own lazy chunk: loaded when Compare is pressed.
 */

import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { MergeView } from '@codemirror/merge'
import { EditorState } from '@codemirror/state'
import { EditorView, lineNumbers } from '@codemirror/view'
import { useEffect, useRef } from 'react'
import { TEMPLATES_TEXT } from '../../shared/editing-areas'
import { jsonTemplate } from './language'

const pageNonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''

function side(doc: string, label: string) {
  return {
    doc,
    extensions: [
      EditorView.cspNonce.of(pageNonce),
      lineNumbers(),
      jsonTemplate,
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      EditorView.lineWrapping,
      EditorState.readOnly.of(true),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
    ],
  }
}

export default function CompareView({ draft, live }: { draft: string; live: string }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!host.current) return
    const view = new MergeView({
      a: side(draft, TEMPLATES_TEXT.compareDraft),
      b: side(live, TEMPLATES_TEXT.compareLive),
      parent: host.current,
      collapseUnchanged: { margin: 3, minSize: 6 },
    })
    return () => view.destroy()
  }, [draft, live])
  return (
    <div className="template-compare">
      <p className="template-compare-heads" aria-hidden="true">
        <span>{TEMPLATES_TEXT.compareDraft}</span>
        <span>{TEMPLATES_TEXT.compareLive}</span>
      </p>
      <div ref={host} className="code-editor" />
    </div>
  )
}
