/**
 * The worker's own formatters, for markup that needs the storefront's records rather than the
 * platform's template data. (`{form|public-form}` is the public-form island's: islands/public-form.)
 */

import { cartPillMarkup } from '../../islands/index'
import {
  escapeHtmlAttribute as attr,
  fillText,
  escapeHtml as html,
  srcsetOf,
  THEME_TEXT,
} from '../../shared/index'
import {
  type AnyFormatter,
  asString,
  defineFormatter,
  keptPerObject,
  MISSING,
  type Plugin,
  type Scope,
} from '../../templates/index'

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
    const listen = html(themeText(scope, 'themeListen'))
    return `<div class="squarespace-audio-player" data-audio-asset-url="${attr(url)}" data-item-id="${id}" id="audio-player-${id}"><details class="audio-player-disclosure"><summary class="button button--secondary">${listen}</summary><audio controls preload="none" src="${attr(url)}"></audio></details></div>`
  },
})

/** A theme text in the site's language (`localizedStrings`), else ours. */
function themeText(scope: Scope, key: keyof typeof THEME_TEXT): string {
  const localized = scope.resolve(['text', 'theme', key])
  return localized === MISSING ? THEME_TEXT[key] : asString(localized)
}

/**
 * The share services a site turns on in `website.shareButtonOptions` (platform.md section 3), by
 * name or by the platform's number, with where each takes a page: `{url}`, `{title}`, `{image}`
 * are filled URL-encoded. Unknown names are skipped.
 */
const SHARE_SERVICES: Readonly<Record<string, { name: string; href: string }>> = {
  facebook: { name: 'Facebook', href: 'https://www.facebook.com/sharer/sharer.php?u={url}' },
  twitter: { name: 'X', href: 'https://twitter.com/intent/tweet?url={url}&text={title}' },
  pinterest: {
    name: 'Pinterest',
    href: 'https://pinterest.com/pin/create/button/?url={url}&media={image}&description={title}',
  },
  linkedin: { name: 'LinkedIn', href: 'https://www.linkedin.com/sharing/share-offsite/?url={url}' },
  reddit: { name: 'Reddit', href: 'https://www.reddit.com/submit?url={url}&title={title}' },
  tumblr: {
    name: 'Tumblr',
    href: 'https://www.tumblr.com/widgets/share/tool?canonicalUrl={url}&title={title}',
  },
  email: { name: '', href: 'mailto:?subject={title}&body={url}' },
}
const SHARE_NUMBERS: Readonly<Record<string, string>> = {
  '1': 'facebook',
  '2': 'twitter',
  '3': 'linkedin',
  '4': 'reddit',
  '5': 'email',
  '6': 'pinterest',
  '7': 'tumblr',
}

/** The services on, in the order the site lists them: an array of names, or an object of name → on. */
function shareServices(options: unknown): string[] {
  const names = Array.isArray(options)
    ? options.map(asString)
    : options !== null && typeof options === 'object'
      ? Object.entries(options as Record<string, unknown>)
          .filter(([, on]) => on === true || on === 1 || on === '1' || on === 'true')
          .map(([name]) => name)
      : []
  const known = names.map((name) => {
    const lower = name.trim().toLowerCase()
    return SHARE_NUMBERS[lower] ?? (lower === 'x' ? 'twitter' : lower)
  })
  return [...new Set(known.filter((name) => name in SHARE_SERVICES))]
}

/**
 * `social-button` and `social-button-inline` on storefront pages: the platform's container
 * (class and data attributes as the reference prints them) holding plain share links. The
 * reference leaves the container empty for a platform script to fill; ours runs no script and
 * sends no visitor's data anywhere until they press a link (which opens in a new tab).
 */
function shareButtons(inline: boolean) {
  return defineFormatter({
    apply(item, _args, scope) {
      const website = scope.resolve(['website'])
      if (website === MISSING || website === null || typeof website !== 'object') return ''
      const services = shareServices((website as { shareButtonOptions?: unknown }).shareButtonOptions)
      if (services.length === 0) return ''
      const record = (item ?? {}) as Record<string, unknown>
      const base = asString((website as { baseUrl?: unknown }).baseUrl ?? '')
      const path = asString(record.fullUrl ?? '')
      const image = asString(
        (record.mainImage as { assetUrl?: unknown } | undefined)?.assetUrl ?? record.assetUrl ?? '',
      )
      const absolute = (url: string) => (url === '' || /^https?:\/\//.test(url) ? url : `${base}${url}`)
      const title = asString(record.title ?? '')
      const values = {
        url: encodeURIComponent(absolute(path)),
        title: encodeURIComponent(title),
        image: encodeURIComponent(absolute(image)),
      }
      const links = services.map((service) => {
        const { name, href } = SHARE_SERVICES[service] as { name: string; href: string }
        const label =
          service === 'email'
            ? themeText(scope, 'themeShareByEmail')
            : fillText(themeText(scope, 'themeShareOn'), { service: name })
        const external = service === 'email' ? '' : ' target="_blank" rel="noopener noreferrer"'
        return `<a class="share-link share-${service}" href="${attr(fillText(href, values))}"${external}>${html(label)}</a>`
      })
      const tag = inline ? 'span' : 'div'
      return (
        `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}" role="group" aria-label="${attr(themeText(scope, 'themeShare'))}"` +
        ` data-record-type="${attr(asString(record.recordType ?? ''))}" data-full-url="${attr(path)}" data-title="${attr(title)}">${links.join('')}</${tag}>`
      )
    },
  })
}

/**
 * `twitter-follow-button`: a link to the account's profile. The reference prints an inline
 * script that builds the button, which the storefront's Content-Security-Policy forbids.
 */
const followButton = defineFormatter({
  apply(account, _args, scope) {
    const record = (account ?? {}) as { userName?: unknown; profileUrl?: unknown }
    let name = asString(record.userName ?? '')
    if (name === '')
      name =
        asString(record.profileUrl ?? '')
          .split('/')
          .filter(Boolean)
          .pop() ?? ''
    if (!/^[A-Za-z0-9_]{1,15}$/.test(name)) return ''
    return `<div class="squarespace-follow-button" data-username="${attr(name)}"><a class="follow-link" href="https://twitter.com/${name}" target="_blank" rel="noopener noreferrer">${html(fillText(themeText(scope, 'themeFollow'), { name }))}</a></div>`
  },
})

/**
 * `{image|srcset}`: the `srcset` of an image record (shared/images.ts), escaped for an
 * attribute; kept per record object (records are never changed once read, and a product list
 * prints the same images on every render).
 */
const srcsetText = keptPerObject((image): string | typeof MISSING => {
  const record = (image ?? {}) as { assetUrl?: unknown; originalSize?: unknown }
  const url = asString(record.assetUrl ?? '')
  return url === '' ? MISSING : attr(srcsetOf(url, record.originalSize))
})

const imageSrcset = defineFormatter({ apply: (image) => srcsetText(image) })

/** `{@|cart-pill}`: the pill cart in the header's cart slot (islands/cart-pill). */
const cartPill = defineFormatter({ apply: () => cartPillMarkup() })

/** Formatters whose storefront version replaces the platform's markup (see engine.ts). */
export const storefrontOverrides: Readonly<Record<string, AnyFormatter>> = {
  'audio-player': audioPlayer,
  'social-button': shareButtons(false),
  'social-button-inline': shareButtons(true),
  'twitter-follow-button': followButton,
}

export const storefrontPlugin: Plugin = {
  name: 'storefront',
  formatters: { srcset: imageSrcset, 'cart-pill': cartPill },
}
