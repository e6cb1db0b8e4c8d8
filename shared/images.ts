/**
 * The `srcset` of an image (platform.md section 9: the image service's widths, 100w to 2500w,
 * asked for with `?format=500w`): every width below the image's own, then the original at its
 * width; without `originalSize` (an outside image), every width. One implementation for the
 * server's `{image|srcset}` formatter and the variant picker, which swaps in a variant's image.
 * `upTo` leaves out wider candidates, for an image never shown wide (a gallery thumbnail).
 */
import { IMAGE_SRCSET_WIDTHS } from './enumerations'

export function srcsetOf(url: string, originalSize: unknown, upTo = Number.POSITIVE_INFINITY): string {
  const width = Number(
    /^(\d+)x\d+$/.exec(typeof originalSize === 'string' ? originalSize : '')?.[1] ?? Number.POSITIVE_INFINITY,
  )
  const join = url.includes('?') ? '&' : '?'
  const candidates = IMAGE_SRCSET_WIDTHS.filter((w) => w < width && w <= upTo).map(
    (w) => `${url}${join}format=${w}w ${w}w`,
  )
  if (Number.isFinite(width) && width <= upTo) candidates.push(`${url} ${width}w`)
  return candidates.join(', ')
}
