/**
 * The `unit` formatter's plain functions: `{bytes|unit in:byte compact:bytes}`,
 * `{secs|unit in:second sequence:hour,minute,second format:long}`. A value in the `in` unit is
 * converted through its category's base unit, then shown in one `out` unit, in the best of a
 * list of units (`out:a,b`, `compact:<set>`, or the locale's default set), or as a sequence of
 * whole units ending in a fraction. Unit names and plural patterns come from the platform's
 * `Intl.NumberFormat` (`style: 'unit'`); units it cannot format (arc-minute, hertz, century,
 * square-kilometer, ...) are converted through but never shown, and each such case is reported.
 */
import { BoundedCache } from '../../../shared/bounded-cache'
import { numberFormat, numberOptions } from './numbers'

/** Why a `unit` call rendered less than it was asked for; shown in the render's error list. */
export const UNIT_MESSAGES = {
  unknown: (name: string) => `unknown unit '${name}'`,
  otherCategory: (name: string, category: string) => `unit '${name}' is not a ${category} unit`,
  notFormattable: (name: string) => `this platform's Intl cannot format the unit '${name}'`,
  nothingToShow: (category: string) => `this platform's Intl cannot format any ${category} unit`,
} as const

interface UnitInfo {
  readonly category: string
  /** Base units per unit. */
  readonly factor: number
  /** Added after scaling (temperatures only). */
  readonly offset: number
}

const UNITS = new Map<string, UnitInfo>()

function define(category: string, factors: Record<string, number>): void {
  for (const [name, factor] of Object.entries(factors)) UNITS.set(name, { category, factor, offset: 0 })
}

// Exact SI definitions (international yard and pound, NIST SP 811); a year is 365.2425 days and
// a month a twelfth of it, as CLDR's unit conversion data has them.
const INCH = 0.0254
const YEAR = 31_556_952
define('length', {
  kilometer: 1e3,
  meter: 1,
  decimeter: 0.1,
  centimeter: 0.01,
  millimeter: 1e-3,
  micrometer: 1e-6,
  nanometer: 1e-9,
  'mile-scandinavian': 1e4,
  mile: 1609.344,
  'nautical-mile': 1852,
  furlong: 201.168,
  fathom: 1.8288,
  yard: 0.9144,
  foot: 0.3048,
  inch: INCH,
  point: INCH / 72,
  'astronomical-unit': 149_597_870_700,
  'light-year': 9_460_730_472_580_800,
  parsec: 3.085_677_581_491_367e16,
})
define('area', {
  'square-kilometer': 1e6,
  hectare: 1e4,
  'square-meter': 1,
  'square-centimeter': 1e-4,
  'square-mile': 2_589_988.110_336,
  acre: 4046.856_422_4,
  'square-yard': 0.836_127_36,
  'square-foot': 0.092_903_04,
  'square-inch': 0.000_645_16,
})
define('volume', {
  liter: 1,
  deciliter: 0.1,
  centiliter: 0.01,
  milliliter: 1e-3,
  'cubic-meter': 1e3,
  'cubic-centimeter': 1e-3,
  gallon: 3.785_411_784,
  quart: 0.946_352_946,
  pint: 0.473_176_473,
  cup: 0.236_588_236_5,
  'fluid-ounce': 0.029_573_529_562_5,
  tablespoon: 0.014_786_764_781_25,
  teaspoon: 0.004_928_921_593_75,
})
define('mass', {
  'metric-ton': 1e6,
  kilogram: 1e3,
  gram: 1,
  milligram: 1e-3,
  microgram: 1e-6,
  ton: 907_184.74,
  stone: 6350.293_18,
  pound: 453.592_37,
  ounce: 28.349_523_125,
  carat: 0.2,
})
define('duration', {
  century: 100 * YEAR,
  decade: 10 * YEAR,
  year: YEAR,
  month: YEAR / 12,
  week: 604_800,
  day: 86_400,
  hour: 3600,
  minute: 60,
  second: 1,
  millisecond: 1e-3,
  microsecond: 1e-6,
  nanosecond: 1e-9,
})
// Bits scale by 1000, bytes by 1024, as the reference does (1024 bytes is "1 kilobyte").
define('digital', {
  bit: 1,
  kilobit: 1e3,
  megabit: 1e6,
  gigabit: 1e9,
  terabit: 1e12,
  byte: 8,
  kilobyte: 8 * 1024,
  megabyte: 8 * 1024 ** 2,
  gigabyte: 8 * 1024 ** 3,
  terabyte: 8 * 1024 ** 4,
  petabyte: 8 * 1024 ** 5,
})
define('angle', {
  revolution: 360,
  radian: 180 / Math.PI,
  degree: 1,
  'arc-minute': 1 / 60,
  'arc-second': 1 / 3600,
})
define('frequency', { gigahertz: 1e9, megahertz: 1e6, kilohertz: 1e3, hertz: 1 })
define('speed', {
  'meter-per-second': 1,
  'kilometer-per-hour': 1 / 3.6,
  'mile-per-hour': 0.447_04,
  knot: 1852 / 3600,
})
// Kelvin is the base: K = C + 273.15 = (F - 32) * 5/9 + 273.15.
UNITS.set('kelvin', { category: 'temperature', factor: 1, offset: 0 })
UNITS.set('celsius', { category: 'temperature', factor: 1, offset: 273.15 })
UNITS.set('fahrenheit', { category: 'temperature', factor: 5 / 9, offset: 273.15 - (32 * 5) / 9 })

const ALIASES: Readonly<Record<string, string>> = {
  feet: 'foot',
  inches: 'inch',
  centuries: 'century',
  radians: 'radian',
  'liters-per-kilometer': 'liter-per-kilometer',
}

/** The canonical name of a unit (`feet` → `foot`, `kilograms` → `kilogram`), or null. */
export function canonicalUnit(name: string): string | null {
  if (UNITS.has(name)) return name
  const alias = ALIASES[name]
  if (alias !== undefined) return alias
  return name.endsWith('s') && UNITS.has(name.slice(0, -1)) ? name.slice(0, -1) : null
}

/**
 * The sets `compact:<name>` picks from, largest first. Where the US customary system differs the
 * set has two forms; the locale's region decides (see `usesUsCustomary`).
 */
const SETS: Readonly<
  Record<string, { readonly metric: readonly string[]; readonly us?: readonly string[] }>
> = {
  length: { metric: ['kilometer', 'meter', 'centimeter'], us: ['mile', 'yard', 'foot', 'inch'] },
  area: {
    metric: ['square-kilometer', 'hectare', 'square-meter', 'square-centimeter'],
    us: ['square-mile', 'acre', 'square-foot', 'square-inch'],
  },
  volume: { metric: ['liter', 'milliliter'], us: ['gallon', 'quart', 'cup', 'fluid-ounce'] },
  mass: { metric: ['metric-ton', 'kilogram', 'gram'], us: ['ton', 'pound', 'ounce'] },
  temperature: { metric: ['celsius'], us: ['fahrenheit'] },
  speed: { metric: ['kilometer-per-hour'], us: ['mile-per-hour'] },
  duration: {
    metric: [
      'century',
      'year',
      'month',
      'day',
      'hour',
      'minute',
      'second',
      'millisecond',
      'microsecond',
      'nanosecond',
    ],
  },
  'duration-large': { metric: ['century', 'year', 'month', 'day'] },
  'duration-small': {
    metric: ['day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'],
  },
  bytes: { metric: ['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte'] },
  bits: { metric: ['terabit', 'gigabit', 'megabit', 'kilobit', 'bit'] },
  angle: { metric: ['revolution', 'degree', 'arc-minute', 'arc-second'] },
  frequency: { metric: ['gigahertz', 'megahertz', 'kilohertz', 'hertz'] },
}

/** The set a unit's category defaults to (a bit unit stays in bits, a byte unit in bytes). */
function defaultSetName(unit: string): string {
  const category = UNITS.get(unit)?.category ?? ''
  if (category === 'digital') return SETS.bits?.metric.includes(unit) ? 'bits' : 'bytes'
  return category
}

// CLDR supplemental measurementData: these regions measure in US customary units.
const US_CUSTOMARY_REGIONS = new Set(['US', 'LR', 'MM'])
const customary = new BoundedCache<boolean>(64)

/** Whether the locale's region (with likely subtags: 'en' → US) uses US customary units. */
export function usesUsCustomary(locale: string): boolean {
  const known = customary.get(locale)
  if (known !== undefined) return known
  let region: string | undefined
  try {
    region = new Intl.Locale(locale).maximize().region
  } catch {
    region = undefined
  }
  return customary.set(locale, region !== undefined && US_CUSTOMARY_REGIONS.has(region))
}

function setUnits(name: string, locale: string): readonly string[] {
  const set = SETS[name]
  if (set === undefined) return []
  return set.us !== undefined && usesUsCustomary(locale) ? set.us : set.metric
}

const formattable = new Map<string, boolean>()

/** Whether this platform's `Intl` formats the unit (ECMA-402 sanctions a subset of CLDR's). */
function canFormat(unit: string): boolean {
  let ok = formattable.get(unit)
  if (ok === undefined) {
    try {
      new Intl.NumberFormat('en', { style: 'unit', unit })
      ok = true
    } catch {
      ok = false
    }
    formattable.set(unit, ok)
  }
  return ok
}

export type UnitDisplay = 'narrow' | 'short' | 'long'

/** A `unit` call's arguments, read once per call site. */
export interface UnitOptions {
  readonly input: string | null
  readonly out: readonly string[]
  readonly sequence: readonly string[]
  readonly compact: string | null
  readonly display: UnitDisplay
  readonly number: Intl.NumberFormatOptions
}

const list = (v: string) => v.split(',').filter((s) => s !== '')

/** Reads `in:`, `out:` (one unit or a list), `sequence:`, `compact:`, `format:` and the number options. */
export function parseUnitOptions(args: readonly string[]): UnitOptions {
  let input: string | null = null
  let out: string[] = []
  let sequence: string[] = []
  let compact: string | null = null
  let display: UnitDisplay = 'narrow'
  const rest: string[] = []
  for (const arg of args) {
    const i = arg.indexOf(':')
    const key = i === -1 ? arg : arg.slice(0, i)
    const val = i === -1 ? '' : arg.slice(i + 1)
    if (key === 'in' || key === 'input') input = val
    else if (key === 'out' || key === 'output') out = list(val)
    else if (key === 'sequence') sequence = list(val)
    else if (key === 'compact') compact = val
    else if (key === 'format' && (val === 'narrow' || val === 'short' || val === 'long')) display = val
    else rest.push(arg)
  }
  // Like the reference: no grouping and one fraction digit unless the template asks otherwise.
  const number: Intl.NumberFormatOptions = { useGrouping: false, ...numberOptions(rest, false) }
  delete number.style
  delete number.notation
  delete number.compactDisplay
  if (number.minimumSignificantDigits === undefined && number.maximumSignificantDigits === undefined)
    number.maximumFractionDigits = Math.max(
      number.maximumFractionDigits ?? 1,
      number.minimumFractionDigits ?? 0,
    )
  return { input, out, sequence, compact, display, number }
}

const toBase = (v: number, u: UnitInfo) => v * u.factor + u.offset
const fromBase = (b: number, u: UnitInfo) => (b - u.offset) / u.factor

function unitFormat(locale: string, unit: string, o: UnitOptions): Intl.NumberFormat {
  return numberFormat(locale, { ...o.number, style: 'unit', unit, unitDisplay: o.display })
}

/** Keeps the named units of `category` that `Intl` can show, reporting the others. */
function usable(names: readonly string[], category: string, report: (reason: string) => void): string[] {
  const kept: string[] = []
  for (const name of names) {
    const unit = canonicalUnit(name)
    if (unit === null) report(UNIT_MESSAGES.unknown(name))
    else if (UNITS.get(unit)?.category !== category) report(UNIT_MESSAGES.otherCategory(name, category))
    else if (!canFormat(unit)) report(UNIT_MESSAGES.notFormattable(name))
    else if (!kept.includes(unit)) kept.push(unit)
  }
  return kept.sort((a, b) => (UNITS.get(b)?.factor ?? 0) - (UNITS.get(a)?.factor ?? 0))
}

/** Whole units, largest first, then the last unit with its fraction; zero parts are left out. */
function formatSequence(locale: string, base: number, units: readonly string[], o: UnitOptions): string {
  let rest = Math.abs(base)
  const parts: string[] = []
  units.forEach((unit, i) => {
    const factor = UNITS.get(unit)?.factor ?? 1
    const f = unitFormat(locale, unit, o)
    const sign = parts.length === 0 && base < 0 ? -1 : 1
    const x = rest / factor
    if (i < units.length - 1) {
      // A hair over, so 2.9999999 (binary rounding of an exact 3) counts as 3 whole units.
      const whole = Math.trunc(x + 1e-9)
      if (whole === 0) return
      parts.push(f.format(sign * whole))
      rest = Math.max(0, rest - whole * factor)
    } else if (parts.length === 0 || f.format(x) !== f.format(0)) parts.push(f.format(sign * x))
  })
  return parts.join(' ')
}

/**
 * Formats `value` as the options ask, in `locale`. Returns '' when nothing can be shown; every
 * unit left out (unknown, of another category, not formattable by `Intl`) is passed to `report`.
 */
export function formatUnit(
  locale: string,
  value: number,
  o: UnitOptions,
  report: (reason: string) => void,
): string {
  if (!Number.isFinite(value)) return ''
  const target = o.out[0] ?? o.sequence[0] ?? null
  let input = o.input === null ? null : canonicalUnit(o.input)
  if (o.input !== null && input === null) {
    report(UNIT_MESSAGES.unknown(o.input))
    return ''
  }
  if (input === null) {
    // No `in`: the value is in the smallest unit of the set the target belongs to.
    const t = target === null ? null : canonicalUnit(target)
    const setName = t !== null ? defaultSetName(t) : o.compact === 'digital' ? 'bytes' : (o.compact ?? '')
    input = setUnits(setName, locale).at(-1) ?? null
    if (input === null) return numberFormat(locale, o.number).format(value)
  }
  const from = UNITS.get(input) as UnitInfo
  const category = from.category
  const base = toBase(value, from)
  if (o.sequence.length > 0 && category !== 'temperature') {
    const units = usable(o.sequence, category, report)
    if (units.length > 0) return formatSequence(locale, base, units, o)
  }
  let candidates = o.out.length > 0 ? usable(o.out, category, report) : []
  if (candidates.length === 0 && o.compact !== null) {
    const name = o.compact === 'digital' ? defaultSetName(input) : o.compact
    candidates = usable(setUnits(name, locale), category, () => {})
  }
  if (candidates.length === 0)
    candidates = usable(setUnits(defaultSetName(input), locale), category, () => {})
  if (candidates.length === 0 && canFormat(input)) candidates = [input]
  if (candidates.length === 0) {
    report(UNIT_MESSAGES.nothingToShow(category))
    return ''
  }
  // The largest unit that shows at least 1, else the smallest one.
  const best = (candidates.find((c) => Math.abs(fromBase(base, UNITS.get(c) as UnitInfo)) >= 1) ??
    candidates.at(-1)) as string
  return unitFormat(locale, best, o).format(fromBase(base, UNITS.get(best) as UnitInfo))
}
