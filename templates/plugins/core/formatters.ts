/**
 * Core formatters: the ones every template may use, independent of any domain. Each is a
 * plain function of the value, its prepared arguments and the render scope.
 */

import {
  asNumber,
  asString,
  child,
  isObject,
  isTruthy,
  MISSING,
  toScriptSafeJson,
  walk,
} from '../../../shared/json'
import {
  escapeHtml,
  escapeHtmlAttribute,
  fillPlaceholders,
  slugify,
  smartypants,
  truncateWords,
  urlEncode,
} from '../../../shared/strings'
import { splitPath } from '../../patterns'
import { defineFormatter, type Plugin, type Scope } from '../../registry'

type Paths = (string | number)[][]
const toPaths = (args: readonly string[]): Paths => args.map(splitPath)

/** `apply name [private] [key=value ...]`: the output of a macro or partial run on the value. */
const apply = defineFormatter({
  prepare(args) {
    const [name = '', ...rest] = args
    let isolated = false
    const params: Record<string, string> = {}
    for (const arg of rest) {
      if (arg === 'private') isolated = true
      else {
        const eq = arg.indexOf('=')
        if (eq !== -1) params[arg.slice(0, eq)] = arg.slice(eq + 1)
      }
    }
    // `@args` exists whenever the call has arguments after the name, even if none is key=value.
    return { name, isolated, params: rest.length > 0 ? params : null }
  },
  apply(value, { name, isolated, params }, scope) {
    if (name === '') return ''
    return scope.applyPartial(name, value, params === null ? null : { ...params }, isolated)
  },
})

/** Number of keys, items or characters; 0 for anything else. */
const count = defineFormatter({
  apply(value) {
    if (typeof value === 'string' || Array.isArray(value)) return value.length
    return isObject(value) ? Object.keys(value).length : 0
  },
})

/** `cycle a b c`: picks the argument for a 1-based position, wrapping around. */
const cycle = defineFormatter({
  apply(value, args) {
    const n = args.length
    let i = (asNumber(value) - 1) % n
    if (i < 0) i += n
    const pick = args[i]
    return pick === undefined ? MISSING : pick
  },
})

const encodeSpace = defineFormatter({ apply: (value) => asString(value).replace(/\s/g, '&nbsp;') })
const encodeUri = defineFormatter({ apply: (value) => encodeURI(asString(value)) })
const encodeUriComponent = defineFormatter({ apply: (value) => encodeURIComponent(asString(value)) })

interface FindArgs {
  lookup: (string | number)[] | null
  path: (string | number)[] | null
}

/** `find-first [lookup] [path]`: args as find-first/find-last take them. */
function prepareFind(args: readonly string[]): FindArgs {
  if (args.length === 0) return { lookup: null, path: null }
  if (args.length === 2) return { lookup: splitPath(args[0] as string), path: splitPath(args[1] as string) }
  return { lookup: null, path: splitPath(args[0] as string) }
}

/**
 * The first (step 1) or last (step -1) item of a list whose `path` is truthy; with a lookup,
 * the path is read from `lookup[item]` instead of the item itself.
 */
function findItem(items: unknown, { lookup, path }: FindArgs, scope: Scope, step: 1 | -1): unknown {
  if (!Array.isArray(items) || items.length === 0) return MISSING
  const table = lookup === null ? MISSING : scope.resolve(lookup)
  for (let i = step === 1 ? 0 : items.length - 1; i >= 0 && i < items.length; i += step) {
    const item: unknown = items[i] === undefined ? MISSING : items[i]
    if (path === null) return item
    const candidate = lookup === null ? item : child(table, asString(item))
    if (isTruthy(walk(candidate, path))) return item
  }
  return MISSING
}

const findFirst = defineFormatter({ prepare: prepareFind, apply: (v, a, s) => findItem(v, a, s, 1) })
const findLast = defineFormatter({ prepare: prepareFind, apply: (v, a, s) => findItem(v, a, s, -1) })

/** `format a b`: fills `{0}`, `{1}` in the value from the template variables a, b. */
const format = defineFormatter({
  prepare: toPaths,
  apply(value, paths: Paths, scope) {
    const values = paths.map((p) => {
      const v = scope.resolveOuter(p)
      return v === MISSING || v === null ? '' : v
    })
    return fillPlaceholders(asString(value), values)
  },
})

/** `get a b`: follows keys held in the variables a, b (a list variable supplies several keys). */
const get = defineFormatter({
  prepare: toPaths,
  apply(value, paths: Paths, scope) {
    let v = value
    for (const p of paths) {
      const key = scope.resolve(p)
      if (key === MISSING) return MISSING
      const keys = Array.isArray(key)
        ? (key as (string | number)[])
        : [typeof key === 'number' ? key : asString(key)]
      v = walk(v, keys)
      if (v === MISSING) return MISSING
    }
    return v
  },
})

const html = defineFormatter({ apply: (value) => escapeHtml(asString(value)) })
const htmlattr = defineFormatter({ apply: (value) => escapeHtmlAttribute(asString(value)) })

/** The 1-based position in the enclosing repeated section. */
const iter = defineFormatter({ apply: (_value, _args, scope) => asString(scope.resolve(['@index'])) })

const json = defineFormatter({ apply: (value) => (value === MISSING ? '' : toScriptSafeJson(value)) })
const jsonPretty = defineFormatter({
  apply: (value) => (value === MISSING ? '' : toScriptSafeJson(value, '  ')),
})

/** `key-by path`: a list turned into an object keyed by each item's `path`. */
const keyBy = defineFormatter({
  prepare: (args) => (args[0] ? splitPath(args[0]) : null),
  apply(value, path: (string | number)[] | null) {
    // No prototype, so a key such as "__proto__" stays an ordinary key.
    const out: Record<string, unknown> = Object.create(null)
    if (!Array.isArray(value) || path === null) return out
    for (const item of value) {
      const key = walk(item, path)
      if (key !== MISSING) out[String(key)] = item
    }
    return out
  },
})

const lineBreaks = defineFormatter({ apply: (value) => asString(value).replace(/\n/g, '<br/>') })

/** `lookup var`: the value's key named by the variable `var`. */
const lookup = defineFormatter({
  prepare: (args) => (args[0] ? splitPath(args[0]) : null),
  apply(_value, path: (string | number)[] | null, scope) {
    if (path === null) return ''
    return scope.resolve(splitPath(asString(scope.resolve(path))))
  },
})

/** `mod n`: remainder after dividing by n (default 2). */
const mod = defineFormatter({
  prepare: (args) => Number.parseInt(args[0] ?? '', 10) || 2,
  apply: (value, divisor: number) => asNumber(value) % divisor,
})

const output = defineFormatter({ apply: (_value, args) => args.join(' ') })

/** `pluralize [singular] plural`: the plural suffix (default 's') unless the value is 1. */
const pluralize = defineFormatter({
  prepare: (args) =>
    args.length === 0
      ? { one: '', other: 's' }
      : args.length === 1
        ? { one: '', other: args[0] as string }
        : { one: args[0] as string, other: args[1] as string },
  apply: (value, forms: { one: string; other: string }) => (asNumber(value) === 1 ? forms.one : forms.other),
})

/** `prop a.b c`: follows the given literal paths into the value. */
const prop = defineFormatter({
  prepare: toPaths,
  apply(value, paths: Paths) {
    let v = value
    for (const p of paths) {
      v = walk(v, p)
      if (v === MISSING) break
    }
    return v
  },
})

const raw = defineFormatter({ apply: (value) => JSON.stringify(value === MISSING ? null : value) })
const round = defineFormatter({ apply: (value) => Math.round(asNumber(value)) })

/** Strips tags from truthy values; leaves falsy ones alone. */
const safe = defineFormatter({
  apply: (value) => (isTruthy(value) ? asString(value).replace(/<[^>]*?>/g, '') : value),
})

const slug = defineFormatter({ apply: (value) => slugify(asString(value)) })
const smarty = defineFormatter({ apply: (value) => smartypants(asString(value)) })
const str = defineFormatter({
  apply: (value) => (typeof value === 'object' && value !== null ? '' : asString(value)),
})

/** `truncate [length=100] [ellipsis=...]`: cuts at a word boundary. */
const truncate = defineFormatter({
  prepare: (args) => ({
    max: args.length > 0 ? Number.parseInt(args[0] as string, 10) : 100,
    ellipsis: args.length > 1 ? (args[1] as string) : '...',
  }),
  apply(value, { max, ellipsis }: { max: number; ellipsis: string }) {
    return Number.isFinite(max) && max > 0 ? truncateWords(asString(value), max, ellipsis) : value
  },
})

const urlEncodeFormatter = defineFormatter({ apply: (value) => urlEncode(asString(value)) })

export const coreFormatters: Plugin = {
  name: 'core-formatters',
  formatters: {
    apply,
    count,
    cycle,
    'encode-space': encodeSpace,
    'encode-uri': encodeUri,
    'encode-uri-component': encodeUriComponent,
    'find-first': findFirst,
    'find-last': findLast,
    format,
    get,
    html,
    htmlattr,
    htmltag: htmlattr,
    iter,
    json,
    'json-pretty': jsonPretty,
    'key-by': keyBy,
    'line-breaks': lineBreaks,
    lookup,
    mod,
    output,
    pluralize,
    prop,
    raw,
    round,
    safe,
    slugify: slug,
    smartypants: smarty,
    str,
    truncate,
    'url-encode': urlEncodeFormatter,
  },
}
