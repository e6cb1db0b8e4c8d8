/**
 * The code editor's syntax colours: CodeMirror's default highlight style with each colour
 * darkened to at least 4.5:1 on white and on the active line's tint (WCAG 1.4.3; axe flagged
 * the default's tag names, #085, at 4.26:1 on the active line).
 */
import { HighlightStyle } from '@codemirror/language'
import { tags as t } from '@lezer/highlight'

export const readableHighlightStyle = HighlightStyle.define([
  { tag: t.meta, color: '#404740' },
  { tag: t.link, textDecoration: 'underline' },
  { tag: t.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: t.keyword, color: '#708' },
  { tag: [t.atom, t.bool, t.url, t.contentSeparator, t.labelName], color: '#219' },
  { tag: [t.literal, t.inserted], color: '#0d5e2c' },
  { tag: [t.string, t.deleted], color: '#a11' },
  { tag: [t.regexp, t.escape, t.special(t.string)], color: '#a3300a' },
  { tag: t.definition(t.variableName), color: '#00c' },
  { tag: t.local(t.variableName), color: '#30a' },
  { tag: [t.typeName, t.namespace], color: '#06603d' },
  { tag: t.className, color: '#0f5b57' },
  { tag: [t.special(t.variableName), t.macroName], color: '#1f4f5c' },
  { tag: t.definition(t.propertyName), color: '#00a' },
  { tag: t.comment, color: '#7a3f00' },
  { tag: t.invalid, color: '#c00' },
])
