/**
 * Limits that keep a tenant's template from running away with a request. Every one can be set
 * by the caller (`createEngine({ limits })`); these are the defaults.
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
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxPartialDepth: 16,
  maxPartialCalls: 100_000,
  maxExpressionTokens: 1_000,
  maxStringLength: 1_000_000,
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
