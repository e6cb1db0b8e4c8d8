/**
 * What the gallery says to shoppers and screen readers. The platform's spec gives no wording
 * for these controls, so these are ours.
 */
export const GALLERY_TEXT = {
  carousel: 'carousel',
  slide: 'slide',
  previous: 'Previous image',
  next: 'Next image',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  close: 'Close',
  position: '{n} of {total}',
  showImage: 'Show image {n} of {total}',
  enlarge: 'Enlarge image {n} of {total}',
  lightbox: 'Image {n} of {total}',
} as const
