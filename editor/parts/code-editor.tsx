/**
 * The code editor (CodeMirror 6; a lazy chunk with whoever imports it): line numbers, undo
 * history, bracket matching, the language's highlighting, and diagnostics shown at their
 * position (underlined, in the gutter, and read out through CodeMirror's lint panel). Tab
 * indents; Escape then Tab leaves the editor (CodeMirror's own rule, said in `EDITOR_TEXT.codeEditorKeys`).
 *
 * Controlled loosely: `value` sets the document when it differs from what the editor holds (a
 * load, a revert), `onChange` reports each edit. Languages are extensions passed in, so the
 * template editor can bring JSON-T's without this part knowing it. The named languages (HTML
 * with its CSS and JavaScript, Markdown) load as chunks of their own when first asked for, so
 * the editor's chunk stays under the lazy-chunk budget (editorLazyChunkKiB).
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint'
import { Compartment, EditorState, type Extension } from '@codemirror/state'
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view'
import { useEffect, useRef } from 'react'
import { addAreaStyle } from './area-style'
import { readableHighlightStyle } from './code-highlight'

addAreaStyle()

// CodeMirror adds its style elements; the editor's CSP allows them by the page's nonce.
const pageNonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''

export type CodeLanguage = 'html' | 'markdown' | 'text' | Extension

/** One problem in the text: offsets into the document, the message as the engine gives it. */
export interface CodeDiagnostic {
  from: number
  to: number
  severity: 'error' | 'warning' | 'info'
  message: string
}

export interface CodeEditorProps {
  value: string
  onChange?: (value: string) => void
  language: CodeLanguage
  /** The accessible name of the text area. */
  label: string
  /** The id of an element describing the field (help text, an error). */
  describedBy?: string
  diagnostics?: readonly CodeDiagnostic[]
  readOnly?: boolean
  /** CSS height of the editor, e.g. '24rem'; it scrolls inside. */
  height?: string
  /** Extra extensions (a language's autocomplete, a keymap). */
  extensions?: Extension
}

function languageOf(language: CodeLanguage): Extension | Promise<Extension> {
  if (language === 'html') return import('@codemirror/lang-html').then((m) => m.html())
  if (language === 'markdown') return import('@codemirror/lang-markdown').then((m) => m.markdown())
  if (language === 'text') return []
  return language
}

function clampedDiagnostics(view: EditorView, diagnostics: readonly CodeDiagnostic[]): Diagnostic[] {
  const length = view.state.doc.length
  return diagnostics.map((d) => {
    const from = Math.max(0, Math.min(d.from, length))
    const to = Math.max(from, Math.min(d.to, length))
    return { from, to, severity: d.severity, message: d.message }
  })
}

export function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const onChange = useRef(props.onChange)
  onChange.current = props.onChange
  const languageSlot = useRef(new Compartment())
  const readOnlySlot = useRef(new Compartment())
  const extraSlot = useRef(new Compartment())
  const labelSlot = useRef(new Compartment())

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; props follow in the effects below
  useEffect(() => {
    if (!host.current) return
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          EditorView.cspNonce.of(pageNonce),
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(readableHighlightStyle, { fallback: true }),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.lineWrapping,
          // The language follows in the effect below (a named one loads first).
          languageSlot.current.of([]),
          readOnlySlot.current.of([
            EditorState.readOnly.of(Boolean(props.readOnly)),
            EditorView.editable.of(!props.readOnly),
          ]),
          labelSlot.current.of(contentAttributes(props.label, props.describedBy)),
          extraSlot.current.of(props.extensions ?? []),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange.current?.(update.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = created
    return () => {
      created.destroy()
      view.current = null
    }
  }, [])

  useEffect(() => {
    const current = view.current
    if (!current) return
    const held = current.state.doc.toString()
    if (held !== props.value) current.dispatch({ changes: { from: 0, to: held.length, insert: props.value } })
  }, [props.value])

  useEffect(() => {
    let current = true
    void Promise.resolve(languageOf(props.language)).then((extension) => {
      if (current) view.current?.dispatch({ effects: languageSlot.current.reconfigure(extension) })
    })
    return () => {
      current = false
    }
  }, [props.language])

  useEffect(() => {
    view.current?.dispatch({
      effects: readOnlySlot.current.reconfigure([
        EditorState.readOnly.of(Boolean(props.readOnly)),
        EditorView.editable.of(!props.readOnly),
      ]),
    })
  }, [props.readOnly])

  useEffect(() => {
    view.current?.dispatch({
      effects: labelSlot.current.reconfigure(contentAttributes(props.label, props.describedBy)),
    })
  }, [props.label, props.describedBy])

  useEffect(() => {
    view.current?.dispatch({ effects: extraSlot.current.reconfigure(props.extensions ?? []) })
  }, [props.extensions])

  useEffect(() => {
    const current = view.current
    if (!current) return
    current.dispatch(setDiagnostics(current.state, clampedDiagnostics(current, props.diagnostics ?? [])))
  }, [props.diagnostics])

  return (
    <div
      ref={host}
      className="code-editor"
      style={props.height ? ({ '--code-editor-height': props.height } as React.CSSProperties) : undefined}
    />
  )
}

function contentAttributes(label: string, describedBy: string | undefined): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    'aria-multiline': 'true',
    // Editable text is focusable anyway; said outright so checkers (axe's
    // scrollable-region-focusable) see that the scrolling area holds something to focus.
    tabindex: '0',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  })
}

export default CodeEditor
