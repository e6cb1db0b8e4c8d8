/**
 * The gallery island in the browser: slide state, autoplay and the lightbox, rendered through
 * the same view and initial state the worker used, so `hydrateRoot` matches the server HTML.
 *
 * Autoplay (WCAG 2.2.2): the rotation button pauses and resumes it; while the pointer is over
 * the gallery or keyboard focus is inside it (other than on the rotation button itself, so
 * pressing play can take effect) the rotation is held, and the live region speaks again.
 */
import { type FocusEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { defineClient } from '../contracts'
import type { GalleryProps, GallerySlide } from './types'
import { type GalleryActions, GalleryView, initialGalleryState } from './view'

const ROTATION_BUTTON = '.sf-gallery-rotation'

function focusHolds(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(ROTATION_BUTTON) === null
}

function GalleryIsland(props: GalleryProps) {
  const count = props.slides.length
  const initial = initialGalleryState(props)
  const [index, setIndex] = useState(initial.index)
  const [playing, setPlaying] = useState(initial.playing)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [lightbox, setLightbox] = useState<number | null>(initial.lightbox)
  const dialog = useRef<HTMLDialogElement>(null)

  const rotating = playing && !hovered && !focused && lightbox === null
  // biome-ignore lint/correctness/useExhaustiveDependencies: `index` restarts the timer on every slide change
  useEffect(() => {
    if (!rotating || count < 2) return
    // A manual step gives the shopper a full interval before the next automatic one.
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), props.autoplayDuration * 1000)
    return () => clearTimeout(timer)
  }, [rotating, index, count, props.autoplayDuration])

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (lightbox !== null && !element.open) element.showModal()
    else if (lightbox === null && element.open) element.close()
  }, [lightbox])

  const onFocus = useCallback((event: FocusEvent) => setFocused(focusHolds(event.target)), [])
  const onBlur = useCallback((event: FocusEvent) => {
    const next = event.relatedTarget
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocused(false)
  }, [])

  const actions = useMemo<GalleryActions>(
    () => ({
      go: (i) => setIndex(i),
      togglePlaying: () => setPlaying((p) => !p),
      openLightbox: (i) => {
        setLightbox(i)
        setIndex(i)
      },
      closeLightbox: () => setLightbox(null),
      onFocus,
      onBlur,
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
    }),
    [onFocus, onBlur],
  )

  return (
    <GalleryView
      props={props}
      state={{ index, playing, held: hovered || focused, lightbox }}
      actions={actions}
      dialogRef={dialog}
    />
  )
}

/**
 * The slides the marker leaves out (island.tsx `markerProps`): each slide's image in the server
 * HTML carries its source, alt text and size (none when unknown: 0, as the props had it), its
 * shown title and description, and its link.
 */
export function propsFromMarkup(element: Element, props: Omit<GalleryProps, 'slides'>): GalleryProps {
  const slides: GallerySlide[] = [...element.querySelectorAll('.sf-gallery-track > .sf-gallery-slide')].map(
    (slide) => {
      const img = slide.querySelector('img')
      // Only what the view prints comes back: a title or description it does not show is ''.
      const text = (selector: string) => slide.querySelector(selector)?.textContent ?? ''
      return {
        src: img?.getAttribute('src') ?? '',
        alt: img?.getAttribute('alt') ?? '',
        width: Number(img?.getAttribute('width') ?? 0),
        height: Number(img?.getAttribute('height') ?? 0),
        title: text('.sf-gallery-meta-title'),
        description: text('.sf-gallery-meta-description'),
        link: slide.querySelector('a.sf-gallery-frame')?.getAttribute('href') ?? '',
      }
    },
  )
  return { ...props, slides }
}

export default defineClient('gallery', GalleryIsland)
