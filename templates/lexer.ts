/**
 * First stage: cuts template source into text, tags (`{...}`) and comments. A tag is the
 * shortest `{...}` span: a second `{` before the closing `}` restarts it, so stray braces in
 * CSS or scripts stay text. `{##` opens a multi-line comment that runs to `##}` (or the end).
 */

export const Lex = { TEXT: 0, TAG: 1, COMMENT: 2 } as const

/**
 * Receives the pieces in order. `start`/`end` bound the piece in `source`; for a tag they bound
 * its inside (without the braces).
 */
export type LexSink = (kind: number, start: number, end: number) => void

/** Scans `source`, calling `sink` for each piece. */
export function lex(source: string, sink: LexSink): void {
  const len = source.length
  let pos = 0
  while (pos < len) {
    let open = source.indexOf('{', pos)
    if (open === -1) break
    if (source.charCodeAt(open + 1) === 0x23 && source.charCodeAt(open + 2) === 0x23) {
      if (open > pos) sink(Lex.TEXT, pos, open)
      const close = source.indexOf('##}', open + 3)
      sink(Lex.COMMENT, open + 3, close === -1 ? len : close)
      pos = close === -1 ? len : close + 3
      continue
    }
    let close = -1
    for (let i = open + 1; i < len; i++) {
      const c = source.charCodeAt(i)
      if (c === 0x7b) open = i
      else if (c === 0x7d) {
        close = i
        break
      }
    }
    if (close === -1) break
    if (open > pos) sink(Lex.TEXT, pos, open)
    sink(Lex.TAG, open + 1, close)
    pos = close + 1
  }
  if (pos < len) sink(Lex.TEXT, pos, len)
}
