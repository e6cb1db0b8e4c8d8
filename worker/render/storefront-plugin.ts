/**
 * The worker's own formatters, for markup that needs the storefront's records rather than the
 * platform's template data: `{form|public-form}` prints a form definition's fields.
 */
import { type AnyFormatter, asString, defineFormatter, MISSING, type Plugin } from '../../templates/index'
import { escapeHtmlAttribute as attr, IMAGE_SRCSET_WIDTHS } from '../../templates/shared'
import { formSchema } from '../records'
import { publicFormMarkup } from './form-markup'

const publicForm = defineFormatter({
  apply(value) {
    const form = formSchema.safeParse(value)
    return form.success ? publicFormMarkup(form.data) : MISSING
  },
})

/**
 * `audio-player` on storefront pages: the platform's markup (class, data attributes, id) around
 * the browser's own audio controls. The reference markup loads a platform script to build the
 * player; ours needs none, and nothing downloads until the shopper presses play.
 */
const audioPlayer = defineFormatter({
  apply(item) {
    const content = (item as { structuredContent?: { audioAssetUrl?: unknown } } | null)?.structuredContent
    const url = asString(content?.audioAssetUrl ?? '')
    if (url === '') return MISSING
    const id = attr(asString((item as { id?: unknown }).id ?? ''))
    return `<div class="squarespace-audio-player" data-audio-asset-url="${attr(url)}" data-item-id="${id}" id="audio-player-${id}"><audio controls preload="none" src="${attr(url)}"></audio></div>`
  },
})

/**
 * `{image|srcset}`: a `srcset` for an image record (escaped for an attribute). The image
 * service's widths (platform.md section 9: 100w to 2500w, asked for with `?format=500w`) up to
 * the image's own width, then the original at its width; without `originalSize`, every width.
 */
const imageSrcset = defineFormatter({
  apply(image) {
    const record = (image ?? {}) as { assetUrl?: unknown; originalSize?: unknown }
    const url = asString(record.assetUrl ?? '')
    if (url === '') return MISSING
    const width = Number(
      /^(\d+)x\d+$/.exec(asString(record.originalSize ?? ''))?.[1] ?? Number.POSITIVE_INFINITY,
    )
    const join = url.includes('?') ? '&' : '?'
    const candidates = IMAGE_SRCSET_WIDTHS.filter((w) => w < width).map(
      (w) => `${url}${join}format=${w}w ${w}w`,
    )
    if (Number.isFinite(width)) candidates.push(`${url} ${width}w`)
    return attr(candidates.join(', '))
  },
})

/** Formatters whose storefront version replaces the platform's markup (see engine.ts). */
export const storefrontOverrides: Readonly<Record<string, AnyFormatter>> = { 'audio-player': audioPlayer }

export const storefrontPlugin: Plugin = {
  name: 'storefront',
  formatters: { 'public-form': publicForm, srcset: imageSrcset },
}
