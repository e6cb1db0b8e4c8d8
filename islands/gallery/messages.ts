/**
 * What the gallery says to shoppers and screen readers. The platform's spec gives no wording
 * for these controls, so these are ours, kept in one place for both the server and the browser.
 */
export const GALLERY_TEXT = {
  carousel: 'carousel',
  slide: 'slide',
  previous: 'Previous image',
  next: 'Next image',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  close: 'Close',
  position: (n: number, total: number) => `${n} of ${total}`,
  showImage: (n: number, total: number) => `Show image ${n} of ${total}`,
  enlarge: (n: number, total: number) => `Enlarge image ${n} of ${total}`,
  lightbox: (n: number, total: number) => `Image ${n} of ${total}`,
} as const
