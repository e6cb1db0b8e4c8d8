/**
 * The gallery island's props: plain JSON built on the server (`server.ts`) from the tenant's
 * gallery options and images, rendered by the view on both sides.
 */

/** One image of the gallery. `width`/`height` come from `originalSize` (0 when unknown). */
export type GallerySlide = {
  src: string
  /** The resized widths (shared/images.ts), '' for none. */
  srcset: string
  alt: string
  width: number
  height: number
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
  /** The first image is the page's largest paint (product pages): fetch it first. */
  priority: boolean
}
