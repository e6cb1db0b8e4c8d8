/**
 * The gallery's markup (slideshow and slider designs): a pure function of the server's props
 * and the shopper's state. The worker renders it with the initial state for the island's
 * server HTML; the client renders it with the same props and state first, so `hydrateRoot`
 * finds identical DOM and nothing moves. No DOM access here: the worker has no DOM types.
 *
 * Accessibility follows the WAI-ARIA carousel pattern: a region with
 * `aria-roledescription="carousel"`, slides as labelled groups, real buttons for previous,
 * next and each thumbnail, the rotation control first in tab order, and a polite live region
 * that is silent while the slides rotate by themselves.
 */
import type { CSSProperties, FocusEventHandler, MouseEventHandler, Ref } from 'react'
import { fillText, GALLERY_TEXT } from '../../shared/index'
import {
  type GalleryMeta,
  type GalleryProps,
  type GallerySlide,
  galleryDataAttributes,
  linkTarget,
  metaOf,
  SLIDE_SIZES,
  slideSrcset,
  THUMB_SIZES,
  thumbSrcset,
} from './types'

export interface GalleryState {
  /** The slide shown. */
  index: number
  /** Autoplay is on (the shopper has not pressed pause). */
  playing: boolean
  /** Rotation is held because the pointer is over, or focus is inside, the gallery. */
  held: boolean
  /** The slide shown in the lightbox, or null when it is closed. */
  lightbox: number | null
}

export interface GalleryActions {
  go(index: number): void
  togglePlaying(): void
  openLightbox(index: number): void
  closeLightbox(): void
  onFocus: FocusEventHandler
  onBlur: FocusEventHandler
  onMouseEnter: MouseEventHandler
  onMouseLeave: MouseEventHandler
}

export function initialGalleryState(props: GalleryProps): GalleryState {
  return { index: 0, playing: props.autoplay, held: false, lightbox: null }
}

/** Percent of the stage one slide takes, and where the current slide starts. */
function geometry(props: GalleryProps): { slide: number; offset: number } {
  if (props.design === 'slideshow') return { slide: 100, offset: 0 }
  const slide = 80
  const offset =
    props.alignment === 'left' ? 0 : props.alignment === 'right' ? 100 - slide : (100 - slide) / 2
  return { slide, offset }
}

/**
 * A slide's image. The `<picture>` keeps React's server renderer from emitting a
 * `<link rel="preload">` for an eager image into the island's markup, where the client
 * renderer would not expect it; the `<img>` itself is found by the preload scanner anyway.
 */
function SlideImage({ slide, eager, priority }: { slide: GallerySlide; eager: boolean; priority: boolean }) {
  return (
    <picture>
      <img
        src={slide.src}
        srcSet={slideSrcset(slide)}
        sizes={SLIDE_SIZES}
        alt={slide.alt}
        width={slide.width || undefined}
        height={slide.height || undefined}
        loading={eager ? undefined : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  )
}

/** The image's title and description, after its frame (server.ts prints the same for grid cells). */
function SlideMeta({ slide, meta }: { slide: GallerySlide; meta: GalleryMeta }) {
  const shown = metaOf(slide, meta)
  if (!shown) return null
  return (
    <span className="sf-gallery-meta">
      {shown.title ? <span className="sf-gallery-meta-title">{shown.title}</span> : null}
      {shown.description ? <span className="sf-gallery-meta-description">{shown.description}</span> : null}
    </span>
  )
}

function Lightbox({
  props,
  state,
  actions,
  dialogRef,
}: {
  props: GalleryProps
  state: GalleryState
  actions: GalleryActions | undefined
  dialogRef: Ref<HTMLDialogElement> | undefined
}) {
  const total = props.slides.length
  const at = state.lightbox
  const slide = at === null ? undefined : props.slides[at]
  return (
    <dialog
      ref={dialogRef}
      className="sf-lightbox"
      data-theme={props.lightboxTheme}
      aria-label={fillText(GALLERY_TEXT.lightbox, { n: (at ?? 0) + 1, total })}
      // Escape and a click outside close it natively; `onClose` brings the state along.
      closedby="any"
      onClose={actions?.closeLightbox}
    >
      {at !== null && slide ? (
        <>
          <button type="button" className="sf-lightbox-close" onClick={actions?.closeLightbox}>
            {GALLERY_TEXT.close}
          </button>
          <figure className="sf-lightbox-figure">
            <SlideImage slide={slide} eager priority={false} />
            <figcaption>
              {slide.alt ? `${slide.alt} · ` : ''}
              {fillText(GALLERY_TEXT.position, { n: at + 1, total })}
            </figcaption>
          </figure>
          <button
            type="button"
            className="sf-lightbox-prev"
            aria-label={GALLERY_TEXT.previous}
            onClick={() => actions?.openLightbox((at - 1 + total) % total)}
          >
            ‹
          </button>
          <button
            type="button"
            className="sf-lightbox-next"
            aria-label={GALLERY_TEXT.next}
            onClick={() => actions?.openLightbox((at + 1) % total)}
          >
            ›
          </button>
        </>
      ) : null}
    </dialog>
  )
}

export interface GalleryViewProps {
  props: GalleryProps
  state: GalleryState
  /** Absent on the server: the buttons are inert markup until the island hydrates. */
  actions?: GalleryActions
  dialogRef?: Ref<HTMLDialogElement>
}

export function GalleryView({ props, state, actions, dialogRef }: GalleryViewProps) {
  const { slides, id } = props
  const total = slides.length
  const { slide: slideWidth, offset } = geometry(props)
  const viewportId = `${id}-slides`
  const rotating = state.playing && !state.held
  const current = slides[state.index]
  const style = {
    '--sf-ratio': props.ratio,
    '--sf-slide': `${slideWidth}%`,
    '--sf-thumb-height': `${props.thumbnailStripHeight}px`,
    '--sf-thumb-margin': `${props.thumbnailStripMargin}px`,
    '--sf-padding': `${props.padding}px`,
  } as CSSProperties
  const data = galleryDataAttributes({
    meta: props.meta,
    crop: props.crop,
    transparent: props.transparent,
    squareThumbs: props.squareThumbs,
  })
  return (
    <section
      className="sf-gallery"
      data-design={props.design}
      {...data}
      aria-roledescription={GALLERY_TEXT.carousel}
      aria-label={props.label}
      style={style}
      onFocus={actions?.onFocus}
      onBlur={actions?.onBlur}
      onMouseEnter={actions?.onMouseEnter}
      onMouseLeave={actions?.onMouseLeave}
    >
      <div className="sf-gallery-stage">
        {props.autoplay ? (
          <button
            type="button"
            className="sf-gallery-rotation"
            aria-label={state.playing ? GALLERY_TEXT.pause : GALLERY_TEXT.play}
            aria-controls={viewportId}
            onClick={actions?.togglePlaying}
          >
            <span aria-hidden="true">{state.playing ? '❚❚' : '▶'}</span>
          </button>
        ) : null}
        <div className="sf-gallery-viewport" id={viewportId}>
          <div
            className="sf-gallery-track"
            style={{ transform: `translateX(${offset - state.index * slideWidth}%)` }}
          >
            {slides.map((slide, i) => {
              const shown = i === state.index
              const image = <SlideImage slide={slide} eager={i === 0} priority={props.priority && i === 0} />
              return (
                // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a group, not a form fieldset
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: slides never reorder, the position is their identity
                  key={i}
                  className="sf-gallery-slide"
                  role="group"
                  aria-roledescription={GALLERY_TEXT.slide}
                  aria-label={fillText(GALLERY_TEXT.position, { n: i + 1, total })}
                  aria-current={shown ? 'true' : undefined}
                  inert={!shown}
                >
                  {props.lightbox ? (
                    <button
                      type="button"
                      className="sf-gallery-frame"
                      aria-label={fillText(GALLERY_TEXT.enlarge, { n: i + 1, total })}
                      aria-haspopup="dialog"
                      onClick={() => actions?.openLightbox(i)}
                    >
                      {image}
                    </button>
                  ) : slide.link ? (
                    <a className="sf-gallery-frame" href={slide.link} {...linkTarget(props.newWindow)}>
                      {image}
                    </a>
                  ) : (
                    <div className="sf-gallery-frame">{image}</div>
                  )}
                  <SlideMeta slide={slide} meta={props.meta} />
                </div>
              )
            })}
          </div>
        </div>
        {props.controls ? (
          <>
            <button
              type="button"
              className="sf-gallery-prev"
              aria-label={GALLERY_TEXT.previous}
              aria-controls={viewportId}
              onClick={() => actions?.go((state.index - 1 + total) % total)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="sf-gallery-next"
              aria-label={GALLERY_TEXT.next}
              aria-controls={viewportId}
              onClick={() => actions?.go((state.index + 1) % total)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      {/* Announces the slide shown, except while the slides rotate by themselves (APG). */}
      <p className="sf-gallery-status" aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
        {fillText(GALLERY_TEXT.position, { n: state.index + 1, total })}
        {current?.alt ? `: ${current.alt}` : ''}
      </p>
      {props.thumbnails && props.thumbnailStripHeight > 0 ? (
        <ul className="sf-gallery-thumbs">
          {slides.map((slide, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
            <li key={i}>
              <button
                type="button"
                className="sf-gallery-thumb"
                aria-label={fillText(GALLERY_TEXT.showImage, { n: i + 1, total })}
                aria-current={i === state.index ? 'true' : undefined}
                aria-controls={viewportId}
                onClick={() => actions?.go(i)}
              >
                <img
                  src={slide.src}
                  srcSet={thumbSrcset(slide)}
                  sizes={THUMB_SIZES}
                  alt=""
                  width={slide.width || undefined}
                  height={slide.height || undefined}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {props.lightbox ? (
        <Lightbox props={props} state={state} actions={actions} dialogRef={dialogRef} />
      ) : null}
    </section>
  )
}
