/** String helpers shared by formatter plugins. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
const HTML_TEXT = /[&<>]/g
const HTML_ATTR = /[&<>"]/g
// Separate non-global patterns for the quick test: a global pattern's `test` is stateful.
const HAS_HTML_TEXT = /[&<>]/
const HAS_HTML_ATTR = /[&<>"]/
const escapeChar = (c: string) => HTML_ESCAPES[c] as string

/** Escapes text for HTML element content (`&`, `<`, `>`). */
export function escapeHtml(s: string): string {
  return HAS_HTML_TEXT.test(s) ? s.replace(HTML_TEXT, escapeChar) : s
}

/** Escapes text for a double-quoted HTML attribute (`&`, `<`, `>`, `"`). */
export function escapeHtmlAttribute(s: string): string {
  return HAS_HTML_ATTR.test(s) ? s.replace(HTML_ATTR, escapeChar) : s
}

/**
 * A JSON text as a whole single-quoted attribute value, quotes included: JSON is full of `"`,
 * which a double-quoted value writes as six bytes each (`&quot;`), and has few `'`. The value
 * is the same to the browser's parser either way (issue 26: a product page's props and variants
 * were a fifth `&quot;`).
 */
export function jsonAttribute(json: string): string {
  return `'${json.replace(/[&<>']/g, (c) => (c === "'" ? '&#39;' : escapeChar(c)))}'`
}

const WHITESPACE = new Set([' ', '\n', '\t', '\u000b', '\r', '\f'])

/**
 * Cuts `s` to at most `max` characters, backing up to just after the last whitespace so words
 * stay whole, then appends `ellipsis`.
 */
export function truncateWords(s: string, max: number, ellipsis: string): string {
  if (s.length <= max) return s
  let end = max
  for (let i = max - 1; i >= 0; i--) {
    if (WHITESPACE.has(s.charAt(i))) {
      end = i + 1
      break
    }
  }
  return s.slice(0, end) + ellipsis
}

/** `Hello, World!` → `hello-world`: drops all but ASCII letters, digits, whitespace and '-'. */
export function slugify(s: string): string {
  return s
    .replace(/[^a-zA-Z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase()
}

/** Characters `url-encode` leaves as they are (the set JavaScript's legacy `escape` keeps). */
const URL_SAFE = /[A-Za-z0-9@*_+\-./]/
const encoder = new TextEncoder()

/** Percent-encodes the UTF-8 bytes of `s`, keeping letters, digits and `@*_+-./`. */
export function urlEncode(s: string): string {
  let out = ''
  for (const ch of s) {
    if (ch.length === 1 && URL_SAFE.test(ch)) {
      out += ch
      continue
    }
    for (const byte of encoder.encode(ch)) out += `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`
  }
  return out
}

/**
 * Fills `{0}`, `{1}`... in `pattern` from `args`. A placeholder past the end of `args` prints
 * nothing; a brace group that is not all digits is dropped.
 */
export function fillPlaceholders(pattern: string, args: readonly unknown[]): string {
  let out = ''
  let i = 0
  while (i < pattern.length) {
    const open = pattern.indexOf('{', i)
    if (open === -1) return out + pattern.slice(i)
    out += pattern.slice(i, open)
    const close = pattern.indexOf('}', open + 1)
    if (close === -1) return out
    const inside = pattern.slice(open + 1, close)
    if (/^\d*$/.test(inside)) {
      const n = inside === '' ? 0 : Number.parseInt(inside, 10)
      if (n < args.length) out += String(args[n])
    }
    i = close + 1
  }
  return out
}

const LINE_TERMINATORS = '\n\r\u2028\u2029'
/** Characters after which a ' opens a quotation (includes a literal backslash and 's', as the reference does). */
const OPENS_SINGLE = '-\u2014\\s(["'
/** Characters after which a " opens a quotation (plus any whitespace). */
const OPENS_DOUBLE = '-\u2014/[(\u2018'
const SPACE = /\s/
const HAS_SMARTY = /['"-]/

/**
 * Typographer's quotes and dashes in one pass: a quote at the start of a line or after an
 * opening character becomes an opening quote (‘ “), any other a closing one (’ ”), and `--`
 * becomes an em dash. A " looks at the character before it after that one's own conversion,
 * so `'"` reads as ‘“.
 */
export function smartypants(s: string): string {
  if (!HAS_SMARTY.test(s)) return s
  let out = ''
  let last = 0
  let lastQuoteAt = -1
  let lastQuoteAs = ''
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i)
    if (code === 0x2d) {
      if (s.charCodeAt(i + 1) === 0x2d) {
        out += `${s.slice(last, i)}\u2014`
        i++
        last = i + 1
      }
      continue
    }
    if (code !== 0x27 && code !== 0x22) continue
    const prev = s.charAt(i - 1)
    const lineStart = i === 0 || LINE_TERMINATORS.includes(prev)
    let emit: string
    if (code === 0x27) emit = lineStart || OPENS_SINGLE.includes(prev) ? '\u2018' : '\u2019'
    else {
      const before = lastQuoteAt === i - 1 ? lastQuoteAs : prev
      emit = lineStart || OPENS_DOUBLE.includes(before) || SPACE.test(before) ? '\u201c' : '\u201d'
    }
    out += s.slice(last, i) + emit
    last = i + 1
    lastQuoteAt = i
    lastQuoteAs = emit
  }
  return out + s.slice(last)
}

/** Text with every `<...>` tag replaced by one space (what is left after stripping markup). */
export function stripTags(html: string): string {
  let out = ''
  let inTag = false
  for (let i = 0; i < html.length; i++) {
    const ch = html.charAt(i)
    if (ch === '<') inTag = true
    else if (ch === '>') {
      inTag = false
      out += ' '
    } else if (!inTag) out += ch
  }
  return out
}

/** Merchant HTML as one line of plain text (descriptions, JSON-LD, the search index). */
export function plainText(html: string): string {
  return stripTags(html).replace(/\s+/g, ' ').trim()
}
