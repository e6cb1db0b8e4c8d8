/**
 * The worker's own formatters, for markup that needs the storefront's records rather than the
 * platform's template data. (`{form|public-form}` is the public-form island's: islands/public-form.)
 */
import { type AnyFormatter, asString, defineFormatter, MISSING, type Plugin } from '../../templates/index'
import { escapeHtmlAttribute as attr } from '../../templates/shared'

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

/** Formatters whose storefront version replaces the platform's markup (see engine.ts). */
export const storefrontOverrides: Readonly<Record<string, AnyFormatter>> = { 'audio-player': audioPlayer }

export const storefrontPlugin: Plugin = {
  name: 'storefront',
  formatters: {},
}
