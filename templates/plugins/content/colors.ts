/**
 * Colour parsing and weighing (platform.md §5 "Cookies and colours"), as plain functions the
 * content formatters, the worker and the islands can share. Nothing here touches a render scope.
 */
import { COLOR_TEXT } from './messages'

/** An sRGB colour: channels are integers 0-255, alpha 0-1. */
export interface Rgba {
  readonly r: number
  readonly g: number
  readonly b: number
  readonly a: number
}

/** A colour is dark when its luminance (299 R + 587 G + 114 B) / 1000 is below this. */
export const DARK_LUMINANCE_THRESHOLD = 166.4
/** `color-weight`: a hex colour read as one 24-bit number is light above half of 0xffffff. */
export const LIGHT_OR_DARK_THRESHOLD = 0xffffff / 2

/**
 * CSS named colours as `name` + 6 hex digits, packed into one string so the bundle carries no
 * big object literal; it is unpacked into a map once, on first use.
 */
const NAMED =
  'aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc ' +
  'bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a ' +
  'burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 ' +
  'cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b ' +
  'darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b ' +
  'darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000 ' +
  'darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f ' +
  'darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff ' +
  'dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 ' +
  'forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 ' +
  'goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 ' +
  'hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa ' +
  'lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 ' +
  'lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 ' +
  'lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa ' +
  'lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 ' +
  'lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 ' +
  'mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db ' +
  'mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a ' +
  'mediumturquoise 48d1cc mediumvioletred c71585 midnightblue 191970 mintcream f5fffa ' +
  'mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 ' +
  'olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa ' +
  'palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 ' +
  'peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6 purple 800080 rebeccapurple 663399 ' +
  'red ff0000 rosybrown bc8f8f royalblue 4169e1 saddlebrown 8b4513 salmon fa8072 ' +
  'sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d silver c0c0c0 skyblue 87ceeb ' +
  'slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa springgreen 00ff7f ' +
  'steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 ' +
  'violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32'

let named: Map<string, number> | null = null

function namedColors(): Map<string, number> {
  if (named === null) {
    named = new Map()
    const parts = NAMED.split(' ')
    for (let i = 0; i + 1 < parts.length; i += 2)
      named.set(parts[i] as string, Number.parseInt(parts[i + 1] as string, 16))
  }
  return named
}

/** The number of CSS named colours known (148, `transparent` aside). */
export function namedColorCount(): number {
  return namedColors().size
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i
const LOOSE_HEX = /^[0-9a-f]{3,6}$/i
const FUNCTION = /^(rgba?|hsla?|hwb)\(([^()]*)\)$/
const ARG_SEPARATOR = /\s*[,/\s]\s*/
const NUMBER = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(%|deg|grad|rad|turn)?$/i

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi)

const fromInt = (n: number, a = 1): Rgba => ({ r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a })

/**
 * `#abc`, `abc` and `#aabbcc` (the leading `#` is optional) as one 24-bit number; -1 when the
 * text is not hex. Like the reference `color-weight`, any 3 to 6 hex digits are accepted and
 * 3 digits are doubled.
 */
export function hexColorToInt(text: string): number {
  const hex = text.charAt(0) === '#' ? text.slice(1) : text
  if (!LOOSE_HEX.test(hex)) return -1
  if (hex.length === 3) {
    const [r, g, b] = hex
    return Number.parseInt(`${r}${r}${g}${g}${b}${b}`, 16)
  }
  return Number.parseInt(hex, 16)
}

/** `color-weight`: 'light' above the 8388607.5 threshold, else 'dark'; null for non-hex text. */
export function colorWeight(text: string): 'light' | 'dark' | null {
  const n = hexColorToInt(text)
  if (n === -1) return null
  return n > LIGHT_OR_DARK_THRESHOLD ? 'light' : 'dark'
}

interface Component {
  value: number
  unit: string
}

function readComponent(token: string): Component | null {
  const m = NUMBER.exec(token)
  if (m === null) return null
  return { value: Number.parseFloat(m[1] as string), unit: (m[2] ?? '').toLowerCase() }
}

/** A percentage 0-100 (the `%` sign is optional), clamped. */
const percent = (c: Component) => clamp(c.value, 0, 100)

/** An rgb channel: a number clamped to 0-255, or a percentage of 255. */
const channel = (c: Component) => (c.unit === '%' ? (percent(c) * 255) / 100 : clamp(c.value, 0, 255))

/** Alpha: a number clamped to 0-1, or a percentage; 1 when absent. */
function alpha(c: Component | undefined): number {
  if (c === undefined) return 1
  return c.unit === '%' ? percent(c) / 100 : clamp(c.value, 0, 1)
}

/** A hue in degrees, normalised to [0, 360). */
function hue(c: Component): number {
  const turns = c.unit === 'turn' ? 360 : c.unit === 'rad' ? 180 / Math.PI : c.unit === 'grad' ? 0.9 : 1
  const deg = (c.value * turns) % 360
  return deg < 0 ? deg + 360 : deg
}

/** HSL (hue in degrees, saturation and lightness 0-1) to rgb channels 0-255. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [f(0) * 255, f(8) * 255, f(4) * 255]
}

function rgba(r: number, g: number, b: number, a: number): Rgba {
  return { r: Math.round(r), g: Math.round(g), b: Math.round(b), a }
}

function parseFunction(name: string, body: string): Rgba | null {
  const tokens = body.trim().split(ARG_SEPARATOR)
  if (tokens.length !== 3 && tokens.length !== 4) return null
  const parts: Component[] = []
  for (const t of tokens) {
    const c = readComponent(t)
    if (c === null) return null
    parts.push(c)
  }
  const [x, y, z, w] = parts as [Component, Component, Component, Component | undefined]
  const a = alpha(w)
  switch (name) {
    case 'rgb':
    case 'rgba':
      return rgba(channel(x), channel(y), channel(z), a)
    case 'hsl':
    case 'hsla': {
      const [r, g, b] = hslToRgb(hue(x), percent(y) / 100, percent(z) / 100)
      return rgba(r, g, b, a)
    }
    default: {
      // hwb: whiteness and blackness that add up to 100% or more give a grey.
      const white = percent(y) / 100
      const black = percent(z) / 100
      if (white + black >= 1) {
        const grey = (white / (white + black)) * 255
        return rgba(grey, grey, grey, a)
      }
      const scale = 1 - white - black
      const [r, g, b] = hslToRgb(hue(x), 1, 0.5)
      return rgba(r * scale + white * 255, g * scale + white * 255, b * scale + white * 255, a)
    }
  }
}

/**
 * Parses a colour string: 3- or 6-digit hex (optional `#`), `rgb()`/`rgba()`, `hsl()`/`hsla()`,
 * `hwb()`, a CSS named colour or `transparent`. Channels clamp to 0-255, alpha to 0-1 and
 * percentages to 0-100. Returns null for anything else.
 */
export function parseColor(text: string): Rgba | null {
  const s = text.trim().toLowerCase()
  if (s === '') return null
  if (s === 'transparent') return { r: 0, g: 0, b: 0, a: 0 }
  const hex = HEX.exec(s)
  if (hex !== null) return fromInt(hexColorToInt(hex[1] as string))
  const n = namedColors().get(s)
  if (n !== undefined) return fromInt(n)
  const fn = FUNCTION.exec(s)
  return fn === null ? null : parseFunction(fn[1] as string, fn[2] as string)
}

/** Perceived brightness 0-255: (299 R + 587 G + 114 B) / 1000. */
export function luminance(c: Rgba): number {
  return (299 * c.r + 587 * c.g + 114 * c.b) / 1000
}

/** True when the colour's luminance is below 166.4. */
export function isDarkColor(c: Rgba): boolean {
  return luminance(c) < DARK_LUMINANCE_THRESHOLD
}

/** Rounds to at most 2 decimals and drops trailing zeros (0.956 -> 0.96, 30.0 -> 30). */
const twoPlaces = (n: number) => String(Number.parseFloat(n.toFixed(2)))

/**
 * `website-color`: a site colour stored as hue (0-360), saturation and lightness (0-1) and an
 * optional alpha (0-1), written as CSS `hsl()`/`hsla()`; out-of-range parts give the bounds
 * messages instead, all of them at once.
 */
export function websiteColor(
  hue: number,
  saturation: number,
  lightness: number,
  alpha: number | null,
): string {
  let problems = ''
  if (hue < 0 || hue > 360) problems += COLOR_TEXT.hueOutOfBounds
  const inUnit = (n: number) => n >= 0 && n <= 1
  if (!inUnit(saturation)) problems += COLOR_TEXT.saturationOutOfBounds
  if (!inUnit(lightness)) problems += COLOR_TEXT.lightnessOutOfBounds
  if (alpha !== null && !inUnit(alpha)) problems += COLOR_TEXT.alphaOutOfBounds
  if (problems !== '') return problems
  const body = `${twoPlaces(hue)}, ${twoPlaces(saturation * 100)}%, ${twoPlaces(lightness * 100)}%`
  return alpha === null ? `hsl(${body})` : `hsla(${body}, ${twoPlaces(alpha)})`
}
