/**
 * The Settings screen and the Navigation screen's contract (issue 22): the choices a setting may
 * take, the lengths of its texts (ours: the spec gives none), and the time-zone list's shape. The
 * editor app checks them before a save, the editor's Worker again on every save (400 naming the
 * field, '{val} is not one of the expected options' for a value outside a list); the storefront's
 * own schemas (worker/catalogue/records.ts) check the merged record when it is published.
 */
import { LIMITS } from '../enumerations'

/** Links of the header and footer navigation together (worker/catalogue/records.ts LIST_LIMITS). */
export const NAVIGATION_LINK_LIMIT = LIMITS.blocksPerLayout

/** `website.cookiePolicy`: `restrictive` clears and never sets the visitor cookies. */
export const COOKIE_POLICIES = ['standard', 'restrictive'] as const

/** `storeSettings.variantPickerStyle`. */
export const VARIANT_PICKER_STYLES = ['pills', 'dropdown'] as const

/** Ours: the longest text each setting takes. */
export const SETTINGS_LIMITS = {
  siteTitle: 200,
  siteDescription: 1000,
  captchaSiteKey: 200,
  /** Sold-out text, scarcity text, back-in-stock texts, the installments provider. */
  shortText: 200,
  /** Back-in-stock's mailing-list description. */
  longText: 1000,
  /** Scarcity's threshold and the installments' number of payments. */
  maxCount: 1000,
  /** A link's or a folder's title in the navigation. */
  linkTitle: 100,
} as const

/** `GET /config/api/time-zones`: every zone the editor's runtime knows, with its offset now. */
export interface TimeZoneOption {
  /** An IANA name: `Europe/Helsinki`. */
  id: string
  /** Its offset from UTC at the moment of the answer: `UTC+02:00`, `UTC`. */
  offset: string
  /** The same in minutes east of UTC (for sorting). */
  minutes: number
}

export interface TimeZonesAnswer {
  zones: TimeZoneOption[]
}

/**
 * A navigation link as the Navigation screen edits it: a link, or a folder (`children`, one level
 * deep, and optionally a URL of its own).
 */
export interface NavigationEntry {
  title: string
  /** A site path, an http(s) URL, `mailto:` or `tel:`; a folder may have none. */
  url?: string
  /** A page link: the page's record id, so the link follows a renamed page. */
  ref?: string
  /** A folder's links (links only: folders do not nest). */
  children?: NavigationEntry[]
}

/** Links of the menus together, a folder's links included (the storefront's limit is 60). */
export function countNavigationLinks(
  menus: readonly (readonly { children?: readonly unknown[] | unknown }[] | undefined)[],
): number {
  let count = 0
  for (const menu of menus)
    for (const link of menu ?? []) count += 1 + (Array.isArray(link.children) ? link.children.length : 0)
  return count
}
