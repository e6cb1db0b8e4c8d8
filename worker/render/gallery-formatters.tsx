/**
 * `{collection|gallery}` (gallery page: the collection's gallery options, the page's `items`)
 * and `{@|product-gallery}` (product page: the item's `mainImage` then its `items`, with the
 * products collection's gallery options). Slideshow and slider print the `gallery` island;
 * grid and stacked print static markup; a product with a single image prints just that image.
 *
 * When they hydrate: a gallery page's gallery is `visible` (no React until it scrolls near the
 * viewport). A product page's gallery sits above the fold, where `visible` would be `load` and
 * put React on the critical path beside the largest image: it hydrates `idle` instead, after
 * first paint; its server HTML already shows the first image and the controls in place.
 */

import type { HydrateStrategy } from '../../islands/constants'
import {
  type GalleryDefaults,
  galleryId,
  galleryProps,
  imageTag,
  isCarousel,
  parseGalleryOptions,
  slideOf,
  staticGalleryMarkup,
} from '../../islands/gallery/server'
import type { GalleryProps, GallerySlide } from '../../islands/gallery/types'
import { GalleryView, initialGalleryState } from '../../islands/gallery/view'
import { defineFormatter, MISSING, type Scope } from '../../templates/index'
import { islandMarkup } from './island-markup'

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

function printGallery(
  source: GallerySource,
  defaults: GalleryDefaults,
  hydrate: HydrateStrategy,
  priority: boolean,
): string {
  const options = parseGalleryOptions(source.options, defaults)
  const meta = { id: galleryId(source.id), label: source.label }
  if (!isCarousel(options.design)) return staticGalleryMarkup(options, source.slides, meta)
  const props = galleryProps({ ...options, design: options.design }, source.slides, { ...meta, priority })
  return islandMarkup('gallery', GalleryIsland, props, hydrate)
}

const gallery = defineFormatter({
  apply(collection, _args, scope: Scope) {
    const items = scope.resolveOuter(['items'])
    const slides = (Array.isArray(items) ? items : [])
      .map((item) =>
        slideOf((item as Record<string, unknown>)?.mainImage, text((item as Record<string, unknown>)?.title)),
      )
      .filter((slide) => slide !== null)
    if (slides.length === 0 || collection === null || typeof collection !== 'object') return MISSING
    const record = collection as Record<string, unknown>
    return printGallery(
      { id: text(record.id), label: text(record.title), options: record.galleryOptions, slides },
      {},
      'visible',
      false,
    )
  },
})

const productGallery = defineFormatter({
  apply(item, _args, scope: Scope) {
    if (item === null || typeof item !== 'object') return MISSING
    const record = item as Record<string, unknown>
    const title = text(record.title)
    const images = [record.mainImage, ...(Array.isArray(record.items) ? record.items : [])]
    const slides = images.map((image) => slideOf(image, title)).filter((slide) => slide !== null)
    const [first] = slides
    if (!first) return MISSING
    if (slides.length === 1) return imageTag(first, ' class="product-main-image" fetchpriority="high"')
    const options = scope.resolveOuter(['collection', 'galleryOptions'])
    return printGallery(
      { id: text(record.id), label: title, options, slides },
      PRODUCT_DEFAULTS,
      'idle',
      true,
    )
  },
})

export const galleryFormatters = { gallery, 'product-gallery': productGallery }
