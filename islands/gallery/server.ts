/**
 * The gallery's server side, platform-neutral: reads the tenant's gallery options (platform.md
 * §3 "Gallery options", storefront.md §9 ranges), turns images into slides, builds the island's
 * props for the slideshow and slider designs, and prints the grid and stacked designs as static
 * markup (no island, no JavaScript; their lightbox is a native `<dialog>` opened by invoker
 * commands).
 */
import { escapeHtmlAttribute, fillText, GALLERY_TEXT, GalleryOption } from '../../shared/index'
import { type GalleryProps, type GallerySlide, slideSrcset } from './types'

type Design = (typeof GalleryOption.design.values)[number]
type AspectRatio = (typeof GalleryOption.aspectRatio.values)[number]

/** The options the gallery uses, each a valid value (defaults and clamping applied). */
export interface GalleryOptions {
  design: Design
  autoplay: boolean
  autoplayDuration: number
  thumbnails: boolean
  thumbnailStripHeight: number
  thumbnailStripMargin: number
  thumbnailsPerRow: number
  padding: number
  aspectRatio: AspectRatio
  autoCrop: boolean
  activeAlignment: GalleryProps['alignment']
  lightbox: boolean
  lightboxTheme: GalleryProps['lightboxTheme']
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

/** Reads `collection.galleryOptions` (option name → value); unknown values fall back to defaults. */
export function parseGalleryOptions(raw: unknown, defaults: GalleryDefaults = {}): GalleryOptions {
  const o: Record<string, unknown> =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  return {
    design: pick(o.design, GalleryOption.design.values, defaults.design ?? GalleryOption.design.default),
    autoplay: flag(o.autoplay, GalleryOption.autoplay.default),
    autoplayDuration: clamped(o['autoplay-duration'], GalleryOption.autoplayDuration),
    thumbnails: flag(o.thumbnails, defaults.thumbnails ?? false),
    thumbnailStripHeight: clamped(o['thumbnail-strip-height'], GalleryOption.thumbnailStripHeight),
    thumbnailStripMargin: clamped(o['thumbnail-strip-margin'], GalleryOption.thumbnailStripMargin),
    thumbnailsPerRow: Math.round(clamped(o['thumbnails-per-row'], GalleryOption.thumbnailsPerRow)),
    padding: clamped(o.padding, GalleryOption.padding),
    aspectRatio: pick(o['aspect-ratio'], GalleryOption.aspectRatio.values, GalleryOption.aspectRatio.default),
    autoCrop: flag(o['auto-crop'], GalleryOption.autoCrop.default),
    activeAlignment: pick(
      o['active-alignment'],
      GalleryOption.activeAlignment.values,
      GalleryOption.activeAlignment.default,
    ),
    lightbox: flag(o.lightbox, false),
    lightboxTheme: pick(
      o.lightboxTheme,
      GalleryOption.lightboxTheme.values,
      GalleryOption.lightboxTheme.default,
    ),
  }
}

const SIZE = /^(\d+)x(\d+)$/

/** An image record (`assetUrl`, `originalSize` 'WxH', `altText`) as a slide; null without a URL. */
export function slideOf(image: unknown, fallbackAlt: string): GallerySlide | null {
  if (image === null || typeof image !== 'object') return null
  const { assetUrl, originalSize, altText } = image as Record<string, unknown>
  if (typeof assetUrl !== 'string' || assetUrl === '') return null
  const size = typeof originalSize === 'string' ? SIZE.exec(originalSize) : null
  const alt = typeof altText === 'string' && altText.trim() !== '' ? altText.trim() : fallbackAlt
  return { src: assetUrl, alt, width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) }
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

/**
 * Grid and stacked designs: plain markup. With the lightbox, each image is a button that opens
 * its own modal `<dialog>` through invoker commands (`commandfor`/`command`), which closes on
 * Escape, its close button or a click outside (`closedby="any"`) with no script at all.
 */
export function staticGalleryMarkup(
  options: GalleryOptions,
  slides: GallerySlide[],
  meta: { id: string; label: string },
): string {
  const total = slides.length
  const style = `--sf-ratio:${ASPECT_RATIOS[options.aspectRatio]};--sf-per-row:${options.thumbnailsPerRow};--sf-padding:${options.padding}px`
  // A cell's width: the whole width on phones, its share of the row above (stacked: one per row).
  const perRow = options.design === 'stacked' ? 1 : Math.max(1, options.thumbnailsPerRow)
  const cellSizes = `(max-width: 640px) 100vw, ${Math.ceil(100 / perRow)}vw`
  const cells = slides.map((slide, i) => {
    const image = imageTag(slide, cellSizes, i === 0 ? '' : ' loading="lazy"')
    if (!options.lightbox) return `<li class="sf-gallery-cell">${image}</li>`
    const dialogId = `${meta.id}-lightbox-${i + 1}`
    return (
      `<li class="sf-gallery-cell"><button type="button" class="sf-gallery-frame" commandfor="${dialogId}" command="show-modal" aria-haspopup="dialog" aria-label="${escapeHtmlAttribute(fillText(GALLERY_TEXT.enlarge, { n: i + 1, total }))}">${image}</button>` +
      `<dialog id="${dialogId}" class="sf-lightbox" data-theme="${options.lightboxTheme}" closedby="any" aria-label="${escapeHtmlAttribute(fillText(GALLERY_TEXT.lightbox, { n: i + 1, total }))}">` +
      `<button type="button" class="sf-lightbox-close" commandfor="${dialogId}" command="close">${GALLERY_TEXT.close}</button>` +
      `<figure class="sf-lightbox-figure">${imageTag(slide, '100vw', ' loading="lazy"')}<figcaption>${escapeHtmlAttribute(slide.alt ? `${slide.alt} · ` : '')}${fillText(GALLERY_TEXT.position, { n: i + 1, total })}</figcaption></figure>` +
      '</dialog></li>'
    )
  })
  const crop = options.autoCrop ? '' : ' data-crop="false"'
  return `<section class="sf-gallery sf-gallery-static" data-design="${options.design}"${crop} aria-label="${escapeHtmlAttribute(meta.label)}" style="${style}"><ul class="sf-gallery-cells">${cells.join('')}</ul></section>`
}
