/**
 * The gallery's server side, platform-neutral: reads the tenant's gallery options (platform.md
 * §3 "Gallery options", storefront.md §9 ranges), turns images into slides, builds the island's
 * props for the slideshow and slider designs, and prints the grid and stacked designs as static
 * markup (no island, no JavaScript; their lightbox is a native `<dialog>` opened by invoker
 * commands).
 */
import { escapeHtmlAttribute, fillText, GALLERY_TEXT, GalleryOption, plainText } from '../../shared/index'
import {
  type GalleryMeta,
  type GalleryProps,
  type GallerySlide,
  galleryDataAttributes,
  linkTarget,
  metaOf,
  slideSrcset,
} from './types'

type Design = (typeof GalleryOption.design.values)[number]
type AspectRatio = (typeof GalleryOption.aspectRatio.values)[number]

/**
 * A gallery's effective options: every one of the 23 (platform.md §3) read to a valid value and
 * then switched off where its conditions on the others do not hold (README "Conditions"), so
 * the markup and the island only ever ask one question per option.
 */
export interface GalleryOptions {
  design: Design
  autoplay: boolean
  autoplayDuration: number
  controls: boolean
  thumbnails: boolean
  thumbnailStripHeight: number
  thumbnailStripMargin: number
  squareThumbs: boolean
  thumbnailsPerRow: number
  padding: number
  maxWidth: number
  aspectRatio: AspectRatio
  autoCrop: boolean
  activeAlignment: GalleryProps['alignment']
  meta: GalleryMeta
  lightbox: boolean
  lightboxTheme: GalleryProps['lightboxTheme']
  newWindow: boolean
  transparentBackground: boolean
}

/** CSS `aspect-ratio` per `aspect-ratio` option (width / height). */
export const ASPECT_RATIOS: Record<AspectRatio, string> = {
  square: '1',
  standard: '3/2',
  'standard-vertical': '2/3',
  'four-three': '4/3',
  'three-four-vertical': '3/4',
  widescreen: '16/9',
  'anamorphic-widescreen': '2.4',
}

/** Defaults a placement may change (a product page opens on a slideshow with thumbnails). */
export type GalleryDefaults = Partial<Pick<GalleryOptions, 'design' | 'thumbnails'>>

/** Grid columns on a phone (up to 640 px): at most this many, fewer when the option says so. */
export const NARROW_PER_ROW = 2

function pick<T extends string>(value: unknown, values: readonly T[], fallback: T): T {
  return values.find((v) => v === value) ?? fallback
}

/** Booleans as the editor stores them: true/false, 'true'/'false', 1/0. Anything else: the default. */
function flag(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true' || value === 1 || value === '1') return true
  if (value === false || value === 'false' || value === 0 || value === '0') return false
  return fallback
}

/** A number (or numeric text) clamped to `[min, max]`; the default when it is not a number. */
function clamped(value: unknown, range: { min: number; max: number; default: number }): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN
  if (!Number.isFinite(n)) return range.default
  return Math.min(range.max, Math.max(range.min, n))
}

/**
 * Reads `collection.galleryOptions` (option name → value) and resolves the effective options:
 * unknown values fall back to defaults, numbers are clamped to their ranges, then each option
 * that does not apply to this combination (README "Conditions") is switched off. This is the
 * one place the conditions live.
 */
export function resolveGalleryOptions(raw: unknown, defaults: GalleryDefaults = {}): GalleryOptions {
  const o: Record<string, unknown> =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const design = pick(o.design, GalleryOption.design.values, defaults.design ?? GalleryOption.design.default)
  const carousel = isCarousel(design)
  const framed = design !== 'stacked'
  const autoplay = carousel && flag(o.autoplay, GalleryOption.autoplay.default)
  const thumbnailStripHeight = clamped(o['thumbnail-strip-height'], GalleryOption.thumbnailStripHeight)
  // A strip of no height is no strip.
  const thumbnails = carousel && flag(o.thumbnails, defaults.thumbnails ?? false) && thumbnailStripHeight > 0
  const lightbox = flag(o.lightbox, false)
  const overlay = framed && flag(o['show-meta'], false)
  const caption = !overlay && (design === 'grid' || design === 'stacked') && flag(o['show-meta-basic'], false)
  const shown = overlay || caption
  return {
    design,
    autoplay,
    autoplayDuration: autoplay
      ? clamped(o['autoplay-duration'], GalleryOption.autoplayDuration)
      : GalleryOption.autoplayDuration.default,
    // Without the arrows the strip is the shopper's way to another image: no strip, arrows stay.
    controls: carousel && (!thumbnails || flag(o.controls, true)),
    thumbnails,
    thumbnailStripHeight: thumbnails ? thumbnailStripHeight : 0,
    thumbnailStripMargin: thumbnails
      ? clamped(o['thumbnail-strip-margin'], GalleryOption.thumbnailStripMargin)
      : 0,
    squareThumbs: !thumbnails || flag(o['square-thumbs'], GalleryOption.squareThumbs.default),
    thumbnailsPerRow:
      design === 'grid' ? Math.round(clamped(o['thumbnails-per-row'], GalleryOption.thumbnailsPerRow)) : 1,
    padding: design === 'slideshow' ? 0 : clamped(o.padding, GalleryOption.padding),
    maxWidth:
      design === 'grid'
        ? Math.round(clamped(o['max-width'], GalleryOption.maxWidth))
        : GalleryOption.maxWidth.default,
    aspectRatio: framed
      ? pick(o['aspect-ratio'], GalleryOption.aspectRatio.values, GalleryOption.aspectRatio.default)
      : GalleryOption.aspectRatio.default,
    autoCrop: !framed || flag(o['auto-crop'], GalleryOption.autoCrop.default),
    activeAlignment:
      design === 'slider'
        ? pick(
            o['active-alignment'],
            GalleryOption.activeAlignment.values,
            GalleryOption.activeAlignment.default,
          )
        : GalleryOption.activeAlignment.default,
    meta: {
      mode: overlay ? 'overlay' : caption ? 'caption' : 'none',
      titleOnly: shown && flag(o['show-meta-only-title'], false),
      position: overlay
        ? pick(o['meta-position'], GalleryOption.metaPosition.values, GalleryOption.metaPosition.default)
        : GalleryOption.metaPosition.default,
      onHover: overlay && flag(o['show-meta-on-hover'], false),
    },
    lightbox,
    lightboxTheme: lightbox
      ? pick(o.lightboxTheme, GalleryOption.lightboxTheme.values, GalleryOption.lightboxTheme.default)
      : GalleryOption.lightboxTheme.default,
    // Only an image that is a link opens anything in a window; with the lightbox it is a button.
    newWindow: !lightbox && flag(o.newWindow, false),
    transparentBackground: framed && flag(o.transparentBackground, false),
  }
}

const SIZE = /^(\d+)x(\d+)$/

/** What an image falls back on when it has no alt text, title or description of its own. */
export interface SlideFallback {
  alt: string
  title?: string
  description?: string
}

function ownText(value: unknown): string {
  return typeof value === 'string' ? plainText(value) : ''
}

/** A link the gallery follows: a path on the site or a web address (the record schema's rule too). */
const FOLLOWED = /^(?:\/(?![/\\])|https?:\/\/)/i

/**
 * An image record (`assetUrl`, `originalSize` 'WxH', `altText`, `title`, `body`,
 * `clickthroughUrl`) as a slide; null without a URL. Title and description are plain text.
 */
export function slideOf(image: unknown, fallback: SlideFallback): GallerySlide | null {
  if (image === null || typeof image !== 'object') return null
  const { assetUrl, originalSize, altText, title, body, clickthroughUrl } = image as Record<string, unknown>
  if (typeof assetUrl !== 'string' || assetUrl === '') return null
  const size = typeof originalSize === 'string' ? SIZE.exec(originalSize) : null
  const alt = typeof altText === 'string' && altText.trim() !== '' ? altText.trim() : fallback.alt
  const link = typeof clickthroughUrl === 'string' && FOLLOWED.test(clickthroughUrl) ? clickthroughUrl : ''
  return {
    src: assetUrl,
    alt,
    width: Number(size?.[1] ?? 0),
    height: Number(size?.[2] ?? 0),
    title: ownText(title) || plainText(fallback.title ?? ''),
    description: ownText(body) || plainText(fallback.description ?? ''),
    link,
  }
}

/** An id safe in HTML and CSS selectors, from a record id. */
export function galleryId(recordId: string): string {
  return `sf-gallery-${recordId.replace(/[^A-Za-z0-9_-]/g, '-')}`
}

export function isCarousel(design: Design): design is GalleryProps['design'] {
  return design === 'slideshow' || design === 'slider'
}

/** The island's props for a slideshow or slider. */
export function galleryProps(
  options: GalleryOptions & { design: GalleryProps['design'] },
  slides: GallerySlide[],
  meta: { id: string; label: string; priority: boolean },
): GalleryProps {
  return {
    id: meta.id,
    label: meta.label,
    design: options.design,
    slides,
    autoplay: options.autoplay,
    autoplayDuration: options.autoplayDuration,
    thumbnails: options.thumbnails,
    thumbnailStripHeight: options.thumbnailStripHeight,
    thumbnailStripMargin: options.thumbnailStripMargin,
    ratio: ASPECT_RATIOS[options.aspectRatio],
    crop: options.autoCrop,
    alignment: options.activeAlignment,
    lightbox: options.lightbox,
    lightboxTheme: options.lightboxTheme,
    controls: options.controls,
    squareThumbs: options.squareThumbs,
    padding: options.padding,
    meta: options.meta,
    transparent: options.transparentBackground,
    newWindow: options.newWindow,
    priority: meta.priority,
  }
}

/** `<img>` with its intrinsic size, so the page does not shift when it loads. */
export function imageTag(slide: GallerySlide, sizes: string, extra = ''): string {
  const size = slide.width > 0 && slide.height > 0 ? ` width="${slide.width}" height="${slide.height}"` : ''
  const srcset = slideSrcset(slide)
  const widths = srcset === undefined ? '' : ` srcset="${escapeHtmlAttribute(srcset)}" sizes="${sizes}"`
  return `<img src="${escapeHtmlAttribute(slide.src)}"${widths} alt="${escapeHtmlAttribute(slide.alt)}"${size}${extra}>`
}

function metaMarkup(slide: GallerySlide, meta: GalleryMeta): string {
  const shown = metaOf(slide, meta)
  if (!shown) return ''
  const title = shown.title
    ? `<span class="sf-gallery-meta-title">${escapeHtmlAttribute(shown.title)}</span>`
    : ''
  const description = shown.description
    ? `<span class="sf-gallery-meta-description">${escapeHtmlAttribute(shown.description)}</span>`
    : ''
  return `<span class="sf-gallery-meta">${title}${description}</span>`
}

function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtmlAttribute(value)}"`))
    .join('')
}

/**
 * Grid and stacked designs: plain markup. With the lightbox, each image is a button that opens
 * its own modal `<dialog>` through invoker commands (`commandfor`/`command`), which closes on
 * Escape, its close button or a click outside (`closedby="any"`) with no script at all. Without
 * it, an image with a link is that link. The title and description follow the frame, never
 * inside it (a button's or link's name stays its own, and the text is read as text), and CSS
 * alone lays them over the image (`show-meta`) or under it (`show-meta-basic`) and reveals them.
 */
export function staticGalleryMarkup(
  options: GalleryOptions,
  slides: GallerySlide[],
  meta: { id: string; label: string },
): string {
  const total = slides.length
  const perRow = options.design === 'stacked' ? 1 : Math.max(1, options.thumbnailsPerRow)
  const narrow = Math.min(perRow, NARROW_PER_ROW)
  const style = `--sf-ratio:${ASPECT_RATIOS[options.aspectRatio]};--sf-per-row:${perRow};--sf-per-row-narrow:${narrow};--sf-padding:${options.padding}px;--sf-max-width:${options.maxWidth}px`
  // A cell's width: its share of the row, on phones of the narrow row (stacked: one per row).
  const cellSizes = `(max-width: 640px) ${Math.ceil(100 / narrow)}vw, ${Math.ceil(100 / perRow)}vw`
  const cells = slides.map((slide, i) => {
    const image = imageTag(slide, cellSizes, i === 0 ? '' : ' loading="lazy"')
    const caption = metaMarkup(slide, options.meta)
    if (!options.lightbox) {
      const frame =
        slide.link === ''
          ? `<div class="sf-gallery-frame">${image}</div>`
          : `<a class="sf-gallery-frame"${attributes({ href: slide.link, ...linkTarget(options.newWindow) })}>${image}</a>`
      return `<li class="sf-gallery-cell">${frame}${caption}</li>`
    }
    const dialogId = `${meta.id}-lightbox-${i + 1}`
    return (
      `<li class="sf-gallery-cell"><button type="button" class="sf-gallery-frame" commandfor="${dialogId}" command="show-modal" aria-haspopup="dialog" aria-label="${escapeHtmlAttribute(fillText(GALLERY_TEXT.enlarge, { n: i + 1, total }))}">${image}</button>${caption}` +
      `<dialog id="${dialogId}" class="sf-lightbox" data-theme="${options.lightboxTheme}" closedby="any" aria-label="${escapeHtmlAttribute(fillText(GALLERY_TEXT.lightbox, { n: i + 1, total }))}">` +
      `<button type="button" class="sf-lightbox-close" commandfor="${dialogId}" command="close">${GALLERY_TEXT.close}</button>` +
      `<figure class="sf-lightbox-figure">${imageTag(slide, '100vw', ' loading="lazy"')}<figcaption>${escapeHtmlAttribute(slide.alt ? `${slide.alt} · ` : '')}${fillText(GALLERY_TEXT.position, { n: i + 1, total })}</figcaption></figure>` +
      '</dialog></li>'
    )
  })
  const data = attributes(
    galleryDataAttributes({
      meta: options.meta,
      crop: options.autoCrop,
      transparent: options.transparentBackground,
      squareThumbs: true,
    }),
  )
  return `<section class="sf-gallery sf-gallery-static" data-design="${options.design}"${data} aria-label="${escapeHtmlAttribute(meta.label)}" style="${style}"><ul class="sf-gallery-cells">${cells.join('')}</ul></section>`
}
