/**
 * Limits that keep a tenant's template from running away with a request. Every one can be set
 * by the caller (`createEngine({ limits })`); these are the defaults.
 *
 * Two of them form the render budget (issue #8, "one tenant cannot slow the others"):
 * `maxOutputSize` and `maxWork`. Past either, the render stops where it is, returns the error
 * `RENDER_BUDGET` and says so in `RenderResult.stopped`; the caller shows a failure page and
 * caches nothing.
 */
export interface Limits {
  /** Partials and macros nest at most this deep (platform spec §5, §9: 16). */
  maxPartialDepth: number
  /** Most partial or macro applications in one render; stops exponential fan-out. 0 = unlimited. */
  maxPartialCalls: number
  /** Most tokens one `.eval` expression may hold. 0 = unlimited. */
  maxExpressionTokens: number
  /** Longest string an expression may build by concatenation. 0 = unlimited. */
  maxStringLength: number
  /**
   * Deepest block nesting a template may have: sections, repeated sections, predicates, `.if`,
   * macros, and each `{.or}` of a chain counts one level (it nests in the compiled tree). A
   * deeper block is a compile error and the template is cut there. Keeps the compiled tree
   * serialisable as JSON (it stops at about 2,000 levels) and the executor's recursion shallow.
   * 0 = unlimited (not advised).
   */
  maxNesting: number
  /**
   * Most errors one render (or one compile) returns; past it, one more error says how many
   * were left out. A self-applying macro cannot fill the list with fifty thousand entries.
   * 0 = unlimited.
   */
  maxErrors: number
  /**
   * Render budget: most characters of output (UTF-16 code units, the string's length) a render
   * may produce, partials included. Default 2 MiB. 0 = unlimited.
   */
  maxOutputSize: number
  /**
   * Render budget: most units of work in one render. A unit is one instruction executed, one
   * formatter call, one iteration of a repeated section, one frame walked to find a variable
   * or a macro, one token of an expression, one item of a printed array, 64 characters of a
   * formatter's text result, one value a `.ctx` variable holds (transitively, counting shared
   * values each time). The default is far above any real page (a 50-product list with macros
   * takes about 6,000) and stops a hostile template within tens of milliseconds. 0 = unlimited.
   */
  maxWork: number
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxPartialDepth: 16,
  maxPartialCalls: 100_000,
  maxExpressionTokens: 1_000,
  maxStringLength: 1_000_000,
  maxNesting: 100,
  maxErrors: 100,
  maxOutputSize: 2 * 1024 * 1024,
  maxWork: 1_000_000,
})

/** Merges caller overrides onto the defaults. */
export function resolveLimits(overrides?: Partial<Limits>): Limits {
  return { ...DEFAULT_LIMITS, ...overrides }
}

/** Number-format digit options (decimals, significant digits) clamp to 0..50 (spec §5, §9). */
export const MAX_DIGITS = 50

/** Clamps a digit option to 0..MAX_DIGITS; anything not a finite number becomes 0. */
export function clampDigits(n: number): number {
  if (!Number.isFinite(n) || n < 0) return 0
  return n > MAX_DIGITS ? MAX_DIGITS : Math.trunc(n)
}
