/**
 * Image markup and image arithmetic (platform.md §3 "Image asset", §9 srcset widths and
 * thumbnail sizes), as plain functions of JSON values. The content formatters wrap them; the
 * worker may call them directly. Every merchant string placed in an attribute is escaped.
 */
import {
  BlockType,
  DEFAULT_FOCAL_POINT,
  IMAGE_SRCSET_WIDTHS,
  THUMBNAIL_FOR_SIZE,
  THUMBNAIL_SMALLEST,
} from '../../../shared/enumerations'
import { asNumber, asString, child, isObject, isTruthy, MISSING } from '../../../shared/json'
import { escapeHtmlAttribute, stripTags } from '../../../shared/strings'
import { IMAGE_TEXT } from './messages'

/**
 * Alt text taken from an image's body is cut to this many characters: platform.md §9 says
 * 1000 (constants.ALT_TEXT_MAX_LENGTH), and the storefront renders so (core/spec-rules.ts);
 * the reference engine cuts at 250 and the active conformance spec f-image-6 pins that, so the
 * engine keeps 250 without the storefront's rules.
 */
export const BODY_ALT_TEXT_LENGTH = { reference: 250, spec: 1000 } as const

/** Looks a path up in the render context (the way a template variable resolves). */
export type Lookup = (path: readonly string[]) => unknown

const BLOCK_TYPE: readonly string[] = ['blockType']

/** `x,y` of an image's focal point; the centre when it has none. */
export function focalPoint(image: unknown): string {
  const point = child(image, 'mediaFocalPoint')
  if (point === MISSING) return `${DEFAULT_FOCAL_POINT.x},${DEFAULT_FOCAL_POINT.y}`
  return `${asNumber(child(point, 'x'))},${asNumber(child(point, 'y'))}`
}

/**
 * An image's alt text, unescaped. Inside an image block the item's own `altText` wins even
 * when empty; elsewhere the title, else the body without markup (cut), else the file name.
 */
export function altText(
  image: unknown,
  lookup: Lookup,
  bodyLength: number = BODY_ALT_TEXT_LENGTH.reference,
): string {
  const blockType = lookup(BLOCK_TYPE)
  if (blockType !== MISSING && asNumber(blockType) === BlockType.IMAGE)
    return asString(child(image, 'altText')).trim()
  const title = child(image, 'title')
  if (isTruthy(title)) return asString(title)
  const body = child(image, 'body')
  if (isTruthy(body)) {
    const text = stripTags(asString(body))
    if (text.length > 0) return text.slice(0, bodyLength)
  }
  const filename = child(image, 'filename')
  return isTruthy(filename) ? asString(filename) : ''
}

/**
 * The `data-*` and `alt` attributes that let the image loader fetch the right size, each
 * followed by a space; '' for a missing image. `escapedAlt` skips the alt-text lookup.
 */
export function imageMeta(
  image: unknown,
  lookup: Lookup,
  escapedAlt?: string,
  altBodyLength?: number,
): string {
  if (image === MISSING) return ''
  const url = asString(child(image, 'assetUrl'))
  const alt = escapedAlt ?? escapeHtmlAttribute(altText(image, lookup, altBodyLength))
  let out = ''
  if (isObject(child(image, 'licensedAssetPreview'))) out += 'data-licensed-asset-preview="true" '
  const key = child(image, 'componentKey')
  if (key !== MISSING) out += `data-component-key="${asString(key)}" `
  out += `data-src="${url}" data-image="${url}" `
  out += `data-image-dimensions="${asString(child(image, 'originalSize'))}" `
  out += `data-image-focal-point="${focalPoint(image)}" `
  return `${out}alt="${alt}" `
}

/** `image [class]`: a lazy-loading <img> (class `thumb-image` by default) with a <noscript> fallback. */
export function imageTag(image: unknown, cls: string, lookup: Lookup, altBodyLength?: number): string {
  const alt = escapeHtmlAttribute(altText(image, lookup, altBodyLength))
  const url = asString(child(image, 'assetUrl'))
  return (
    `<noscript><img src="${url}" alt="${alt}" /></noscript>` +
    `<img class="${cls}" ${imageMeta(image, lookup, alt)}` +
    `data-load="false" data-image-id="${asString(child(image, 'id'))}" data-type="image" />`
  )
}

const SRCSET_NAMES = IMAGE_SRCSET_WIDTHS.map((w) => `${w}w`)

/**
 * ` srcset="..."` listing the image's width variants (`systemDataVariants` entries ending in
 * `w`). When the largest variant is one of the platform widths short of 2500w, the original
 * image is offered as the next width up. '' when there is no image or no width variant.
 */
export function imageSrcset(image: unknown): string {
  if (image === MISSING) return ''
  const url = asString(child(image, 'assetUrl'))
  const variants = asString(child(image, 'systemDataVariants'))
  // One pass over the comma-separated names: the srcset of every image of a page.
  let list = ''
  let last = ''
  for (let from = 0; from <= variants.length; ) {
    let end = variants.indexOf(',', from)
    if (end === -1) end = variants.length
    const v = variants.slice(from, end)
    if (v.endsWith('w')) {
      list += `${last === '' ? '' : ','}${url}?format=${v} ${v}`
      last = v
    }
    from = end + 1
  }
  if (last === '') return ''
  const at = SRCSET_NAMES.indexOf(last)
  const original =
    at !== -1 && at < SRCSET_NAMES.length - 1 ? `,${url}?format=original ${SRCSET_NAMES[at + 1]}` : ''
  return ` srcset="${list}${original}"`
}

/** `WIDTHxHEIGHT` as two strings, or null when the value does not split into exactly two. */
export function splitDimensions(value: unknown): [string, string] | null {
  const parts = asString(value).split('x')
  return parts.length === 2 ? (parts as [string, string]) : null
}

/**
 * The other side of an image scaled so that one side becomes `requested` pixels: the width for
 * a height (`side` 'width') or the height for a width. Truncated to an integer; the
 * originalSize message when the size is not `WIDTHxHEIGHT`.
 */
export function resizedSide(size: unknown, side: 'width' | 'height', requested: number): number | string {
  const parts = splitDimensions(size)
  if (parts === null) return IMAGE_TEXT.invalidOriginalSize
  const width = Number.parseInt(parts[0], 10)
  const height = Number.parseInt(parts[1], 10)
  const value = side === 'width' ? width * (requested / height) : height * (requested / width)
  // `| 0` truncates toward zero and maps NaN and Infinity to 0, as the reference does.
  return value | 0
}

/** The platform image width to request for a box `pixels` wide: over 1000 gives 1500w, ... else 100w. */
export function thumbnailForSize(pixels: number): string {
  for (const [over, width] of THUMBNAIL_FOR_SIZE) if (pixels > over) return `${width}w`
  return `${THUMBNAIL_SMALLEST}w`
}

const COLOR_SIDES = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const

/**
 * `image-color [side [property]]`: with no side, a `data-color-{side}="#..."` attribute for
 * each of the five averages; with a side, `#rrggbb` (prefixed `property: ` when given), or the
 * not-found message. null when the image has no colour data.
 */
export function imageColor(
  image: unknown,
  side: string | undefined,
  property: string | undefined,
): string | null {
  const data = child(image, 'colorData')
  if (data === MISSING) return null
  if (side === undefined) {
    let out = ''
    for (const s of COLOR_SIDES) out += `data-color-${s}="#${asString(child(data, `${s}Average`))}" `
    return out
  }
  const color = asString(child(data, `${side}Average`))
  if (color === '') return IMAGE_TEXT.sideNotFound(side)
  return property === undefined ? `#${color}` : `${property}: #${color}`
}

/** The video wrapper's overlay image attributes for the colour averages (lower-case side names). */
function videoColorAttributes(data: unknown): string {
  let out = ''
  for (const s of COLOR_SIDES)
    out += `data-color-${s.toLowerCase()}="#${asString(child(data, `${s}Average`))}" `
  return out
}

export interface VideoOptions {
  /** `load-false`: the wrapper waits for the page script to load it. */
  readonly loadFalse: boolean
  /** `color-data`: the overlay image carries the colour averages. */
  readonly colorData: boolean
}

/**
 * `video [load-false] [color-data]`: the wrapper the video player script upgrades, holding the
 * provider's embed HTML (escaped into an attribute) and, with `overlay`, a poster overlay.
 */
export function videoMarkup(video: unknown, options: VideoOptions): string {
  const oembed = child(video, 'oembed')
  const html = escapeHtmlAttribute(asString(child(oembed, 'html')))
  let out = '<div class="sqs-video-wrapper" '
  if (options.loadFalse) out += ' data-load="false" '
  out += `data-html="${html}" data-provider-name="${asString(child(oembed, 'providerName'))}">`
  if (isTruthy(child(video, 'overlay'))) {
    out += '<div class="sqs-video-overlay'
    if (isTruthy(child(video, 'mainImageId')) || isTruthy(child(video, 'systemDataId'))) {
      out += '" style="opacity: 0;">'
      out += `<img data-load="false" data-src="${asString(child(video, 'assetUrl'))}" `
      out += `data-image-dimensions="${asString(child(video, 'originalSize'))}" `
      out += `data-image-focal-point="${focalPoint(video)}" `
      const data = child(video, 'colorData')
      if (options.colorData && isTruthy(data)) out += videoColorAttributes(data)
      out += '/>'
    } else out += ' no-thumb" style="opacity: 0;">'
    out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>'
  }
  return `${out}</div>`
}
