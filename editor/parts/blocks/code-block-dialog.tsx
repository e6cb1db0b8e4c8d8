/**
 * The code editor of platform.md section 1, "with Code, Markdown and Display Source modes" (a
 * lazy chunk with CodeMirror): the mode, the source, and a preview of what the page will show,
 * rendered by the editor's Worker exactly as a save stores it. On Android, where CodeMirror's
 * editing is unreliable, the dialog says 'Code editing is not available on Android.' (section
 * 5) in place of the editor and the block stays as it is.
 */

import { useEffect, useId, useState } from 'react'
import {
  BLOCK_LIMITS,
  BLOCK_TYPES,
  BLOCKS_TEXT,
  type BlockData,
  blockTypeOf,
  type CodeMode,
} from '../../../shared/editing-areas'
import { fillText } from '../../../shared/index'
import { messageOf } from '../../api'
import { CodeEditor } from '../code-editor'
import { Dialog } from '../dialog'
import { addBlockStyle } from './block-style'
import { Choices } from './choices'
import { type BlockValue, renderBlock } from './render-block'

const MODES: { value: CodeMode; label: string; language: 'html' | 'markdown' | 'text' }[] = [
  { value: 'html', label: BLOCKS_TEXT.codeModeCode, language: 'html' },
  { value: 'markdown', label: BLOCKS_TEXT.codeModeMarkdown, language: 'markdown' },
  { value: 'source', label: BLOCKS_TEXT.codeModeDisplaySource, language: 'text' },
]

/** Android's browsers (platform.md section 5: no code editing there). */
export const onAndroid = () => /Android/i.test(navigator.userAgent)

export default function CodeBlockDialog({
  type,
  initial,
  onSubmit,
  onClose,
}: {
  /** 23 or 44: a new block's mode follows the button that opened the dialog. */
  type: number
  initial: BlockData | null
  onSubmit: (value: BlockValue) => void
  onClose: () => void
}) {
  const start = initial !== null && 'mode' in initial ? initial : null
  const [mode, setMode] = useState<CodeMode>(
    start?.mode ?? (type === BLOCK_TYPES.markdown ? 'markdown' : 'html'),
  )
  const [source, setSource] = useState(start?.source ?? '')
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const android = onAndroid()
  const ids = useId()
  useEffect(addBlockStyle, [])
  useEffect(() => {
    let live = true
    const data = { mode, source }
    // A pause in typing before the server renders again.
    const timer = setTimeout(() => {
      if (source.length > BLOCK_LIMITS.sourceLength) {
        setProblem(fillText(BLOCKS_TEXT.sourceTooLong, { max: BLOCK_LIMITS.sourceLength }))
        return
      }
      renderBlock({ type: blockTypeOf(data), data }).then(
        (html) => {
          if (!live) return
          setPreview(html)
          setProblem(null)
        },
        (error: unknown) => live && setProblem(messageOf(error)),
      )
    }, 300)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [mode, source])
  const language = MODES.find((m) => m.value === mode)?.language ?? 'text'
  const submit = () => {
    if (problem !== null) return
    const data = { mode, source }
    onSubmit({ type: blockTypeOf(data), data })
  }
  return (
    <Dialog
      open
      wide
      title={BLOCKS_TEXT.codeBlockTitle}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {BLOCKS_TEXT.cancel}
          </button>
          {android ? null : (
            <button type="button" className="button button-primary" onClick={submit}>
              {initial === null ? BLOCKS_TEXT.insert : BLOCKS_TEXT.update}
            </button>
          )}
        </>
      }
    >
      <div className="dialog-body">
        <Choices
          legend={BLOCKS_TEXT.codeMode}
          name={`${ids}-mode`}
          options={MODES}
          value={mode}
          onChange={setMode}
          disabled={android}
        />
        <div className="field">
          <span className="label" id={`${ids}-source`}>
            {BLOCKS_TEXT.codeSource}
          </span>
          {android ? (
            <p className="notice" role="status">
              {BLOCKS_TEXT.codeEditingUnavailableOnAndroid}
            </p>
          ) : (
            <CodeEditor
              value={source}
              onChange={setSource}
              language={language}
              label={BLOCKS_TEXT.codeSource}
              describedBy={problem === null ? undefined : `${ids}-problem`}
              height="14rem"
            />
          )}
        </div>
        {problem === null ? null : (
          <p className="field-error" id={`${ids}-problem`} role="alert">
            {problem}
          </p>
        )}
        <section className="field" aria-labelledby={`${ids}-preview`}>
          <h3 className="label" id={`${ids}-preview`}>
            {BLOCKS_TEXT.preview}
          </h3>
          <div className="block-dialog-preview">
            {preview === null || source.trim() === '' ? (
              <p className="block-preview">{BLOCKS_TEXT.previewEmpty}</p>
            ) : (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the editor's Worker's render of the block (sanitised or escaped there)
              <div className="block-preview" dangerouslySetInnerHTML={{ __html: preview }} />
            )}
          </div>
        </section>
      </div>
    </Dialog>
  )
}
