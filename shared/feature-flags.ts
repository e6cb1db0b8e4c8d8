/**
 * The platform's numeric feature flags (storefront.md section 9, platform.md section 9): a site
 * holds a set of numbers from 1 to 65 (`website.featureFlags`), and the storefront turns a feature
 * on only where its number is in the set. The spec names one number (installment payments,
 * afterpay, is 64) and not the others' full names, so only the flags the storefront reads are
 * named here.
 */

export const FEATURE_FLAG_RANGE = { min: 1, max: 65 } as const

/** The flags the storefront reads, by name. */
export const FEATURE_FLAG = {
  /** Installment payments: the product page's teaser and the cart's and checkout's offer. */
  AFTERPAY: 64,
} as const

export type FeatureFlag = (typeof FEATURE_FLAG)[keyof typeof FEATURE_FLAG]

/** Whether a site's flag set (a site record's `website.featureFlags`, or anything else) holds `flag`. */
export function hasFeatureFlag(flags: unknown, flag: FeatureFlag): boolean {
  return Array.isArray(flags) && flags.includes(flag)
}
