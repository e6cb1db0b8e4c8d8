/**
 * Platform rules the storefront renders by where the reference engine does otherwise. The
 * conformance specs pin the reference's bytes, so the engine keeps them by default and the
 * storefront renders with `params: { [SPEC_RULES]: true }` (worker/render/template-page.ts),
 * as it does with strict escaping (escaping.ts). Under it:
 *
 * - alt text taken from an image's body is cut at 1000 characters (platform.md section 9;
 *   the reference cuts at 250, and the active spec f-image-6 pins that);
 * - a scarcity message of a variant starts shown when the product's merchandising context has
 *   `scarcityShownByDefault` (storefront.md section 3; the reference always starts it hidden,
 *   spec f-product-scarcity-3), and the variant picker island hides it once another variant
 *   is chosen.
 */
import type { Scope } from '../../registry'

/** The render parameter that turns the platform's own rules on. */
export const SPEC_RULES = 'specRules'

export function followsSpecRules(scope: Pick<Scope, 'settings'>): boolean {
  return scope.settings.params[SPEC_RULES] === true
}
