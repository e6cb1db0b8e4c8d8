/**
 * The default theme's colour and font rules, shared by the storefront (worker/render/theme.ts prints them
 * on every page) and the site editor (the Design screen shows what the storefront will do with a
 * colour before it is published): one implementation, so the editor's note is the page's truth.
 *
 * Colours are held to WCAG 2.2 AA: text and links 4.5:1 against the background (SC 1.4.3),
 * button text 4.5:1 against the accent, field borders 3:1 (SC 1.4.11). A colour that fails is
 * moved toward black or white until it passes, and the change is reported as an adjustment; the
 * page never shows unreadable text, and a colour is never a reason to refuse the whole site.
 *
 * A colour may carry opacity (`#rrggbbaa`): it is laid over the page's background (the
 * background itself over white) and the opaque result is what the page uses and what the
 * contrast checks measure.
 *
 * A door of its own (biome.json), not re-exported by shared/index: the editor's shell imports
 * shared/index, and would otherwise carry these rules, which only the Design screen needs.
 */
import { fontFaceCss } from './fonts'

export {
  type CatalogueFont,
  catalogueFontOf,
  FONT_CATEGORIES,
  FONT_LICENCE,
  type FontCategory,
  type FontFile,
  firstFamily,
  fontCatalogue,
  fontFaceCss,
  fontFilesOf,
  fontSlug,
} from './fonts'

type Rgb = readonly [number, number, number]

/** The settings themeStyle reads: the storefront's `site.theme` (worker/catalogue/records.ts themeSchema). */
export interface ThemeSettings {
  accentColor?: string
  textColor?: string
  backgroundColor?: string
  headingFont?: string
  bodyFont?: string
  buttonShape?: 'square' | 'rounded' | 'pill'
  logoHeight?: number
  typekitKitId?: string
}

/** WCAG 2.2 SC 1.4.3: normal text (and links) against their background. */
export const AA_TEXT_CONTRAST = 4.5
/** WCAG 2.2 SC 1.4.11: the boundary of a form control against its background. */
export const AA_UI_CONTRAST = 3

/** An Adobe Fonts (Typekit) kit id: seven lower-case letters and digits. */
export const TYPEKIT_KIT_ID = /^[a-z0-9]{7}$/

/** A theme colour: `#rgb`, `#rrggbb`, or `#rrggbbaa` with opacity. */
export const THEME_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/

/** The default theme: warm paper, near-black text, a deep blue accent, system fonts. */
export const DEFAULT_THEME = {
  accentColor: '#1d4e89',
  textColor: '#1d1d1b',
  backgroundColor: '#fbfaf7',
  bodyFont: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  buttonShape: 'rounded',
  logoHeight: 40,
} as const

const RADIUS: Record<NonNullable<ThemeSettings['buttonShape']>, string> = {
  square: '0',
  rounded: '6px',
  pill: '999px',
}

const WHITE: Rgb = [255, 255, 255]
const BLACK: Rgb = [0, 0, 0]

/** A colour from its three channels, each computed by `channel(i)`. */
const rgb = (channel: (i: 0 | 1 | 2) => number): Rgb => [channel(0), channel(1), channel(2)]

/** The opacity of `#rrggbbaa`, 0 to 1 (1 for every other form). */
export function hexAlpha(hex: string): number {
  const digits = hex.replace('#', '')
  return digits.length === 8 ? Number.parseInt(digits.slice(6), 16) / 255 : 1
}

/** `#rgb`, `#rrggbb` or `#rrggbbaa` as channels 0 to 255 (the opacity left out: see `flatten`). */
export function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  return rgb((i) => Number.parseInt(full.slice(i * 2, i * 2 + 2), 16))
}

export function toHex(color: Rgb): string {
  return `#${color.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

/** `a` moved the fraction `t` of the way to `b`. */
function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return rgb((i) => a[i] + (b[i] - a[i]) * t)
}

/** A colour with opacity laid over `under` (source-over compositing): what the eye sees. */
export function flatten(hex: string, under: Rgb): Rgb {
  return mix(under, parseHex(hex), hexAlpha(hex))
}

/** WCAG 2.x relative luminance. */
function luminance(color: Rgb): number {
  const [r, g, b] = rgb((i) => {
    const s = color[i] / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2.x contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** The extreme (black or white) farther from `background`: the way to more contrast. */
function awayFrom(background: Rgb): Rgb {
  return contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE
}

/** `color` moved in 5% steps toward the extreme away from `background` until it reaches `ratio`. */
function withContrast(color: Rgb, background: Rgb, ratio: number): Rgb {
  const target = awayFrom(background)
  let out = color
  for (let step = 1; contrastRatio(out, background) < ratio && step <= 20; step++) {
    out = mix(color, target, step / 20)
  }
  return out
}

/** A colour the theme changed to meet AA (or laid over the background, for one with opacity). */
export interface ColourAdjustment {
  setting: 'textColor' | 'accentColor'
  given: string
  used: string
  against: string
}

export interface ThemeStyle {
  /** `@font-face` rules of catalogue fonts, then `:root{--c-text:…}`: every variable the shell CSS reads. */
  css: string
  /** Colours changed for AA contrast; the editor shows them, the storefront logs them. */
  adjustments: ColourAdjustment[]
}

/** The theme's CSS variables, every colour pair at AA or better. */
export function themeStyle(theme: ThemeSettings = {}): ThemeStyle {
  const adjustments: ColourAdjustment[] = []
  const background = flatten(theme.backgroundColor ?? DEFAULT_THEME.backgroundColor, WHITE)
  const dark = luminance(background) < 0.18
  const givenText = flatten(theme.textColor ?? DEFAULT_THEME.textColor, background)
  // Cards and the header sit on a lighter surface, image frames and past events on a softer
  // tint: text, links and muted text must read on all three.
  const surface = mix(background, WHITE, dark ? 0.06 : 0.6)
  const soft = mix(givenText, background, 0.94)
  const grounds = [background, surface, soft]
  const readable = (color: Rgb, ratio: number) =>
    grounds.reduce((c, ground) => withContrast(c, ground, ratio), color)
  const checked = (setting: ColourAdjustment['setting'], given: string) => {
    const seen = flatten(given, background)
    const used = readable(seen, AA_TEXT_CONTRAST)
    if (toHex(used) !== toHex(seen)) {
      adjustments.push({ setting, given, used: toHex(used), against: toHex(background) })
    }
    return used
  }
  const text = checked('textColor', theme.textColor ?? DEFAULT_THEME.textColor)
  let accent = checked('accentColor', theme.accentColor ?? DEFAULT_THEME.accentColor)
  // Button text: white or black, whichever reads better on the accent; if neither reaches AA,
  // the accent itself moves away from it.
  const onAccent = contrastRatio(WHITE, accent) >= contrastRatio(BLACK, accent) ? WHITE : BLACK
  if (contrastRatio(onAccent, accent) < AA_TEXT_CONTRAST) {
    const given = toHex(accent)
    accent = withContrast(accent, onAccent, AA_TEXT_CONTRAST)
    adjustments.push({ setting: 'accentColor', given, used: toHex(accent), against: toHex(onAccent) })
  }
  const vars: Record<string, string> = {
    '--c-text': toHex(text),
    '--c-bg': toHex(background),
    '--c-accent': toHex(accent),
    '--c-on-accent': toHex(onAccent),
    '--c-muted': toHex(readable(mix(text, background, 0.35), AA_TEXT_CONTRAST)),
    '--c-field': toHex(readable(mix(text, background, 0.55), AA_UI_CONTRAST)),
    '--c-line': toHex(mix(text, background, 0.85)),
    '--c-soft': toHex(soft),
    '--c-surface': toHex(surface),
    '--f-body': theme.bodyFont ?? DEFAULT_THEME.bodyFont,
    '--f-head': theme.headingFont ?? 'var(--f-body)',
    '--r-btn': RADIUS[theme.buttonShape ?? DEFAULT_THEME.buttonShape],
    '--logo-h': `${theme.logoHeight ?? DEFAULT_THEME.logoHeight}px`,
  }
  const declarations = Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')
  const faces = fontFaceCss([theme.headingFont, theme.bodyFont])
  return { css: `${faces}:root{color-scheme:${dark ? 'dark' : 'light'};${declarations}}`, adjustments }
}
