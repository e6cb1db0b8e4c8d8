/**
 * Content formatters: images and their sizes, colours, video and audio embeds, item classes
 * and small text helpers. The markup and arithmetic live in images.ts and colors.ts; this file
 * adapts them to the formatter API (arguments parsed once in `prepare`).
 */
import { RecordType } from '../../../shared/enumerations'
import { asNumber, asString, child, isTruthy, MISSING, walk } from '../../../shared/json'
import { isOnSale, isSoldOut } from '../../../shared/products'
import { slugify } from '../../../shared/strings'
import { defineFormatter, type Plugin, type Scope } from '../../registry'
import { followsSpecRules } from '../core/spec-rules'
import { colorWeight, websiteColor } from './colors'
import {
  BODY_ALT_TEXT_LENGTH,
  imageColor,
  imageMeta,
  imageSrcset,
  imageTag,
  type Lookup,
  resizedSide,
  splitDimensions,
  thumbnailForSize,
  videoMarkup,
} from './images'
import { COLOR_TEXT } from './messages'

const lookupIn =
  (scope: Scope): Lookup =>
  (path) =>
    scope.resolve(path as string[])

/** Where alt text from an image's body is cut: the spec's 1000 on the storefront, else the reference's 250. */
const altBodyLength = (scope: Scope): number =>
  followsSpecRules(scope) ? BODY_ALT_TEXT_LENGTH.spec : BODY_ALT_TEXT_LENGTH.reference

const firstInt = (args: readonly string[]) => Number.parseInt(args[0] ?? '', 10)

/** `AbsUrl`: the value as a path under the context's `base-url`. */
const absUrl = defineFormatter({
  apply: (value, _args, scope) => `${asString(scope.resolve(['base-url']))}/${asString(value)}`,
})

/**
 * `audio-player`: the audio player element for an item, read from the item alone. The asset
 * URL and id are platform-generated and printed as they are, like the reference.
 */
const audioPlayer = defineFormatter({
  apply(item) {
    const url = asString(walk(item, ['structuredContent', 'audioAssetUrl']))
    const id = asString(child(item, 'id'))
    return (
      "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
      `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
    )
  },
})

/** `capitalize`: the whole text in upper case (as the reference does, not only the first letter). */
const capitalize = defineFormatter({ apply: (value) => asString(value).toUpperCase() })

/** `child-image-meta [n]`: image attributes of the value's n-th item (default the first). */
const childImageMeta = defineFormatter({
  prepare: (args) => (args.length === 0 ? 0 : firstInt(args)),
  apply: (value, index: number, scope) =>
    imageMeta(walk(value, ['items', index]), lookupIn(scope), undefined, altBodyLength(scope)),
})

const coverImageMeta = defineFormatter({
  apply: (value, _args, scope) =>
    imageMeta(child(value, 'coverImage'), lookupIn(scope), undefined, altBodyLength(scope)),
})

/** `color-weight`: 'light' or 'dark' for a hex colour; nothing for anything else. */
const colorWeightFormatter = defineFormatter({
  apply: (value) => colorWeight(asString(value)) ?? MISSING,
})

/** `height` / `width`: one side of a `WIDTHxHEIGHT` size. */
function dimension(at: 0 | 1) {
  return defineFormatter({
    apply(value) {
      const parts = splitDimensions(value)
      return parts === null ? MISSING : Number.parseInt(parts[at], 10)
    },
  })
}

/** `humanizeDuration`: milliseconds as `m:ss`. */
const humanizeDuration = defineFormatter({
  apply(value) {
    const seconds = (asNumber(value) / 1000) | 0
    const minutes = (seconds / 60) | 0
    return `${minutes}:${String(seconds - minutes * 60).padStart(2, '0')}`
  },
})

const image = defineFormatter({
  prepare: (args) => (args.length === 1 ? (args[0] as string) : 'thumb-image'),
  apply: (value, cls: string, scope) => imageTag(value, cls, lookupIn(scope), altBodyLength(scope)),
})

const imageColorFormatter = defineFormatter({
  apply: (value, args) => imageColor(value, args[0], args[1]) ?? MISSING,
})

const imageMetaFormatter = defineFormatter({
  apply: (value, _args, scope) => imageMeta(value, lookupIn(scope), undefined, altBodyLength(scope)),
})

const imageSrcsetFormatter = defineFormatter({ apply: (value) => imageSrcset(value) })

function slugClasses(prefix: string, list: unknown): string {
  if (!Array.isArray(list)) return ''
  let out = ''
  for (const v of list) out += ` ${prefix}-${slugify(asString(v))}`
  return out
}

/**
 * `item-classes`: the CSS classes of a content item in a list: `hentry`, promoted block,
 * categories, tags, author, post type, position, featured, and for products on-sale/sold-out.
 */
const itemClasses = defineFormatter({
  apply(value, _args, scope) {
    let out = 'hentry'
    const promoted = scope.resolve(['promotedBlockType'])
    if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(asString(promoted))}`
    const categories = scope.resolve(['categories'])
    if (isTruthy(categories)) out += slugClasses('category', categories)
    const tags = scope.resolve(['tags'])
    if (isTruthy(tags)) out += slugClasses('tag', tags)
    const author = scope.resolve(['author'])
    const name = child(author, 'displayName')
    if (isTruthy(author) && isTruthy(name)) out += ` author-${slugify(asString(name))}`
    out += ` post-type-${asString(scope.resolve(['recordTypeLabel']))}`
    const index = scope.resolve(['@index'])
    if (index !== MISSING) out += ` article-index-${asNumber(index)}`
    if (isTruthy(scope.resolve(['starred']))) out += ' featured'
    if (asNumber(child(value, 'recordType')) === RecordType.STORE_ITEM) {
      if (isOnSale(value)) out += ' on-sale'
      if (isSoldOut(value)) out += ' sold-out'
    }
    return out
  },
})

/** `resizedHeightForWidth n` / `resizedWidthForHeight n` for a `WIDTHxHEIGHT` size. */
function resized(side: 'width' | 'height') {
  return defineFormatter({
    prepare: firstInt,
    apply: (value, requested: number) => resizedSide(value, side, requested),
  })
}

/** `squarespaceThumbnailForWidth n`: the platform width variant for a box n pixels wide. */
const thumbnailForWidth = defineFormatter({
  prepare: firstInt,
  apply: (_value, pixels: number) => thumbnailForSize(pixels),
})

/** `squarespaceThumbnailForHeight n`: the width variant for the image scaled to n pixels high. */
const thumbnailForHeight = defineFormatter({
  prepare: firstInt,
  apply(value, pixels: number) {
    const width = resizedSide(value, 'width', pixels)
    return typeof width === 'number' ? thumbnailForSize(width) : width
  },
})

const video = defineFormatter({
  prepare: (args) => ({ loadFalse: args.includes('load-false'), colorData: args.includes('color-data') }),
  apply: (value, options: { loadFalse: boolean; colorData: boolean }) => videoMarkup(value, options),
})

/** `website-color`: an {hue, saturation, lightness, alpha?} colour as CSS hsl()/hsla(). */
const websiteColorFormatter = defineFormatter({
  apply(value) {
    const h = child(value, 'hue')
    const s = child(value, 'saturation')
    const l = child(value, 'lightness')
    if (h === MISSING || s === MISSING || l === MISSING) return COLOR_TEXT.missingHsl
    const a = child(value, 'alpha')
    return websiteColor(asNumber(h), asNumber(s), asNumber(l), a === MISSING ? null : asNumber(a))
  },
})

export const contentFormatters: Plugin = {
  name: 'content-formatters',
  formatters: {
    AbsUrl: absUrl,
    'audio-player': audioPlayer,
    capitalize,
    'child-image-meta': childImageMeta,
    'color-weight': colorWeightFormatter,
    'cover-image-meta': coverImageMeta,
    height: dimension(1),
    humanizeDuration,
    image,
    'image-color': imageColorFormatter,
    'image-meta': imageMetaFormatter,
    'image-srcset': imageSrcsetFormatter,
    'item-classes': itemClasses,
    resizedHeightForWidth: resized('height'),
    resizedWidthForHeight: resized('width'),
    squarespaceThumbnailForHeight: thumbnailForHeight,
    squarespaceThumbnailForWidth: thumbnailForWidth,
    video,
    'website-color': websiteColorFormatter,
    width: dimension(0),
  },
}
