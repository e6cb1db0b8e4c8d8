/**
 * Differential testing against the reference engine (@squarespace/template-engine): random
 * templates built from the language's constructs (variables and formatter chains, sections,
 * repeated sections, predicates, `.if`, `{.or}` chains, `.var`, `.ctx`, `.eval`, macros and
 * `apply`, literals, comments, stray braces) and random JSON data (odd keys, nulls, huge and
 * tiny numbers, unicode, money, dates, products), rendered by both engines. Outputs must be
 * identical, except where a case touches a deviation listed in `templates/deviations.ts`.
 *
 * Used by `differential.test.ts` (a fixed seed and a bounded number of cases, in `npm test`)
 * and by `npm run bench -- differential` (many more cases, any seed).
 */
import { CLDRFramework } from '@phensley/cldr'
import de from '@phensley/cldr/packs/de.json'
import en from '@phensley/cldr/packs/en.json'
import fr from '@phensley/cldr/packs/fr.json'
import ja from '@phensley/cldr/packs/ja.json'
import { Compiler } from '@squarespace/template-engine'
import fc from 'fast-check'
import { DEVIATIONS, type Deviation } from '../../templates/deviations'
import { createEngine } from '../../templates/index'
import { domainPlugins } from '../../templates/plugins/index'

/** One generated case: what both engines render. */
export interface Case {
  template: string
  data: Record<string, unknown>
  /** BCP-47 tag, null for the default (en-US), 'none' for i18n off. */
  locale: string | null
}

/** The clock both engines read (`timesince`, `relative-time`). */
export const NOW = 1_735_000_000_000

// ---- the two engines ----

const PACKS: Record<string, unknown> = { en, de, fr, ja }
const framework = new CLDRFramework({
  loader: (tag: string) => JSON.stringify(PACKS[CLDRFramework.resolveLocale(tag).tag.language()] ?? en),
})
const cldrs = new Map<string, ReturnType<typeof framework.get>>()
function cldrFor(locale: string | null) {
  const tag = locale ?? 'en-US'
  let cldr = cldrs.get(tag)
  if (cldr === undefined) {
    cldr = framework.get(tag)
    cldrs.set(tag, cldr)
  }
  return cldr
}

const reference = new Compiler()
const ours = createEngine({ plugins: domainPlugins })

/** The reference's output, or null when it throws (it is not built to survive every input). */
export function renderReference(c: Case): string | null {
  try {
    const { ctx } = reference.execute({
      code: c.template,
      json: c.data,
      partials: {},
      injects: {},
      cldr: c.locale === 'none' ? undefined : cldrFor(c.locale),
      now: NOW,
      enableExpr: true,
      enableInclude: true,
    })
    return ctx.render()
  } catch {
    return null
  }
}

export function renderOurs(c: Case): string {
  return ours.render(c.template, c.data, { locale: c.locale, now: NOW }).output
}

export type Verdict =
  | { kind: 'same' }
  /** The reference threw: nothing to compare. */
  | { kind: 'reference-failed' }
  | { kind: 'deviation'; deviation: Deviation }
  | { kind: 'differs'; ours: string; reference: string }

/** Renders a case with both engines and says whether they agree. */
export function compare(c: Case): Verdict {
  const theirs = renderReference(c)
  if (theirs === null) return { kind: 'reference-failed' }
  const mine = renderOurs(c)
  if (mine === theirs) return { kind: 'same' }
  const deviation = DEVIATIONS.find((d) => d.involves(c.template, c.data, c.locale))
  return deviation === undefined
    ? { kind: 'differs', ours: mine, reference: theirs }
    : { kind: 'deviation', deviation }
}

// ---- data ----

/** Keys that trip up code which treats data as JavaScript objects. */
const ODD_KEYS = [
  'toString',
  'valueOf',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'length',
  '',
  'a.b',
  '0',
  '1',
  'é',
  '😀',
  'x',
  'y',
]

const numbers = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.constantFrom(
    0,
    -0,
    1,
    2,
    3,
    0.5,
    1.005,
    -1.5,
    19.99,
    1e21,
    1.5e21,
    -1e21,
    1e22,
    1e100,
    1e-7,
    5e-324,
    2 ** 53 + 2,
    123456789.123,
    Number.MAX_SAFE_INTEGER,
  ),
)

const strings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '1',
    '1.50',
    '.75',
    '-0.5',
    '1e21',
    'true',
    'false',
    'null',
    'abc',
    'Hello, World',
    '<b>bold</b> & "quoted"',
    'it\'s -- "smart"...',
    'Ünïcødé façade',
    '😀 emoji 👍🏽',
    'עברית',
    'a\nb',
    '  padded  ',
    'http://example.com/a b?c=d&e',
    '{a}',
    'x{0}y{1}',
  ),
  fc.string({ maxLength: 12, unit: 'binary' }),
  fc.string({ maxLength: 8 }),
)

/** Instants from 1990 to 2040, and a few the date code finds hard. */
const instants = fc.oneof(
  fc.integer({ min: 631_152_000_000, max: 2_208_988_800_000 }),
  fc.constantFrom(NOW, NOW - 3_600_000, NOW + 86_400_000, NOW - 400 * 86_400_000, 0, 1_710_054_000_000),
)

const CURRENCIES = ['USD', 'EUR', 'JPY', 'GBP', 'SEK', 'CHF', 'XYZ', '', 'usd']

const amounts = fc.oneof(
  fc.constantFrom('0', '0.00', '1', '1.5', '19.99', '.75', '-3.10', '1234567.891', '1e3', '', 'abc', ' 2.50'),
  numbers,
)

const money = fc.oneof(
  fc.record({ value: amounts, currency: fc.constantFrom(...CURRENCIES) }),
  fc.record({ decimalValue: amounts, currencyCode: fc.constantFrom(...CURRENCIES) }),
  fc.record({ value: amounts }),
)

const variant = fc.record(
  {
    price: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom('1500', 'x')),
    salePrice: fc.integer({ min: 0, max: 10_000 }),
    onSale: fc.oneof(fc.boolean(), fc.constantFrom(1, 0, 'true', null)),
    priceMoney: money,
    salePriceMoney: money,
    qtyInStock: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constantFrom('2', null)),
    unlimited: fc.oneof(fc.boolean(), fc.constant('false')),
    attributes: fc.record({ Size: fc.constantFrom('S', 'M', 'L'), Color: fc.constantFrom('Red', 'Blue') }),
    sku: fc.constantFrom('SKU-1', 'SKU-2'),
  },
  { requiredKeys: [] },
)

/** Product items as collection pages carry them, with types and flags the rules look at. */
const product = fc.record(
  {
    id: fc.constantFrom('p1', 'p2'),
    title: strings,
    urlId: fc.constantFrom('mug', 'lamp'),
    fullUrl: fc.constantFrom('/shop/mug', '/shop/lamp'),
    scarcityEnabled: fc.oneof(fc.boolean(), fc.constantFrom('true', 'yes', 1, 0, null, '')),
    structuredContent: fc.record(
      {
        productType: fc.oneof(fc.constantFrom(-1, 1, 2, 3, 4, 5, 0, '1'), fc.constant(null)),
        variants: fc.array(variant, { maxLength: 3 }),
        isSubscribable: fc.oneof(fc.boolean(), fc.constant('true')),
        priceMoney: money,
        salePriceMoney: money,
        onSale: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
)

/** ICU-style messages as `message` and `plural` read them, well-formed and not. */
const MESSAGES = [
  'Hello',
  '{0} items',
  '{0} and {1}',
  '{count} left',
  'You have {0 plural one{# item} other{# items}}.',
  '{0 plural =0{none} one{one} other{# many}}',
  '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}',
  '{0 select a{A} b{B} other{?}}',
  '{0 plural one{{1} thing} other{{1} things}}',
  "It''s {0}",
  "'{0}' quoted",
  '{0, number}',
  '{0 number}',
  '{0 decimal maxfrac:1}',
  '{0 money}',
  '{0 datetime date:short}',
  '{0 unknown}',
  '{',
  '}',
  '{0',
  'a {b {c} d} e',
  '{ "k": {} }',
  '{-hidden}',
  '{}',
  '{0}{1}{2}',
  '#',
]

const scalar = fc.oneof(numbers, strings, fc.boolean(), fc.constant(null))

/** Any JSON value, odd keys included; objects are built with own properties only. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }),
    fc
      .array(fc.tuple(fc.constantFrom(...ODD_KEYS), tie('v')), { maxLength: 4 })
      .map((entries) => Object.fromEntries(entries)),
  ),
})).v

const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Sydney',
  'America/St_Johns',
  'UTC',
  'Nope/Zone',
]

const data: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      a: value,
      b: value,
      c: scalar,
      n: numbers,
      s: strings,
      list: fc.array(fc.oneof(scalar, value), { maxLength: 5 }),
      obj: fc
        .array(fc.tuple(fc.constantFrom(...ODD_KEYS), value), { maxLength: 5 })
        .map((entries) => Object.fromEntries(entries)),
      money,
      msg: fc.constantFrom(...MESSAGES),
      t: instants,
      t2: fc.oneof(instants, fc.constantFrom('2024-01-01', null)),
      item: product,
      items: fc.array(product, { maxLength: 3 }),
      website: fc.record(
        { timeZone: fc.constantFrom(...ZONES), useCLDRMoneyFormat: fc.boolean() },
        { requiredKeys: [] },
      ),
      featureFlags: fc.record({ useCLDRMoneyFormat: fc.boolean() }, { requiredKeys: [] }),
      productMerchandisingContext: fc.record(
        {
          p1: fc.record(
            {
              scarcityEnabled: fc.oneof(
                fc.boolean(),
                fc.constantFrom('true', 'false', 'yes', 1, 0, 1.5, null, [], {}),
              ),
              scarcityText: fc.constantFrom('Only {qtyInStock} left!', 'Hurry', ''),
              scarcityShownByDefault: fc.boolean(),
              scarcityTemplateViews: fc.array(
                fc.record(
                  {
                    qtyInStock: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant('2')),
                    attributes: fc.record({ Color: fc.constantFrom('Red', 'Blue') }),
                  },
                  { requiredKeys: [] },
                ),
                { maxLength: 2 },
              ),
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
      localizedStrings: fc.record(
        { productPriceFromText: fc.constantFrom('ab {fromPrice}', 'from {price}!'), productSoldOut: strings },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['a', 'n', 's', 'list', 'obj', 't'] },
  )
  // Through JSON text, as data reaches the engine: no undefined, -0 becomes 0.
  .map((d) => JSON.parse(JSON.stringify(d)) as Record<string, unknown>)

// ---- templates ----

const PATHS = [
  'a',
  'b',
  'c',
  'n',
  's',
  'list',
  'list.0',
  'list.1',
  'obj',
  'obj.x',
  'obj.toString',
  'obj.valueOf',
  'obj.constructor',
  'obj.length',
  'obj.0',
  'money',
  'money.value',
  'msg',
  't',
  't2',
  'item',
  'item.title',
  'item.id',
  'item.structuredContent.variants',
  'items',
  'website.timeZone',
  'length',
  'list.length',
  'toString',
  'valueOf',
  'constructor',
  '__proto__',
  'obj.__proto__',
  'hasOwnProperty',
  'missing',
  'missing.deeper',
  '@',
  '@index',
  '@index0',
  '@v',
  '@c',
  '@c.k',
]

const path = fc.constantFrom(...PATHS)

/** Formatters and plausible arguments; the arguments are joined by a delimiter below. */
const FORMATTERS: Record<string, fc.Arbitrary<string[]>> = {
  html: fc.constant([]),
  htmlattr: fc.constant([]),
  htmltag: fc.constant([]),
  safe: fc.constant([]),
  str: fc.constant([]),
  raw: fc.constant([]),
  json: fc.constant([]),
  'json-pretty': fc.constant([]),
  count: fc.constant([]),
  cycle: fc.constantFrom(['a', 'b', 'c'], ['x'], []),
  'encode-space': fc.constant([]),
  'encode-uri': fc.constant([]),
  'encode-uri-component': fc.constant([]),
  'url-encode': fc.constant([]),
  format: fc.array(path, { maxLength: 2 }),
  get: fc.array(path, { maxLength: 2 }),
  iter: fc.constant([]),
  'key-by': fc.constantFrom(['x'], ['0'], []),
  lookup: fc.constantFrom(['s'], ['a'], []),
  mod: fc.constantFrom(['2'], ['3'], [], ['0']),
  output: fc.constantFrom(['x', 'y'], []),
  pluralize: fc.constantFrom([], ['s'], ['y', 'ies'], ['a', 'b', 'c']),
  prop: fc.constantFrom(['x'], ['0'], ['toString'], []),
  round: fc.constant([]),
  slugify: fc.constant([]),
  smartypants: fc.constant([]),
  truncate: fc.constantFrom(['5'], ['10', '...'], ['0'], ['x'], []),
  'line-breaks': fc.constant([]),
  capitalize: fc.constant([]),
  humanizeDuration: fc.constant([]),
  'activate-twitter-links': fc.constant([]),
  money: fc.constantFrom(
    [],
    ['style:code'],
    ['style:name'],
    ['style:short'],
    ['de-DE'],
    ['maxfrac:0'],
    ['group:false'],
  ),
  'i18n-money-format': fc.constantFrom([], ['de-DE'], ['fr-FR'], ['en-US']),
  'money-format': fc.constant([]),
  moneyFormat: fc.constant([]),
  'money-string': fc.constant([]),
  'bookkeeper-money-format': fc.constant([]),
  'percentage-format': fc.constantFrom([], ['trim']),
  decimal: fc.constantFrom(
    [],
    ['maxfrac:2'],
    ['style:short'],
    ['style:percent'],
    ['minint:3'],
    ['group:false'],
  ),
  'product-price': fc.constant([]),
  'from-price': fc.constant([]),
  'normal-price': fc.constant([]),
  'sale-price': fc.constant([]),
  'product-scarcity': fc.constant([]),
  'product-restock-notification': fc.constant([]),
  'product-status': fc.constant([]),
  'cart-quantity': fc.constant([]),
  'variant-descriptor': fc.constant([]),
  date: fc.constantFrom(['%Y-%m-%d'], ['%B', '%e,', '%Y'], ['%A', '%l:%M', '%p', '%Z'], ['%c'], ['%s'], []),
  datetime: fc.constantFrom(
    [],
    ['date:long'],
    ['date:short'],
    ['time:short'],
    ['date:medium', 'time:short'],
    ['skeleton:yMMMd'],
    ['skeleton:hmz'],
    ['skeleton:hmv'],
    ['skeleton:EEEE'],
    ['long'],
    ['full'],
    ['date:full', 'time:full'],
    ['time:long'],
    ['wrap:long', 'date:short', 'time:short'],
  ),
  'relative-time': fc.constantFrom([], ['allowWeeks:true']),
  timesince: fc.constant([]),
  message: fc.constantFrom([], ['n'], ['a', 'b'], ['count=n'], ['n', 's'], ['money'], ['t'], ['list']),
  plural: fc.constantFrom(['n'], ['n', 's']),
  unit: fc.constantFrom(['in:meter'], ['in:second', 'out:minute'], ['in:byte', 'format:long']),
}

/** Joins arguments the ways templates do: one space, two, a trailing one, or another delimiter. */
const argText = (name: string) =>
  fc
    .tuple(FORMATTERS[name] as fc.Arbitrary<string[]>, fc.constantFrom(' ', ' ', ' ', '  ', 'trailing', ','))
    .map(([args, how]) => {
      if (args.length === 0) return how === 'trailing' ? ' ' : ''
      if (how === 'trailing') return ` ${args.join(' ')} `
      if (how === '  ') return `  ${args.join(' ')}`
      return how + args.join(how)
    })

const formatterCall = fc
  .constantFrom(...Object.keys(FORMATTERS))
  .chain((name) => argText(name).map((args) => `|${name}${args}`))

const variable = fc
  .tuple(path, fc.array(formatterCall, { maxLength: 2 }))
  .map(([p, chain]) => `{${p}${chain.join('')}}`)

const intervalVariable = fc.constantFrom('{t, t2|datetime-interval}', '{t, t2|datetime-interval yMMMd}')

const PREDICATES: Record<string, fc.Arbitrary<string>> = {
  'equal?': fc.tuple(path, fc.constantFrom('1', '"x"', 'n', 'a', '0')).map(([x, y]) => ` ${x} ${y}`),
  'notEqual?': fc.tuple(path, path).map(([x, y]) => ` ${x} ${y}`),
  'greaterThan?': fc.tuple(path, fc.constantFrom('0', '1', '"a"', 'n')).map(([x, y]) => ` ${x} ${y}`),
  'lessThanOrEqual?': fc.tuple(path, fc.constantFrom('0', '10')).map(([x, y]) => ` ${x} ${y}`),
  'even?': fc.constantFrom('', ' n', ' @index'),
  'odd?': fc.constantFrom('', ' n', ' @index'),
  'nth?': fc.constantFrom(' 2', ' 3'),
  'plural?': fc.constantFrom('', ' n'),
  'singular?': fc.constantFrom('', ' n'),
  'has-variants?': fc.constant(''),
  'on-sale?': fc.constant(''),
  'sold-out?': fc.constant(''),
  'varied-prices?': fc.constant(''),
  'units-metric?': fc.constant(''),
  'excerpt?': fc.constant(''),
  'main-image?': fc.constant(''),
  'external-link?': fc.constant(''),
}

const predicateTag = fc
  .constantFrom(...Object.keys(PREDICATES))
  .chain((name) => (PREDICATES[name] as fc.Arbitrary<string>).map((args) => `${name}${args}`))

const EXPRESSIONS = [
  'n + 1',
  'n * 2 - 3',
  'a + 1',
  's + "!"',
  'n / 0',
  'n % 3',
  'max(n, 1)',
  'min(n, "2")',
  'abs(n)',
  'str(n) + s',
  'num(s) + 1',
  'bool(a)',
  'a == b',
  'n === 1',
  '!a',
  'n > 2 && s',
  '@v = n + 1; @v * 2',
  '@v = s',
  '1e21 + 0',
  '0.1 + 0.2',
  'list',
  'obj.x + 1',
]

const text = fc.constantFrom(
  'a',
  ' ',
  '\n',
  '<p>',
  '</p>',
  'x y',
  ', ',
  '{',
  '}',
  '|',
  'é',
  '{.nope}',
  '{ a }',
)

const leaf = fc.oneof(
  { weight: 16, arbitrary: variable },
  { weight: 12, arbitrary: text },
  { weight: 4, arbitrary: intervalVariable },
  { weight: 4, arbitrary: fc.constantFrom(...EXPRESSIONS).map((e) => `{.eval ${e}}`) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(path, fc.array(formatterCall, { maxLength: 1 }))
      .map(([p, chain]) => `{.var @v ${p}${chain.join('')}}`),
  },
  { weight: 4, arbitrary: fc.tuple(path, path).map(([x, y]) => `{.ctx @c k=${x} j=${y}}`) },
  {
    weight: 4,
    arbitrary: fc.constantFrom('{.space}', '{.meta-left}', '{.newline}', '{# note}', '{## long ##}'),
  },
  { weight: 4, arbitrary: fc.constantFrom('{@|apply m}', '{a|apply m}', '{list|apply m}', '{item|apply m}') },
  // Rare: a template with an unknown name is not compared at all (a listed deviation).
  { weight: 1, arbitrary: fc.constantFrom('{a|nope}', '{.nope? a}yes{.or}no{.end}', '{a|html|nope 1}') },
)

/** A block of template text: leaves and nested blocks, `depth` levels at most. */
function block(depth: number): fc.Arbitrary<string> {
  if (depth === 0) return fc.array(leaf, { maxLength: 4 }).map((xs) => xs.join(''))
  const inner = block(depth - 1)
  const or = fc.option(
    fc
      .tuple(fc.option(predicateTag, { nil: undefined }), inner)
      .map(([p, body]) => `{.or${p === undefined ? '' : ` ${p}`}}${body}`),
    { nil: '' },
  )
  const node = fc.oneof(
    { weight: 6, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc.tuple(path, inner, or).map(([p, body, alt]) => `{.section ${p}}${body}${alt}{.end}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(path, inner, fc.option(inner, { nil: undefined }), or)
        .map(
          ([p, body, between, alt]) =>
            `{.repeated section ${p}}${body}${between === undefined ? '' : `{.alternates with}${between}`}${alt}{.end}`,
        ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(predicateTag, inner, or).map(([p, body, alt]) => `{.${p}}${body}${alt}{.end}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(path, fc.constantFrom(' || ', ' && ', '||', ''), path, inner, or)
        .map(([x, join, y, body, alt]) => `{.if ${join === '' ? x : `${x}${join}${y}`}}${body}${alt}{.end}`),
    },
  )
  return fc.array(node, { maxLength: 4 }).map((xs) => xs.join(''))
}

/** A template: maybe a macro `m` first, then a body of blocks nested up to three deep. */
export const templates: fc.Arbitrary<string> = fc
  .tuple(fc.option(block(1), { nil: undefined }), block(3))
  .map(([macro, body]) => (macro === undefined ? body : `{.macro m}${macro}{.end}${body}`))

export const cases: fc.Arbitrary<Case> = fc.record({
  template: templates,
  data,
  locale: fc.constantFrom<string | null>(null, null, 'en-US', 'de-DE', 'fr-FR', 'ja-JP', 'none'),
})

/** Tallies of a run. */
export interface Tally {
  same: number
  deviation: Map<string, number>
  referenceFailed: number
}

export function newTally(): Tally {
  return { same: 0, deviation: new Map(), referenceFailed: 0 }
}

/** Compares one case, counting it; throws (for fast-check to shrink) when the engines differ. */
export function check(c: Case, tally: Tally): void {
  const v = compare(c)
  switch (v.kind) {
    case 'same':
      tally.same++
      return
    case 'reference-failed':
      tally.referenceFailed++
      return
    case 'deviation':
      tally.deviation.set(v.deviation.id, (tally.deviation.get(v.deviation.id) ?? 0) + 1)
      return
    case 'differs':
      throw new Error(
        `the engines differ on\n  template: ${JSON.stringify(c.template)}\n  data: ${JSON.stringify(c.data)}\n  locale: ${c.locale}\n  ours:      ${JSON.stringify(v.ours)}\n  reference: ${JSON.stringify(v.reference)}`,
      )
  }
}
