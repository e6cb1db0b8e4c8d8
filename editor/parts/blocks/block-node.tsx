/**
 * The body's blocks in the rich-text field (shared/blocks/model.ts): one TipTap atom node that
 * parses `<div data-block-type data-block>` and writes back only those two attributes (the
 * editor's Worker makes the inner HTML again on save, worker/editor/blocks.ts). Its view shows
 * the block as the page will (the server's render of its data) with Edit and Remove; the
 * dialogs are lazy chunks of their own, loaded when one opens.
 */
import {
  mergeAttributes,
  Node,
  NodeViewWrapper,
  type ReactNodeViewProps,
  ReactNodeViewRenderer,
} from '@tiptap/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { BLOCK_TYPES, BLOCKS_TEXT, type BlockData, blockClassOf } from '../../../shared/editing-areas'
import { fillText } from '../../../shared/index'
import { messageOf } from '../../api'
import { ConfirmDialog } from '../dialog'
import { addBlockStyle } from './block-style'
import { type BlockValue, renderBlock } from './render-block'

const CodeBlockDialog = lazy(() => import('./code-block-dialog'))
const ChartDialog = lazy(() => import('./chart-dialog'))

function parseData(raw: string): BlockData | null {
  try {
    const data: unknown = JSON.parse(raw)
    return typeof data === 'object' && data !== null ? (data as BlockData) : null
  } catch {
    return null
  }
}

/** The block's name as its view's heading says it. */
function blockName(value: BlockValue): string {
  const data = value.data
  if ('chart' in data)
    return fillText(BLOCKS_TEXT.chartBlockLabel, { title: data.title || BLOCKS_TEXT.chartUntitled })
  const mode =
    data.mode === 'markdown'
      ? BLOCKS_TEXT.codeModeMarkdown
      : data.mode === 'source'
        ? BLOCKS_TEXT.codeModeDisplaySource
        : BLOCKS_TEXT.codeModeCode
  return fillText(BLOCKS_TEXT.codeBlockLabel, { mode })
}

/** The dialog that edits (or creates) a block of `type`. */
export function BlockDialog({
  type,
  initial,
  onSubmit,
  onClose,
}: {
  type: number
  initial: BlockData | null
  onSubmit: (value: BlockValue) => void
  onClose: () => void
}) {
  return (
    <Suspense fallback={null}>
      {type === BLOCK_TYPES.chart ? (
        <ChartDialog initial={initial} onSubmit={onSubmit} onClose={onClose} />
      ) : (
        <CodeBlockDialog type={type} initial={initial} onSubmit={onSubmit} onClose={onClose} />
      )}
    </Suspense>
  )
}

function BlockView({ node, editor, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const type = Number(node.attrs.blockType)
  const data = parseData(String(node.attrs.data))
  const [html, setHtml] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState(false)
  const [removing, setRemoving] = useState(false)
  useEffect(addBlockStyle, [])
  const raw = String(node.attrs.data)
  // The data attribute's text is the block: a new text renders again.
  useEffect(() => {
    const current = parseData(raw)
    if (current === null) return
    let live = true
    setError(null)
    renderBlock({ type, data: current }).then(
      (answer) => live && setHtml(answer),
      (problem: unknown) => live && setError(messageOf(problem)),
    )
    return () => {
      live = false
    }
  }, [type, raw])
  const name = data === null ? BLOCKS_TEXT.blockDataInvalid : blockName({ type, data })
  const editable = editor.isEditable
  return (
    <NodeViewWrapper className={selected ? 'block-view ProseMirror-selectednode' : 'block-view'}>
      <section aria-label={name}>
        <div className="block-view-head">
          <span className="block-view-name">{name}</span>
          {editable ? (
            <>
              {data === null ? null : (
                <button type="button" className="tool" onClick={() => setEditing(true)}>
                  {BLOCKS_TEXT.editBlock}
                </button>
              )}
              <button type="button" className="tool" onClick={() => setRemoving(true)}>
                {BLOCKS_TEXT.removeBlock}
              </button>
            </>
          ) : null}
        </div>
        {error !== null ? (
          <p className="field-error block-preview" role="alert">
            {error}
          </p>
        ) : html === null ? (
          <p className="block-preview">{BLOCKS_TEXT.blockLoading}</p>
        ) : (
          // The server's own render of the block's data (worker/editor/blocks.ts): sanitised or escaped there.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the editor's Worker made from the block's data
          <div className="block-preview" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </section>
      {editing && data !== null ? (
        <BlockDialog
          type={type}
          initial={data}
          onClose={() => setEditing(false)}
          onSubmit={(value) => {
            setEditing(false)
            updateAttributes({ blockType: value.type, data: JSON.stringify(value.data) })
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing}
        title={BLOCKS_TEXT.removeBlockQuestion}
        body={BLOCKS_TEXT.removeBlockBody}
        confirmLabel={BLOCKS_TEXT.removeBlock}
        cancelLabel={BLOCKS_TEXT.cancel}
        onCancel={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false)
          deleteNode()
        }}
      />
    </NodeViewWrapper>
  )
}

/** The TipTap node for a code, markdown or chart block. */
export const BodyBlock = Node.create({
  name: 'bodyBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes() {
    return {
      blockType: {
        default: BLOCK_TYPES.code,
        parseHTML: (element: HTMLElement) => Number(element.getAttribute('data-block-type')),
        renderHTML: (attributes: Record<string, unknown>) => ({
          'data-block-type': String(attributes.blockType),
        }),
      },
      data: {
        default: '{}',
        parseHTML: (element: HTMLElement) => element.getAttribute('data-block') ?? '{}',
        renderHTML: (attributes: Record<string, unknown>) => ({ 'data-block': String(attributes.data) }),
      },
    }
  },
  parseHTML() {
    // Before StarterKit's rules, so a block's own paragraphs and tables are not read as the body's.
    return [{ tag: 'div[data-block-type]', priority: 100 }]
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['div', mergeAttributes({ class: blockClassOf(Number(node.attrs.blockType)) }, HTMLAttributes)]
  },
  addNodeView() {
    return ReactNodeViewRenderer(BlockView)
  },
})
