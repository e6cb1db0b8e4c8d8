/**
 * Where this engine's output differs from the reference engine's (@squarespace/template-engine)
 * on purpose, each with its reason and an example. The differential test
 * (tests/templates/differential.test.ts) renders random templates with both engines and
 * accepts a difference only when a deviation below `involves` the case; every example here is
 * checked against both engines, so an entry that stops being true fails the suite.
 *
 * Not part of the render path: nothing in the engine imports this module.
 */
import { corePlugins } from './plugins/core/index'
import { domainPlugins } from './plugins/index'

export interface Deviation {
  /** Stable name. */
  readonly id: string
  /** What differs. */
  readonly summary: string
  /** Why it is kept. */
  readonly reason: string
  /** A case that shows it: the template, its data, and what each engine prints. */
  readonly example: {
    readonly template: string
    readonly data: unknown
    readonly locale?: string | null
    readonly ours: string
    readonly reference: string
  }
  /**
   * True when a template (with its data and locale) may meet this deviation; the differential
   * test then accepts a difference. Kept as narrow as the template text allows.
   */
  involves(template: string, data: unknown, locale: string | null): boolean
}

/** True when `data` holds an object with the own key `key`, at any depth. */
function hasKey(data: unknown, key: string): boolean {
  if (typeof data !== 'object' || data === null) return false
  if (Array.isArray(data)) return data.some((v) => hasKey(v, key))
  return Object.hasOwn(data, key) || Object.values(data).some((v) => hasKey(v, key))
}

/** True when the template applies one of `names` as a formatter (`{x|name ...}`). */
function usesFormatter(template: string, names: readonly string[]): boolean {
  return names.some((name) => new RegExp(`\\|${name.replace(/[-]/g, '\\-')}(?![\\w-])`).test(template))
}

/** The reference's calendar spans 4713 BC to 8652 AD; a Date ±8.64e15 ms. */
const CALENDAR_LIMIT_MS = 2.13e14

/** True when `data` holds a number (or numeric text) beyond the reference's calendar. */
function hasFarInstant(data: unknown): boolean {
  if (typeof data === 'number') return Math.abs(data) > CALENDAR_LIMIT_MS
  if (typeof data === 'string') return Math.abs(Number.parseFloat(data)) > CALENDAR_LIMIT_MS
  if (typeof data !== 'object' || data === null) return false
  return Object.values(data).some(hasFarInstant)
}

const DATE_FORMATTERS = /\|(date|datetime|datetime-interval|timesince|relative-time|message|plural)\b/

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'))

/** True when `data` holds a money value whose currency is not an ISO 4217 code. */
function hasUnknownCurrency(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false
  if (Array.isArray(data)) return data.some(hasUnknownCurrency)
  for (const [key, value] of Object.entries(data)) {
    if (
      (key === 'currency' || key === 'currencyCode') &&
      (typeof value !== 'string' || !CURRENCIES.has(value))
    )
      return true
    if (hasUnknownCurrency(value)) return true
  }
  return false
}

/** Date formats that name the zone: `%Z` and `%c`, long and full times, skeletons with z or v. */
const ZONE_NAMES = /%[Zc]|\|datetime[^}]*(?:long|full|skeleton:[^\s}]*[zv])/

/** True when `data` holds an instant before 1970 (some zones then kept local mean time). */
function hasOldInstant(data: unknown): boolean {
  if (typeof data === 'number') return data < 0
  if (typeof data !== 'object' || data === null) return false
  return Object.values(data).some(hasOldInstant)
}

let known: { formatters: Set<string>; predicates: Set<string> } | undefined

/** Formatter and predicate names the storefront's engine knows. */
function knownNames() {
  if (known === undefined) {
    const plugins = [...corePlugins, ...domainPlugins]
    known = {
      formatters: new Set(plugins.flatMap((p) => Object.keys(p.formatters ?? {}))),
      predicates: new Set(plugins.flatMap((p) => Object.keys(p.predicates ?? {}))),
    }
  }
  return known
}

/** True when the template names a formatter or a predicate that does not exist. */
function usesUnknownName(template: string): boolean {
  const { formatters, predicates } = knownNames()
  for (const m of template.matchAll(/\|([\w-]+)/g)) if (!formatters.has(m[1] as string)) return true
  for (const m of template.matchAll(/\{\.(?:if |or )?([\w-]+\?)/g))
    if (!predicates.has(m[1] as string)) return true
  return false
}

/** Formatters the reference registers as no-ops ("not implemented"): they leave the value as it is. */
const UNIMPLEMENTED_IN_REFERENCE = [
  'unit',
  'money-string',
  'money-format',
  'moneyFormat',
  'i18n-money-format',
]

/** A macro that applies itself: the only way to reach the partial depth limit in one template. */
const SELF_APPLIED_MACRO = /\{\.macro ([^\s}]+)\}[\s\S]*\|apply \1(?=[\s|}])/

/** A block opened inside `{.alternates with}`, before that part's `{.end}`. */
const BLOCK_IN_ALTERNATES =
  /\{\.alternates with\}(?:(?!\{\.end\})[\s\S])*\{\.(?:section |repeated section |if |macro |[\w-]+\?)/

export const DEVIATIONS: readonly Deviation[] = [
  {
    id: 'formatters-the-reference-lacks',
    summary: `${UNIMPLEMENTED_IN_REFERENCE.join(', ')} (and \`{0 unit ...}\` inside a message): implemented here; the reference registers the formatters as no-ops that print the value unchanged, and prints nothing for the message argument.`,
    reason:
      'The platform spec and the Java reference engine (whose spec files f-money-format-*, f-money-string-* and the unit specs we pass) define them; templates use them for prices and measurements.',
    example: {
      template: '{price|money-format}',
      data: { price: 1999 },
      ours: '19.99',
      reference: '1999',
    },
    // Messages in the data may use `{0 unit ...}` too.
    involves: (template, data) =>
      usesFormatter(template, UNIMPLEMENTED_IN_REFERENCE) ||
      (usesFormatter(template, ['message', 'plural']) && / unit\b/.test(JSON.stringify(data) ?? '')),
  },
  {
    id: 'blocks-in-alternates-with',
    summary:
      'A block (section, predicate, `.if`, repeated section) inside `{.alternates with}` runs between items, with what follows it; the reference moves the block and everything after it into the body of the repeated section.',
    reason:
      "The template says the block separates items. The reference's assembler pushes a block opened in that part onto the body and returns to the body state when it closes, which reorders the page.",
    example: {
      template: '{.repeated section a}{@}{.alternates with}<{.if b}x{.end}>{.end}',
      data: { a: [1, 2], b: true },
      ours: '1<x>2',
      reference: '1x><2x>',
    },
    involves: (template) => BLOCK_IN_ALTERNATES.test(template),
  },
  {
    id: 'partial-depth-after-overflow',
    summary:
      'Partials and macros nest at most 16 deep every time; in the reference, each application refused for depth leaves its depth counter one higher, so later recursions stop one level earlier.',
    reason: 'The limit is 16 (platform spec §5, §9), not 16 less the number of earlier refusals.',
    example: {
      template: '{.macro m}x{@|apply m}{.end}{@|apply m}|{@|apply m}',
      data: {},
      ours: `${'x'.repeat(16)}|${'x'.repeat(16)}`,
      reference: `${'x'.repeat(16)}|${'x'.repeat(15)}`,
    },
    involves: (template) => SELF_APPLIED_MACRO.test(template),
  },
  {
    id: 'cldr-money-flag-on-website',
    summary:
      'Price blocks (`product-price`, `subscription-price`) format money the CLDR way when `website.useCLDRMoneyFormat` is set, as well as for `featureFlags.useCLDRMoneyFormat`; the reference reads only the feature flag.',
    reason:
      'The platform spec (§3) puts `useCLDRMoneyFormat` on the website record, which is where site records carry it; the prices beside the block (islands) follow the same flag.',
    example: {
      template: '{@|product-price}',
      data: { website: { useCLDRMoneyFormat: true } },
      ours: '\n\n\n<div class="product-price">\n$0.00\n</div>',
      reference: '\n\n\n<div class="product-price">\n<span class="sqs-money-native">0.00</span>\n</div>',
    },
    involves: (template, data) =>
      usesFormatter(template, ['product-price', 'subscription-price']) &&
      typeof data === 'object' &&
      data !== null &&
      hasKey((data as { website?: unknown }).website, 'useCLDRMoneyFormat'),
  },
  {
    id: 'japanese-date-ranges',
    summary:
      'Japanese date ranges whose skeleton names the month (`yMMMd`, the default, and `yMMM`) print numeric months (2024/12/23～2025/01/04); the reference prints 2024年12月23日～2025年1月4日.',
    reason:
      "Ranges come from the platform's `Intl.DateTimeFormat.formatRange`, which in Japanese derives the range pattern from the numeric single-date pattern; matching would mean shipping CLDR's interval tables. Single dates, and ranges in the other locales the storefront uses, agree.",
    example: {
      template: '{s, e|datetime-interval}',
      data: { s: 1_735_000_000_000, e: 1_736_000_000_000 },
      locale: 'ja-JP',
      ours: '2024/12/23～2025/01/04',
      reference: '2024年12月23日～2025年1月4日',
    },
    involves: (template, _data, locale) =>
      locale?.startsWith('ja') === true && template.includes('datetime-interval'),
  },
  {
    id: 'no-prototype-through-__proto__',
    summary:
      "A reference whose first name is `__proto__` (in a predicate's arguments, say) is missing unless the data has that key; the reference reads `node['__proto__']` and finds Object.prototype.",
    reason:
      'Templates see data, never the runtime behind it: a prototype must not reach a formatter or a comparison.',
    example: {
      template: '{.notEqual? __proto__ missing}differs{.or}same{.end}',
      data: {},
      ours: 'same',
      reference: 'differs',
    },
    involves: (template) => template.includes('__proto__'),
  },
  {
    id: 'instants-beyond-the-calendar',
    summary:
      "Instants past 31 Dec 8652 or before 4713 BC: ours formats them while a JavaScript Date can hold them (±8.64e15 ms, then nothing and an error); the reference clamps them to its calendar's ends or reports an error.",
    reason:
      "Such numbers are not dates a merchant enters; the platform's date support is JavaScript's, and clamping would print a wrong date instead of none.",
    example: {
      template: '{t|datetime}',
      data: { t: 9e15 },
      ours: '',
      reference: 'December 31, 8652',
    },
    involves: (template, data) => DATE_FORMATTERS.test(template) && hasFarInstant(data),
  },
  {
    id: 'unknown-currency-codes',
    summary:
      "Money in a currency that is not an ISO 4217 code ('XYZ', 'usd', ''): ours prints the code as given (an empty one as USD); the reference prints no symbol at all ('\u00a01.00').",
    reason:
      'A price with no currency shown reads as a bare number; the code, even a wrong one, tells the shopper and the merchant what the data says.',
    example: {
      template: '{m|money}',
      data: { m: { value: '1', currency: 'XYZ' } },
      ours: 'XYZ\u00a01.00',
      reference: '\u00a01.00',
    },
    involves: (_template, data) => hasUnknownCurrency(data),
  },
  {
    id: 'local-mean-time-offsets',
    summary:
      "Zone names of instants from before a zone's standard time (St John's in 1915, say): ours prints the exact local mean time offset ('GMT-3:30:52'), the reference the zone's later name or offset ('Newfoundland Standard Time', 'GMT-3:30').",
    reason:
      "The offset comes from the platform's time zone data, which keeps a zone's local mean time to the second.",
    example: {
      template: '{t|datetime time:long}',
      data: { t: -1_735_000_000_000, website: { timeZone: 'America/St_Johns' } },
      ours: '8:02:28\u202fPM GMT-3:30:52',
      reference: '8:02:28\u202fPM GMT-3:30',
    },
    involves: (template, data) => ZONE_NAMES.test(template) && hasOldInstant(data),
  },
  {
    id: 'skeleton-fields-intl-lacks',
    summary:
      "Date skeletons with fields `Intl` cannot format (week of year `w`/`W`, quarter `Q`/`q`, day of year `D`) print without them; the reference prints them ('week 1 of 1969').",
    reason:
      "Dates format through the platform's `Intl`, which offers no such fields; templates use dates, times and names of days and months.",
    example: {
      template: '{t|datetime skeleton:yw}',
      data: { t: 0 },
      ours: '1969',
      reference: 'week 1 of 1969',
    },
    involves: (template) => /skeleton:[^\s}]*[wWQqD]/.test(template),
  },
  {
    id: 'unknown-formatters-and-predicates',
    summary:
      'An unknown formatter or predicate is a render error and its output (the variable, the block) is left empty; the reference rejects the tag when parsing and prints it as text (`{x|nope}`), or drops an unknown predicate and runs its `{.or}` branch.',
    reason:
      'The platform spec (§8) says so: "a missing partial, unknown predicate or unknown formatter is a render error and the output is left empty". Printing template source to shoppers is worse than printing nothing.',
    example: {
      template: 'a{x|nope}b{.nope? x}yes{.or}no{.end}c',
      data: { x: 1 },
      ours: 'abc',
      reference: 'a{x|nope}bnoc',
    },
    involves: (template) => usesUnknownName(template),
  },
  {
    id: 'key-named-hasOwnProperty',
    summary:
      'Data with a key named `hasOwnProperty`: ours reads it like any other key; the reference calls `value.hasOwnProperty(name)` when it walks a path, which throws, and the instruction (often the whole section) prints nothing.',
    reason: 'Data is data: a merchant field or a JSON key must not break the page around it.',
    example: {
      template: '{obj.x}',
      data: { obj: { hasOwnProperty: 1, x: 'shown' } },
      ours: 'shown',
      reference: '',
    },
    involves: (_template, data) => hasKey(data, 'hasOwnProperty'),
  },
  {
    id: 'same-day-in-site-zone',
    summary:
      "`same-day?` compares calendar days in the website's time zone; the reference compares UTC days.",
    reason:
      'An event from 10 pm to 11:30 pm in New York spans two UTC days but one local day: the page should say it is one day, as the dates printed beside it do.',
    example: {
      template: '{.same-day?}one day{.or}two days{.end}',
      data: { startDate: Date.UTC(2024, 0, 10, 3, 0), endDate: Date.UTC(2024, 0, 9, 23, 0) },
      ours: 'one day',
      reference: 'two days',
    },
    involves: (template) => template.includes('same-day?'),
  },
]
