/**
 * ICU-style messages (`The {0 selectordinal one{#st} other{#th}} item is a {1}.`): a small
 * parser into a tree, kept in a bounded cache, and an evaluator over resolved arguments.
 * Sub-formats: plural, selectordinal, select, decimal/number, money/currency, datetime,
 * datetime-interval; an unknown one renders nothing, like the reference.
 */
import { MESSAGE_FORMATTER_CACHE_SIZE } from '../constants'
import { BoundedCache } from './dates.zones'

export type MessageNode =
  | string
  | { kind: 'hash' }
  | { kind: 'arg'; names: string[]; type: string; options: string[] }
  | {
      kind: 'choice'
      name: string
      type: 'plural' | 'selectordinal' | 'select'
      cases: Map<string, MessageNode[]>
    }

class Parser {
  i = 0
  constructor(readonly src: string) {}

  /** Parses until the end or an unbalanced `}` (the end of a choice case). */
  nodes(inChoice: boolean): MessageNode[] {
    const out: MessageNode[] = []
    let text = ''
    const s = this.src
    while (this.i < s.length) {
      const c = s[this.i] as string
      if (c === "'") {
        const next = s[this.i + 1]
        if (next === "'") {
          text += "'"
          this.i += 2
        } else if (next === '{' || next === '}' || (next === '#' && inChoice)) {
          // Quoted literal up to the next lone apostrophe.
          const end = s.indexOf("'", this.i + 1)
          text += s.slice(this.i + 1, end === -1 ? s.length : end)
          this.i = end === -1 ? s.length : end + 1
        } else {
          text += c
          this.i++
        }
      } else if (c === '{') {
        if (text !== '') out.push(text)
        text = ''
        this.i++
        const node = this.argument()
        if (node !== null) out.push(node)
      } else if (c === '}') {
        if (inChoice) break
        text += c
        this.i++
      } else if (c === '#' && inChoice) {
        if (text !== '') out.push(text)
        text = ''
        out.push({ kind: 'hash' })
        this.i++
      } else {
        text += c
        this.i++
      }
    }
    if (text !== '') out.push(text)
    return out
  }

  private skipSpace(): void {
    while (this.i < this.src.length && /\s/.test(this.src[this.i] as string)) this.i++
  }

  private word(): string {
    const start = this.i
    while (this.i < this.src.length && !/[\s{}]/.test(this.src[this.i] as string)) this.i++
    return this.src.slice(start, this.i)
  }

  /** After `{`: `name[;name] [type [options...]]}` or a choice with `key{...}` cases. */
  private argument(): MessageNode | null {
    this.skipSpace()
    const names = this.word().split(';')
    this.skipSpace()
    const type = this.word()
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      const cases = new Map<string, MessageNode[]>()
      for (;;) {
        this.skipSpace()
        if (this.i >= this.src.length) break
        if (this.src[this.i] === '}') {
          this.i++
          break
        }
        const key = this.word()
        this.skipSpace()
        if (this.src[this.i] !== '{') {
          if (key.startsWith('offset:')) continue
          this.i++
          continue
        }
        this.i++
        const body = this.nodes(true)
        this.i++ // the case's closing brace
        if (!cases.has(key)) cases.set(key, body)
      }
      return { kind: 'choice', name: names[0] ?? '', type, cases }
    }
    const options: string[] = []
    for (;;) {
      this.skipSpace()
      if (this.i >= this.src.length) break
      if (this.src[this.i] === '}') {
        this.i++
        break
      }
      const w = this.word()
      if (w === '') this.i++
      else options.push(w)
    }
    return { kind: 'arg', names, type, options }
  }
}

const parsed = new BoundedCache<MessageNode[]>(MESSAGE_FORMATTER_CACHE_SIZE)

/** The parsed form of a message, from the cache when it was seen recently. */
export function parseMessage(src: string): MessageNode[] {
  return parsed.get(src) ?? parsed.set(src, new Parser(src).nodes(false))
}
