/**
 * The theme's shared stylesheet's text: the shell, every island's CSS (and the plain scripts'
 * Quick View) and the personal commerce
 * pages' layout, in that order (what every page of every tenant styles itself with; what differs
 * per tenant stays in the page's inline block, theme.ts and head.tsx). The build writes it as a
 * static file named by its content's hash (scripts/build-islands.ts: `public/_theme/`, and the
 * name in `dist/theme-manifest.json`, which the storefront imports: stylesheet.ts). Only the
 * build and the editor's template preview (worker/editor/template-pages.ts, its own Worker)
 * import this module: the storefront's bundle carries the file's name, not its 41 KB of rules.
 */
import { ISLAND_CSS, SCRIPT_CSS } from '../../islands/styles'
import { COMMERCE_PAGE_CSS } from './commerce-css'
import { SHELL_CSS } from './shell-css'

export const SHARED_CSS = SHELL_CSS + Object.values(ISLAND_CSS).join('') + SCRIPT_CSS + COMMERCE_PAGE_CSS
