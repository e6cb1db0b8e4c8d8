/** String helpers shared by formatter plugins. */

// Non-global patterns for the quick test: most values have nothing to escape.
const HAS_HTML_TEXT = /[&<>]/
const HAS_HTML_ATTR = /[&<>"]/

/** The entity of each character HTML escaping replaces, by code. */
const ENTITIES: (string | undefined)[] = []
ENTITIES[34] = '&quot;'
ENTITIES[38] = '&amp;'
ENTITIES[39] = '&#39;'
ENTITIES[60] = '&lt;'
ENTITIES[62] = '&gt;'

/**
 * `s` with `&`, `<`, `>` and the quote `quote` (34 `"`, 39 `'`, or 0 for none) as entities. One
 * pass that copies the runs between them: a regular expression with a replacer function calls
 * back per match, and the JSON of a product's variants in an attribute has hundreds of quotes.
 */
function escapeEntities(s: string, quote: number): string {
  let out = ''
  let last = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    const entity = c < 63 ? ENTITIES[c] : undefined
    if (entity === undefined || ((c === 34 || c === 39) && c !== quote)) continue
    out += s.slice(last, i) + entity
    last = i + 1
  }
  return out + s.slice(last)
}

/** Escapes text for HTML element content (`&`, `<`, `>`). */
export function escapeHtml(s: string): string {
  return HAS_HTML_TEXT.test(s) ? escapeEntities(s, 0) : s
}

/** Escapes text for a double-quoted HTML attribute (`&`, `<`, `>`, `"`). */
export function escapeHtmlAttribute(s: string): string {
  return HAS_HTML_ATTR.test(s) ? escapeEntities(s, 34) : s
}

/**
 * A JSON text as a whole single-quoted attribute value, quotes included: JSON is full of `"`,
 * which a double-quoted value writes as six bytes each (`&quot;`), and has few `'`. The value
 * is the same to the browser's parser either way (issue 26: a product page's props and variants
 * were a fifth `&quot;`).
 */
export function jsonAttribute(json: string): string {
  return `'${escapeEntities(json, 39)}'`
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

/** Whether the UTF-16 code unit `c` is one that `\s` matches in a JavaScript regular expression. */
export function isRegExpSpace(c: number): boolean {
  return c < 128 ? c === 32 || (c >= 9 && c <= 13) : SPACE.test(String.fromCharCode(c))
}

/**
 * `Hello, World!` → `hello-world`: drops all but ASCII letters, digits, whitespace and '-', then
 * each run of whitespace becomes one '-' (what dropping `[^a-zA-Z0-9\s-]+` then replacing `\s+`
 * by '-' does, in one pass: a dropped character does not end a run of whitespace).
 */
export function slugify(s: string): string {
  let out = ''
  let space = false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    let kept: number
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45) kept = c
    else if (c >= 65 && c <= 90) kept = c + 32
    else {
      if (isRegExpSpace(c)) space = true
      continue
    }
    if (space) {
      out += '-'
      space = false
    }
    out += String.fromCharCode(kept)
  }
  return space ? `${out}-` : out
}

/** Characters `url-encode` leaves as they are (the set JavaScript's legacy `escape` keeps), by code. */
const URL_KEPT = new Uint8Array(128)
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@*_+-./')
  URL_KEPT[c.charCodeAt(0)] = 1

/** Whether `url-encode` leaves every character of `s` as it is (most tags and names). */
function urlKept(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (URL_KEPT[s.charCodeAt(i)] !== 1) return false
  return true
}
/** Where `encodeURIComponent` differs from that set: it keeps `!~'()` and encodes `@+/`. */
const URL_DIFFERENCES = /%(?:40|2B|2F)|[!~'()]/g
const urlFix = (m: string) =>
  m.length > 1 ? decodeURIComponent(m) : `%${m.charCodeAt(0).toString(16).toUpperCase()}`

/**
 * Percent-encodes the UTF-8 bytes of `s`, keeping letters, digits and `@*_+-./` (in upper-case
 * hex). `encodeURIComponent` does the encoding natively; the few characters where its kept set
 * differs are put right after, and a lone surrogate is U+FFFD as a UTF-8 encoder makes it.
 */
export function urlEncode(s: string): string {
  if (urlKept(s)) return s
  let encoded: string
  try {
    encoded = encodeURIComponent(s)
  } catch {
    // A lone surrogate (all that `\p{Cs}` matches with the `u` flag) throws there.
    encoded = encodeURIComponent(s.replace(/\p{Cs}/gu, '\uFFFD'))
  }
  return encoded.replace(URL_DIFFERENCES, urlFix)
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
