/**
 * The rich-text field (TipTap 3, a lazy chunk of its own): StarterKit with headings 2 and 3,
 * lists, quote, underline and Link (no follow on click; http, https, mailto and tel only, plus
 * the site's own paths), a `data-ref` on links (the record a Page link points at), and a
 * toolbar of toggle buttons with their keyboard shortcuts. A body (not the compact excerpt) also
 * takes code, markdown and chart blocks (blocks/block-node.tsx), inserted from the toolbar.
 */
import { EditorContent, Extension, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useRef, useState } from 'react'
import { BLOCK_TYPES, BLOCKS_TEXT } from '../../shared/editing-areas'
import { EDITOR_TEXT } from '../../shared/index'
import { BlockDialog, BodyBlock } from './blocks/block-node'
import { isAllowedHref, LinkEditor, type LinkValue } from './link-editor'

const LinkRef = Extension.create({
  name: 'linkRef',
  addGlobalAttributes() {
    return [
      {
        types: ['link'],
        attributes: {
          'data-ref': {
            default: null,
            parseHTML: (element: HTMLElement) => element.getAttribute('data-ref'),
            renderHTML: (attributes: Record<string, unknown>) =>
              typeof attributes['data-ref'] === 'string' ? { 'data-ref': attributes['data-ref'] } : {},
          },
        },
      },
    ]
  },
})

export default function RichText({
  value,
  onChange,
  disabled,
  labelId,
  describedBy,
  compact,
}: {
  /** A short field (the excerpt): a smaller box. */
  compact?: boolean
  value: string
  onChange: (html: string) => void
  disabled: boolean
  labelId: string
  describedBy?: string
}) {
  const openLink = useRef<() => void>(() => {})
  const changed = useRef(onChange)
  changed.current = onChange
  const editor = useEditor({
    immediatelyRender: true,
    // The CSP forbids inline <style>: TipTap's own rules are in editor.css.
    injectCSS: false,
    editable: !disabled,
    content: value,
    extensions: [
      StarterKit.configure({
        // Every level parses (a body written elsewhere keeps its headings); the toolbar offers 2 and 3.
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: false,
          linkOnPaste: true,
          protocols: ['http', 'https', 'mailto', 'tel'],
          HTMLAttributes: { target: null, rel: null },
          isAllowedUri: (url) => isAllowedHref(url),
          validate: (url) => isAllowedHref(url),
        },
      }),
      LinkRef,
      ...(compact ? [] : [BodyBlock]),
      Extension.create({
        name: 'editorShortcuts',
        addKeyboardShortcuts() {
          return {
            'Mod-k': () => {
              openLink.current()
              return true
            },
            'Mod-\\': () => this.editor.chain().unsetAllMarks().clearNodes().run(),
          }
        },
      }),
    ],
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        // Read-only (a viewer, a role that may not edit this record): said, as a disabled input says it.
        ...(disabled ? { 'aria-readonly': 'true', 'aria-disabled': 'true' } : {}),
        ...(describedBy === undefined ? {} : { 'aria-describedby': describedBy }),
        class: compact ? 'rich-text-content rich-text-compact' : 'rich-text-content',
      },
    },
    onUpdate: ({ editor: current }) => changed.current(current.getHTML()),
  })
  useEffect(() => {
    if (editor.isEditable === disabled) editor.setEditable(!disabled, false)
  }, [editor, disabled])
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  })
  const [link, setLink] = useState<LinkValue | null>(null)
  openLink.current = () => {
    if (disabled) return
    const attrs = editor.getAttributes('link') as { href?: string; target?: string; 'data-ref'?: string }
    if (editor.isActive('link')) editor.chain().extendMarkRange('link').run()
    const { from, to } = editor.state.selection
    setLink({
      href: attrs.href ?? '',
      text: editor.state.doc.textBetween(from, to, ' '),
      newWindow: attrs.target === '_blank',
      ref: attrs['data-ref'] ?? null,
    })
  }
  const applyLink = (next: LinkValue) => {
    setLink(null)
    const attrs = {
      href: next.href,
      target: next.newWindow ? '_blank' : null,
      rel: next.newWindow ? 'noopener noreferrer' : null,
      'data-ref': next.ref,
    }
    const chain = editor.chain().focus()
    if (editor.isActive('link')) chain.extendMarkRange('link')
    const { from, to } = editor.state.selection
    const current = editor.state.doc.textBetween(from, to, ' ')
    const text =
      next.text !== '' ? next.text : current !== '' ? current : next.href.replace(/^(mailto|tel):/, '')
    if (text !== current) chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs }] }).run()
    else chain.setMark('link', attrs).run()
  }
  const buttons: { key: keyof typeof state; label: string; keys: string; run: () => void }[] = [
    {
      key: 'bold',
      label: EDITOR_TEXT.bold,
      keys: 'Control+B Meta+B',
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: EDITOR_TEXT.italic,
      keys: 'Control+I Meta+I',
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: EDITOR_TEXT.underline,
      keys: 'Control+U Meta+U',
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'h2',
      label: EDITOR_TEXT.heading2,
      keys: 'Control+Alt+2 Meta+Alt+2',
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: EDITOR_TEXT.heading3,
      keys: 'Control+Alt+3 Meta+Alt+3',
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullet',
      label: EDITOR_TEXT.bulletList,
      keys: 'Control+Shift+8 Meta+Shift+8',
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'ordered',
      label: EDITOR_TEXT.numberedList,
      keys: 'Control+Shift+7 Meta+Shift+7',
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'quote',
      label: EDITOR_TEXT.quote,
      keys: 'Control+Shift+B Meta+Shift+B',
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    { key: 'link', label: EDITOR_TEXT.link, keys: 'Control+K Meta+K', run: () => openLink.current() },
  ]
  const [inserting, setInserting] = useState<number | null>(null)
  const blockButtons = compact
    ? []
    : [
        { type: BLOCK_TYPES.code, label: BLOCKS_TEXT.insertCode },
        { type: BLOCK_TYPES.markdown, label: BLOCKS_TEXT.insertMarkdown },
        { type: BLOCK_TYPES.chart, label: BLOCKS_TEXT.insertChart },
      ]
  const id = useId()
  return (
    <div className={disabled ? 'rich-text rich-text-disabled' : 'rich-text'}>
      <div role="toolbar" aria-label={EDITOR_TEXT.toolbar} aria-controls={id} className="toolbar">
        {buttons.map((b) => (
          <button
            key={b.key}
            type="button"
            className="tool"
            aria-pressed={state[b.key]}
            aria-keyshortcuts={b.keys}
            title={`${b.label} (${b.keys.split(' ')[0]})`}
            disabled={disabled}
            onClick={b.run}
          >
            {b.label}
          </button>
        ))}
        <button
          type="button"
          className="tool"
          aria-keyshortcuts="Control+\ Meta+\"
          title={`${EDITOR_TEXT.clearFormatting} (Control+\\)`}
          disabled={disabled}
          onClick={() => editor.chain().focus().unsetAllMarks().clearNodes().run()}
        >
          {EDITOR_TEXT.clearFormatting}
        </button>
        {blockButtons.map((b) => (
          <button
            key={b.type}
            type="button"
            className="tool"
            aria-haspopup="dialog"
            disabled={disabled}
            onClick={() => setInserting(b.type)}
          >
            {b.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} id={id} />
      {inserting === null ? null : (
        <BlockDialog
          type={inserting}
          initial={null}
          onClose={() => setInserting(null)}
          onSubmit={(value) => {
            setInserting(null)
            editor
              .chain()
              .focus()
              .insertContent({
                type: 'bodyBlock',
                attrs: { blockType: value.type, data: JSON.stringify(value.data) },
              })
              .run()
          }}
        />
      )}
      {link === null ? null : (
        <LinkEditor
          open
          initial={link}
          onClose={() => {
            setLink(null)
            editor.commands.focus()
          }}
          onRemove={() => {
            setLink(null)
            editor.chain().focus().extendMarkRange('link').unsetLink().run()
          }}
          onSubmit={applyLink}
        />
      )}
    </div>
  )
}
