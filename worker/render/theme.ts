/**
 * A tenant's theme settings (`site.theme`, worker/catalogue/records.ts) as the page's `@font-face`
 * rules and CSS custom properties on `:root`, which the shell CSS (shell-css.ts) reads. The rules
 * (WCAG AA contrast, colours with opacity, catalogue fonts) are shared/theme.ts, which the site
 * editor runs too; here each colour the theme had to adjust is logged (`theme-colour-adjusted`)
 * so the merchant can be told.
 */

import { themeStyle } from '../../shared/theme'
import type { Site } from '../catalogue/records'
import { SettledCache } from '../runtime/isolate-cache'
import { logWarning } from '../runtime/log'

export {
  AA_TEXT_CONTRAST,
  AA_UI_CONTRAST,
  type ColourAdjustment,
  contrastRatio,
  DEFAULT_THEME,
  parseHex,
  type ThemeStyle,
  themeStyle,
  toHex,
} from '../../shared/theme'

/** Per isolate, by site and theme: each theme is computed, and its adjustments logged, once. */
const styles = new SettledCache<string>(1000)

/** The `:root` variables of a site's theme; logs each colour it had to adjust. */
export function themeCss(site: Site): string {
  const key = `${site.id}\u0000${JSON.stringify(site.theme ?? {})}`
  const hit = styles.get(key)
  if (hit !== undefined) return hit
  const { css, adjustments } = themeStyle(site.theme)
  for (const adjustment of adjustments)
    logWarning('theme-colour-adjusted', { siteId: site.id, ...adjustment })
  return styles.set(key, css)
}
