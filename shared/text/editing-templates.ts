/** The template editor's words (issue 23); reached through `shared/editing-areas`. */
export const TEMPLATES_TEXT = {
  templatesTitle: 'Templates',
  // The code editor (editor/parts/code-editor.tsx), used by templates and the code blocks.
  codeEditorKeys: 'Tab indents. To leave the editor with the keyboard, press Escape, then Tab.',
} as const
