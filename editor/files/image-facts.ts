/**
 * Image facts measured in the browser before upload (platform.md section 3, image asset): the
 * pixel size, the colour averages of the corners, the centre and the whole image, and the srcset
 * variants, real resized images the storefront serves so a phone never downloads the original.
 * The browser's own decoder and canvas do the work (createImageBitmap, OffscreenCanvas): no
 * image library in the bundle. The server checks the claims against the files' headers.
 */
import type { AllowedFileType, ColorData } from '../../shared/index'

/** A decoded image and what it measured; `close()` frees the pixels. */
export interface MeasuredImage {
  bitmap: ImageBitmap
  width: number
  height: number
  colorData: ColorData
}

/** The colour sample: the image drawn this small, each region a fifth of a side. */
const SAMPLE = 50
const REGION = 10

/** JPEG and WebP variants are re-encoded at this quality (the original's own type). */
export const VARIANT_QUALITY = 0.85

type Canvas2D = OffscreenCanvasRenderingContext2D

function canvas(width: number, height: number): { canvas: OffscreenCanvas; context: Canvas2D } {
  const surface = new OffscreenCanvas(width, height)
  const context = surface.getContext('2d')
  if (context === null) throw new Error('no 2d canvas')
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  return { canvas: surface, context }
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0')

/** The alpha-weighted average colour of a block of the sample as #rrggbb (white when fully transparent). */
function average(data: Uint8ClampedArray, x0: number, y0: number, w: number, h: number): string {
  let r = 0
  let g = 0
  let b = 0
  let weight = 0
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * SAMPLE + x) * 4
      const a = data[i + 3] ?? 0
      r += (data[i] ?? 0) * a
      g += (data[i + 1] ?? 0) * a
      b += (data[i + 2] ?? 0) * a
      weight += a
    }
  if (weight === 0) return '#ffffff'
  return `#${hex(r / weight)}${hex(g / weight)}${hex(b / weight)}`
}

/** The colour averages of a decoded image (platform.md's `colorData`, plus the whole image's). */
export function colorDataOf(bitmap: ImageBitmap): ColorData {
  const { context } = canvas(SAMPLE, SAMPLE)
  context.drawImage(bitmap, 0, 0, SAMPLE, SAMPLE)
  const { data } = context.getImageData(0, 0, SAMPLE, SAMPLE)
  const far = SAMPLE - REGION
  const mid = (SAMPLE - REGION) / 2
  return {
    topLeftAverage: average(data, 0, 0, REGION, REGION),
    topRightAverage: average(data, far, 0, REGION, REGION),
    bottomLeftAverage: average(data, 0, far, REGION, REGION),
    bottomRightAverage: average(data, far, far, REGION, REGION),
    centerAverage: average(data, mid, mid, REGION, REGION),
    suggestedBgColor: average(data, 0, 0, SAMPLE, SAMPLE),
  }
}

/** Decodes a raster image and measures it; throws when the browser cannot decode it. */
export async function measureImage(file: Blob): Promise<MeasuredImage> {
  const bitmap = await createImageBitmap(file)
  return { bitmap, width: bitmap.width, height: bitmap.height, colorData: colorDataOf(bitmap) }
}

/** The type a variant is encoded in: the original's, except GIF (PNG: a still of its first frame). */
export function variantType(type: AllowedFileType): string {
  return type.contentType === 'image/gif' ? 'image/png' : type.contentType
}

/**
 * The image `width` pixels wide (height in proportion). Halves first while the target is under
 * half the source, so the final high-quality draw samples every source pixel (one big step
 * skips pixels and shimmers).
 */
export async function resizedImage(bitmap: ImageBitmap, width: number, type: string): Promise<Blob> {
  const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width))
  let source: CanvasImageSource = bitmap
  let sourceWidth = bitmap.width
  let sourceHeight = bitmap.height
  while (sourceWidth / 2 >= width * 1.5) {
    const w = Math.round(sourceWidth / 2)
    const h = Math.max(1, Math.round(sourceHeight / 2))
    const step = canvas(w, h)
    step.context.drawImage(source, 0, 0, w, h)
    source = step.canvas
    sourceWidth = w
    sourceHeight = h
  }
  const out = canvas(width, height)
  out.context.drawImage(source, 0, 0, width, height)
  const lossy = type === 'image/jpeg' || type === 'image/webp'
  return out.canvas.convertToBlob(lossy ? { type, quality: VARIANT_QUALITY } : { type })
}
