/**
 * The font catalogue: the open-licence families the storefront serves from its own host
 * (`/fonts/<slug>/<weight>-<style>.woff2`, copied from the Fontsource npm packages by
 * scripts/build-fonts.ts), in the seven categories of the font picker (platform.md section 1).
 * The worker reads it to print a chosen family's `@font-face` rules; the editor reads the same
 * facts from `/fonts/catalogue.json`, which the build writes from this table. How to add a
 * family: docs/fonts.md.
 */

/** The font picker's categories, in the spec's order (platform.md section 1). */
export const FONT_CATEGORIES = [
  'Sans Serif',
  'Serif',
  'Display',
  'Script',
  'Slab Serif',
  'Mono',
  'Other',
] as const
export type FontCategory = (typeof FONT_CATEGORIES)[number]

/** Every family is the SIL Open Font License 1.1, as packaged by Fontsource (the build checks each package). */
export const FONT_LICENCE = 'OFL-1.1'

/** The installed fonts a family falls back to while it loads (or where it cannot), by its generic family. */
const FALLBACKS = {
  s: 'system-ui, sans-serif',
  r: 'Georgia, serif',
  c: 'cursive',
  m: 'ui-monospace, Menlo, Consolas, monospace',
} as const

/**
 * One row a family: name, category (index into FONT_CATEGORIES), generic family (FALLBACKS),
 * and its files: `b` a 700 weight, `i` a 400 italic. Kept terse: the worker bundles it.
 */
const ROWS: readonly (readonly [string, number, keyof typeof FALLBACKS, string])[] = [
  ['Inter', 0, 's', 'bi'],
  ['Open Sans', 0, 's', 'bi'],
  ['Lato', 0, 's', 'bi'],
  ['Montserrat', 0, 's', 'bi'],
  ['Work Sans', 0, 's', 'bi'],
  ['Nunito Sans', 0, 's', 'bi'],
  ['Karla', 0, 's', 'bi'],
  ['Merriweather', 1, 'r', 'bi'],
  ['Lora', 1, 'r', 'bi'],
  ['Playfair Display', 1, 'r', 'bi'],
  ['EB Garamond', 1, 'r', 'bi'],
  ['Libre Baskerville', 1, 'r', 'bi'],
  ['Crimson Pro', 1, 'r', 'bi'],
  ['Abril Fatface', 2, 'r', ''],
  ['Bebas Neue', 2, 's', ''],
  ['Oswald', 2, 's', 'b'],
  ['Righteous', 2, 's', ''],
  ['Dancing Script', 3, 'c', 'b'],
  ['Pacifico', 3, 'c', ''],
  ['Caveat', 3, 'c', 'b'],
  ['Great Vibes', 3, 'c', ''],
  ['Arvo', 4, 'r', 'bi'],
  ['Zilla Slab', 4, 'r', 'bi'],
  ['Bitter', 4, 'r', 'bi'],
  ['Rokkitt', 4, 'r', 'bi'],
  ['JetBrains Mono', 5, 'm', 'bi'],
  ['IBM Plex Mono', 5, 'm', 'bi'],
  ['Source Code Pro', 5, 'm', 'bi'],
  ['Space Mono', 5, 'm', 'bi'],
  ['Press Start 2P', 6, 'm', ''],
  ['VT323', 6, 'm', ''],
  ['Comfortaa', 6, 's', 'b'],
]

/** One font file of a family: its weight, style and site path. */
export interface FontFile {
  weight: 400 | 700
  style: 'normal' | 'italic'
  url: string
}

export interface CatalogueFont {
  family: string
  /** The Fontsource package's name (`@fontsource/<slug>`) and the folder under `/fonts/`. */
  slug: string
  category: FontCategory
  /** Installed fonts after the family: `"Lora", Georgia, serif`. */
  fallback: string
  /** The CSS `font-family` list the theme stores: the family, then its fallback. */
  stack: string
  files: FontFile[]
  licence: typeof FONT_LICENCE
}

/** `Playfair Display` → `playfair-display` (Fontsource's package names). */
export function fontSlug(family: string): string {
  return family.toLowerCase().replaceAll(' ', '-')
}

/** A family's files from its row's flags (`b` a 700 weight, `i` a 400 italic). */
function filesOf(family: string, flags: string): FontFile[] {
  const file = (weight: 400 | 700, style: 'normal' | 'italic'): FontFile => ({
    weight,
    style,
    url: `/fonts/${fontSlug(family)}/${weight}-${style}.woff2`,
  })
  const files = [file(400, 'normal')]
  if (flags.includes('b')) files.push(file(700, 'normal'))
  if (flags.includes('i')) files.push(file(400, 'italic'))
  return files
}

function fontOf([family, category, generic, flags]: (typeof ROWS)[number]): CatalogueFont {
  const fallback = FALLBACKS[generic]
  return {
    family,
    slug: fontSlug(family),
    category: FONT_CATEGORIES[category] ?? 'Other',
    fallback,
    stack: `"${family}", ${fallback}`,
    files: filesOf(family, flags),
    licence: FONT_LICENCE,
  }
}

/** Every family of the catalogue, in the picker's order. */
export function fontCatalogue(): CatalogueFont[] {
  return ROWS.map(fontOf)
}

/** The first family a CSS `font-family` list names, unquoted: `"Lora", serif` → `Lora`. */
export function firstFamily(stack: string): string {
  return (stack.split(',')[0] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2')
}

/** The row of the catalogue family a `font-family` list starts with; undefined for installed fonts. */
function rowOf(stack: string | undefined): (typeof ROWS)[number] | undefined {
  const family = stack === undefined ? '' : firstFamily(stack)
  return ROWS.find(([name]) => name === family)
}

/** The catalogue family a `font-family` list starts with; null for installed fonts. */
export function catalogueFontOf(stack: string | undefined): CatalogueFont | null {
  const row = rowOf(stack)
  return row === undefined ? null : fontOf(row)
}

/**
 * The files of the catalogue family a `font-family` list starts with (none for installed fonts):
 * all the storefront needs, without the picker's facts.
 */
export function fontFilesOf(stack: string | undefined): FontFile[] {
  const row = rowOf(stack)
  return row === undefined ? [] : filesOf(row[0], row[3])
}

/**
 * The `@font-face` rules of the catalogue families these stacks start with (each once), from the
 * site's own `/fonts/`; `font-display: swap` shows the fallback until the file arrives.
 */
export function fontFaceCss(stacks: readonly (string | undefined)[]): string {
  let css = ''
  const done = new Set<string>()
  for (const stack of stacks) {
    const family = stack === undefined ? '' : firstFamily(stack)
    if (done.has(family)) continue
    done.add(family)
    for (const file of fontFilesOf(stack))
      css += `@font-face{font-family:"${family}";font-style:${file.style};font-weight:${file.weight};font-display:swap;src:url(${file.url}) format("woff2")}`
  }
  return css
}
