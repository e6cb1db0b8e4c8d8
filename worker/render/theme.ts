/**
 * A tenant's theme settings (`site.theme`, worker/catalogue/records.ts) as CSS custom properties on
 * `:root`, which the shell CSS (shell-css.ts) reads. Colours are held to WCAG 2.2 AA: text and
 * links 4.5:1 against the background (SC 1.4.3), button text 4.5:1 against the accent, field
 * borders 3:1 (SC 1.4.11). A tenant colour that fails is moved toward black or white until it
 * passes, and the change is logged (`theme-colour-adjusted`) so the merchant can be told; the
 * page never shows unreadable text, and a colour is never a reason to refuse the whole site.
 */

import type { Site, Theme } from '../catalogue/records'
import { SettledCache } from '../runtime/isolate-cache'
import { logWarning } from '../runtime/log'

type Rgb = readonly [number, number, number]

/** WCAG 2.2 SC 1.4.3: normal text (and links) against their background. */
export const AA_TEXT_CONTRAST = 4.5
/** WCAG 2.2 SC 1.4.11: the boundary of a form control against its background. */
export const AA_UI_CONTRAST = 3

/** The default theme: warm paper, near-black text, a deep blue accent, system fonts. */
export const DEFAULT_THEME = {
  accentColor: '#1d4e89',
  textColor: '#1d1d1b',
  backgroundColor: '#fbfaf7',
  bodyFont: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  buttonShape: 'rounded',
  logoHeight: 40,
} as const

const RADIUS: Record<NonNullable<Theme['buttonShape']>, string> = {
  square: '0',
  rounded: '6px',
  pill: '999px',
}

const WHITE: Rgb = [255, 255, 255]
const BLACK: Rgb = [0, 0, 0]

/** A colour from its three channels, each computed by `channel(i)`. */
const rgb = (channel: (i: 0 | 1 | 2) => number): Rgb => [channel(0), channel(1), channel(2)]

/** `#rgb` or `#rrggbb` (hexColorSchema) as channels 0 to 255. */
export function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  return rgb((i) => Number.parseInt(full.slice(i * 2, i * 2 + 2), 16))
}

export function toHex(color: Rgb): string {
  return `#${color.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
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

/** `a` moved the fraction `t` of the way to `b`. */
function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return rgb((i) => a[i] + (b[i] - a[i]) * t)
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

/** A colour the theme changed to meet AA, for the log. */
export interface ColourAdjustment {
  setting: 'textColor' | 'accentColor'
  given: string
  used: string
  against: string
}

export interface ThemeStyle {
  /** `:root{--c-text:…}`: every variable the shell CSS reads. */
  css: string
  adjustments: ColourAdjustment[]
}

/** The theme's CSS variables, every colour pair at AA or better. */
export function themeStyle(theme: Theme = {}): ThemeStyle {
  const adjustments: ColourAdjustment[] = []
  const background = parseHex(theme.backgroundColor ?? DEFAULT_THEME.backgroundColor)
  const dark = luminance(background) < 0.18
  const givenText = parseHex(theme.textColor ?? DEFAULT_THEME.textColor)
  // Cards and the header sit on a lighter surface, image frames and past events on a softer
  // tint: text, links and muted text must read on all three.
  const surface = mix(background, WHITE, dark ? 0.06 : 0.6)
  const soft = mix(givenText, background, 0.94)
  const grounds = [background, surface, soft]
  const readable = (color: Rgb, ratio: number) =>
    grounds.reduce((c, ground) => withContrast(c, ground, ratio), color)
  const checked = (setting: ColourAdjustment['setting'], given: string) => {
    const used = readable(parseHex(given), AA_TEXT_CONTRAST)
    if (toHex(used) !== toHex(parseHex(given))) {
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
  return { css: `:root{color-scheme:${dark ? 'dark' : 'light'};${declarations}}`, adjustments }
}

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
