/**
 * Every user-visible string of the content, image and colour formatters, worded as the
 * reference engine words them (the conformance specs pin them). Tests assert these texts.
 */

export const COLOR_TEXT = {
  missingHsl: 'Missing an H/S/L value.',
  // Each bounds message ends with a space except the last, so several read as one sentence run.
  hueOutOfBounds: 'Hue out of bounds. ',
  saturationOutOfBounds: 'Saturation out of bounds. ',
  lightnessOutOfBounds: 'Lightness out of bounds. ',
  alphaOutOfBounds: 'Alpha out of bounds.',
} as const

export const IMAGE_TEXT = {
  /** `image-color side` when the image has no average colour for that side. */
  sideNotFound: (side: string) => `"${side}" not found.`,
  /** Image-size formatters when the value is not `WIDTHxHEIGHT`. */
  invalidOriginalSize: "Invalid source parameter. Pass in 'originalSize'",
} as const
