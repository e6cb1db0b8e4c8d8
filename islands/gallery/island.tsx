/**
 * The gallery island: `{collection|gallery}` (a gallery page: the collection's gallery options
 * and the page's `items`) and `{@|product-gallery}` (a product page: the item's `mainImage` then
 * its `items`, with the products collection's gallery options). Slideshow and slider print the
 * island; grid and stacked print static markup; a product with a single image prints just that
 * image.
 *
 * When it hydrates: on the shopper's first interaction, unless it autoplays (then it must run on
 * its own): a gallery page's near the viewport once the page has loaded, a product page's when
 * the main thread is idle (it sits above the fold, where `visible` would put React beside the
 * largest image). Its server HTML already shows the first image and the controls in place.
 */

import type { Scope } from '../../templates/index'
import { defineIsland, Placement } from '../define'
import {
  type GalleryDefaults,
  galleryId,
  galleryProps,
  imageTag,
  isCarousel,
  resolveGalleryOptions,
  slideOf,
  staticGalleryMarkup,
} from './server'
import { type GalleryProps, type GallerySlide, SLIDE_SIZES } from './types'
import { GalleryView, initialGalleryState } from './view'

/** Product pages open on a slideshow with thumbnails unless the merchant chose otherwise. */
const PRODUCT_DEFAULTS: GalleryDefaults = { design: 'slideshow', thumbnails: true }

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** What a placement hands over: the record the gallery belongs to and its images. */
interface GallerySource {
  id: string
  label: string
  options: unknown
  slides: GallerySlide[]
}

/** The island's server render: the view in its initial state, as the client's first render. */
function GalleryIsland(props: GalleryProps) {
  return <GalleryView props={props} state={initialGalleryState(props)} />
}

function placeGallery(
  source: GallerySource,
  defaults: GalleryDefaults,
  placement: { autoplay: 'visible' | 'idle'; priority: boolean },
): GalleryProps | Placement<GalleryProps> {
  const options = resolveGalleryOptions(source.options, defaults)
  const meta = { id: galleryId(source.id), label: source.label }
  if (!isCarousel(options.design)) return Placement.markup(staticGalleryMarkup(options, source.slides, meta))
  const props = galleryProps({ ...options, design: options.design }, source.slides, {
    ...meta,
    priority: placement.priority,
  })
  return props.autoplay ? Placement.island(props, placement.autoplay) : props
}

function galleryOfCollection(collection: unknown, _args: readonly string[], scope: Scope) {
  const items = scope.resolveOuter(['items'])
  const slides = (Array.isArray(items) ? items : [])
    .map((item) => {
      const record = (item ?? {}) as Record<string, unknown>
      const title = text(record.title)
      // An image page's title and excerpt are its image's, unless the image has its own.
      return slideOf(record.mainImage, {
        alt: title,
        title,
        description: text(record.excerpt) || text(record.body),
      })
    })
    .filter((slide) => slide !== null)
  if (slides.length === 0 || collection === null || typeof collection !== 'object') return null
  const record = collection as Record<string, unknown>
  return placeGallery(
    { id: text(record.id), label: text(record.title), options: record.galleryOptions, slides },
    {},
    { autoplay: 'visible', priority: false },
  )
}

function galleryOfProduct(item: unknown, _args: readonly string[], scope: Scope) {
  if (item === null || typeof item !== 'object') return null
  const record = item as Record<string, unknown>
  const title = text(record.title)
  const images = [record.mainImage, ...(Array.isArray(record.items) ? record.items : [])]
  const slides = images.map((image) => slideOf(image, { alt: title })).filter((slide) => slide !== null)
  const [first] = slides
  if (!first) return null
  if (slides.length === 1)
    return Placement.markup<GalleryProps>(
      imageTag(first, SLIDE_SIZES, ' class="product-main-image" fetchpriority="high"'),
    )
  const options = scope.resolveOuter(['collection', 'galleryOptions'])
  return placeGallery({ id: text(record.id), label: title, options, slides }, PRODUCT_DEFAULTS, {
    autoplay: 'idle',
    priority: true,
  })
}

export default defineIsland({
  name: 'gallery',
  View: GalleryIsland,
  hydrate: 'interaction',
  formatters: { gallery: galleryOfCollection, 'product-gallery': galleryOfProduct },
  // Each slide's image (src, alt, size) is in the markup: client.tsx reads the slides back.
  markerProps: ({ slides: _printed, ...props }) => props,
})
