/**
 * The worker's own formatters, for markup that needs the storefront's records rather than the
 * platform's template data. (`{form|public-form}` is the public-form island's: islands/public-form.)
 */

import { cartPillMarkup } from '../../islands/index'
import { escapeHtmlAttribute as attr, escapeHtml as html, srcsetOf, THEME_TEXT } from '../../shared/index'
import { type AnyFormatter, asString, defineFormatter, MISSING, type Plugin } from '../../templates/index'

/**
 * `audio-player` on storefront pages: the platform's markup (class, data attributes, id) around
 * the browser's own audio controls. The reference markup loads a platform script to build the
 * player; ours needs none, and nothing downloads until the shopper presses play. The controls
 * sit in a disclosure the shopper opens: Chromium lays its audio controls out twice while the
 * page loads (the play button and time display appear after the first layout), a layout shift
 * the theme's CLS 0 gate (issue #11) does not allow; a closed `<details>` lays nothing out.
 */
const audioPlayer = defineFormatter({
  apply(item, _args, scope) {
    const content = (item as { structuredContent?: { audioAssetUrl?: unknown } } | null)?.structuredContent
    const url = asString(content?.audioAssetUrl ?? '')
    if (url === '') return MISSING
    const id = attr(asString((item as { id?: unknown }).id ?? ''))
    const localized = scope.resolve(['text', 'theme', 'themeListen'])
    const listen = html(localized === MISSING ? THEME_TEXT.themeListen : asString(localized))
    return `<div class="squarespace-audio-player" data-audio-asset-url="${attr(url)}" data-item-id="${id}" id="audio-player-${id}"><details class="audio-player-disclosure"><summary class="button button--secondary">${listen}</summary><audio controls preload="none" src="${attr(url)}"></audio></details></div>`
  },
})

/** `{image|srcset}`: the `srcset` of an image record (shared/images.ts), escaped for an attribute. */
const imageSrcset = defineFormatter({
  apply(image) {
    const record = (image ?? {}) as { assetUrl?: unknown; originalSize?: unknown }
    const url = asString(record.assetUrl ?? '')
    return url === '' ? MISSING : attr(srcsetOf(url, record.originalSize))
  },
})

/** `{@|cart-pill}`: the pill cart in the header's cart slot (islands/cart-pill). */
const cartPill = defineFormatter({ apply: () => cartPillMarkup() })

/** Formatters whose storefront version replaces the platform's markup (see engine.ts). */
export const storefrontOverrides: Readonly<Record<string, AnyFormatter>> = { 'audio-player': audioPlayer }

export const storefrontPlugin: Plugin = {
  name: 'storefront',
  formatters: { srcset: imageSrcset, 'cart-pill': cartPill },
}
