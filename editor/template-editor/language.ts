/**
 * JSON-T's highlighting for the code editor: a CodeMirror stream language (no grammar to build),
 * tokenizing as templates/lexer.ts cuts the source. A tag is the shortest `{…}` span with no
 * whitespace after `{`: `{.section x}`, `{.repeated section items}`, `{.end}` and the other
 * directives are keywords, a predicate (`{.on-sale?}`) too; `{name|formatter args}` is a
 * variable, a pipe and a formatter; `{# …}` and `{## … ##}` are comments. Outside tags, HTML's
 * tags, attributes and quoted values.
 */
import { HighlightStyle, StreamLanguage, type StringStream, syntaxHighlighting } from '@codemirror/language'
import { tags } from '@lezer/highlight'

interface State {
  /** Inside `{## … ##}` across lines. */
  comment: boolean
  /** Inside a tag: what comes next. */
  tag: 'none' | 'directive' | 'variable' | 'formatter' | 'args'
  /** Inside an HTML tag (`<a …>`), for attribute names. */
  html: boolean
}

function insideTag(stream: StringStream, state: State): string | null {
  if (stream.eat('}')) {
    state.tag = 'none'
    return 'brace'
  }
  if (stream.eat('|')) {
    state.tag = 'formatter'
    return 'operator'
  }
  if (state.tag === 'directive') {
    stream.match(/^[^\s}|]+/)
    state.tag = 'args'
    return 'keyword'
  }
  if (state.tag === 'variable') {
    stream.match(/^[^\s}|]+/)
    state.tag = 'args'
    return 'variableName'
  }
  if (state.tag === 'formatter') {
    stream.match(/^[^\s}|]+/)
    state.tag = 'args'
    return 'variableName.function'
  }
  if (stream.eatSpace()) return null
  if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string'
  if (stream.match(/^-?\d+(?:\.\d+)?/)) return 'number'
  stream.match(/^[^\s}|"']+/) || stream.next()
  return 'variableName'
}

const jsonTemplateLanguage = StreamLanguage.define<State>({
  name: 'json-t',
  startState: () => ({ comment: false, tag: 'none', html: false }),
  token(stream, state) {
    if (state.comment) {
      if (stream.skipTo('##}')) {
        stream.match('##}')
        state.comment = false
      } else stream.skipToEnd()
      return 'comment'
    }
    if (state.tag !== 'none') return insideTag(stream, state)
    if (stream.match('{##')) {
      state.comment = true
      return 'comment'
    }
    if (stream.match(/^\{#[^}]*\}/)) return 'comment'
    if (stream.match(/^\{(?=\.)/)) {
      stream.next()
      state.tag = 'directive'
      return 'brace'
    }
    if (stream.match(/^\{(?=[^\s{}])/)) {
      state.tag = 'variable'
      return 'brace'
    }
    if (state.html) {
      if (stream.eat('>')) {
        state.html = false
        return 'angleBracket'
      }
      if (stream.eatSpace()) return null
      if (stream.match(/^"[^"{]*"?/) || stream.match(/^'[^'{]*'?/)) return 'attributeValue'
      if (stream.match(/^[^\s=>{"']+/)) return 'attributeName'
      stream.next()
      return null
    }
    if (stream.match(/^<\/?[A-Za-z][\w-]*/)) {
      state.html = true
      return 'tagName'
    }
    if (stream.match(/^<!--[\s\S]*?-->/)) return 'comment'
    stream.next()
    while (!stream.eol() && !/[{<]/.test(stream.peek() ?? '')) stream.next()
    return null
  },
  languageData: { commentTokens: { block: { open: '{##', close: '##}' } } },
})

/**
 * Colours with at least 4.5:1 contrast on white and on the active line's tint (CodeMirror's
 * default style has some at 4.3), over the code editor's default style.
 */
const jsonTemplateColours = HighlightStyle.define([
  { tag: tags.keyword, color: '#6b2190', fontWeight: '600' },
  { tag: tags.variableName, color: '#1d3f8f' },
  { tag: [tags.function(tags.variableName), tags.function(tags.name)], color: '#8a3a00' },
  { tag: tags.operator, color: '#444444' },
  { tag: tags.brace, color: '#555555' },
  { tag: tags.string, color: '#a0271b' },
  { tag: tags.number, color: '#0f5c6b' },
  { tag: [tags.comment, tags.blockComment], color: '#5c5c5c', fontStyle: 'italic' },
  { tag: [tags.tagName, tags.angleBracket], color: '#1b6b3a' },
  { tag: tags.attributeName, color: '#7a4a00' },
  { tag: tags.attributeValue, color: '#a0271b' },
])

/** JSON-T for the code editor: the language and its colours. */
export const jsonTemplate = [jsonTemplateLanguage, syntaxHighlighting(jsonTemplateColours)]
