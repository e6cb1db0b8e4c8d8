/**
 * The gallery island's props: plain JSON built on the server (`server.ts`) from the tenant's
 * gallery options and images, rendered by the view on both sides.
 */
import { srcsetOf } from '../../shared/index'

/** One image of the gallery. `width`/`height` come from `originalSize` (0 when unknown). */
export type GallerySlide = {
  src: string
  alt: string
  width: number
  height: number
  /** The image's title and description (plain text, '' when none), shown as its meta. */
  title: string
  description: string
  /** Where the image leads without a lightbox ('' when nowhere). */
  link: string
}

/**
 * Which title and description show with each image (README "Conditions"): `overlay` over the
 * image at `position` (`show-meta`), `caption` under it (`show-meta-basic`), or none.
 */
export type GalleryMeta = {
  mode: 'none' | 'overlay' | 'caption'
  titleOnly: boolean
  position: 'top' | 'top-left' | 'top-right' | 'center' | 'bottom' | 'bottom-left' | 'bottom-right'
  onHover: boolean
}

/** A slide's width on screen: the whole width on phones and tablets, the gallery's column above. */
export const SLIDE_SIZES = '(max-width: 991px) 100vw, 60vw'

/**
 * A slide's `srcset` (shared/images.ts: the stored widths below its own), computed on both sides
 * from `src` and its size so the props do not carry it; none for an image of unknown size.
 */
export function slideSrcset(slide: GallerySlide): string | undefined {
  return slide.width > 0 ? srcsetOf(slide.src, `${slide.width}x${slide.height}`) : undefined
}

/** A thumbnail's width on screen. */
export const THUMB_SIZES = '80px'

/**
 * A thumbnail's `srcset`: the widths up to 500, the first wide enough for its 80 px at 4 device
 * pixels per CSS pixel; wider candidates are never picked (issue 26: they were a tenth of a
 * product page's gallery markup).
 */
export function thumbSrcset(slide: GallerySlide): string | undefined {
  return slide.width > 0 ? srcsetOf(slide.src, `${slide.width}x${slide.height}`, 500) : undefined
}

/** The designs the island renders; grid and stacked are static markup without an island. */
export type CarouselDesign = 'slideshow' | 'slider'

export type GalleryProps = {
  /** Unique within the page: prefixes the ids that `aria-controls` points at. */
  id: string
  /** Accessible name of the carousel (the collection or product title). */
  label: string
  design: CarouselDesign
  slides: GallerySlide[]
  autoplay: boolean
  /** Seconds between slides, 1 to 10. */
  autoplayDuration: number
  /** Thumbnail strip under the stage; its height and margin in pixels (0 height: no strip). */
  thumbnails: boolean
  thumbnailStripHeight: number
  thumbnailStripMargin: number
  /** CSS `aspect-ratio` of every slide frame, from the `aspect-ratio` option. */
  ratio: string
  /** `auto-crop`: fill the frame (cover) or show the whole image (contain). */
  crop: boolean
  /** Slider only: where the current slide sits. */
  alignment: 'left' | 'center' | 'right'
  lightbox: boolean
  lightboxTheme: 'dark' | 'light'
  /** Previous and next arrows (`controls`). */
  controls: boolean
  /** Thumbnails cropped square, or at the image's own shape (`square-thumbs`). */
  squareThumbs: boolean
  /** Slider only: pixels between slides (`padding`). */
  padding: number
  meta: GalleryMeta
  /** Frames without their fill (`transparentBackground`). */
  transparent: boolean
  /** Image links open in a new window (`newWindow`). */
  newWindow: boolean
  /** The first image is the page's largest paint (product pages): fetch it first. */
  priority: boolean
}

/** The `data-*` attributes both renderings put on the gallery's section for its CSS. */
export function galleryDataAttributes(o: {
  meta: GalleryMeta
  crop: boolean
  transparent: boolean
  squareThumbs: boolean
}): Record<string, string> {
  const data: Record<string, string> = {}
  if (!o.crop) data['data-crop'] = 'false'
  if (o.meta.mode !== 'none') data['data-meta'] = o.meta.mode
  if (o.meta.mode === 'overlay') data['data-meta-position'] = o.meta.position
  if (o.meta.onHover) data['data-meta-hover'] = ''
  if (o.transparent) data['data-transparent'] = ''
  if (!o.squareThumbs) data['data-square-thumbs'] = 'false'
  return data
}

/** The title and description the options show for a slide; null when nothing shows. */
export function metaOf(
  slide: GallerySlide,
  meta: GalleryMeta,
): { title: string; description: string } | null {
  if (meta.mode === 'none') return null
  const description = meta.titleOnly ? '' : slide.description
  return slide.title === '' && description === '' ? null : { title: slide.title, description }
}

/** `target` and `rel` of an image link (`newWindow`). */
export function linkTarget(newWindow: boolean): { target?: string; rel?: string } {
  return newWindow ? { target: '_blank', rel: 'noopener' } : {}
}
