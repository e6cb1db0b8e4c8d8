/**
 * An image record's `srcset` (platform.md section 9): the image service's widths (100w to 2500w,
 * asked for with `?format=500w`) below the image's own width, then the original at its width;
 * without a readable `originalSize`, every width. The storefront's `{image|srcset}` formatter and
 * the gallery island print the same list, so a phone takes a resized file, never the original.
 */
import { IMAGE_SRCSET_WIDTHS } from './enumerations'

export function imageSrcset(url: string, originalSize: unknown): string {
  if (url === '') return ''
  const size = typeof originalSize === 'string' ? /^(\d+)x\d+$/.exec(originalSize) : null
  const width = Number(size?.[1] ?? Number.POSITIVE_INFINITY)
  const join = url.includes('?') ? '&' : '?'
  const candidates = IMAGE_SRCSET_WIDTHS.filter((w) => w < width).map(
    (w) => `${url}${join}format=${w}w ${w}w`,
  )
  if (Number.isFinite(width)) candidates.push(`${url} ${width}w`)
  return candidates.join(', ')
}
